import { expect, test, type Page, type Response } from '@playwright/test';
import { baseURL } from '../../playwright.config.js';
import { choosePlatform, demoAccounts, freshEmail, signInAs } from './helpers.js';

/**
 * Issue 25: what a new owner trips on in the first hour, as they see it in the browser. The
 * config pages' part (first column, a column for all rows, the phone) is in config-pages.spec.ts,
 * which may change the demo company's configuration; the server's part (sign-in at 127.0.0.1,
 * the console) in tests/integration/newcomer.test.ts.
 */

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByTestId('side-menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** Every request a page makes to /api/auth/user, and every answer of 400 or more. */
function watch(page: Page) {
  const asked: string[] = [];
  const failed: string[] = [];
  const consoleErrors: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/user') asked.push(r.url());
  });
  page.on('response', (r: Response) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  return { asked, failed, consoleErrors };
}

test('signed-out pages never ask who is signed in, and nothing they load fails', async ({
  page,
}) => {
  const seen = watch(page);
  for (const path of ['/', '/pricing', '/customize', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
  }
  await expect(page).toHaveURL(`${baseURL}/`);
  expect(seen.asked).toEqual([]);
  expect(seen.failed).toEqual([]);
  expect(seen.consoleErrors).toEqual([]);

  // Signed in, the page asks (the hint cookie says there is someone to ask about)...
  await signInAs(page, demoAccounts.csr);
  await page.goto('/');
  await expect(page.getByTestId('day-card')).toHaveCount(3);
  expect(seen.asked.length).toBeGreaterThan(0);
  // ...and the session cookie itself stays out of the page's reach.
  expect(await page.evaluate(() => document.cookie)).toBe('cb_signed_in=1');

  // Signed out again: no more asking.
  await page.goto('/api/logout');
  await expect(page.getByRole('button', { name: 'Sign In' }).first()).toBeVisible();
  const before = seen.asked.length;
  await page.goto('/pricing');
  await expect(page.getByRole('heading').first()).toBeVisible();
  expect(seen.asked.length).toBe(before);
});

test('a waiting TV checks for its pairing without a single failed request; its text and QR name the address it used', async ({
  page,
}) => {
  const seen = watch(page);
  const checks: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/screen') checks.push(r.status());
  });
  await page.goto('/tv');
  await expect(page.getByTestId('pairing-code')).toHaveText(/^[0-9A-Z]{3}-[0-9A-Z]{3}$/);
  // The TV checks every 2 s: wait for three checks (no timing asserted).
  await expect.poll(() => checks.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  expect(checks.every((status) => status === 200)).toBe(true);
  expect(seen.failed).toEqual([]);
  expect(seen.consoleErrors).toEqual([]);
  expect(seen.asked).toEqual([]);

  // It opened the board at 127.0.0.1: that address, and a plain note that only this computer
  // reaches it and PUBLIC_URL must be set for phones.
  const view = page.getByTestId('pairing-view');
  await expect(view).toContainText(`${baseURL}/admin/screens`);
  await expect(page.getByTestId('pairing-qr')).toBeVisible();
  const note = page.getByTestId('pairing-address-note');
  await expect(note).toContainText(`${baseURL} opens only on this computer`);
  await expect(note).toContainText('PUBLIC_URL');
});

test('Logout on every signed-in page without a side menu: Your companies, /companies, /admin', async ({
  page,
}) => {
  await signInAs(page, demoAccounts.master);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Your companies', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  for (const [path, heading] of [
    ['/companies', /Companies/],
    ['/admin', /Admin Dashboard/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('button', { name: 'Sign In' }).first()).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('the side menu offers an admin Screens, and a plain user only what they may open', async ({
  page,
  browser,
}) => {
  await signInAs(page, demoAccounts.manager);
  await page.goto('/');
  let menu = await openMenu(page);
  await expect(menu.getByRole('link', { name: 'Manage Users' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Subscription', exact: true })).toBeVisible();
  await menu.getByRole('link', { name: 'Screens' }).click();
  await expect(page).toHaveURL(`${baseURL}/admin/screens`);
  await expect(page.getByRole('heading', { name: 'Screens', level: 1 })).toBeVisible();

  const context = await browser.newContext();
  try {
    const csr = await context.newPage();
    await signInAs(csr, demoAccounts.csr);
    await csr.goto('/');
    await expect(csr.getByTestId('day-card')).toHaveCount(3);
    menu = await openMenu(csr);
    await expect(menu.getByRole('link', { name: 'Business Unit Configuration' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
    for (const entry of ['Manage Users', 'Screens', 'Subscription', 'Companies'])
      await expect(menu.getByText(entry, { exact: true })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('/admin shows the plan once, as the company’s, and a connected company’s people need no credentials of their own', async ({
  page,
}) => {
  await signInAs(page, demoAccounts.manager);
  await page.goto('/admin');
  const rows = page.getByTestId('user-row');
  await expect(rows.filter({ hasText: demoAccounts.csr })).toHaveCount(1);
  await expect(rows.getByTestId('subscription-badge')).toHaveCount(0);
  await expect(rows.getByRole('button', { name: /Start Subscription|Manage Plan/ })).toHaveCount(0);
  const plan = page.getByTestId('company-plan');
  await expect(plan).toHaveCount(1);
  await expect(plan.getByTestId('subscription-badge')).toHaveText(
    /^(Active|Trial|Canceled|Past Due|No Subscription)$/,
  );
  await expect(
    plan.getByRole('button', { name: /^(Start Subscription|Manage Plan)$/ }),
  ).toBeVisible();

  await rows
    .filter({ hasText: demoAccounts.csr })
    .getByRole('button', { name: /^Credentials of / })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('no-credentials-text')).toHaveText(
    /uses Demo Heating & Air's ServiceTitan connection/,
  );
  await expect(dialog).not.toContainText('No credentials yet');
});

test('a new company: holidays an office closes on are chosen, /setup revisited shows it done with the way to the board, and a date click changes only this screen', async ({
  page,
  browser,
}) => {
  test.slow();
  await signInAs(page, freshEmail('newcomer'));
  await page.goto('/setup');
  await page.getByLabel('Company Name').fill(`First Hour HVAC ${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await choosePlatform(page, 'ServiceTitan');
  await page.getByRole('button', { name: 'Use the sample tenant' }).click();
  await page.getByRole('button', { name: 'Save and check connection' }).click();
  await expect(page.getByTestId('connection-check')).toContainText('Connected');
  await page.getByTestId('setup-targets-step').getByRole('link', { name: 'Open my board' }).click();
  await expect(page.getByTestId('day-card')).toHaveCount(3);

  // Back on /setup: connected, with the board one click away; its targets are still to set.
  await page.goto('/setup');
  await expect(page.getByRole('listitem').filter({ hasText: 'Set your targets' })).toHaveAttribute(
    'aria-current',
    'step',
  );
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Connect ServiceTitan' }),
  ).not.toHaveAttribute('aria-current', 'step');
  const connected = page.getByTestId('setup-connected');
  await expect(connected).toContainText('is connected to ServiceTitan');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await connected.getByRole('link', { name: 'Open my board' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByTestId('day-card')).toHaveCount(3);

  // Holidays: the six an office closes on, chosen already, and editable.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Dashboard Settings' });
  await panel.getByRole('button', { name: /^Schedule/ }).click();
  for (const holiday of ['Thanksgiving', 'Christmas', "New Year's Day", 'Independence Day'])
    await expect(panel.getByRole('checkbox', { name: holiday })).toBeChecked();
  for (const holiday of ['Juneteenth', 'Columbus Day'])
    await expect(panel.getByRole('checkbox', { name: holiday })).not.toBeChecked();
  await panel.getByRole('checkbox', { name: 'Columbus Day' }).click();
  await expect(panel.getByRole('checkbox', { name: 'Columbus Day' })).toBeChecked();
  await panel.getByRole('button', { name: 'Save Settings' }).click();
  await expect
    .poll(
      async () => (await (await page.request.get('/api/board-settings')).json()).settings.holidays,
    )
    .toContain('Columbus Day');

  // The date: a click cycles it here; the company's format stays the default elsewhere.
  await page.getByRole('button', { name: 'Unlock Dashboard' }).click();
  const date = page.getByTestId('day-date').first();
  await expect(date).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await date.click();
  await expect(date).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  await page.reload();
  await expect(page.getByTestId('day-date').first()).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  const settings = await (await page.request.get('/api/board-settings')).json();
  expect(settings.settings.dateFormat).toBe('MMM d, yyyy');

  const cookies = await page.context().cookies();
  const other = await browser.newContext();
  try {
    await other.addCookies(cookies);
    const second = await other.newPage();
    await second.goto('/');
    await expect(second.getByTestId('day-date').first()).toHaveText(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
  } finally {
    await other.close();
  }
});

test('placeholder weather carries a small "sample weather" mark; a real forecast does not', async ({
  page,
}) => {
  await page.goto('/customize');
  await expect(page.getByTestId('day-card')).toHaveCount(3);
  await expect(page.getByTestId('current-weather')).toContainText('°F');
  await expect(page.getByTestId('sample-weather')).toHaveCount(0);

  // A ZIP the offline ZIP data does not know: the server answers with the seed's placeholder.
  await page.getByTestId('zip-display').click();
  await page.getByTestId('zip-input').fill('00000');
  await page.getByTestId('zip-input').press('Enter');
  await expect(page.getByTestId('current-weather').getByTestId('sample-weather')).toHaveText(
    'sample weather',
  );
  await expect(page.getByTestId('day-weather').getByTestId('sample-weather')).toHaveCount(3);
});
