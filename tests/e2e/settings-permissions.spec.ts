import { expect, test, type Page } from '@playwright/test';
import { demoAccounts, signInAs } from './helpers.js';

/**
 * Who may change a signed-in board's settings: account and master admins edit (their changes,
 * which every board of the company shows, are tested in company-board-settings.spec.ts); everyone
 * else sees the same panel read-only, with every control disabled.
 */

const READ_ONLY =
  'Read-Only Mode: You can view settings but cannot make changes. Contact an administrator for edit access.';

// The demo ZIP is in New York's zone: a browser there has nothing to adopt from the weather, so
// nothing but the panel could write the settings during these tests.
test.use({ timezoneId: 'America/New_York' });

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Dashboard Settings' });
  await expect(panel).toBeVisible();
  // Collapsed sections render nothing, so open them all to see every control.
  for (const name of ['Schedule', 'Appearance'])
    await panel.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  return panel;
}

test('a plain user (csr) sees the read-only banner and every control disabled', async ({
  page,
}) => {
  await signInAs(page, demoAccounts.csr);
  await page.goto('/');
  await expect(page.getByTestId('board-header')).toBeVisible();
  const stored = async () => (await page.request.get('/api/board-settings')).text();
  const before = await stored();

  const panel = await openSettings(page);
  await expect(panel.getByText(READ_ONLY, { exact: true })).toBeVisible();

  const controls = panel.locator('input, [role=switch], [role=checkbox], [role=combobox]');
  expect(await controls.count()).toBeGreaterThan(30);
  for (const control of await controls.all()) await expect(control).toBeDisabled();
  await expect(panel.getByRole('button', { name: /Upload logo/ })).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Save Settings' })).toHaveCount(0);

  await expect(panel.getByLabel('Day 1 target capacity')).toHaveValue('90');
  // Nothing was written, on the server or in this browser.
  expect(await stored()).toBe(before);
  expect(await page.evaluate(() => localStorage.getItem('dashboardSettings'))).toBeNull();

  await panel.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(panel).toBeHidden();
});
