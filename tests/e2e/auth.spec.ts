import { expect, test } from '@playwright/test';
import { demoAccounts, signInAs, signOut } from './helpers.js';

const expected = [
  { email: demoAccounts.master, role: 'master_admin', isAdmin: true, companyName: null },
  {
    email: demoAccounts.manager,
    role: 'account_admin',
    isAdmin: true,
    companyName: 'Demo Heating & Air',
  },
  { email: demoAccounts.csr, role: 'user', isAdmin: false, companyName: 'Demo Heating & Air' },
];

test.describe('sign-in through the development identity provider', () => {
  for (const account of expected) {
    test(`${account.email} signs in, is reported by /api/auth/user, and signs out`, async ({
      page,
    }) => {
      await page.goto('/');
      await signInAs(page, account.email);
      expect(new URL(page.url()).pathname).toBe('/');

      const me = await page.request.get('/api/auth/user');
      expect(me.status()).toBe(200);
      expect(await me.json()).toMatchObject({
        email: account.email,
        role: account.role,
        isAdmin: account.isAdmin,
        companyName: account.companyName,
      });

      await signOut(page);
      const after = await page.request.get('/api/auth/user');
      expect(after.status()).toBe(401);
    });
  }

  test('the sign-in page offers every demo account and an Email field', async ({ page }) => {
    const notFound: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) notFound.push(response.url());
    });
    await page.goto('/api/login');
    // Its own icon, inline: it asked for a /favicon.ico nobody serves (issue 33).
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute(
      'href',
      /^data:image\/svg\+xml,/,
    );
    for (const email of Object.values(demoAccounts))
      await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    expect(notFound).toEqual([]);
  });

  test('any e-mail address can sign in as a plain user', async ({ page }) => {
    await signInAs(page, 'someone.new@example.com');
    const me = await page.request.get('/api/auth/user');
    expect(await me.json()).toMatchObject({
      email: 'someone.new@example.com',
      role: 'user',
      isAdmin: false,
    });
  });
});
