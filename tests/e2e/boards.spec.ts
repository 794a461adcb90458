import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { BoardList } from '../../src/shared/api/boards.js';
import { baseURL } from '../../playwright.config.js';
import { demoAccounts, openSignedInBoard, pairTv, signInAs } from './helpers.js';

/**
 * Several boards per company (issue 26), in the browser: the demo company's two boards ("Main
 * board" and "Install", its demo data), the Boards page an admin manages them on, the switcher
 * in the board's header and the address naming the board, and a paired TV moved to another
 * board from the Screens page, following without being paired again. Screenshots of each land
 * in test-results/boards.
 */

const SHOTS = path.resolve('test-results', 'boards');
const unique = () => Math.random().toString(36).slice(2, 7);

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function boardsOf(page: Page): Promise<BoardList['boards']> {
  const res = await page.request.get('/api/boards');
  expect(res.status()).toBe(200);
  return ((await res.json()) as BoardList).boards;
}

test('an admin creates, renames, reorders, picks the items of and deletes a board on the Boards page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSignedInBoard(page);
  // The side menu leads there (the permission vocabulary: boards.manage).
  await page.getByTestId('menu-button').click();
  await page.getByRole('link', { name: 'Boards' }).click();
  await expect(page).toHaveURL(/\/admin\/boards$/);
  await expect(page.getByRole('heading', { name: 'Boards', level: 1 })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Install' })).toBeVisible();

  // A name of 200 characters is refused under the field, and nothing is created.
  const before = (await boardsOf(page)).length;
  await page.getByLabel('Name').fill('x'.repeat(200));
  await page.getByRole('button', { name: 'Create board' }).click();
  await expect(page.getByRole('alert').first()).toContainText(/at most|characters/);
  expect(await boardsOf(page)).toHaveLength(before);

  const name = `Night shift ${unique()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create board' }).click();
  const row = page.getByRole('listitem', { name });
  await expect(row).toBeVisible();
  await expect(row).toContainText(
    'Shows every business unit · jobs against the targets you set · 0 screens',
  );

  const renamed = `${name} crew`;
  await row.getByRole('button', { name: 'Rename' }).click();
  await row.getByLabel(`New name for ${name}`).fill(renamed);
  await row.getByRole('button', { name: 'Save' }).click();
  const renamedRow = page.getByRole('listitem', { name: renamed });
  await expect(renamedRow).toBeVisible();

  // Up one place: it now comes before the board that was before it.
  const order = async () => (await boardsOf(page)).map((b) => b.name);
  const placeBefore = (await order()).indexOf(renamed);
  await renamedRow.getByRole('button', { name: `Move ${renamed} up` }).click();
  await expect.poll(async () => (await order()).indexOf(renamed)).toBe(placeBefore - 1);

  // Pick one business unit with the configuration pages' rows and search.
  await renamedRow.getByRole('button', { name: 'Items' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Every business unit/).click();
  await dialog.getByLabel('Search business units').fill('hvac ins');
  await dialog.getByLabel('HVAC Install').check();
  await shot(page, 'boards-page-items-laptop');
  await dialog.getByRole('button', { name: 'Save items' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(renamedRow).toContainText('Shows 1 picked business unit');
  const created = (await boardsOf(page)).find((b) => b.name === renamed)!;
  expect(created.itemIds).toHaveLength(1);

  // Its board shows only that business unit.
  await page.goto(`/boards/${created.id}`);
  await expect(page.getByTestId('day-card')).toHaveCount(3);
  await expect(page.getByTestId('day-card').first().getByText('HVAC Install')).toBeVisible();
  await expect(page.getByTestId('day-card').first().getByText('HVAC Service')).toHaveCount(0);

  await page.goto('/admin/boards');
  await page
    .getByRole('listitem', { name: renamed })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete board' }).click();
  await expect(page.getByRole('listitem', { name: renamed })).toHaveCount(0);
  expect((await boardsOf(page)).some((b) => b.id === created.id)).toBe(false);
});

test("the master admin manages another company's boards from the Companies page", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, demoAccounts.master);
  await page.goto('/companies');
  await page.getByRole('link', { name: 'Manage the boards of Demo Heating & Air' }).click();
  await expect(page).toHaveURL(/\/admin\/boards\?companyId=\d+$/);
  const companyId = Number(new URL(page.url()).searchParams.get('companyId'));
  await expect(page.getByLabel('Company')).toHaveValue(String(companyId));
  await expect(page.getByText('The boards of Demo Heating & Air:')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Install' })).toBeVisible();

  const demoBoards = async () => {
    const res = await page.request.get(`/api/boards?companyId=${companyId}`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as BoardList).boards.map((b) => b.name);
  };
  const name = `Head office ${unique()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create board' }).click();
  const row = page.getByRole('listitem', { name });
  await expect(row).toBeVisible();
  expect(await demoBoards()).toContain(name);
  await shot(page, 'boards-page-master-laptop');

  // Its Open link keeps the company, so the master admin sees that company's board.
  await expect(row.getByRole('link', { name: 'Open' })).toHaveAttribute(
    'href',
    new RegExp(`^/boards/\\d+\\?companyId=${companyId}$`),
  );

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete board' }).click();
  await expect(row).toHaveCount(0);
  expect(await demoBoards()).not.toContain(name);
});

test("the side menu of another company's board opens its History, Alerts and Boards for the master admin", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, demoAccounts.master);
  const companies = (await (await page.request.get('/api/companies')).json()) as {
    id: number;
    name: string;
  }[];
  const demo = companies.find((c) => c.name === 'Demo Heating & Air')!;
  const listed = await page.request.get(`/api/boards?companyId=${demo.id}`);
  const demoBoards = ((await listed.json()) as BoardList).boards;
  const first = demoBoards[0]!;
  const install = demoBoards.find((b) => b.name === 'Install')!;

  // On the Install board: History, Alerts and Boards name the company, and the board where the
  // page takes one; History opens on that company's Install board.
  await page.goto(`/boards/${install.id}?companyId=${demo.id}`);
  await page.getByTestId('menu-button').click();
  const menu = page.getByTestId('side-menu');
  const named = `companyId=${demo.id}&boardId=${install.id}`;
  await expect(menu.getByRole('link', { name: 'History' })).toHaveAttribute(
    'href',
    `/history?${named}`,
  );
  await expect(menu.getByRole('link', { name: 'Alerts' })).toHaveAttribute(
    'href',
    `/alerts?${named}`,
  );
  await expect(menu.getByRole('link', { name: 'Boards' })).toHaveAttribute(
    'href',
    `/admin/boards?companyId=${demo.id}`,
  );
  await menu.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(new RegExp(`/history\\?${named}$`));
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Company')).toHaveValue(String(demo.id));
  await expect(page.getByLabel('Board')).toHaveValue(String(install.id));

  // On its first board: Alerts shows that board's rules, as the API answers them.
  const rules = (
    (await (
      await page.request.get(`/api/alert-rules?companyId=${demo.id}&boardId=${first.id}`)
    ).json()) as { rules: { name: string }[] }
  ).rules;
  expect(rules.map((r) => r.name)).toContain('Tomorrow behind at 2 PM');
  await page.goto(`/boards/${first.id}?companyId=${demo.id}`);
  await page.getByTestId('menu-button').click();
  await page.getByTestId('side-menu').getByRole('link', { name: 'Alerts' }).click();
  await expect(page).toHaveURL(new RegExp(`/alerts\\?companyId=${demo.id}&boardId=${first.id}$`));
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Board')).toHaveValue(String(first.id));
  await expect(
    page.getByText(`Tell the office when ${first.name} is behind, full, or showing stale numbers.`),
  ).toBeVisible();
  await expect(page.getByTestId('alert-rule')).toHaveCount(rules.length);
  for (const rule of rules)
    await expect(page.getByTestId('alert-rule').filter({ hasText: rule.name })).toBeVisible();
});

test('the switcher opens another board at its own address, and / opens the board last used', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSignedInBoard(page, demoAccounts.csr);
  const boards = await boardsOf(page);
  const install = boards.find((b) => b.name === 'Install')!;
  const switcher = page.getByTestId('board-switcher').getByLabel('Board');
  await expect(switcher).toHaveValue(String(boards[0]!.id));
  await switcher.selectOption({ label: 'Install' });
  await expect(page).toHaveURL(new RegExp(`/boards/${install.id}$`));
  await expect(page.getByTestId('board-title')).toHaveText('Install Board');
  await expect(page.getByTestId('day-card')).toHaveCount(3);

  // A bookmark of / comes back to the board this person last used.
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`/boards/${install.id}$`));
  await expect(page.getByTestId('board-title')).toHaveText('Install Board');

  // A board that is not the company's goes back to / (and is forgotten).
  await page.goto('/boards/999999999');
  await expect(page).toHaveURL(`${baseURL}/`);
  await page
    .getByTestId('board-switcher')
    .getByLabel('Board')
    .selectOption({ label: boards[0]!.name });
  await expect(page).toHaveURL(new RegExp(`/boards/${boards[0]!.id}$`));
});

test('a paired TV moved to another board on the Screens page shows it at once, without pairing again', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, demoAccounts.manager);
  const name = `Moving TV ${unique()}`;
  const tv = await pairTv(browser, page, name);
  try {
    await expect(tv.page.getByTestId('day-card')).toHaveCount(3, { timeout: 20_000 });
    await expect(tv.page.getByTestId('board-title')).not.toHaveText('Install Board');
    // The TV has no switcher: a screen shows its one board.
    await expect(tv.page.getByTestId('board-switcher')).toHaveCount(0);

    await page.goto('/admin/screens');
    const row = page.getByRole('listitem', { name });
    const select = row.getByLabel('Shows board');
    await expect(select).toBeEnabled();
    const moved = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().includes('/api/screens/'),
    );
    await select.selectOption({ label: 'Install' });
    expect((await moved).status()).toBe(200);
    const movedAt = Date.now();
    // Pushed over the TV's event stream: its minutes-long poll cannot bring it this soon.
    await expect(tv.page.getByTestId('board-title')).toHaveText('Install Board', {
      timeout: 10_000,
    });
    test.info().annotations.push({
      type: 'move to shown',
      description: `${Date.now() - movedAt} ms`,
    });
    await expect(tv.page.getByTestId('pairing-view')).toHaveCount(0);
    await expect(tv.page.getByTestId('day-card')).toHaveCount(3);
    await expect(row.getByLabel('Shows board')).toHaveValue(
      String((await boardsOf(page)).find((b) => b.name === 'Install')!.id),
    );
  } finally {
    await page.request.delete(`/api/screens/${tv.screenId}`, { headers: { origin: baseURL } });
    await tv.context.close();
  }
});

test('screenshots: the board with its switcher, the Boards page and the Screens page at TV, laptop and phone sizes', async ({
  browser,
}) => {
  // Twelve full-page pictures, two of them 4K, on a machine others share.
  test.setTimeout(300_000);
  const sizes = [
    ['tv-1080p', { width: 1920, height: 1080 }],
    ['tv-4k', { width: 3840, height: 2160 }],
    ['laptop', { width: 1366, height: 768 }],
    ['phone', { width: 390, height: 844 }],
  ] as const;
  const context = await browser.newContext({ timezoneId: 'America/New_York' });
  const page = await context.newPage();
  await signInAs(page, demoAccounts.manager);
  try {
    for (const [label, viewport] of sizes) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await expect(page.getByTestId('day-card')).toHaveCount(3);
      await expect(page.getByTestId('board-switcher')).toBeVisible();
      await shot(page, `board-${label}`);
      await page.goto('/admin/boards');
      await expect(page.getByRole('listitem', { name: 'Install' })).toBeVisible();
      await shot(page, `boards-page-${label}`);
      await page.goto('/admin/screens');
      await expect(page.getByRole('heading', { name: 'Screens', level: 1 })).toBeVisible();
      await shot(page, `screens-page-${label}`);
    }
  } finally {
    await context.close();
  }
});
