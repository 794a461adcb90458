import { expect, test, type Page } from '@playwright/test';
import { answerCapacityWith, capacityAnswer, demoAccounts, signInAs } from './helpers.js';

// Each test signs in and changes nothing another test reads: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

/**
 * The board on the office TV: at 1080p and 4K the three day cards fit one screen with every row
 * and the totals visible (nobody scrolls a TV), type grows with the screen, and a refresh moves
 * nothing. Live numbers from the simulator: five business units, or some twenty job types.
 */

const SCREENS = [
  { name: '1080p TV', width: 1920, height: 1080 },
  { name: '4K TV', width: 3840, height: 2160 },
  { name: 'laptop', width: 1366, height: 768 },
] as const;

async function chooseViewType(page: Page, viewType: 'businessUnit' | 'jobType') {
  // The signed-in view type is the person's own, under its own key (decision 009).
  await page.evaluate((value) => localStorage.setItem('boardViewType', value), viewType);
}

/** What the screen shows of each card: its box, and whether its rows and totals are all in view. */
async function measureCards(page: Page) {
  return page.getByTestId('day-card').evaluateAll((cards) =>
    cards.map((card) => {
      const box = card.getBoundingClientRect();
      const fitBox = card.querySelector<HTMLElement>('[data-testid="day-fit-box"]')!;
      const fitContent = card.querySelector<HTMLElement>('[data-testid="day-fit-content"]')!;
      const inCard = (el: Element) => {
        const r = el.getBoundingClientRect();
        return r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5 && r.height > 0;
      };
      const rows = [...card.querySelectorAll('[data-testid="capacity-row"]')];
      const totals = card.querySelector('[data-testid="capacity-totals"]')!;
      const firstCell = rows[0]?.querySelector('td');
      return {
        top: box.top,
        bottom: box.bottom,
        left: box.left,
        height: box.height,
        rows: rows.length,
        rowsInView: rows.filter(inCard).length,
        totalsInView: inCard(totals),
        innerScroll: fitBox.scrollHeight - fitBox.clientHeight,
        /** Room left under the totals, as a share of the space gauge and table may use. */
        spareShare: 1 - fitContent.offsetHeight / fitBox.clientHeight,
        scale: Number.parseFloat(fitContent.style.fontSize),
        namesCut: [...card.querySelectorAll<HTMLElement>('[data-fit-text]')]
          .filter((cell) => cell.scrollWidth > cell.clientWidth)
          .map((cell) => cell.textContent),
        rowFontPx: firstCell ? Number.parseFloat(getComputedStyle(firstCell).fontSize) : 0,
      };
    }),
  );
}

test.describe('the board on a TV', () => {
  for (const viewType of ['businessUnit', 'jobType'] as const) {
    // Some twenty job types do not fit 768 px of laptop at a readable size: see the test below.
    const screens = SCREENS.filter((s) => viewType === 'businessUnit' || s.name !== 'laptop');
    for (const screen of screens) {
      test(`${viewType} view at ${screen.name} (${screen.width}x${screen.height}): every row and the totals on one screen`, async ({
        page,
      }) => {
        await signInAs(page, demoAccounts.manager);
        await chooseViewType(page, viewType);
        await page.setViewportSize({ width: screen.width, height: screen.height });
        await page.goto('/');
        await expect(page.getByTestId('day-card')).toHaveCount(3);
        await expect(page.getByTestId('capacity-row').first()).toBeVisible();

        // The page itself does not scroll.
        const page_ = await page.evaluate(() => ({
          scroll: document.documentElement.scrollHeight - window.innerHeight,
          scrollX: document.documentElement.scrollWidth - window.innerWidth,
        }));
        expect(page_.scroll).toBeLessThanOrEqual(0);
        expect(page_.scrollX).toBeLessThanOrEqual(0);

        await expect
          .poll(async () => (await measureCards(page)).map((c) => c.innerScroll <= 1))
          .toEqual([true, true, true]);
        const cards = await measureCards(page);
        // Side by side, inside the screen.
        expect(new Set(cards.map((c) => Math.round(c.top))).size).toBe(1);
        for (const card of cards) {
          expect(card.bottom).toBeLessThanOrEqual(screen.height);
          expect(card.rows).toBeGreaterThanOrEqual(viewType === 'jobType' ? 15 : 4);
          expect(card.rowsInView).toBe(card.rows);
          expect(card.totalsInView).toBe(true);
        }
      });
    }
  }

  test('five business units grow to fill their cards on a 1080p TV', async ({ page }) => {
    await signInAs(page, demoAccounts.manager);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/');
    await expect(page.getByTestId('capacity-row').first()).toBeVisible();
    await expect
      .poll(async () => (await measureCards(page)).every((c) => c.spareShare < 0.05))
      .toBe(true);
    for (const card of await measureCards(page)) {
      expect(card.scale).toBeGreaterThan(1.1);
      expect(card.innerScroll).toBeLessThanOrEqual(1);
      expect(card.namesCut).toEqual([]);
    }
  });

  test('growing stops before a long name would be cut off', async ({ page }) => {
    await signInAs(page, demoAccounts.manager);
    await page.setViewportSize({ width: 1920, height: 1080 });
    const scaleWith = async (names: string[]) => {
      const day = names.map((name): [string, number, number] => [name, 4, 8]);
      await page.unrouteAll();
      await answerCapacityWith(page, capacityAnswer([day, day, day]));
      await page.goto('/');
      await expect(page.getByTestId('capacity-row')).toHaveCount(3 * names.length);
      await page.evaluate(() => document.fonts.ready);
      await expect.poll(async () => (await measureCards(page))[0]!.innerScroll).toBeLessThan(2);
      return (await measureCards(page))[0]!;
    };
    const short = await scaleWith(['HVAC', 'Plumbing', 'Electrical']);
    const long = await scaleWith(['HVAC', 'Plumbing', 'Commercial Plumbing']);
    expect(short.namesCut).toEqual([]);
    expect(long.namesCut).toEqual([]);
    expect(long.scale).toBeGreaterThanOrEqual(1);
    expect(long.scale).toBeLessThan(short.scale);
  });

  test('on a laptop a long job-type list scrolls inside its card; the page stays put', async ({
    page,
  }) => {
    await signInAs(page, demoAccounts.manager);
    await chooseViewType(page, 'jobType');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/');
    await expect(page.getByTestId('capacity-row').first()).toBeVisible();
    const pageScroll = await page.evaluate(
      () => document.documentElement.scrollHeight - window.innerHeight,
    );
    expect(pageScroll).toBeLessThanOrEqual(0);
    const card = page.getByTestId('day-card').first();
    const totals = card.getByTestId('capacity-totals');
    await totals.scrollIntoViewIfNeeded();
    await expect(totals).toBeInViewport();
    const [first] = await measureCards(page);
    expect(first!.bottom).toBeLessThanOrEqual(768);
  });

  test('type grows with the screen: a 4K TV shows the same board twice as large as 1080p', async ({
    page,
  }) => {
    await signInAs(page, demoAccounts.manager);
    const fontAt = async (width: number, height: number) => {
      await page.setViewportSize({ width, height });
      await page.goto('/');
      await expect(page.getByTestId('capacity-row').first()).toBeVisible();
      // Settled: the weather is in (it makes the header taller) and the list fills its card.
      await expect(page.getByTestId('day-weather')).toHaveCount(3);
      await expect
        .poll(async () => (await measureCards(page)).every((c) => c.spareShare < 0.05))
        .toBe(true);
      return (await measureCards(page))[0]!.rowFontPx;
    };
    const hd = await fontAt(1920, 1080);
    const uhd = await fontAt(3840, 2160);
    expect(hd).toBeGreaterThanOrEqual(18);
    expect(uhd / hd).toBeGreaterThan(1.9);
    expect(uhd / hd).toBeLessThan(2.1);
  });

  test('a refresh moves nothing on screen', async ({ page }) => {
    await signInAs(page, demoAccounts.manager);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/');
    await expect(page.getByTestId('capacity-row').first()).toBeVisible();
    const before = await measureCards(page);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/capacity');
    await page.getByTestId('refresh-button').click();
    // While the reload runs the cards stay up, and after it they are where they were.
    await expect(page.getByTestId('day-card')).toHaveCount(3);
    await answered;
    await expect(page.getByTestId('data-age')).toHaveText(/^Data fetched /);
    const after = await measureCards(page);
    expect(after.map((c) => [c.top, c.left, c.height])).toEqual(
      before.map((c) => [c.top, c.left, c.height]),
    );
  });
});
