import { expect, test } from '@playwright/test';
import type { BoardSettingsResponse } from '../../src/shared/api/board-settings.js';
import { pairTv, signInAsNewCompanyAdmin } from './helpers.js';

/**
 * A new company's board is its own (issue 33, item 4): before it gives a ZIP code its board asks
 * for one (never the Live Preview's sample town or its sample weather), its header shows the
 * company's name and no empty logo box; Setup asks where the company is, offering the ZIP code's
 * time zone; a TV names the board it shows.
 */

test("a new company's board asks for its ZIP code, and Setup's location step gives it", async ({
  page,
  browser,
}) => {
  test.slow();
  await signInAsNewCompanyAdmin(page, 'newco');
  const me = (await (await page.request.get('/api/auth/user')).json()) as { companyName: string };
  const stored = async () =>
    (await (await page.request.get('/api/board-settings')).json()) as BoardSettingsResponse;

  // Connected, no ZIP code given yet.
  await page.goto('/');
  await expect(page.getByTestId('day-card')).toHaveCount(3);
  const footer = page.getByTestId('board-footer');
  await expect(page.getByTestId('zip-display')).toHaveText('Add your ZIP code for weather');
  await expect(page.getByTestId('current-weather')).toHaveCount(0);
  await expect(page.getByTestId('day-weather')).toHaveCount(0);
  await expect(footer).not.toContainText(/sample weather|Bradenton/i);
  // The company's name, not the product's, and no empty logo box on the locked board.
  await expect(page.getByTestId('board-title')).toHaveText(me.companyName);
  await expect(page.getByTestId('logo-button')).toHaveCount(0);
  await expect(page).toHaveTitle(new RegExp(me.companyName));

  // Setup asks where the company is: the sample tenant keeps no time zone, so the ZIP code's.
  await page.goto('/setup');
  const step = page.getByTestId('setup-location-step');
  await expect(step.getByRole('heading', { name: 'Where is your company?' })).toBeVisible({
    timeout: 60_000,
  });
  const zip = step.getByLabel('ZIP code');
  await expect(zip).toHaveValue('');
  await expect(step.getByTestId('setup-zone-source')).toHaveText("This computer's time zone.");
  await zip.fill('60601');
  await expect(zip).toHaveValue('60601');
  const zone = step.getByLabel('Time zone');
  await expect(zone).toHaveValue('America/Chicago');
  await expect(step.getByTestId('setup-zone-source')).toContainText('The time zone of');
  await step.getByRole('button', { name: 'Save' }).click();
  await expect(step.getByTestId('setup-location-done')).toHaveText(
    'Saved: weather for 60601, days in America/Chicago.',
  );
  expect((await stored()).settings).toMatchObject({
    zipCode: '60601',
    timezone: 'America/Chicago',
  });

  // The board now has its weather.
  await page.goto('/');
  await expect(page.getByTestId('zip-display')).toHaveText('60601');
  await expect(page.getByTestId('current-weather')).toContainText('°F');
  await expect(page.getByTestId('sample-weather')).toHaveCount(0);

  // A TV names the board it shows, beside the company's name.
  const tv = await pairTv(browser, page, 'Office TV');
  try {
    await expect(tv.page.getByTestId('board-title')).toHaveText(me.companyName);
    await expect(tv.page.getByTestId('board-name')).toHaveText('Main board');
    await expect(tv.page.getByTestId('logo-button')).toHaveCount(0);
  } finally {
    await tv.context.close();
  }
});
