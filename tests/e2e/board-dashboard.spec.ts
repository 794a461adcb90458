import { expect, test, type Page } from '@playwright/test';
import { openSignedInBoard } from './helpers.js';

async function unlock(page: Page) {
  await page.getByRole('button', { name: 'Unlock Dashboard' }).click();
  await expect(page.getByRole('button', { name: 'Lock Dashboard' })).toBeVisible();
}

test.describe('the signed-in board', () => {
  test('shows three working days with numbers, a gauge and totals', async ({ page }) => {
    await openSignedInBoard(page);
    const cards = page.getByTestId('day-card');
    for (let i = 0; i < 3; i++) {
      const card = cards.nth(i);
      await expect(card.getByTestId('day-weekday')).toHaveText(
        /^(Monday|Tuesday|Wednesday|Thursday|Friday)$/,
      );
      await expect(card.getByTestId('capacity-gauge')).toBeVisible();
      await expect(card.getByTestId('capacity-row').first()).toBeVisible();
      await expect(card.getByTestId('capacity-row').first()).toContainText(/\d+%$/);
      await expect(card.getByTestId('capacity-totals')).toContainText(/^Total\d+\d+\d+%$/);
    }
    await expect(page.getByTestId('data-age')).toHaveText(/^Data fetched /);
    await expect(page.getByTestId('last-updated')).toHaveText(
      /^Last updated: \d{1,2}:\d{2} [AP]M$/,
    );
  });

  test('sorts every table by the clicked column, flipping on a second click', async ({ page }) => {
    await openSignedInBoard(page);
    const card = page.getByTestId('day-card').first();
    const scheduled = card.getByRole('columnheader', { name: 'Scheduled' });
    const valuesOf = async () =>
      (await card.getByTestId('capacity-row').locator('td:nth-child(2)').allTextContents()).map(
        Number,
      );

    await scheduled.getByRole('button').click();
    await expect(scheduled).toHaveAttribute('aria-sort', 'ascending');
    const ascending = await valuesOf();
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    await scheduled.getByRole('button').click();
    await expect(scheduled).toHaveAttribute('aria-sort', 'descending');
    const descending = await valuesOf();
    expect(descending).toEqual([...descending].sort((a, b) => b - a));

    const names = card.getByRole('columnheader', { name: 'Name' });
    await names.getByRole('button').click();
    await expect(names).toHaveAttribute('aria-sort', 'ascending');
    const rowNames = await card
      .getByTestId('capacity-row')
      .locator('td:first-child')
      .allTextContents();
    expect(rowNames).toEqual(
      [...rowNames].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })),
    );
  });

  test('is locked by default; the lock survives a reload and blocks title, date and ZIP edits', async ({
    page,
  }) => {
    await openSignedInBoard(page);
    const date = page.getByTestId('day-date').first();
    const before = await date.textContent();

    // Locked controls are disabled; a click (forced, as a person's click would land) changes nothing.
    await page.getByTestId('board-title').click();
    await expect(page.getByTestId('title-input')).toHaveCount(0);
    await expect(date).toBeDisabled();
    await date.click({ force: true });
    await expect(date).toHaveText(before ?? '');
    await page.getByTestId('zip-display').click({ force: true });
    await expect(page.getByTestId('zip-input')).toHaveCount(0);

    await unlock(page);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Lock Dashboard' })).toBeVisible();

    // Locking cancels an edit in progress: the title stays what it was (with no title of its
    // own, the company's name: issue 33 item 4).
    const title = (await page.getByTestId('board-title').textContent())!;
    await page.getByTestId('board-title').click();
    await expect(page.getByTestId('title-input')).toBeVisible();
    await page.getByTestId('title-input').fill('Half typed');
    await page.getByRole('button', { name: 'Lock Dashboard' }).click();
    await expect(page.getByTestId('title-input')).toHaveCount(0);
    await expect(page.getByTestId('board-title')).toHaveText(title);
    expect(title).not.toBe('Half typed');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Unlock Dashboard' })).toBeVisible();
  });

  test('theme: dark by default, the menu switches it, and the choice survives a reload', async ({
    page,
  }) => {
    await openSignedInBoard(page);
    const html = page.locator('html');
    await expect(html).toHaveClass(/\bdark\b/);
    await page.getByTestId('menu-button').click();
    await page.getByRole('button', { name: 'Light Mode' }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.getByTestId('day-card')).toHaveCount(3);
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('the side menu offers the signed-in items', async ({ page }) => {
    await openSignedInBoard(page);
    await page.getByTestId('menu-button').click();
    const menu = page.getByTestId('side-menu');
    for (const name of [
      'Settings',
      'Unlock Dashboard',
      'Show Help',
      'Light Mode',
      'Business Unit Configuration',
      'Job Type Configuration',
      'Manage Users',
      'History',
      'Subscription',
      'Logout',
    ]) {
      await expect(
        menu.getByRole(
          name.includes('Configuration') || name === 'Manage Users' || name === 'History'
            ? 'link'
            : 'button',
          { name },
        ),
      ).toBeVisible();
    }
    await expect(menu.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  });
});
