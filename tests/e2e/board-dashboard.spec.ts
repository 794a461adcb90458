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

    // Locking cancels an edit in progress.
    await page.getByTestId('board-title').click();
    await expect(page.getByTestId('title-input')).toBeVisible();
    await page.getByTestId('title-input').fill('Half typed');
    await page.getByRole('button', { name: 'Lock Dashboard' }).click();
    await expect(page.getByTestId('title-input')).toHaveCount(0);
    await expect(page.getByTestId('board-title')).toHaveText('3-Day Call Board');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Unlock Dashboard' })).toBeVisible();
  });

  test('date cycles through the five formats when unlocked, for every card, and is remembered', async ({
    page,
  }) => {
    await openSignedInBoard(page);
    await unlock(page);
    const date = page.getByTestId('day-date').first();
    const patterns = [
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/, // MMM d, yyyy (default)
      /^\d{2}\/\d{2}\/\d{4}$/, // MM/dd/yyyy
      /^\d{4}-\d{2}-\d{2}$/, // yyyy-MM-dd
      /^[A-Z][a-z]+ \d{1,2}, \d{4}$/, // MMMM d, yyyy
      /^[A-Z][a-z]+day, [A-Z][a-z]{2} \d{1,2}$/, // EEEE, MMM d
    ];
    await expect(date).toHaveText(patterns[0]!);
    for (const pattern of [...patterns.slice(1), patterns[0]!]) {
      await date.click();
      await expect(date).toHaveText(pattern);
    }
    await date.click();
    await expect(page.getByTestId('day-date').nth(2)).toHaveText(patterns[1]!);
    await page.reload();
    await expect(page.getByTestId('day-date').first()).toHaveText(patterns[1]!);
  });

  test('title: Enter saves trimmed text, blank is not saved, Escape reverts', async ({ page }) => {
    await openSignedInBoard(page);
    await unlock(page);
    const title = page.getByTestId('board-title');
    const input = page.getByTestId('title-input');

    await title.click();
    await input.fill('   Dispatch Wall   ');
    await input.press('Enter');
    await expect(title).toHaveText('Dispatch Wall');

    await title.click();
    await input.fill('    ');
    await input.press('Enter');
    await expect(title).toHaveText('Dispatch Wall');

    await title.click();
    await input.fill('Something else');
    await input.press('Escape');
    await expect(title).toHaveText('Dispatch Wall');

    await title.click();
    await input.fill('Saved on blur');
    await page.getByTestId('board-footer').click({ position: { x: 5, y: 5 } });
    await expect(title).toHaveText('Saved on blur');

    await page.reload();
    await expect(title).toHaveText('Saved on blur');

    // From the keyboard: the title is a button inside the heading.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saved on blur');
    await page.getByRole('button', { name: 'Saved on blur, click to rename' }).focus();
    await page.keyboard.press('Enter');
    await expect(input).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(title).toHaveText('Saved on blur');
  });

  test('ZIP: digits only, at most five, saved only when complete', async ({ page }) => {
    await openSignedInBoard(page);
    await unlock(page);
    const zip = page.getByTestId('zip-display');
    const input = page.getByTestId('zip-input');
    await expect(zip).toHaveText('34211');

    await zip.click();
    await input.fill('');
    await input.pressSequentially('9a0-2');
    await expect(input).toHaveValue('902');
    await input.press('Enter');
    await expect(zip).toHaveText('34211');

    await zip.click();
    await input.fill('');
    await input.pressSequentially('6060112');
    await expect(input).toHaveValue('60601');
    await input.press('Enter');
    await expect(zip).toHaveText('60601');

    await zip.click();
    await input.fill('');
    await input.pressSequentially('10001');
    await input.press('Escape');
    await expect(zip).toHaveText('60601');

    await page.reload();
    await expect(page.getByTestId('zip-display')).toHaveText('60601');
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
      'Subscription',
      'Logout',
    ]) {
      await expect(
        menu.getByRole(
          name.includes('Configuration') || name === 'Manage Users' ? 'link' : 'button',
          { name },
        ),
      ).toBeVisible();
    }
    await expect(menu.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  });
});
