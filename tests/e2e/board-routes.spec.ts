import { expect, test } from '@playwright/test';
import { demoAccounts, recordToasts, signInAs, toastsShown } from './helpers.js';

test.describe('routes and access rules', () => {
  test('a signed-in unknown path shows the 404 page', async ({ page }) => {
    await signInAs(page, demoAccounts.csr);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });

  test('a signed-out unknown path goes to the landing page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: '3 Day Call Board' })).toBeVisible();
  });

  test('a plain user sent to /admin lands on / with the Unauthorized toast', async ({ page }) => {
    await signInAs(page, demoAccounts.csr);
    await recordToasts(page);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
    await expect
      .poll(() => toastsShown(page))
      .toContainEqual(expect.stringMatching(/^Unauthorized\s+Admin access required/));
    await expect(page.getByTestId('day-card')).toHaveCount(3);
  });

  test('the configuration pages have their titles and a way back', async ({ page }) => {
    await signInAs(page, demoAccounts.manager);
    for (const [path, title] of [
      ['/business-units', 'Business Unit Configuration'],
      ['/job-types', 'Job Type Configuration'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    }
  });
});
