import { expect, test, type Page } from '@playwright/test';
import { demoAccounts, signInAs, toastWith } from './helpers.js';

/** /companies (seed "Companies management"), with the seed's strings and toasts. */

async function openCompanies(page: Page, email: string = demoAccounts.master) {
  await signInAs(page, email);
  await page.goto('/companies');
  await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
}

const rowOf = (page: Page, name: string) =>
  page.getByTestId('company-row').filter({ has: page.getByRole('cell', { name, exact: true }) });

test('the table shows each company with its platform setup, users and actions', async ({
  page,
}) => {
  await openCompanies(page);
  for (const header of ['Company Name', 'Platform setup', 'Users', 'Actions'])
    await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
  const demo = rowOf(page, 'Demo Heating & Air');
  await expect(demo.getByText('Configured', { exact: true })).toBeVisible();
  await expect(demo.getByRole('button', { name: 'Edit Demo Heating & Air' })).toBeVisible();
  await expect(demo.getByRole('button', { name: 'Delete Demo Heating & Air' })).toBeVisible();

  await demo.getByRole('link', { name: /View Users/ }).click();
  await expect(page).toHaveURL(/\/admin#company-\d+$/);
  await expect(
    page.getByRole('group', { name: 'Demo Heating & Air' }).getByText('Dana Manager'),
  ).toBeVisible();
});

test('create, edit with write-only secrets, and delete a company', async ({ page }) => {
  const name = `Acme Plumbing ${Date.now().toString(36)}`;
  await openCompanies(page);

  await page.getByRole('button', { name: 'Create Company' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Company' });
  await dialog.getByRole('button', { name: 'Create Company' }).click();
  await expect(dialog.getByText('Company name is required')).toBeVisible();
  await dialog.getByLabel('Company Name').fill(name);
  await dialog.getByLabel('Tenant ID').fill('12ab');
  await dialog.getByRole('button', { name: 'Create Company' }).click();
  await expect(dialog.getByText('Tenant ID must contain only digits')).toBeVisible();
  await dialog.getByLabel('Tenant ID').fill('');
  await dialog.getByRole('button', { name: 'Create Company' }).click();
  await expect(toastWith(page, 'Company created successfully')).toBeVisible();
  const row = rowOf(page, name);
  await expect(row.getByText('Missing', { exact: true })).toBeVisible();

  // Connect it to the sample tenant: the check runs and the row turns Configured.
  const sample = await (await page.request.get('/api/onboarding/sample-credentials')).json();
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Company' });
  await expect(edit.getByLabel('Company Name')).toHaveValue(name);
  await edit.getByLabel('Client ID').fill(sample.clientId);
  await edit.getByLabel('Client Secret').fill(sample.clientSecret);
  await edit.getByLabel('Tenant ID').fill(sample.tenantId);
  await edit.getByLabel('App Key').fill(sample.appKey);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastWith(page, 'Company updated successfully')).toBeVisible();
  await expect(row.getByText('Configured', { exact: true })).toBeVisible();
  await expect(page.getByTestId('connection-check')).toContainText('Connected');

  // Secrets never come back: the form says they are set, blank fields keep them.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(edit.getByLabel('Client Secret')).toHaveValue('');
  await expect(
    edit.getByText(/configured ••••.{0,4} \(leave blank to keep it\)/).first(),
  ).toBeVisible();
  await edit.getByLabel('Company Name').fill(`${name} Co`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastWith(page, 'Company updated successfully')).toBeVisible();
  const renamed = rowOf(page, `${name} Co`);
  await expect(renamed.getByText('Configured', { exact: true })).toBeVisible();

  await renamed.getByRole('button', { name: `Delete ${name} Co` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Company' });
  await expect(confirm).toContainText(`"${name} Co"`);
  await expect(confirm).toContainText('cannot be undone');
  await expect(confirm).toContainText('All users will be unassigned from the company');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toastWith(page, 'Company deleted successfully')).toBeVisible();
  await expect(renamed).toHaveCount(0);
});

test('with no companies the page says how to start', async ({ page }) => {
  await openCompanies(page);
  // An installation with no companies yet: the demo company hidden from this browser's view.
  await page.route('**/api/companies', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 200, contentType: 'application/json', body: '[]' })
      : route.continue(),
  );
  await page.route('**/api/admin/companies', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
  );
  await page.reload();
  await expect(
    page.getByText('No companies yet. Create your first company to get started.'),
  ).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByText('No companies found')).toBeVisible();
});

test('a failed create falls back to the seed message', async ({ page }) => {
  await openCompanies(page);
  await page.route('**/api/companies', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 502, body: '' })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Create Company' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Company' });
  await dialog.getByLabel('Company Name').fill('Will Not Save');
  await dialog.getByRole('button', { name: 'Create Company' }).click();
  await expect(toastWith(page, 'Error')).toContainText('Failed to create company');
  await expect(dialog).toBeVisible();
});

test('an account admin sees only their own company and may edit it, not create or delete', async ({
  page,
}) => {
  await openCompanies(page, demoAccounts.manager);
  await expect(page.getByTestId('company-row')).toHaveCount(1);
  const demo = rowOf(page, 'Demo Heating & Air');
  await expect(demo.getByRole('button', { name: 'Edit Demo Heating & Air' })).toBeVisible();
  await expect(demo.getByRole('button', { name: 'Delete Demo Heating & Air' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create Company' })).toHaveCount(0);
});
