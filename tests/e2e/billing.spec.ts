import { expect, test, type Page } from '@playwright/test';
import {
  answerCapacityWith,
  demoAccounts,
  notifications,
  openSignedInBoard,
  signInAs,
} from './helpers.js';

/**
 * The purchase a newcomer makes on `npm start`: the side menu's Subscription leads to the Stripe
 * stand-in's hosted Checkout (on its own free port), paying brings them back to an Active plan,
 * Manage Plan opens the portal in a new tab, and cancelling there shows Canceled.
 */

const shots = 'test-results/billing-screenshots';

async function openMenu(page: Page) {
  await page.getByTestId('menu-button').click();
  return page.getByTestId('side-menu');
}

async function closeMenu(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('side-menu')).toBeHidden();
}

test('an account admin buys the plan, manages it in the portal and cancels it', async ({
  page,
  context,
  baseURL,
}) => {
  // Two origins, a new tab and a webhook round trip: more steps than most tests.
  test.slow();
  await openSignedInBoard(page, demoAccounts.manager);
  const menu = await openMenu(page);
  const status = page.getByTestId('billing-status');
  await expect(status.getByTestId('subscription-badge')).toHaveText(/No Subscription|Canceled/);
  await page.screenshot({ path: `${shots}/menu-no-subscription.png` });
  await menu.getByRole('button', { name: 'Subscription', exact: true }).click();

  // Stripe's hosted Checkout (the stand-in), another origin.
  await page.waitForURL(/\/checkout\/cs_test_/);
  expect(new URL(page.url()).origin).not.toBe(baseURL);
  await expect(page.getByText('$195.00')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(demoAccounts.manager);
  await page.screenshot({ path: `${shots}/checkout.png` });
  await page.getByRole('button', { name: 'Subscribe' }).click();

  // Back on the board: the plan is read from Stripe at once.
  await page.waitForURL((url) => url.origin === baseURL && url.pathname === '/');
  // The page loads and reads the plan from Stripe first (slow on a busy machine).
  await expect(notifications(page)).toContainText('Subscription active', { timeout: 30_000 });
  expect(new URL(page.url()).search).toBe('');
  await openMenu(page);
  await expect(status.getByTestId('subscription-badge')).toHaveText('Active');
  await expect(status).toContainText(/Renews on /);
  await page.screenshot({ path: `${shots}/menu-active.png` });

  // /admin shows the company's plan once (one plan, unlimited users), not on each person's row.
  await closeMenu(page);
  await page.goto('/admin');
  const rows = page.getByTestId('user-row');
  await expect(rows.filter({ hasText: demoAccounts.manager })).toHaveCount(1);
  await expect(page.getByTestId('company-plan').getByTestId('subscription-badge')).toHaveText(
    'Active',
  );
  await expect(rows.getByTestId('subscription-badge')).toHaveCount(0);
  await page.goto('/');
  await openMenu(page);

  // Manage Plan: the portal in a new tab.
  const [portal] = await Promise.all([
    context.waitForEvent('page'),
    status.getByRole('button', { name: 'Manage Plan' }).click(),
  ]);
  await portal.waitForURL(/\/portal\/bps_/);
  await expect(portal.getByText('Your plan renews on')).toBeVisible();
  await portal.screenshot({ path: `${shots}/portal.png` });
  await portal.getByRole('button', { name: 'Cancel plan now' }).click();
  await expect(portal.getByText('This plan was canceled.')).toBeVisible();

  // The board learns it from the signed webhook: the first tab shows Canceled on its next look.
  await closeMenu(page);
  await page.bringToFront();
  await page.reload();
  await openMenu(page);
  await expect(status.getByTestId('subscription-badge')).toHaveText('Canceled');
  await expect(status.getByRole('button', { name: 'Manage Plan' })).toBeVisible();

  // The portal's way back reads the plan again too.
  await portal.bringToFront();
  await portal.getByRole('link', { name: /Return to 3-Day Call Board/ }).click();
  await portal.waitForURL((url) => url.origin === baseURL && url.pathname === '/');
  await openMenu(portal);
  await expect(portal.getByTestId('billing-status').getByTestId('subscription-badge')).toHaveText(
    'Canceled',
  );
  await portal.screenshot({ path: `${shots}/menu-canceled.png` });
});

/** GET /api/stripe/subscription answers this plan from now on. */
async function planIs(page: Page, status: string, billingRequired: boolean) {
  await page.unroute('**/api/stripe/subscription');
  await page.route('**/api/stripe/subscription', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        configured: true,
        billingRequired,
        companyId: 1,
        status,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
      }),
    }),
  );
}

test('without a plan under BILLING_REQUIRED the board says a subscription is needed, not numbers', async ({
  page,
}) => {
  await planIs(page, 'none', true);
  await answerCapacityWith(page, {
    status: 402,
    contentType: 'application/json',
    body: JSON.stringify({
      error: "A subscription is needed to show this company's board.",
      code: 'SUBSCRIPTION_REQUIRED',
    }),
  });
  await signInAs(page, demoAccounts.manager);
  const needed = page.getByTestId('subscription-needed');
  await expect(needed.getByRole('heading', { name: 'Subscription needed' })).toBeVisible();
  await expect(needed.getByRole('button', { name: 'Start Subscription' })).toBeVisible();
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  await expect(page.getByTestId('day-card')).toHaveCount(0);
  await page.screenshot({ path: `${shots}/subscription-needed-admin.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/subscription-needed-phone.png`, fullPage: true });

  // A plain user is told to ask an admin.
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, demoAccounts.csr);
  await expect(needed).toContainText(
    'Please ask an administrator of your company to start the subscription.',
  );
  await expect(needed.getByRole('button')).toHaveCount(0);
});

test('a past-due payment keeps the numbers and tells admins calmly', async ({ page }) => {
  await planIs(page, 'past_due', true);
  await openSignedInBoard(page, demoAccounts.manager);
  const notice = page.getByTestId('past-due-notice');
  await expect(notice).toContainText('The last payment for your subscription did not go through.');
  await expect(notice.getByRole('button', { name: 'Manage Plan' })).toBeVisible();
  await page.screenshot({ path: `${shots}/past-due-laptop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/past-due-phone.png` });

  // Someone who does not manage the plan sees the board without the notice.
  await openSignedInBoard(page, demoAccounts.csr);
  await expect(page.getByTestId('past-due-notice')).toHaveCount(0);
});
