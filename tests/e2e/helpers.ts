import { expect, type Page } from '@playwright/test';

export const demoAccounts = {
  master: 'master@callboard.test',
  manager: 'manager@demo-hvac.test',
  csr: 'csr@demo-hvac.test',
} as const;

/** Signs in through the built-in development identity provider, as a person would. */
export async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto('/api/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const demoButton = page.getByRole('button', { name: new RegExp(email.replace(/[.@]/g, '\\$&')) });
  if (await demoButton.count()) {
    await demoButton.click();
  } else {
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/api/'),
  );
}

/** Signs out the way the app does: a full-page navigation to /api/logout. */
export async function signOut(page: Page): Promise<void> {
  await page.goto('/api/logout');
  await page.waitForURL((url) => url.pathname === '/');
}

/** Signs in (the manager unless told otherwise) and waits for the board's three day cards. */
export async function openSignedInBoard(page: Page, email: string = demoAccounts.manager) {
  await signInAs(page, email);
  await page.goto('/');
  await expect(page.getByTestId('day-card')).toHaveCount(3);
}

/** The toasts' region (Radix's live announcement lives elsewhere and lasts only a second). */
export function notifications(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}
