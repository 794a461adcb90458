import { expect, test } from '@playwright/test';
import { choosePlatform, demoAccounts, freshEmail, signInAs, toastWith } from './helpers.js';

/**
 * Decision 16: a brand-new e-mail creates its company, connects ServiceTitan (the bundled
 * simulator's sample tenant) with the connection check in plain words, and sees live numbers.
 */

test('a newcomer creates their company, connects the sample tenant and sees live numbers', async ({
  page,
}) => {
  // The whole first visit, with two ServiceTitan checks: more steps than most tests.
  test.slow();
  const company = `Newcomer HVAC ${Date.now().toString(36)}`;
  await signInAs(page, freshEmail('owner'));
  await page.goto('/');
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole('heading', { name: 'Welcome to 3-Day Call Board' })).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Create your company' }),
  ).toHaveAttribute('aria-current', 'step');

  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByText('Company name is required')).toBeVisible();
  await page.getByLabel('Company Name').fill(company);
  await page.getByRole('button', { name: 'Create company' }).click();

  await choosePlatform(page, 'ServiceTitan');
  await expect(page.getByRole('heading', { name: 'Connect ServiceTitan', level: 2 })).toBeVisible();
  // Saving with nothing says what each field needs.
  await page.getByRole('button', { name: 'Save and check connection' }).click();
  await expect(page.getByText('Client ID is required')).toBeVisible();
  await expect(page.getByText('Client Secret is required')).toBeVisible();

  // A wrong secret: the check says so in plain words, before anything is saved.
  await page.getByRole('button', { name: 'Use the sample tenant' }).click();
  await expect(page.getByLabel('Client ID')).not.toHaveValue('');
  await page.getByLabel('Client Secret').fill('wrong-secret');
  await page.getByRole('button', { name: 'Check without saving' }).click();
  await expect(page.getByTestId('connection-check')).toContainText(
    /did not accept the client ID and client secret/,
  );

  await page.getByRole('button', { name: 'Use the sample tenant' }).click();
  await page.getByRole('button', { name: 'Save and check connection' }).click();
  await expect(page.getByTestId('connection-check')).toContainText(
    'Connected: ServiceTitan answered every read the board needs.',
  );
  // Next: targets (decision 036), which may wait for the history; the board is one click away.
  await expect(page.getByRole('listitem').filter({ hasText: 'Set your targets' })).toHaveAttribute(
    'aria-current',
    'step',
  );
  await page.getByTestId('setup-targets-step').getByRole('link', { name: 'Open my board' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('day-card')).toHaveCount(3);
  await expect(page.getByTestId('capacity-row').first()).toBeVisible();
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  const me = await (await page.request.get('/api/auth/user')).json();
  expect(me).toMatchObject({ companyName: company, role: 'account_admin' });

  // As the company's administrator they reach /admin and see themselves there.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: me.email })).toBeVisible();
});

test('a master admin with no company of their own chooses whose board to open', async ({
  page,
}) => {
  await signInAs(page, demoAccounts.master);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Your companies', level: 1 })).toBeVisible();
  const demo = page.getByTestId('chooser-company').filter({ hasText: 'Demo Heating & Air' });
  await expect(demo).toContainText('ServiceTitan connected');
  await demo.getByRole('link', { name: /Open board/ }).click();
  await expect(page).toHaveURL(/\/\?companyId=\d+$/);
  await expect(page.getByText('You are viewing the board of Demo Heating & Air.')).toBeVisible();
  await expect(page.getByTestId('day-card')).toHaveCount(3);
  await expect(page.getByTestId('capacity-row').first()).toBeVisible();
  await page.getByRole('link', { name: 'All companies' }).click();
  await expect(page.getByRole('heading', { name: 'Your companies', level: 1 })).toBeVisible();
});

test('an administrator whose board cannot read ServiceTitan is offered the way to fix it', async ({
  page,
}) => {
  await signInAs(page, demoAccounts.manager);
  await page.route('**/api/capacity', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        days: [],
        fetchedAt: null,
        stale: false,
        staleReason: null,
        refreshIntervalSeconds: 60,
        error:
          'ServiceTitan did not accept the client ID or client secret. Check them in the Admin panel.',
      }),
    }),
  );
  await page.goto('/');
  const banner = page.getByTestId('error-banner');
  await expect(banner).toContainText('did not accept');
  await expect(toastWith(page, 'Error')).toBeVisible();
  await banner.getByRole('link', { name: 'Check the ServiceTitan connection' }).click();
  await expect(page).toHaveURL(/\/setup$/);
  await expect(
    page.getByRole('heading', { name: 'ServiceTitan connection', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText(/configured ••••/).first()).toBeVisible();
});
