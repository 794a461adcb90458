import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import {
  answerCapacityWith,
  CAPACITY,
  capacityAnswer,
  demoAccounts,
  notifications,
  openSignedInBoard,
  signInAs,
} from './helpers.js';

// Each test signs in and changes nothing another test reads: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

/**
 * The live board as a person sees it while numbers load, fail, refresh and fill up: banners,
 * toasts, the spinner, the 60-second reload, help tips, the responsive layout, table colours
 * and the gauge.
 */

/** The seed's capacity failure: the message in a red banner and in a destructive "Error" toast. */
async function expectCapacityError(page: Page, message: string) {
  await expect(page.getByTestId('error-message')).toHaveText(message);
  await expect(notifications(page).getByText('Error', { exact: true })).toBeVisible();
  await expect(notifications(page)).toContainText(message);
}

/** POST /api/capacity requests the page makes from now on. */
/** Counts capacity requests sent, and those answered (a refetch that is due while one is in
 * flight joins it rather than sending another, so tests wait for answers before moving the clock). */
function countCapacityRequests(page: Page): { count: number; answered: number } {
  const counter = { count: 0, answered: 0 };
  const isCapacity = (request: Request) =>
    request.method() === 'POST' && new URL(request.url()).pathname === '/api/capacity';
  page.on('request', (request) => {
    if (isCapacity(request)) counter.count++;
  });
  const answered = (request: Request) => {
    if (isCapacity(request)) counter.answered++;
  };
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  return counter;
}

test.describe('capacity errors', () => {
  test('a failed fetch shows a red banner with status and body, and an "Error" toast', async ({
    page,
  }) => {
    await signInAs(page, demoAccounts.manager);
    await answerCapacityWith(page, { status: 500, contentType: 'text/plain', body: 'boom' });
    await page.goto('/');
    await expectCapacityError(page, '500: boom');
    await expect(page.getByTestId('day-card')).toHaveCount(0);
  });

  test('an answer with an empty error falls back to "Failed to fetch capacity data"', async ({
    page,
  }) => {
    await signInAs(page, demoAccounts.manager);
    await answerCapacityWith(page, {
      status: 200,
      contentType: 'application/json',
      body: '{ "error": "" }',
    });
    await page.goto('/');
    await expectCapacityError(page, 'Failed to fetch capacity data');
  });
  test('stale numbers stay on screen with their age and the reason, in plain words', async ({
    page,
  }) => {
    await signInAs(page, demoAccounts.manager);
    const answer = capacityAnswer([[['Residential', 4, 8]], [['Residential', 6, 8]], []]);
    await answerCapacityWith(page, {
      ...answer,
      fetchedAt: new Date(Date.now() - 12 * 60_000).toISOString(),
      stale: true,
      staleReason: 'ServiceTitan is not answering',
    });
    await page.goto('/');
    await expect(page.getByTestId('day-card')).toHaveCount(3);
    await expect(page.getByTestId('day-card').first()).toContainText('Residential');
    await expect(page.getByTestId('stale-banner')).toContainText(
      /These numbers are from \d{1,2}:\d{2} [AP]M \(12 minutes ago\) — ServiceTitan is not answering\. The board keeps trying every minute\./,
    );
    await expect(page.getByTestId('error-banner')).toHaveCount(0);
  });

  test('a session that ended says so and goes to sign-in after half a second', async ({
    page,
    context,
  }) => {
    await page.clock.install();
    await openSignedInBoard(page);
    // Time stands still from here, so the toast can be read however slow the machine is.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
    let loginRequested = false;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/login') loginRequested = true;
    });
    // The session ends on the server's side (expired, or signed out elsewhere).
    await context.clearCookies();
    await page.getByTestId('refresh-button').click();
    const toast = notifications(page).getByRole('listitem').filter({ hasText: 'Unauthorized' });
    // The page's own scheduling (TanStack Query batches with zero-delay timers) needs the clock
    // to move: a millisecond at a time until the toast shows, a few milliseconds in all.
    await expect
      .poll(
        async () => {
          await page.clock.runFor(1);
          return toast.count();
        },
        { message: 'the "Unauthorized" toast shows' },
      )
      .toBe(1);
    await expect(toast).toContainText('Session expired. Logging in again...');
    await expect(page.getByTestId('error-banner')).toHaveCount(0);

    await page.clock.runFor(400);
    await page.waitForTimeout(200);
    expect(loginRequested, 'no sign-in before half a second').toBe(false);
    await page.clock.runFor(100);
    await expect.poll(() => loginRequested, { message: 'sign-in after half a second' }).toBe(true);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('loading and refreshing', () => {
  test('shows "Loading capacity data..." until the first answer arrives, then the cards', async ({
    page,
  }) => {
    await signInAs(page, demoAccounts.manager);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: Route[] = [];
    await page.route(CAPACITY, async (route) => {
      held.push(route);
      await released;
      await route.continue();
    });
    await page.goto('/');
    const spinner = page.getByRole('status').filter({ hasText: 'Loading capacity data...' });
    await expect(spinner).toBeVisible();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await expect(page.getByTestId('day-card')).toHaveCount(0);
    await expect(page.getByTestId('data-age')).toHaveText('Waiting for data');

    release();
    await expect(page.getByTestId('day-card')).toHaveCount(3);
    await expect(spinner).toHaveCount(0);
    await expect(page.getByTestId('data-age')).toHaveText(/^Data fetched /);
  });

  test('reloads the numbers every 60 seconds while its event stream is blocked, and when the refresh button is pressed', async ({
    page,
  }) => {
    // A proxy that refuses event streams (issue 13): the board falls back to the seed's minute.
    await page.route('**/api/events*', (route) => route.abort());
    await page.clock.install();
    const requests = countCapacityRequests(page);
    await openSignedInBoard(page);
    await expect.poll(() => requests.count).toBeGreaterThanOrEqual(1);
    // Nothing more is asked for while the minute has not passed.
    await page.waitForTimeout(500);
    const first = requests.count;
    await expect.poll(() => requests.answered).toBe(first);

    await page.clock.runFor(30_000);
    await page.waitForTimeout(300);
    expect(requests.count).toBe(first);

    await page.clock.runFor(30_000);
    await expect.poll(() => requests.count).toBe(first + 1);
    await expect.poll(() => requests.answered).toBe(first + 1);

    await page.clock.runFor(60_000);
    await expect.poll(() => requests.count).toBe(first + 2);
    await expect.poll(() => requests.answered).toBe(first + 2);

    await page.getByTestId('refresh-button').click();
    await expect.poll(() => requests.count).toBe(first + 3);
    await expect(page.getByTestId('day-card')).toHaveCount(3);
  });
});

test.describe('help mode', () => {
  test('"Show Help" turns on tooltips, "Hide Help" turns them off', async ({ page }) => {
    await openSignedInBoard(page);
    const title = page.getByTestId('board-title');
    const tooltip = page.getByRole('tooltip');

    await title.hover();
    await page.waitForTimeout(600);
    await expect(tooltip).toHaveCount(0);

    await page.getByRole('button', { name: 'Show Help' }).click();
    await expect(page.getByRole('button', { name: 'Hide Help' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await title.hover();
    await expect(tooltip).toHaveText('Unlock the dashboard to rename the board');

    // Moving the pointer over (in steps, as a hand would) to the footer's refresh button.
    const refresh = (await page.getByTestId('refresh-button').boundingBox())!;
    await page.mouse.move(refresh.x + refresh.width / 2, refresh.y + refresh.height / 2, {
      steps: 20,
    });
    await expect(tooltip).toHaveText('Reload the numbers now (they also reload every 60 seconds)');

    await page.getByRole('button', { name: 'Hide Help' }).click();
    await expect(page.getByRole('button', { name: 'Show Help' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await page.mouse.move(refresh.x - 200, refresh.y, { steps: 20 });
    await title.hover();
    await page.waitForTimeout(600);
    await expect(tooltip).toHaveCount(0);
  });
});

test.describe('layout by screen width', () => {
  /** Cards per row: how many share the first card's top edge. */
  async function columnsOf(page: Page): Promise<number> {
    const cards = page.getByTestId('day-card');
    await expect(cards).toHaveCount(3);
    const tops: number[] = [];
    for (let i = 0; i < 3; i++) {
      const box = await cards.nth(i).boundingBox();
      expect(box).not.toBeNull();
      tops.push(Math.round(box!.y));
    }
    return tops.filter((top) => Math.abs(top - tops[0]!) <= 1).length;
  }

  test('lock and help buttons only on wide screens; 1, 2 or 3 columns of cards', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedInBoard(page);
    await expect(page.getByTestId('lock-button')).toBeHidden();
    await expect(page.getByTestId('help-button')).toBeHidden();
    await expect(page.getByTestId('menu-button')).toBeVisible();
    await expect.poll(() => columnsOf(page)).toBe(1);

    await page.setViewportSize({ width: 1100, height: 900 });
    await expect(page.getByTestId('lock-button')).toBeVisible();
    await expect(page.getByTestId('help-button')).toBeVisible();
    await expect.poll(() => columnsOf(page)).toBe(2);

    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByTestId('lock-button')).toBeVisible();
    await expect(page.getByTestId('help-button')).toBeVisible();
    await expect.poll(() => columnsOf(page)).toBe(3);
  });
});

test.describe('sample data in /customize', () => {
  test('job types and business units each show their own sample rows', async ({ page }) => {
    await page.goto('/customize');
    const names = page
      .getByTestId('day-card')
      .first()
      .getByTestId('capacity-row')
      .locator('td:first-child');
    await expect(names).toHaveText(['Commercial', 'Residential']);

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Dashboard Settings' });
    await panel.getByLabel('View type').click();
    await page.getByRole('option', { name: 'Job Types' }).click();
    await panel.getByRole('button', { name: 'Save Settings' }).click();
    await expect(panel).toBeHidden();
    for (let i = 0; i < 3; i++) {
      await expect(
        page.getByTestId('day-card').nth(i).getByTestId('capacity-row').locator('td:first-child'),
      ).toHaveText(['Installation', 'Maintenance', 'Repair']);
    }

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await panel.getByLabel('View type').click();
    await page.getByRole('option', { name: 'Business Units' }).click();
    await panel.getByRole('button', { name: 'Save Settings' }).click();
    await expect(names).toHaveText(['Commercial', 'Residential']);
  });
});

test.describe('table colours and the gauge', () => {
  const GREEN = 'rgb(34, 197, 94)';
  const YELLOW = 'rgb(234, 179, 8)';
  const RED = 'rgb(239, 68, 68)';

  test('capacity cells are green from 90 %, yellow from 71 to 89 %, red up to 70 %', async ({
    page,
  }) => {
    await signInAs(page, demoAccounts.manager);
    await answerCapacityWith(
      page,
      capacityAnswer([
        [
          ['A full', 10, 10], // 100
          ['B ninety', 9, 10], // 90
          ['C eighty-nine', 89, 100], // 89
          ['D seventy-one', 71, 100], // 71
          ['E seventy', 7, 10], // 70
          ['F empty', 0, 10], // 0
        ],
        [['Only', 1, 10]],
        [['Only', 19, 20]],
      ]),
    );
    await page.goto('/');
    const card = page.getByTestId('day-card').first();
    const rows = card.getByTestId('capacity-row');
    await expect(rows).toHaveCount(6);
    const expected: [string, string, string][] = [
      ['A full', '100%', GREEN],
      ['B ninety', '90%', GREEN],
      ['C eighty-nine', '89%', YELLOW],
      ['D seventy-one', '71%', YELLOW],
      ['E seventy', '70%', RED],
      ['F empty', '0%', RED],
    ];
    for (const [i, [name, percent, color]] of expected.entries()) {
      const row = rows.nth(i);
      await expect(row.locator('td').first()).toHaveText(name);
      await expect(row.locator('td').nth(3)).toHaveText(percent);
      await expect(row.locator('td').nth(3)).toHaveCSS('color', color);
    }
    // Totals: 186 of 240 = 78 % (yellow); the other days' totals are red and green.
    const totalPercent = (n: number) =>
      page.getByTestId('day-card').nth(n).getByTestId('capacity-totals').locator('td').nth(3);
    await expect(totalPercent(0)).toHaveText('78%');
    await expect(totalPercent(0)).toHaveCSS('color', YELLOW);
    await expect(totalPercent(1)).toHaveCSS('color', RED);
    await expect(totalPercent(2)).toHaveCSS('color', GREEN);

    // The light theme has darker shades of the same three, readable on a white card.
    await page.getByTestId('menu-button').click();
    await page.getByRole('button', { name: 'Light Mode' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await expect(totalPercent(0)).toHaveCSS('color', 'rgb(161, 98, 7)');
    await expect(totalPercent(1)).toHaveCSS('color', 'rgb(220, 38, 38)');
    await expect(totalPercent(2)).toHaveCSS('color', 'rgb(21, 128, 61)');
  });

  test('the needle stops at 100 % on a 250 % day; the marker sits at the day target', async ({
    page,
  }) => {
    await signInAs(page, demoAccounts.manager);
    await answerCapacityWith(
      page,
      capacityAnswer([[['Overbooked', 25, 10]], [['Full', 10, 10]], [['Half', 5, 10]]]),
    );
    await page.goto('/');
    const cards = page.getByTestId('day-card');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0).getByTestId('day-percent')).toHaveText('250%');

    // The dial's centre is (100, 100); the needle is 65 long, the marker starts 67 out.
    // Angles run from -90° (0 %) to +90° (100 %), measured from straight up.
    const point = (radius: number, percent: number) => {
      const radians = ((-90 + (percent / 100) * 180) * Math.PI) / 180;
      return { x: 100 + radius * Math.sin(radians), y: 100 - radius * Math.cos(radians) };
    };
    const attr = async (n: number, testId: string, name: string) =>
      Number(await cards.nth(n).getByTestId(testId).getAttribute(name));

    const expectNeedleAt = async (n: number, percent: number) => {
      const tip = point(65, percent);
      expect(await attr(n, 'gauge-needle', 'x2')).toBeCloseTo(tip.x, 2);
      expect(await attr(n, 'gauge-needle', 'y2')).toBeCloseTo(tip.y, 2);
    };
    await expectNeedleAt(0, 100);
    await expectNeedleAt(1, 100);
    await expectNeedleAt(2, 50);

    // Default targets: 90 %, 80 % and 70 % for the three days.
    for (const [n, target] of [90, 80, 70].entries()) {
      const inner = point(67, target);
      expect(await attr(n, 'gauge-target-marker', 'x1')).toBeCloseTo(inner.x, 2);
      expect(await attr(n, 'gauge-target-marker', 'y1')).toBeCloseTo(inner.y, 2);
      await expect(cards.nth(n).getByTestId('capacity-gauge')).toHaveAttribute(
        'aria-label',
        // capacityAnswer's days expect 0 % by now (issue 27's pace, said after the goal)
        `Capacity ${[250, 100, 50][n]}% of target, goal ${target}%, expected by now 0%`,
      );
    }
  });
});
