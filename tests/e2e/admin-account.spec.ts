import { expect, test, type Page } from '@playwright/test';
import { demoAccounts, freshEmail, signInAs, toastWith } from './helpers.js';

/**
 * /admin as an account admin (seed: "Other admins see a Users card with Invite User, the user
 * list and Pending Invitations"): their own company only, company preset, no role field.
 */

const DEMO = 'Demo Heating & Air';

async function openAdmin(page: Page) {
  await signInAs(page, demoAccounts.manager);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
}

test('the Users card lists their company, and they cannot delete themselves or grant master admin', async ({
  page,
}) => {
  await openAdmin(page);
  await expect(page.getByRole('heading', { name: 'Companies Overview' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Users', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pending Invitations' })).toBeVisible();

  const self = page.getByRole('listitem', { name: 'Dana Manager', exact: true });
  await expect(self).toContainText(demoAccounts.manager);
  await expect(self.getByRole('button', { name: 'Delete Dana Manager' })).toBeDisabled();
  await expect(page.getByRole('listitem', { name: 'Morgan Master' })).toHaveCount(0);

  const casey = page.getByRole('listitem', { name: 'Casey Rep', exact: true });
  await expect(casey.getByRole('button', { name: 'Delete Casey Rep' })).toBeEnabled();
  await casey.getByRole('combobox', { name: 'Role of Casey Rep' }).click();
  await expect(page.getByRole('option', { name: 'Account Admin' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Master Admin' })).toHaveCount(0);
  await page.keyboard.press('Escape');
});

test('their invitation goes to their own company, with the role field hidden', async ({ page }) => {
  await openAdmin(page);
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite New User' });
  const company = dialog.getByLabel('Company');
  await expect(company).toHaveValue(DEMO);
  await expect(company).not.toBeEditable();
  await expect(dialog.getByText('Required for non-master admins')).toHaveCount(0);
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveCount(0);

  const email = freshEmail('tech');
  await dialog.getByLabel('Email').fill('not an e-mail');
  await dialog.getByLabel('First name').fill('Terry');
  await dialog.getByLabel('Last name').fill('Tech');
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(dialog.getByText('Invalid email address')).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(toastWith(page, 'Invitation sent successfully')).toBeVisible();

  const row = page.getByTestId('invitation-row').filter({ hasText: email });
  await expect(row).toContainText('Terry Tech');
  await row.getByRole('button', { name: `Delete invitation for ${email}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toastWith(page, 'Invitation deleted')).toBeVisible();
  await expect(row).toBeHidden();
});

test("a refused change shows the server's words in an Error toast", async ({ page }) => {
  await openAdmin(page);
  await page.route('**/api/admin/users/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'User not found', code: 'NOT_FOUND' }),
        })
      : route.continue(),
  );
  const casey = page.getByRole('listitem', { name: 'Casey Rep', exact: true });
  await casey.getByRole('button', { name: 'Delete Casey Rep' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toastWith(page, 'Error')).toContainText('User not found');
  await expect(casey).toBeVisible();
});

test('a plain user reaching /admin or /companies is sent to the board', async ({ page }) => {
  await signInAs(page, demoAccounts.csr);
  for (const path of ['/admin', '/companies']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(toastWith(page, 'Unauthorized')).toContainText('Admin access required');
  }
});
