import { expect, test, type Page } from '@playwright/test';
import { demoAccounts, openSignedInBoard, signInAs } from './helpers.js';

/**
 * Every screen works under the Content-Security-Policy the server sends: no script, style,
 * font, image or connection the policy refuses. The page reports each refusal as a
 * `securitypolicyviolation` event, and Chromium also logs it to the console; both are collected.
 */

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push(
        `${event.effectiveDirective} refused ${event.blockedURI || '(inline)'} on ${location.pathname}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

async function violations(page: Page, consoleSeen: string[]): Promise<string[]> {
  const fromPage = await page.evaluate(() => window.__cspViolations ?? []);
  return [...fromPage, ...consoleSeen];
}

test('the CSP is on: a page cannot run an inline script', async ({ page }) => {
  const seen = await watchCsp(page);
  const response = await page.goto('/pricing');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('button', { name: 'Get Started Now' }).first()).toBeVisible();
  // What an injected inline script would meet: the policy refuses it and says so.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
  });
  await expect
    .poll(async () => (await violations(page, seen)).some((v) => v.startsWith('script-src')))
    .toBe(true);
  expect(await page.evaluate(() => (window as { __inlineRan?: boolean }).__inlineRan)).toBe(
    undefined,
  );
});

test('signed-out screens break no rule of the policy', async ({ page }) => {
  const seen = await watchCsp(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Get Started' }).first()).toBeVisible();
  await page.goto('/pricing');
  await expect(page.getByRole('button', { name: 'Get Started Now' }).first()).toBeVisible();
  await page.goto('/customize');
  await expect(page.getByTestId('day-card')).toHaveCount(3);
  await page.getByRole('button', { name: 'Settings' }).first().click();
  const panel = page.getByRole('dialog', { name: 'Dashboard Settings' });
  await expect(panel).toBeVisible();
  // Every board font is a self-hosted file: choosing one loads it under the policy.
  await panel.getByRole('button', { name: /^Appearance/ }).click();
  await page.getByRole('combobox', { name: 'Font family' }).click();
  await page.getByRole('option', { name: 'Merriweather' }).click();
  await expect
    .poll(() => page.evaluate(() => document.fonts.check('16px Merriweather')))
    .toBe(true);
  await page.keyboard.press('Escape');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The development sign-in page (its own inline style is allowed, no script is needed).
  await page.goto('/api/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await violations(page, seen)).toEqual([]);
});

test('signed-in screens break no rule of the policy', async ({ page }) => {
  // Every signed-in screen, one after the other.
  test.slow();
  const seen = await watchCsp(page);
  await openSignedInBoard(page, demoAccounts.manager);
  await expect(page.getByTestId('capacity-row').first()).toBeVisible();
  await expect(page.getByTestId('day-weather')).toHaveCount(3);
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Settings' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Dashboard Settings' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await violations(page, seen)).toEqual([]);
  await signInAs(page, demoAccounts.master);
  for (const path of ['/admin', '/companies', '/business-units', '/job-types']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(await violations(page, seen)).toEqual([]);
});
