import { expect, type Browser, type Page, type Route } from '@playwright/test';
import type { CapacityItem, CapacityResponse } from '../../src/shared/api/capacity.js';
import { baseURL } from '../../playwright.config.js';

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

/** On /setup, answers "Which platform does your company run?" (issue 34). */
export async function choosePlatform(
  page: Page,
  name: 'ServiceTitan' | 'Housecall Pro' | 'Jobber',
) {
  await page
    .getByRole('group', { name: 'Which platform does your company run?' })
    .getByText(name, { exact: true })
    .click();
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

/** The board's capacity endpoint, as a Playwright route pattern. */
export const CAPACITY = '**/api/capacity';

/** A /api/capacity answer with chosen rows: [name, scheduled, target] per day. */
export function capacityAnswer(days: [string, number, number][][]): CapacityResponse {
  const dates = ['2030-01-07', '2030-01-08', '2030-01-09'];
  return {
    days: days.map((rows, d) => ({
      date: dates[d]!,
      data: rows.map(([name, scheduled, target], i): CapacityItem => ({
        id: d * 100 + i + 1,
        name,
        scheduled,
        target,
        newToday: 0,
        type: 'businessUnit',
      })),
      expectedPercent: 0,
      pace: 'on_track' as const,
      paceBy: { basis: 'curve' as const, days: 0, usual: null },
    })),
    fetchedAt: new Date().toISOString(),
    stale: false,
    staleReason: null,
    refreshIntervalSeconds: 60,
  };
}

/** Every /api/capacity request from now on gets this answer (a body, or a whole response). */
export async function answerCapacityWith(
  page: Page,
  answer: CapacityResponse | NonNullable<Parameters<Route['fulfill']>[0]>,
) {
  const response =
    'days' in answer
      ? { status: 200, contentType: 'application/json', body: JSON.stringify(answer) }
      : answer;
  await page.route(CAPACITY, (route) => route.fulfill(response));
}

/** An e-mail address no one has used yet (the development identity provider takes any). */
export function freshEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/**
 * The toast with this title (the seed shows one at a time). Found also while a dialog is open:
 * a modal dialog hides the rest of the page from the accessibility tree, the toasts included,
 * though they stay on screen.
 */
export function toastWith(page: Page, title: string) {
  return page
    .getByRole('region', { name: /Notifications/, includeHidden: true })
    .getByRole('listitem', { includeHidden: true })
    .filter({ hasText: title });
}

/**
 * Signs the page in as a newcomer (a fresh e-mail) who creates a company of their own and
 * connects it to the sample ServiceTitan tenant (the demo company's items), as onboarding does:
 * a company a test may change without touching what other tests see. Returns the e-mail.
 */
export async function signInAsNewCompanyAdmin(page: Page, prefix: string): Promise<string> {
  const email = freshEmail(prefix);
  await signInAs(page, email);
  const sameOrigin = { origin: baseURL };
  const created = await page.request.post('/api/companies', {
    data: { name: `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}` },
    headers: sameOrigin,
  });
  expect(created.status()).toBe(201);
  const { id } = ((await created.json()) as { company: { id: number } }).company;
  const sample = await page.request.get('/api/onboarding/sample-credentials');
  expect(sample.ok()).toBe(true);
  const connected = await page.request.patch(`/api/companies/${id}`, {
    data: await sample.json(),
    headers: sameOrigin,
  });
  expect(connected.ok()).toBe(true);
  return email;
}

/**
 * Signs a second person in, in a browser context of their own (own cookies), so a test can
 * act as an admin and as the person they manage side by side.
 */
export async function signInElsewhere(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL, timezoneId: 'America/New_York' });
  const page = await context.newPage();
  await signInAs(page, email);
  return { context, page };
}

/** Renames the board in the Live Preview (/customize), which keeps it in this browser only. */
export async function renamePreviewBoard(page: Page, title: string): Promise<void> {
  await page.goto('/customize');
  await page.getByRole('button', { name: 'Settings' }).first().click();
  const panel = page.getByRole('dialog', { name: 'Dashboard Settings' });
  await panel.getByRole('button', { name: /^Appearance/ }).click();
  await panel.getByLabel('Dashboard title').fill(title);
  await panel.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByTestId('board-title')).toHaveText(title);
}

/**
 * A TV browser (no session) paired into the manager's company through the API (on `boardId`, else
 * the first board), then on /tv (unless `open` is false: the caller opens it, after setting up
 * what it waits for).
 */
export async function pairTv(
  browser: Browser,
  manager: Page,
  name: string,
  open = true,
  boardId?: number,
) {
  const context = await browser.newContext({
    viewport: { width: 1920, height: 1080 },
    timezoneId: 'America/New_York',
  });
  const tvPage = await context.newPage();
  const started = await tvPage.request.post('/api/screen/pairing', {
    headers: { origin: baseURL },
  });
  expect(started.status()).toBe(201);
  const { code } = (await started.json()) as { code: string };
  const paired = await manager.request.post('/api/screens/pair', {
    data: { code, name, ...(boardId === undefined ? {} : { boardId }) },
    headers: { origin: baseURL },
  });
  expect(paired.status()).toBe(201);
  const { id } = (await paired.json()) as { id: number };
  if (open) await tvPage.goto('/tv');
  return { context, page: tvPage, screenId: id };
}

/**
 * Keeps, in the page, the text of every toast it shows from now on (title and description on
 * lines of their own). A toast is on screen for 5 seconds (seed); on a machine busy enough that
 * a navigation takes longer, asking whether one is visible *now* can miss a toast the person
 * saw. Asks afterwards whether it was shown: `expect.poll(() => toastsShown(page))`.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: string[] = [];
    Object.assign(window, { __toastsShown: shown });
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll<HTMLElement>('[role="region"] ol > li')) {
        const text = toast.innerText.trim();
        if (text && !shown.includes(text)) shown.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** The toasts shown since recordToasts, in order. */
export function toastsShown(page: Page): Promise<string[]> {
  return page.evaluate(
    () => (window as unknown as { __toastsShown?: string[] }).__toastsShown ?? [],
  );
}

/**
 * A company's card on the master admin's overview, opened: with more than three companies (the
 * demo seeds three) the overview shows them folded, and the people are inside.
 */
export async function openCompanyCard(page: Page, name: string) {
  const card = page.getByRole('group', { name, exact: true });
  const toggle = card.getByRole('heading', { level: 3 }).getByRole('button');
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return card;
}
