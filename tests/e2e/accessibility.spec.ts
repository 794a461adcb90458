import { createRequire } from 'node:module';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import {
  choosePlatform,
  demoAccounts,
  freshEmail,
  openCompanyCard,
  openSignedInBoard,
  signInAs,
} from './helpers.js';

// Each test signs in and changes nothing another test reads: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

/**
 * Every screen passes axe-core's WCAG 2.1 A/AA rules and best practices: names that match what
 * is shown, one main landmark, a heading outline, and text contrast in both themes.
 */

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

// axe-core is injected as an inline script, which the app's Content-Security-Policy refuses
// (as it should): the audit runs with the policy bypassed. content-security-policy.spec.ts
// checks the policy itself on every screen.
test.use({ bypassCSP: true });
// Each test audits a few screens in both themes, and an axe-core run is seconds of work on a
// busy machine: these tests get three times the usual time (a bound against hangs, not a speed
// target).
test.slow();

/** The rules broken on the page as it is now, each with the first few elements breaking it. */
async function violations(page: Page) {
  // A dialog fading in is drawn half transparent: colour contrast is judged once every finite
  // animation and transition has ended (a spinner's never does).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]),
  );
  await page.addScriptTag({ content: axeSource });
  const results = await page.evaluate(
    () =>
      (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run() as Promise<
        Pick<AxeResults, 'violations'>
      >,
  );
  return results.violations.map((v) => ({
    rule: v.id,
    help: v.help,
    elements: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
  }));
}

async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
  await page.reload();
}

test.describe('signed out', () => {
  test('a TV waiting to be paired (/tv)', async ({ page }) => {
    await page.goto('/tv');
    await expect(page.getByTestId('pairing-code')).toHaveText(/^[0-9A-Z]{3}-[0-9A-Z]{3}$/);
    expect(await violations(page)).toEqual([]);
  });

  for (const [name, path, ready] of [
    ['landing', '/', 'Get Started'],
    ['pricing', '/pricing', 'Get Started Now'],
  ] as const) {
    test(`${name} page`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('button', { name: ready }).first()).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  }

  test('live preview and its settings panel, in both themes', async ({ page }) => {
    await page.goto('/customize');
    for (const theme of ['dark', 'light'] as const) {
      await useTheme(page, theme);
      await expect(page.getByTestId('day-card')).toHaveCount(3);
      expect(await violations(page), `preview, ${theme}`).toEqual([]);
      await page.getByRole('button', { name: 'Settings' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Dashboard Settings' })).toBeVisible();
      expect(await violations(page), `settings panel, ${theme}`).toEqual([]);
      await page.keyboard.press('Escape');
    }
  });
});

test.describe('signed in', () => {
  test('the board with its menu, in both themes', async ({ page }) => {
    await openSignedInBoard(page);
    for (const theme of ['dark', 'light'] as const) {
      await useTheme(page, theme);
      await expect(page.getByTestId('capacity-row').first()).toBeVisible();
      await expect(page.getByTestId('day-weather')).toHaveCount(3);
      expect(await violations(page), `board, ${theme}`).toEqual([]);
      await page.getByTestId('menu-button').click();
      await expect(page.getByTestId('side-menu')).toBeVisible();
      // The account admin's plan and its badge (loaded with the menu).
      await expect(page.getByTestId('billing-status')).toBeVisible();
      expect(await violations(page), `side menu, ${theme}`).toEqual([]);
      await page.keyboard.press('Escape');
    }
  });

  test('the pages behind the menu, and page not found', async ({ page }) => {
    await signInAs(page, demoAccounts.master);
    for (const path of ['/admin', '/companies', '/business-units', '/job-types', '/no-such-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await violations(page), path).toEqual([]);
    }
  });

  test('the Alerts page with its notifications card, in both themes', async ({ page }) => {
    await signInAs(page, demoAccounts.csr);
    for (const theme of ['dark', 'light'] as const) {
      await page.goto('/alerts');
      await useTheme(page, theme);
      await expect(page.getByRole('button', { name: 'Notify me on this device' })).toBeVisible();
      expect(await violations(page), `alerts, ${theme}`).toEqual([]);
    }
  });

  test('the admin screens and their dialogs, in both themes', async ({ page }) => {
    // Five screens and three dialogs, twice.
    test.slow();
    await signInAs(page, demoAccounts.master);
    for (const theme of ['dark', 'light'] as const) {
      await page.goto('/admin');
      await useTheme(page, theme);
      await openCompanyCard(page, 'Demo Heating & Air');
      await expect(page.getByText('Dana Manager')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Pending Invitations' })).toBeVisible();
      expect(await violations(page), `master admin dashboard, ${theme}`).toEqual([]);

      await page.getByRole('button', { name: 'Invite User' }).click();
      await page
        .getByRole('dialog', { name: 'Invite New User' })
        .getByRole('button', { name: 'Send Invitation' })
        .click();
      await expect(page.getByText('First name is required')).toBeVisible();
      expect(await violations(page), `invite dialog with errors, ${theme}`).toEqual([]);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Credentials of Dana Manager' }).click();
      await expect(page.getByRole('dialog', { name: /Credentials of/ })).toBeVisible();
      await expect(page.getByText('Loading credentials...')).toHaveCount(0);
      expect(await violations(page), `credentials dialog, ${theme}`).toEqual([]);
      await page.keyboard.press('Escape');

      await page.goto('/companies');
      await expect(page.getByTestId('company-row').first()).toBeVisible();
      expect(await violations(page), `companies, ${theme}`).toEqual([]);
      await page.getByRole('button', { name: 'Edit Demo Heating & Air' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Company' })).toBeVisible();
      expect(await violations(page), `company dialog, ${theme}`).toEqual([]);
      await page.keyboard.press('Escape');

      await page.goto('/');
      await expect(page.getByTestId('chooser-company').first()).toBeVisible();
      expect(await violations(page), `company chooser, ${theme}`).toEqual([]);
    }
  });

  test("an account admin's dashboard, in both themes", async ({ page }) => {
    await signInAs(page, demoAccounts.manager);
    for (const theme of ['dark', 'light'] as const) {
      await page.goto('/admin');
      await useTheme(page, theme);
      await expect(page.getByText('Casey Rep')).toBeVisible();
      expect(await violations(page), `account admin dashboard, ${theme}`).toEqual([]);
    }
  });

  test('the Screens page, in both themes', async ({ page }) => {
    await signInAs(page, demoAccounts.manager);
    for (const theme of ['dark', 'light'] as const) {
      await page.goto('/admin/screens');
      await useTheme(page, theme);
      await expect(page.getByRole('button', { name: 'Pair screen' })).toBeVisible();
      expect(await violations(page), `screens page, ${theme}`).toEqual([]);
    }
  });

  test('the History page with its charts and a day’s fill curve, in both themes', async ({
    page,
  }) => {
    await signInAs(page, demoAccounts.csr);
    for (const theme of ['dark', 'light'] as const) {
      await page.goto('/history');
      await useTheme(page, theme);
      // The demo company's 13 weeks are filled in by the background loop after start.
      await expect(page.getByTestId('history-row').first()).toBeVisible({ timeout: 120_000 });
      await page
        .getByRole('button', { name: /show how it filled up/ })
        .last()
        .click();
      await expect(page.getByTestId('fill-points')).toBeVisible();
      expect(await violations(page), `history page, ${theme}`).toEqual([]);
    }
  });

  test('the Boards page, in both themes', async ({ page }) => {
    await signInAs(page, demoAccounts.manager);
    for (const theme of ['dark', 'light'] as const) {
      await page.goto('/admin/boards');
      await useTheme(page, theme);
      await expect(page.getByRole('listitem', { name: 'Install' })).toBeVisible();
      expect(await violations(page), `boards page, ${theme}`).toEqual([]);
    }
  });

  test('the onboarding steps, in both themes', async ({ page }) => {
    await signInAs(page, freshEmail('a11y'));
    for (const theme of ['dark', 'light'] as const) {
      await page.goto('/setup');
      await useTheme(page, theme);
      await expect(page.getByRole('button', { name: 'Create company' })).toBeVisible();
      expect(await violations(page), `create company step, ${theme}`).toEqual([]);
    }
    await page.getByLabel('Company Name').fill(`A11y Co ${Date.now().toString(36)}`);
    await page.getByRole('button', { name: 'Create company' }).click();
    await choosePlatform(page, 'ServiceTitan');
    await expect(
      page.getByRole('heading', { name: 'Connect ServiceTitan', level: 2 }),
    ).toBeVisible();
    for (const theme of ['dark', 'light'] as const) {
      await useTheme(page, theme);
      await page.getByRole('button', { name: 'Save and check connection' }).click();
      await expect(page.getByText('Client ID is required')).toBeVisible();
      expect(await violations(page), `connect step with errors, ${theme}`).toEqual([]);
    }
  });
});
