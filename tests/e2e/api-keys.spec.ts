import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config.js';
import { demoAccounts, signInAs } from './helpers.js';

/**
 * The API keys page (issue 37): an account admin creates a key from the side menu, sees it once,
 * reads history as CSV with it as an outside tool would, finds it listed by its last four
 * characters, and revokes it; a plain user has no such page.
 */

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByTestId('side-menu');
  await expect(menu).toBeVisible();
  return menu;
}

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test('an admin creates a key, reads history as CSV with it, and revokes it', async ({
  page,
  playwright,
}, testInfo) => {
  await signInAs(page, demoAccounts.manager);
  await page.goto('/');
  await expect(page.getByTestId('day-card')).toHaveCount(3, { timeout: 45_000 });
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: 'API keys' }).click();
  await expect(page).toHaveURL(`${baseURL}/admin/api-keys`);
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();

  // A name is required: the form says so and creates nothing.
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();

  const name = `Spreadsheet ${Date.now().toString(36)}`;
  await page.getByLabel('Name').fill(name);
  await page.getByRole('checkbox', { name: /history:read/ }).click();
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByTestId('new-api-key');
  await expect(shown).toHaveText(/^cbk_\S{20,}$/);
  const key = (await shown.textContent())!.trim();
  await page.screenshot({ path: testInfo.outputPath('api-key-shown-once.png'), fullPage: true });

  // An outside tool: no cookie, only the key.
  const tool = await playwright.request.newContext({ baseURL });
  try {
    const url = `/api/history?from=${isoDay(-14)}&to=${isoDay(-1)}&format=csv`;
    const csv = await tool.get(url, { headers: { authorization: `Bearer ${key}` } });
    expect(csv.status(), await csv.text()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect((await csv.text()).replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toMatch(
      /^date,item_id,item_name,scheduled,target,source/,
    );
    // Outside its scopes: 403 naming the scope it lacks.
    const alerts = await tool.get('/api/alert-rules', {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(alerts.status()).toBe(403);
    expect(await alerts.text()).toContain('alerts:read');

    // Once saved, the page never shows the key again: only its last four characters.
    await page.getByRole('button', { name: 'Done, I have saved it' }).click();
    await expect(shown).toHaveCount(0);
    const row = page.getByRole('list', { name: 'API keys' }).getByRole('listitem').filter({
      hasText: name,
    });
    await expect(row).toContainText(key.slice(-4));
    await expect(row).toContainText('history:read');
    await expect(page.getByText(key)).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('api-keys-list.png'), fullPage: true });

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await expect(row).toHaveCount(0);
    const after = await tool.get(url, { headers: { authorization: `Bearer ${key}` } });
    expect(after.status()).toBe(401);
  } finally {
    await tool.dispose();
  }
});

test('a plain user has no API keys page', async ({ page }) => {
  await signInAs(page, demoAccounts.csr);
  await page.goto('/');
  await expect(page.getByTestId('day-card')).toHaveCount(3, { timeout: 45_000 });
  const menu = await openMenu(page);
  await expect(menu.getByRole('link', { name: 'Business Unit Configuration' })).toBeVisible();
  await expect(menu.getByText('API keys', { exact: true })).toHaveCount(0);
});

test('the API reference fits a phone and carries the product name', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.goto('/api/docs');
    await expect(page).toHaveTitle(/3-Day Call Board/);
    await expect(page.getByRole('button', { name: /Authorize/ })).toBeVisible({ timeout: 30_000 });
    // No page wider than the phone: nothing to scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: testInfo.outputPath('api-docs-phone.png') });
  } finally {
    await context.close();
  }
});
