import { expect, test, type Page } from '@playwright/test';
import type { BoardSettingsResponse } from '../../src/shared/api/board-settings.js';
import {
  companyPartOf,
  defaultDashboardSettings,
} from '../../src/shared/settings/dashboard-settings.js';
import { baseURL } from '../../playwright.config.js';
import { demoAccounts, pairTv, renamePreviewBoard, signInAs, signInElsewhere } from './helpers.js';

/**
 * What a board of the demo company shows while its title is the default one: the company's name
 * (issue 33 item 4), in the header and the browser tab; the stored title stays the default.
 */
const DEFAULT_SHOWN = 'Demo Heating & Air';

/**
 * A board's settings, shared by everyone of the company (issue 11, decision 009; a board's own
 * since issue 26, decision 014). Each test makes a board of its own in the demo company (a new
 * board starts from the first board's settings: the seed defaults) and deletes it afterwards, so
 * the tests run side by side and no other board changes. They run in the `company-configuration`
 * project, after the other specs, because the demo company's list of boards grows while they run.
 */

const DEFAULTS = companyPartOf(defaultDashboardSettings('America/New_York'));
const SAME_ORIGIN = { origin: baseURL };

async function unlock(page: Page) {
  await page.getByRole('button', { name: 'Unlock Dashboard' }).click();
  await expect(page.getByRole('button', { name: 'Lock Dashboard' })).toBeVisible();
}

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Dashboard Settings' });
  await expect(panel).toBeVisible();
  for (const name of ['Schedule', 'Appearance'])
    await panel.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  return panel;
}

/** The test's own board (made in beforeEach). */
let boardId = 0;

async function storedSettings(page: Page): Promise<BoardSettingsResponse> {
  const res = await page.request.get(`/api/board-settings?boardId=${boardId}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as BoardSettingsResponse;
}

test.describe("the company's board settings, as the manager changes them", () => {
  test.describe.configure({ mode: 'parallel' });
  test.beforeEach(async ({ page }) => {
    await signInAs(page, demoAccounts.manager);
    const created = await page.request.post('/api/boards', {
      data: {
        name: `Settings ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      },
      headers: SAME_ORIGIN,
    });
    expect(created.status()).toBe(201);
    boardId = ((await created.json()) as { id: number }).id;
    expect((await storedSettings(page)).settings.title).toBe('3-Day Call Board');
    await page.goto(`/boards/${boardId}`);
    await expect(page.getByTestId('day-card')).toHaveCount(3);
  });
  test.afterEach(async ({ page }) => {
    const removed = await page.request.delete(`/api/boards/${boardId}`, { headers: SAME_ORIGIN });
    expect(removed.ok()).toBe(true);
  });

  test('a title changed in the panel reaches a plain user of the company; the Live Preview keeps its own', async ({
    page,
    browser,
  }) => {
    // Two people, two sign-ins, two browsers, four pages.
    test.slow();
    const csr = await signInElsewhere(browser, baseURL, demoAccounts.csr);
    try {
      await csr.page.goto(`/boards/${boardId}`);
      await expect(csr.page.getByTestId('board-title')).toHaveText(DEFAULT_SHOWN);

      const panel = await openSettings(page);
      await expect(panel.getByText('Read-Only Mode', { exact: false })).toHaveCount(0);
      await panel.getByLabel('Dashboard title').fill('Demo HVAC Dispatch');
      await expect(page.getByTestId('board-title')).toHaveText('Demo HVAC Dispatch');
      await panel.getByLabel('Header background hex code').fill('#204060');
      await expect(page.getByTestId('board-header')).toHaveCSS(
        'background-color',
        'rgb(32, 64, 96)',
      );
      await panel.getByRole('button', { name: 'Save Settings' }).click();
      await expect(panel).toBeHidden();

      // Stored on the server for the company, not in this browser.
      await expect
        .poll(async () => (await storedSettings(page)).settings.title)
        .toBe('Demo HVAC Dispatch');
      expect((await storedSettings(page)).settings.appearance.headerBgColor).toBe('#204060');
      expect(await page.evaluate(() => localStorage.getItem('dashboardSettings'))).toBeNull();

      // The plain user's board follows (on its next read; a reload reads at once).
      await csr.page.reload();
      await expect(csr.page.getByTestId('board-title')).toHaveText('Demo HVAC Dispatch');
      await expect(csr.page.getByTestId('board-header')).toHaveCSS(
        'background-color',
        'rgb(32, 64, 96)',
      );
      // ...and sees it in the read-only panel, as the administrator configured it.
      const readOnly = await openSettings(csr.page);
      await expect(readOnly.getByText(/as your administrator configured them/)).toBeVisible();
      await expect(readOnly.getByLabel('Dashboard title')).toHaveValue('Demo HVAC Dispatch');
      await expect(readOnly.getByLabel('Dashboard title')).toBeDisabled();

      // The Live Preview is the visitor's own: the company's change does not reach it.
      await page.goto('/customize');
      await expect(page.getByTestId('board-title')).toHaveText('3-Day Call Board');
      await csr.page.goto('/customize');
      await expect(csr.page.getByTestId('board-title')).toHaveText('3-Day Call Board');
    } finally {
      await csr.context.close();
    }
  });

  test('two paired TVs of the company follow the title and working days the manager sets, without a reload', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const tvs = [
      await pairTv(browser, page, 'Dispatch wall', true, boardId),
      await pairTv(browser, page, 'Break room', true, boardId),
    ];
    try {
      for (const tv of tvs) {
        await expect(tv.page.getByTestId('day-card')).toHaveCount(3, { timeout: 20_000 });
        await expect(tv.page.getByTestId('board-title')).toHaveText(DEFAULT_SHOWN);
        // Not reloaded below: a marker on the window would be gone after a reload.
        await tv.page.evaluate(() => ((window as unknown as { stayed?: boolean }).stayed = true));
      }

      const { version } = await storedSettings(page);
      const put = await page.request.put(`/api/board-settings?boardId=${boardId}`, {
        data: {
          settings: {
            ...DEFAULTS,
            title: 'Dispatch Wall',
            workdays: {
              monday: false,
              tuesday: true,
              wednesday: false,
              thursday: true,
              friday: false,
              saturday: false,
              sunday: false,
            },
          },
          version,
        },
        headers: SAME_ORIGIN,
      });
      expect(put.ok()).toBe(true);
      const changedAt = Date.now();

      for (const tv of tvs) {
        await expect(tv.page.getByTestId('board-title')).toHaveText('Dispatch Wall');
        await expect
          .poll(async () =>
            (await tv.page.getByTestId('day-weekday').allTextContents()).every(
              (weekday) => weekday === 'Tuesday' || weekday === 'Thursday',
            ),
          )
          .toBe(true);
        const weekdays = await tv.page.getByTestId('day-weekday').allTextContents();
        expect(weekdays).toHaveLength(3);
        for (const weekday of weekdays) expect(['Tuesday', 'Thursday']).toContain(weekday);
        expect(
          await tv.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed),
        ).toBe(true);
      }
      console.info(`a settings change reached both TVs in ${Date.now() - changedAt} ms`);
      // Both TVs show the same days, as the manager's own board does.
      const own = await page.getByTestId('day-date').allTextContents();
      for (const tv of tvs) {
        await expect(tv.page.getByTestId('day-date')).toHaveText(own);
      }
    } finally {
      for (const tv of tvs) {
        await page.request.delete(`/api/screens/${tv.screenId}`, { headers: SAME_ORIGIN });
        await tv.context.close();
      }
    }
  });

  test("the pace curve set in the panel moves every day's marker and status, on the board and a paired TV", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const tv = await pairTv(browser, page, 'Pace wall', true, boardId);
    try {
      const panel = await openSettings(page);
      // The set curve instead of the board's history (decision 038), at 100 % at every step:
      // whatever the time of day, every day is expected at its goal (the pointer never passes
      // it: 90, 80 and 70 %).
      const learned = panel.getByRole('switch', { name: 'Learned from the last 8 weeks' });
      await expect(learned).toBeChecked();
      await learned.click();
      await expect(learned).not.toBeChecked();
      for (const label of ['1st day ahead', '2nd day ahead', '3rd day ahead']) {
        await panel.getByLabel(`Pace: ${label}`).fill('140');
        await expect(panel.getByLabel(`Pace: ${label}`)).toHaveValue('100');
      }
      await panel.getByRole('button', { name: 'Save Settings' }).click();
      await expect
        .poll(async () => (await storedSettings(page)).settings.paceCurve)
        .toEqual({ day1: 100, day2: 100, day3: 100, learned: false });

      for (const board of [page, tv.page]) {
        const cards = board.getByTestId('day-card');
        await expect(cards).toHaveCount(3, { timeout: 20_000 });
        for (const [index, card] of (await cards.all()).entries()) {
          const goal = [90, 80, 70][index]!;
          await expect(card.getByTestId('day-pace')).toContainText(`expected ${goal}% by now`);
          await expect(card.getByTestId('capacity-gauge')).toHaveAttribute(
            'aria-label',
            new RegExp(`expected by now ${goal}%$`),
          );
          await expect(card.getByTestId('gauge-pace-marker')).toBeVisible();
          // The status in words, as the day's percent against its goal decides it.
          const percent = Number(
            (await card.getByTestId('day-percent').textContent())!.slice(0, -1),
          );
          const words = percent >= goal ? 'On track' : percent >= goal - 20 ? 'Behind' : 'At risk';
          await expect(card.getByTestId('day-pace')).toContainText(words);
        }
      }
    } finally {
      await page.request.delete(`/api/screens/${tv.screenId}`, { headers: SAME_ORIGIN });
      await tv.context.close();
    }
  });

  test('a change in the Live Preview stays there and never reaches the signed-in board', async ({
    page,
  }) => {
    await renamePreviewBoard(page, 'Preview only');
    await page.goto(`/boards/${boardId}`);
    await expect(page.getByTestId('board-title')).toHaveText(DEFAULT_SHOWN);
    expect((await storedSettings(page)).settings.title).toBe('3-Day Call Board');
  });

  test('a logo uploaded from the header is stored once on the server and shown from its address', async ({
    page,
  }) => {
    await unlock(page);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page
      .getByTestId('logo-input')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    const logo = page.getByRole('img', { name: 'Company logo' });
    await expect(logo).toHaveAttribute(
      'src',
      /^\/api\/board-settings\/logo\/[0-9a-f]{64}\?boardId=\d+$/,
    );
    await page.reload();
    await expect(logo).toHaveAttribute(
      'src',
      /^\/api\/board-settings\/logo\/[0-9a-f]{64}\?boardId=\d+$/,
    );
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBe(1);
    // Nothing of it in this browser's storage.
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('data:image');
  });

  test('date cycles through the five formats when unlocked, for every card, and is remembered', async ({
    page,
  }) => {
    await unlock(page);
    const date = page.getByTestId('day-date').first();
    const patterns = [
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/, // MMM d, yyyy (default)
      /^\d{2}\/\d{2}\/\d{4}$/, // MM/dd/yyyy
      /^\d{4}-\d{2}-\d{2}$/, // yyyy-MM-dd
      /^[A-Z][a-z]+ \d{1,2}, \d{4}$/, // MMMM d, yyyy
      /^[A-Z][a-z]+day, [A-Z][a-z]{2} \d{1,2}$/, // EEEE, MMM d
    ];
    await expect(date).toHaveText(patterns[0]!);
    for (const pattern of [...patterns.slice(1), patterns[0]!]) {
      await date.click();
      await expect(date).toHaveText(pattern);
    }
    await date.click();
    await expect(page.getByTestId('day-date').nth(2)).toHaveText(patterns[1]!);
    await page.reload();
    await expect(page.getByTestId('day-date').first()).toHaveText(patterns[1]!);
  });

  test('title: Enter saves trimmed text, blank is not saved, Escape reverts', async ({ page }) => {
    await unlock(page);
    const title = page.getByTestId('board-title');
    const input = page.getByTestId('title-input');

    await title.click();
    await input.fill('   Dispatch Wall   ');
    await input.press('Enter');
    await expect(title).toHaveText('Dispatch Wall');

    await title.click();
    await input.fill('    ');
    await input.press('Enter');
    await expect(title).toHaveText('Dispatch Wall');

    await title.click();
    await input.fill('Something else');
    await input.press('Escape');
    await expect(title).toHaveText('Dispatch Wall');

    await title.click();
    await input.fill('Saved on blur');
    await page.getByTestId('board-footer').click({ position: { x: 5, y: 5 } });
    await expect(title).toHaveText('Saved on blur');

    await page.reload();
    await expect(title).toHaveText('Saved on blur');

    // From the keyboard: the title is a button inside the heading.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saved on blur');
    await page.getByRole('button', { name: 'Saved on blur, click to rename' }).focus();
    await page.keyboard.press('Enter');
    await expect(input).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(title).toHaveText('Saved on blur');
  });

  test('ZIP: digits only, at most five, saved only when complete', async ({ page }) => {
    await unlock(page);
    const zip = page.getByTestId('zip-display');
    const input = page.getByTestId('zip-input');
    await expect(zip).toHaveText('34211');

    await zip.click();
    await input.fill('');
    await input.pressSequentially('9a0-2');
    await expect(input).toHaveValue('902');
    await input.press('Enter');
    await expect(zip).toHaveText('34211');

    await zip.click();
    await input.fill('');
    await input.pressSequentially('6060112');
    await expect(input).toHaveValue('60601');
    await input.press('Enter');
    await expect(zip).toHaveText('60601');

    await zip.click();
    await input.fill('');
    await input.pressSequentially('10001');
    await input.press('Escape');
    await expect(zip).toHaveText('60601');

    await page.reload();
    await expect(page.getByTestId('zip-display')).toHaveText('60601');
  });

  test('the browser tab follows a renamed board', async ({ page }) => {
    await expect(page).toHaveTitle(DEFAULT_SHOWN);
    await page.getByRole('button', { name: 'Unlock Dashboard' }).click();
    await page.getByTestId('board-title').click();
    await page.getByTestId('title-input').fill('Dispatch Wall');
    await page.getByTestId('title-input').press('Enter');
    await expect(page).toHaveTitle('Dispatch Wall');
    await page.getByTestId('board-title').click();
    await page.getByTestId('title-input').fill('North Office');
    await page.getByTestId('title-input').press('Enter');
    await expect(page).toHaveTitle('North Office');
    await page.reload();
    await expect(page).toHaveTitle('North Office');
  });
});
