import { expect as baseExpect, test, type Page } from '@playwright/test';
import type { ProviderMetadata } from '../../src/shared/api/providers.js';
import { baseURL } from '../../playwright.config.js';
import { demoAccounts, freshEmail, signInAs, toastWith } from './helpers.js';

/**
 * A company's platform (issue 34 item 4, issue 38's pages): /setup asks which platform the
 * company runs and shows that platform's connect step; every "{provider}" string names the
 * company's platform; the Companies table judges each company by its own platform.
 */

// A page's first answer from a platform stand-in may wait behind its reads on a loaded machine.
const expect = baseExpect.configure({ timeout: 40_000 });
test.slow();

const PLUMBING = 'owner@demo-plumbing.test';
const COMFORT = 'owner@demo-comfort.test';

const metadataOf = async (page: Page) =>
  (await (await page.request.get('/api/provider/metadata')).json()) as ProviderMetadata;

test('a newcomer chooses Housecall Pro, connects the sample account, turns on webhooks and sees Housecall Pro items on the board', async ({
  page,
}) => {
  await signInAs(page, freshEmail('hcp'));
  await page.goto('/setup');
  await expect(page.getByRole('heading', { name: 'Welcome to 3-Day Call Board' })).toBeVisible();
  // Issue 33 item 8: the words count the steps listed.
  await expect(page.getByText('Four short steps and your board shows')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Setup steps' }).getByRole('listitem')).toHaveCount(
    4,
  );
  await page.getByLabel('Company Name').fill(`Pipes ${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Create company' }).click();

  // The page asks; nothing is chosen yet, and no connect step shows until something is.
  const choice = page.getByRole('group', { name: 'Which platform does your company run?' });
  await expect(choice).toBeVisible();
  await expect(choice.getByRole('radio')).toHaveCount(3);
  for (const name of ['ServiceTitan', 'Housecall Pro', 'Jobber'])
    await expect(choice.getByRole('radio', { name })).not.toBeChecked();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Connect your platform' }),
  ).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('heading', { level: 2, name: /^Connect / })).toHaveCount(0);

  await choice.getByText('Housecall Pro', { exact: true }).click();
  await expect(choice.getByRole('radio', { name: 'Housecall Pro' })).toBeChecked();
  const step = page.getByTestId('housecallpro-connect-step');
  await expect(
    step.getByRole('heading', { name: 'Connect Housecall Pro', level: 2 }),
  ).toBeVisible();
  await expect(step).toContainText('App Store');
  await expect(step).toContainText('"API" card');
  await expect(step).toContainText('MAX plan');
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Connect Housecall Pro' }),
  ).toHaveAttribute('aria-current', 'step');

  await step.getByRole('button', { name: 'Save and check connection' }).click();
  await expect(step.getByText('API key is required')).toBeVisible();
  await step.getByLabel('Company API key').fill('hcp_key_mistyped');
  await step.getByRole('button', { name: 'Check without saving' }).click();
  await expect(step.getByTestId('connection-check')).toContainText(
    'Housecall Pro refused this API key',
  );

  await step.getByRole('button', { name: 'Use the sample account' }).click();
  await expect(step.getByLabel('Company API key')).not.toHaveValue('hcp_key_mistyped');
  await step.getByRole('button', { name: 'Save and check connection' }).click();
  await expect(step.getByTestId('connection-check')).toContainText(
    'Connected: Housecall Pro answered every read the board needs.',
  );

  // Webhooks: the company's own address to paste into Housecall Pro, then its signing secret.
  const webhooks = page.getByTestId('housecallpro-webhooks');
  await expect(webhooks.getByTestId('webhook-url')).toHaveValue(
    new RegExp(`^${baseURL}/api/providers/housecallpro/webhooks/[A-Za-z0-9_-]{43}$`),
  );
  await webhooks.getByRole('button', { name: 'Turn on webhooks' }).click();
  await expect(webhooks.getByText('Signing secret is required')).toBeVisible();
  await webhooks.getByLabel('Signing secret').fill('whsec_e2e_secret_4f2a');
  await webhooks.getByRole('button', { name: 'Turn on webhooks' }).click();
  await expect(toastWith(page, 'Webhooks on')).toBeVisible();
  await expect(webhooks.getByTestId('webhooks-on')).toContainText('••••4f2a');

  await page.getByTestId('setup-targets-step').getByRole('link', { name: 'Open my board' }).click();
  await expect(page.getByTestId('day-card')).toHaveCount(3);
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  const metadata = await metadataOf(page);
  expect(metadata).toMatchObject({ provider: 'housecallpro', providerName: 'Housecall Pro' });
  // The board's rows are the sample account's business units.
  const names = metadata.businessUnits.map((b) => b.name);
  expect(names).toContain('Residential Plumbing');
  const rows = page.getByTestId('day-card').first().getByTestId('capacity-row');
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allInnerTexts())
    expect(
      names.some((name) => text.includes(name)),
      text,
    ).toBe(true);
  await expect(page.getByTestId('day-card').first()).toContainText('Residential Plumbing');
});

test('the {provider} strings name Housecall Pro on a Housecall Pro company, and the side menu leads back to its connection', async ({
  page,
}) => {
  await signInAs(page, PLUMBING);
  await page.goto('/business-units');
  await expect(page.getByRole('heading', { name: 'Business Unit Configuration' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Housecall Pro Name' })).toBeVisible();
  await expect(page.getByText('from your Housecall Pro account')).toBeVisible();

  // Without its key: "No Housecall Pro Credentials".
  await page.route('**/api/provider/metadata', (route) =>
    route.fulfill({
      json: {
        provider: 'housecallpro',
        providerName: 'Housecall Pro',
        hasCredentials: false,
        error: null,
        businessUnits: [],
        jobTypes: [],
        webhookUrl: null,
        timeZone: null,
      },
    }),
  );
  await page.goto('/job-types');
  await expect(page.getByRole('heading', { name: 'No Housecall Pro Credentials' })).toBeVisible();
  await expect(page.getByText('configure your Housecall Pro credentials')).toBeVisible();
  await page.unroute('**/api/provider/metadata');

  // Issue 33 item 8: the side menu leads back to the platform connection.
  await page.goto('/');
  await expect(page.getByTestId('day-card')).toHaveCount(3);
  await page.getByTestId('menu-button').click();
  await page
    .getByTestId('side-menu')
    .getByRole('link', { name: 'Housecall Pro connection' })
    .click();
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByTestId('setup-connected')).toContainText(
    'Demo Plumbing Co is connected to Housecall Pro',
  );
  const choice = page.getByRole('group', { name: 'Which platform does your company run?' });
  await expect(choice.getByRole('radio', { name: 'Housecall Pro' })).toBeChecked();
  await expect(page.getByTestId('housecallpro-connect-step')).toContainText(
    /configured ••••.{4} \(leave blank to keep it\)/,
  );
  // Choosing another platform says what switching keeps, before anything is saved.
  await choice.getByText('ServiceTitan', { exact: true }).click();
  await expect(page.getByTestId('platform-switch-note')).toContainText(
    'its boards, settings and the targets of items that still exist',
  );
  await expect(page.getByRole('heading', { name: 'Connect ServiceTitan', level: 2 })).toBeVisible();
});

test('on Jobber the pages say Services, Team and "Jobber Name", and the admin page connects Jobber', async ({
  page,
}) => {
  await signInAs(page, COMFORT);
  await page.goto('/business-units');
  await expect(
    page.getByRole('heading', { name: 'Service Configuration', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Jobber Name' })).toBeVisible();
  await page.goto('/job-types');
  await expect(page.getByRole('heading', { name: 'Team Configuration', level: 1 })).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('day-card')).toHaveCount(3);
  await page.getByTestId('menu-button').click();
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByRole('link', { name: 'Service Configuration' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Team Configuration' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Jobber connection' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Issue 38 item 1: the company's admin page carries its Jobber connection.
  await page.goto('/admin');
  const platform = page.getByTestId('platform-connection');
  await expect(platform).toContainText('Demo Comfort Services runs on Jobber');
  await expect(platform.getByTestId('jobber-connected')).toBeVisible();

  // A company on another platform is offered "Connect Jobber" there too.
  await signInAs(page, PLUMBING);
  await page.goto('/admin');
  await expect(page.getByTestId('platform-connection')).toContainText(
    'Demo Plumbing Co runs on Housecall Pro',
  );
  await expect(
    page.getByTestId('platform-connection').getByRole('link', { name: 'Connect Jobber' }),
  ).toHaveAttribute('href', '/api/providers/jobber/connect');
});

test('the Companies table judges each company by its own platform', async ({ page }) => {
  await signInAs(page, demoAccounts.master);
  await page.goto('/companies');
  await expect(page.getByRole('columnheader', { name: 'Platform setup' })).toBeVisible();
  const rowOf = (name: string) =>
    page.getByTestId('company-row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  for (const [company, platform] of [
    ['Demo Heating & Air', 'ServiceTitan'],
    ['Demo Plumbing Co', 'Housecall Pro'],
    ['Demo Comfort Services', 'Jobber'],
  ] as const) {
    const setup = rowOf(company).getByTestId('company-platform');
    await expect(setup).toContainText(platform);
    await expect(setup.getByText('Configured', { exact: true })).toBeVisible();
  }

  // A new company on Housecall Pro is Missing until its API key is saved, whatever it lacks of
  // ServiceTitan's values.
  const name = `Drip Fix ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Create Company' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Company' });
  await dialog.getByLabel('Company Name').fill(name);
  await dialog.getByLabel('Platform').selectOption('housecallpro');
  await expect(dialog.getByLabel('Client ID')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create Company' }).click();
  await expect(toastWith(page, 'Company created successfully')).toBeVisible();
  await expect(rowOf(name).getByTestId('company-platform')).toContainText('Housecall Pro');
  await expect(rowOf(name).getByText('Missing', { exact: true })).toBeVisible();

  const sample = await (
    await page.request.get('/api/onboarding/sample-credentials?provider=housecallpro')
  ).json();
  await rowOf(name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Company' });
  await expect(edit.getByLabel('Platform')).toHaveValue('housecallpro');
  await edit.getByLabel('Company API key').fill(sample.apiKey);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastWith(page, 'Company updated successfully')).toBeVisible();
  await expect(rowOf(name).getByText('Configured', { exact: true })).toBeVisible();
  await expect(page.getByTestId('connection-check')).toContainText(
    'Connected: Housecall Pro answered every read the board needs.',
  );
  // Renaming it keeps it on Housecall Pro (the dialog sends no ServiceTitan values).
  await rowOf(name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  await edit.getByLabel('Company Name').fill(`${name} Co`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastWith(page, 'Company updated successfully')).toBeVisible();
  await expect(rowOf(`${name} Co`).getByTestId('company-platform')).toContainText('Housecall Pro');
  await expect(rowOf(`${name} Co`).getByText('Configured', { exact: true })).toBeVisible();
});
