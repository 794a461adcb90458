import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { BoardList } from '../../src/shared/api/boards.js';
import {
  demoAccounts,
  notifications,
  signInAs,
  signInAsNewCompanyAdmin,
  signInElsewhere,
} from './helpers.js';

/**
 * The Business Unit and Job Type Configuration pages (seed sections 2, 4, 5 and 8; issue 9),
 * against the running product and the ServiceTitan simulator. Preferences and groups are the
 * company's (decision 007), shown by every board of the company: a test that changes them signs
 * its page in as the admin of a company of its own, connected to the sample tenant (the demo
 * company's 23 job types and its business units), so the tests run side by side with the other
 * specs and with each other, and nothing needs putting back. Tests that only read use the demo
 * company's people.
 */

type Kind = 'businessUnit' | 'jobType';
const KINDS = {
  businessUnit: {
    path: '/business-units',
    title: 'Business Unit Configuration',
    api: '/api/business-unit-preferences',
    idField: 'businessUnitId',
    plural: 'Business Units',
    nameHeader: 'ServiceTitan Name',
    count: (n: number) => `(${n} units)`,
    deleteText:
      'Are you sure you want to delete this group? Business units in this group will be ungrouped.',
  },
  jobType: {
    path: '/job-types',
    title: 'Job Type Configuration',
    api: '/api/job-type-preferences',
    idField: 'jobTypeId',
    plural: 'Job Types',
    nameHeader: 'ServiceTitan Name',
    count: (n: number) => `(${n} job types)`,
    deleteText:
      'Are you sure you want to delete this group? Job types in this group will be ungrouped.',
  },
} as const;

interface Preference {
  enabled: boolean;
  customName: string | null;
  groupId: number | null;
  day1Target: number;
  day2Target: number;
  day3Target: number;
  [key: string]: unknown;
}
interface Named {
  id: number;
  name: string;
}

/** The test's page, signed in as the admin of a new company connected to the sample tenant. */
const test = base.extend<{ admin: Page }>({
  admin: async ({ page }, use) => {
    await signInAsNewCompanyAdmin(page, 'config');
    await use(page);
  },
});
test.describe.configure({ mode: 'parallel' });

/** The provider's items of a kind, as the page reads them. */
async function itemsOf(page: Page, kind: Kind): Promise<Named[]> {
  const metadata = await (await page.request.get('/api/servicetitan/metadata')).json();
  return kind === 'businessUnit' ? metadata.businessUnits : metadata.jobTypes;
}

function row(page: Page, providerName: string): Locator {
  return page
    .getByTestId('preference-row')
    .filter({ has: page.getByTestId('provider-name').getByText(providerName, { exact: true }) });
}

/** Bodies of the preference saves the page sends from now on. */
function recordSaves(page: Page, kind: Kind) {
  const saves: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(KINDS[kind].api)) {
      saves.push(request.postDataJSON() as Record<string, unknown>);
    }
  });
  return saves;
}

/** Opens a configuration page (signed in already, or as `email`). */
async function openPage(page: Page, kind: Kind, email?: string) {
  if (email) await signInAs(page, email);
  await page.goto(KINDS[kind].path);
  // The page, its provider list, preferences and groups: allow a busy machine its time.
  await expect(page.getByTestId('preference-row').first()).toBeVisible({ timeout: 30_000 });
}

/** Saves one preference and waits for the server's answer. */
async function saved(page: Page, kind: Kind, act: () => Promise<void>) {
  const response = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(KINDS[kind].api),
  );
  await act();
  expect((await response).status()).toBe(200);
  await expect(notifications(page).getByText('Preference saved successfully')).toBeVisible();
}

async function displayNames(page: Page): Promise<string[]> {
  return page.getByTestId('display-name').allTextContents();
}

for (const kind of Object.keys(KINDS) as Kind[]) {
  const k = KINDS[kind];

  test.describe(k.title, () => {
    test('shows the title, the view type card, every item of the account and a way back', async ({
      page,
    }) => {
      await openPage(page, kind, demoAccounts.manager);
      const items = await itemsOf(page, kind);
      await expect(page.getByRole('heading', { name: k.title, level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Dashboard View Type' })).toBeVisible();
      await expect(page.getByTestId('preference-row')).toHaveCount(items.length);
      await expect(page.getByRole('columnheader').first()).toHaveText(k.nameHeader);
      await expect(page.getByRole('columnheader', { name: 'Day1 Target' })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: 'Set all Days the Same' })).toBeVisible();

      // The view type is the person's own, kept in their browser, applied on change.
      const storedViewType = () => page.evaluate(() => localStorage.getItem('boardViewType'));
      for (const [label, value] of [
        ['Job Types', 'jobType'],
        ['Business Units', 'businessUnit'],
      ] as const) {
        await page.getByTestId('view-type-select').click();
        await page.getByRole('option', { name: label }).click();
        await expect(page.getByTestId('view-type-select')).toHaveText(label);
        expect(await storedViewType()).toBe(value);
      }

      await page.getByRole('link', { name: 'Back to Dashboard' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('day-card')).toHaveCount(3);
    });

    test('custom name: Enter and blur save, Escape cancels, the provider name clears it, empty saves nothing', async ({
      admin: page,
    }) => {
      await openPage(page, kind);
      const [item] = await itemsOf(page, kind);
      const r = row(page, item!.name);
      const input = r.getByTestId('custom-name-input');
      const pencil = r.getByRole('button', { name: `Edit custom name for ${item!.name}` });
      const saves = recordSaves(page, kind);

      // Editing starts from the provider's name when there is no custom name.
      await pencil.click();
      await expect(input).toHaveValue(item!.name);
      await input.fill('Front Office');
      await saved(page, kind, () => input.press('Enter'));
      await expect(r.getByTestId('display-name')).toHaveText('Front Office');
      expect(saves.at(-1)).toEqual({ [k.idField]: item!.id, customName: 'Front Office' });

      // Escape cancels.
      await pencil.click();
      await expect(input).toHaveValue('Front Office');
      await input.fill('Never saved');
      await input.press('Escape');
      await expect(input).toBeHidden();
      await expect(r.getByTestId('display-name')).toHaveText('Front Office');

      // An empty name saves nothing, and the edit ends.
      await input.isHidden();
      await pencil.click();
      await input.fill('   ');
      await expect(r.getByRole('button', { name: 'Save custom name' })).toBeDisabled();
      await input.press('Enter');
      await expect(input).toBeHidden();

      // Leaving the field saves (trimmed).
      await pencil.click();
      await input.fill('  Back Office  ');
      await saved(page, kind, () => page.getByRole('heading', { name: k.title }).click());
      await expect(r.getByTestId('display-name')).toHaveText('Back Office');
      expect(saves.at(-1)).toEqual({ [k.idField]: item!.id, customName: 'Back Office' });

      // The provider's own name stores null.
      await pencil.click();
      await input.fill(item!.name);
      await saved(page, kind, () => input.press('Enter'));
      expect(saves.at(-1)).toEqual({ [k.idField]: item!.id, customName: null });
      await expect(r.getByTestId('display-name')).toHaveText(item!.name);
      expect(saves).toHaveLength(3);

      await page.reload();
      await expect(row(page, item!.name).getByTestId('display-name')).toHaveText(item!.name);
    });

    test('day targets: Enter and blur save whole numbers above 0, Escape cancels, "Set all Days the Same"', async ({
      admin: page,
    }) => {
      await openPage(page, kind);
      const [item] = await itemsOf(page, kind);
      const r = row(page, item!.name);
      const day = (d: number) => r.getByLabel(`Day${d} Target for ${item!.name}`);
      const allSame = r.getByRole('checkbox', { name: `Set all days the same for ${item!.name}` });
      const saves = recordSaves(page, kind);

      // Values no demo target has, so each save changes something.
      await day(1).fill('61');
      await saved(page, kind, () => day(1).press('Enter'));
      expect(saves.at(-1)).toEqual({ [k.idField]: item!.id, day1Target: 61 });
      await expect(day(1)).toHaveValue('61');

      await day(2).fill('62');
      await saved(page, kind, () => day(3).focus());
      expect(saves.at(-1)).toEqual({ [k.idField]: item!.id, day2Target: 62 });

      await day(3).fill('40');
      await day(3).press('Escape');
      const before = saves.length;
      // Each refusal: nothing is saved and the stored value comes back.
      for (const refused of ['0', '', '2.5', '-3']) {
        await day(3).fill(refused);
        await day(3).press('Enter');
      }
      await expect(day(3)).not.toHaveValue('40');
      const stored = await day(3).inputValue();
      expect(Number(stored)).toBeGreaterThan(0);
      expect(saves).toHaveLength(before);

      // Days differ, so "Set all Days the Same" is unchecked; checking copies day 1.
      await expect(allSame).not.toBeChecked();
      await saved(page, kind, () => allSame.click());
      expect(saves.at(-1)).toEqual({ [k.idField]: item!.id, day2Target: 61, day3Target: 61 });
      await expect(allSame).toBeChecked();
      await expect(day(2)).toHaveValue('61');
      await expect(day(3)).toHaveValue('61');
      // Unchecking does nothing.
      await allSame.click();
      await expect(allSame).toBeChecked();
      expect(saves.at(-1)).toEqual({ [k.idField]: item!.id, day2Target: 61, day3Target: 61 });

      await page.reload();
      await expect(row(page, item!.name).getByLabel(`Day2 Target for ${item!.name}`)).toHaveValue(
        '61',
      );
    });

    test('groups: create, count, rename, choose, hide, sort both ways, and delete ungrouping members', async ({
      admin: page,
    }) => {
      await openPage(page, kind);
      const items = (await itemsOf(page, kind)).slice(0, 3);
      const groups = page.getByTestId('manage-groups');
      const newGroup = groups.getByTestId('new-group-input');
      const saveGroup = groups.getByRole('button', { name: 'Save group', exact: true });

      // Escape cancels; the save button waits for a name that is not blank.
      await groups.getByRole('button', { name: 'Create New Group' }).click();
      await expect(newGroup).toHaveAttribute('placeholder', 'Enter group name');
      await expect(saveGroup).toBeDisabled();
      await newGroup.fill('   ');
      await expect(saveGroup).toBeDisabled();
      await newGroup.fill('Never');
      await newGroup.press('Escape');
      await expect(newGroup).toBeHidden();
      await expect(groups.getByText('Existing Groups:')).toBeHidden();

      // Enter saves; creation closes and clears the input.
      for (const name of ['zeta', 'Alpha']) {
        await groups.getByRole('button', { name: 'Create New Group' }).click();
        await expect(newGroup).toHaveValue('');
        await newGroup.fill(`  ${name}  `);
        await newGroup.press('Enter');
        await expect(notifications(page).getByText('Group created successfully')).toBeVisible();
        await expect(newGroup).toBeHidden();
      }
      await expect(groups.getByText('Existing Groups:')).toBeVisible();
      await expect(groups.getByTestId('group-name')).toHaveText(['Alpha', 'zeta']);

      // Choose groups: items[0] and items[1] in zeta, items[2] ungrouped.
      for (const item of items.slice(0, 2)) {
        await row(page, item.name)
          .getByRole('combobox', { name: `Group for ${item.name}` })
          .click();
        await saved(page, kind, () => page.getByRole('option', { name: 'zeta' }).click());
      }
      const zetaRow = groups.getByTestId('group-row').filter({ hasText: 'zeta' });
      await expect(zetaRow).toContainText(k.count(2));
      await expect(groups.getByTestId('group-row').filter({ hasText: 'Alpha' })).toContainText(
        k.count(0),
      );

      // Rename inline: Escape keeps the name, Enter saves.
      await zetaRow.getByRole('button', { name: 'Rename group zeta' }).click();
      await groups.getByTestId('group-name-input').fill('Other');
      await groups.getByTestId('group-name-input').press('Escape');
      await expect(groups.getByTestId('group-name')).toHaveText(['Alpha', 'zeta']);
      await zetaRow.getByRole('button', { name: 'Rename group zeta' }).click();
      await groups.getByTestId('group-name-input').fill('Beta');
      await groups.getByTestId('group-name-input').press('Enter');
      await expect(notifications(page).getByText('Group name updated successfully')).toBeVisible();
      await expect(groups.getByTestId('group-name')).toHaveText(['Alpha', 'Beta']);

      // Sorting by group: ungrouped last ascending, first descending.
      const all = await itemsOf(page, kind);
      await page.getByRole('button', { name: 'Sort by Group' }).click();
      const grouped = new Set(items.slice(0, 2).map((i) => i.name));
      let names = await page.getByTestId('provider-name').allTextContents();
      expect(names.slice(0, 2).every((n) => grouped.has(n))).toBe(true);
      expect(names.slice(2).some((n) => grouped.has(n))).toBe(false);
      await page.getByRole('button', { name: 'Sort by Group' }).click();
      names = await page.getByTestId('provider-name').allTextContents();
      expect(names.slice(-2).every((n) => grouped.has(n))).toBe(true);
      expect(names).toHaveLength(all.length);

      // Sorting by name: case-insensitive on the display name, both directions.
      await page.getByRole('button', { name: 'Sort by Custom Name' }).click();
      const ascending = [...all.map((i) => i.name)].sort((a, b) =>
        a.toLowerCase().localeCompare(b.toLowerCase()),
      );
      expect(await displayNames(page)).toEqual(ascending);
      await page.getByRole('button', { name: 'Sort by Custom Name' }).click();
      expect(await displayNames(page)).toEqual([...ascending].reverse());

      // Hiding fades the row and locks its group select.
      const hidden = row(page, items[2]!.name);
      await saved(page, kind, () =>
        hidden.getByRole('checkbox', { name: `Show ${items[2]!.name}` }).click(),
      );
      await expect(hidden).toHaveClass(/opacity-50/);
      await expect(
        hidden.getByRole('combobox', { name: `Group for ${items[2]!.name}` }),
      ).toBeDisabled();

      // "No group" ungroups one member.
      const first = row(page, items[0]!.name);
      await first.getByRole('combobox', { name: `Group for ${items[0]!.name}` }).click();
      await saved(page, kind, () => page.getByRole('option', { name: 'No group' }).click());
      await expect(groups.getByTestId('group-row').filter({ hasText: 'Beta' })).toContainText(
        k.count(1),
      );

      // Delete asks with the seed's words; cancelling keeps the group.
      const betaRow = groups.getByTestId('group-row').filter({ hasText: 'Beta' });
      await betaRow.getByRole('button', { name: 'Delete group Beta' }).click();
      await expect(page.getByRole('alertdialog')).toContainText(k.deleteText);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(groups.getByTestId('group-name')).toHaveText(['Alpha', 'Beta']);
      await betaRow.getByRole('button', { name: 'Delete group Beta' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect(notifications(page).getByText('Group deleted successfully')).toBeVisible();
      await expect(groups.getByTestId('group-name')).toHaveText(['Alpha']);
      const member = row(page, items[1]!.name);
      await expect(
        member.getByRole('combobox', { name: `Group for ${items[1]!.name}` }),
      ).toHaveText('No group');
      await page.reload();
      await expect(
        row(page, items[1]!.name).getByRole('combobox', { name: `Group for ${items[1]!.name}` }),
      ).toHaveText('No group');
    });
  });
}

test('states: spinner, no credentials, load error and an empty account', async ({ page }) => {
  await signInAs(page, demoAccounts.manager);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/provider/metadata', async (route) => {
    await held;
    await route.fulfill({
      json: { hasCredentials: false, error: null, businessUnits: [], jobTypes: [] },
    });
  });
  await page.goto('/business-units');
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'No ServiceTitan Credentials' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.unroute('**/api/provider/metadata');
  await page.route('**/api/provider/metadata', (route) =>
    route.fulfill({
      json: {
        hasCredentials: true,
        error: 'ServiceTitan refused the credentials (401).',
        businessUnits: [],
        jobTypes: [],
      },
    }),
  );
  await page.goto('/job-types');
  await expect(page.getByRole('heading', { name: 'Error Loading Job Types' })).toBeVisible();
  await expect(page.getByText('ServiceTitan refused the credentials (401).')).toBeVisible();

  await page.unroute('**/api/provider/metadata');
  await page.route('**/api/provider/metadata', (route) =>
    route.fulfill({ json: { hasCredentials: true, error: null, businessUnits: [], jobTypes: [] } }),
  );
  await page.goto('/business-units');
  await expect(page.getByRole('heading', { name: 'No Business Units Found' })).toBeVisible();
  await page.goto('/job-types');
  await expect(page.getByRole('heading', { name: 'No Job Types Found' })).toBeVisible();
});

test('many items: the header stays in view while the table scrolls, and search filters rows', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 700 });
  await openPage(page, 'jobType', demoAccounts.manager);
  const items = await itemsOf(page, 'jobType');
  const scroller = page.getByTestId('preference-table-scroll');
  await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
  const [header, box] = await Promise.all([
    page.getByRole('columnheader', { name: 'ServiceTitan Name' }).boundingBox(),
    scroller.boundingBox(),
  ]);
  expect(await scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  expect(Math.abs(header!.y - box!.y)).toBeLessThan(2);

  const target = items[items.length - 1]!;
  await page.getByLabel('Search job types').fill(target.name.slice(0, 6).toUpperCase());
  const shown = await page.getByTestId('provider-name').allTextContents();
  expect(shown).toContain(target.name);
  expect(shown.length).toBeLessThan(items.length);
  for (const name of shown)
    expect(name.toLowerCase()).toContain(target.name.slice(0, 6).toLowerCase());
  await page.getByLabel('Search job types').fill('no such job type at all');
  await expect(page.getByTestId('preference-row')).toHaveCount(0);
});

test('a plain user sees both pages read-only, with the reason', async ({ page }) => {
  for (const kind of Object.keys(KINDS) as Kind[]) {
    await openPage(page, kind, demoAccounts.csr);
    await expect(page.getByTestId('read-only-reason')).toContainText(
      'Only an administrator of your company can change this.',
    );
    await expect(page.getByRole('button', { name: 'Create New Group' })).toBeDisabled();
    await expect(page.getByRole('button', { name: /^Edit custom name/ })).toHaveCount(0);
    const first = page.getByTestId('preference-row').first();
    await expect(first.getByRole('checkbox').first()).toBeDisabled();
    await expect(first.getByRole('combobox')).toBeDisabled();
    await expect(first.getByRole('spinbutton').first()).toBeDisabled();
  }
});

test('a saved preference shows on the board at once, without a reload', async ({ admin: page }) => {
  await openPage(page, 'businessUnit');
  const [item] = await itemsOf(page, 'businessUnit');
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(
    page.getByTestId('capacity-row').filter({ hasText: item!.name }).first(),
  ).toBeVisible();
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Business Unit Configuration' }).click();
  const r = row(page, item!.name);
  await r.getByRole('button', { name: `Edit custom name for ${item!.name}` }).click();
  await r.getByTestId('custom-name-input').fill('Renamed On Board');
  await saved(page, 'businessUnit', () => r.getByTestId('custom-name-input').press('Enter'));
  await r.getByLabel(`Day1 Target for ${item!.name}`).fill('77');
  await saved(page, 'businessUnit', () =>
    r.getByLabel(`Day1 Target for ${item!.name}`).press('Enter'),
  );

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  const firstDay = page.getByTestId('day-card').first();
  const boardRow = firstDay.getByTestId('capacity-row').filter({ hasText: 'Renamed On Board' });
  await expect(boardRow).toBeVisible();
  await expect(boardRow).toContainText('77');
  await expect(page.getByTestId('capacity-row').filter({ hasText: item!.name })).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);
});

test('grouping the 23 job types makes the 1080p board readable across a room', async ({
  admin: page,
}) => {
  test.setTimeout(180_000);
  await page.evaluate(() => localStorage.setItem('boardViewType', 'jobType'));
  await page.setViewportSize({ width: 1920, height: 1080 });
  const items = await itemsOf(page, 'jobType');
  expect(items).toHaveLength(23);

  const rowTextPx = async () => {
    await expect(page.getByTestId('day-card')).toHaveCount(3);
    await expect(page.getByTestId('capacity-row').first()).toBeVisible();
    return page
      .getByTestId('capacity-row')
      .first()
      .locator('td')
      .first()
      .evaluate((cell) => Number.parseFloat(getComputedStyle(cell).fontSize));
  };
  await page.goto('/');
  await expect(page.getByTestId('day-card').first().getByTestId('capacity-row')).toHaveCount(23);
  const before = await rowTextPx();

  // Four groups made on the page; every job type goes into one, two are hidden.
  await page.goto('/job-types');
  const names = ['Installs', 'Maintenance', 'Repairs', 'Sales'];
  for (const name of names) {
    await page.getByRole('button', { name: 'Create New Group' }).click();
    await page.getByTestId('new-group-input').fill(name);
    await page.getByTestId('new-group-input').press('Enter');
    await expect(page.getByTestId('group-name').filter({ hasText: name })).toBeVisible();
  }
  // The first four are grouped through the page; the rest through the same API the page calls.
  for (const [i, item] of items.slice(0, 4).entries()) {
    await row(page, item.name)
      .getByRole('combobox', { name: `Group for ${item.name}` })
      .click();
    await saved(page, 'jobType', () => page.getByRole('option', { name: names[i] }).click());
  }
  const groups = (await (
    await page.request.get('/api/item-groups?type=jobType')
  ).json()) as Named[];
  for (const [i, item] of items.slice(4, -2).entries()) {
    const response = await page.request.post('/api/job-type-preferences', {
      data: { jobTypeId: item.id, groupId: groups[i % groups.length]!.id },
    });
    expect(response.ok()).toBe(true);
  }
  for (const item of items.slice(-2)) {
    await page.reload();
    await saved(page, 'jobType', () =>
      row(page, item.name)
        .getByRole('checkbox', { name: `Show ${item.name}` })
        .click(),
    );
  }

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page.getByTestId('day-card').first().getByTestId('capacity-row')).toHaveCount(4);
  const after = await rowTextPx();
  console.log(`1080p board row text: ${before}px with 23 job types, ${after}px after grouping`);
  test.info().annotations.push({
    type: 'row text px',
    description: `before ${before}, after ${after}`,
  });
  expect(after).toBeGreaterThanOrEqual(20);
  expect(after).toBeGreaterThan(before);
});

test('a column is set for every listed row at once (issue 25)', async ({ admin: page }) => {
  await openPage(page, 'jobType');
  const items = await itemsOf(page, 'jobType');
  const allRow = page.getByTestId('set-for-all-row');
  await expect(allRow).toContainText(`For all ${items.length} shown`);

  const preferences = async () =>
    (await (await page.request.get(KINDS.jobType.api)).json()) as Preference[];
  const day1 = allRow.getByLabel(/^Day1 Target for all/);
  await day1.fill('9');
  await day1.press('Enter');
  await expect(notifications(page).getByText('Preference saved successfully')).toBeVisible();
  await expect
    .poll(async () => {
      const saved = await preferences();
      return items.every((item) => saved.find((p) => p.jobTypeId === item.id)?.day1Target === 9);
    })
    .toBe(true);
  for (const item of items.slice(0, 3))
    await expect(row(page, item.name).getByLabel(`Day1 Target for ${item.name}`)).toHaveValue('9');
  await expect(day1).toHaveValue('');
});

test('on a phone the table scrolls inside its card instead of being cut off', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, 'businessUnit', demoAccounts.manager);
  // The page itself never scrolls sideways; the table does, inside its card.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const scroller = page.getByTestId('preference-table-scroll');
  const box = (await scroller.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  // Scrolled to its end, the table's last column is on the phone's screen. (Scrolled again on
  // each look: the table may still widen as its last queries answer, as it did once in CI.)
  const last = page.getByRole('columnheader', { name: 'Set all Days the Same' });
  await expect
    .poll(async () => {
      await scroller.evaluate((el) => (el.scrollLeft = el.scrollWidth));
      const lastBox = (await last.boundingBox())!;
      return lastBox.x + lastBox.width;
    })
    .toBeLessThanOrEqual(390 + 1);
  await page.screenshot({ path: 'test-results/newcomer-shots/business-units-phone.png' });
});

test("the master admin changes a company's target from its board's side menu, and the company's admin sees it", async ({
  admin: page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { companyId } = (await (await page.request.get('/api/auth/user')).json()) as {
    companyId: number;
  };
  const [item] = await itemsOf(page, 'businessUnit');
  const target = (p: Page) => row(p, item!.name).getByLabel(`Day1 Target for ${item!.name}`);

  const master = await signInElsewhere(browser, baseURL!, demoAccounts.master);
  try {
    const m = master.page;
    const { boards } = (await (
      await m.request.get(`/api/boards?companyId=${companyId}`)
    ).json()) as BoardList;
    // The company's board, as the master admin opens it from the companies they manage.
    await m.goto(`/boards/${boards[0]!.id}?companyId=${companyId}`);
    await m.getByTestId('menu-button').click();
    const link = m.getByTestId('side-menu').getByRole('link', {
      name: 'Business Unit Configuration',
    });
    await expect(link).toHaveAttribute('href', `/business-units?companyId=${companyId}`);
    await expect(
      m.getByTestId('side-menu').getByRole('link', { name: 'Job Type Configuration' }),
    ).toHaveAttribute('href', `/job-types?companyId=${companyId}`);
    await link.click();

    // That company's page: its Company choice, its items, and the way back to its board.
    await expect(m).toHaveURL(new RegExp(`/business-units\\?companyId=${companyId}$`));
    await expect(m.getByLabel('Company')).toHaveValue(String(companyId));
    await expect(m.getByTestId('read-only-reason')).toHaveCount(0);
    await expect(m.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
      'href',
      `/?companyId=${companyId}`,
    );
    await expect(target(m)).toBeEnabled({ timeout: 30_000 });
    await target(m).fill('83');
    const save = m.waitForResponse(
      (r) =>
        r.request().method() === 'POST' &&
        r.url().endsWith(`/api/business-unit-preferences?companyId=${companyId}`),
    );
    await target(m).press('Enter');
    expect((await save).status()).toBe(200);
    await expect(notifications(m).getByText('Preference saved successfully')).toBeVisible();
    await expect(target(m)).toHaveValue('83');
  } finally {
    await master.context.close();
  }

  // The company's own admin sees the master admin's change on their page and their board.
  await openPage(page, 'businessUnit');
  await expect(target(page)).toHaveValue('83');
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  const boardRow = page
    .getByTestId('day-card')
    .first()
    .getByTestId('capacity-row')
    .filter({ hasText: item!.name });
  await expect(boardRow).toContainText('83');
});
