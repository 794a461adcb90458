import { expect, test, type Page } from '@playwright/test';
import type { DashboardSettings } from '../../src/shared/settings/dashboard-settings.js';
import { demoAccounts, signInAs } from './helpers.js';

/** Settings that interact with the live board: time zone, workdays, view type, who may edit. */

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Dashboard Settings' });
  await expect(panel).toBeVisible();
  return panel;
}

async function storedSettings(page: Page): Promise<Partial<DashboardSettings>> {
  return page.evaluate(
    () => JSON.parse(localStorage.getItem('dashboardSettings') ?? '{}') as DashboardSettings,
  );
}

test.describe('the live preview', () => {
  // A browser in UTC with the default ZIP (34211, Florida): the board adopts New York's zone.
  test.use({ timezoneId: 'UTC' });

  test("adopts the ZIP's time zone on opening, but keeps a zone chosen by hand", async ({
    page,
  }) => {
    await page.goto('/customize');
    await expect(page.getByTestId('current-weather')).toContainText('°F');
    await expect.poll(async () => (await storedSettings(page)).timezone).toBe('America/New_York');

    const panel = await openSettings(page);
    await panel.getByRole('button', { name: /^Schedule/ }).click();
    await panel.getByLabel('Time zone').click();
    await page.getByRole('option', { name: /Central/ }).click();
    await expect(panel.getByLabel('Time zone')).toContainText('Central');

    // The weather answers again (10-minute refresh, or a reload): the choice stays.
    await page.reload();
    await expect(page.getByTestId('current-weather')).toContainText('°F');
    await page.waitForTimeout(500);
    expect((await storedSettings(page)).timezone).toBe('America/Chicago');
  });

  test('the last working day cannot be unchecked', async ({ page }) => {
    await page.goto('/customize');
    const panel = await openSettings(page);
    await panel.getByRole('button', { name: /^Schedule/ }).click();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday']) {
      await panel.getByRole('checkbox', { name: day, exact: true }).click();
    }
    const friday = panel.getByRole('checkbox', { name: 'Friday', exact: true });
    await expect(friday).toBeChecked();
    await expect(friday).toBeDisabled();
    await panel.getByRole('checkbox', { name: 'Saturday', exact: true }).click();
    await expect(friday).toBeEnabled();
    await panel.getByRole('button', { name: 'Save Settings' }).click();
    // Three cards of Fridays and Saturdays only.
    const weekdays = await page.getByTestId('day-weekday').allTextContents();
    expect(weekdays).toHaveLength(3);
    for (const day of weekdays) expect(['Friday', 'Saturday']).toContain(day);
  });

  test('a header logo that is not an image is refused with an alert', async ({ page }) => {
    await page.goto('/customize');
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('logo-button').click();
    await (
      await chooser
    ).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => alerts).toEqual(['Please choose an image file']);
    expect((await storedSettings(page)).logoUrl).toBeUndefined();
  });
});

test.describe('the signed-in board', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('switching the view type back reloads the numbers of the earlier view', async ({ page }) => {
    await signInAs(page, demoAccounts.manager);
    await page.goto('/');
    await expect(page.getByTestId('capacity-row').first()).toBeVisible();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/capacity'))
        asked.push((request.postDataJSON() as { viewType: string }).viewType);
    });

    const panel = await openSettings(page);
    await panel.getByLabel('View type').click();
    await page.getByRole('option', { name: 'Job Types' }).click();
    await expect.poll(() => asked).toEqual(['jobType']);
    await panel.getByLabel('View type').click();
    await page.getByRole('option', { name: 'Business Units' }).click();
    await expect.poll(() => asked).toEqual(['jobType', 'businessUnit']);
  });

  test('a plain user cannot unlock the board into editing', async ({ page }) => {
    await signInAs(page, demoAccounts.csr);
    await page.goto('/');
    await expect(page.getByTestId('day-card')).toHaveCount(3);
    // No lock to toggle (issue 12): nothing would become editable for them.
    await expect(page.getByRole('button', { name: 'Unlock Dashboard' })).toHaveCount(0);

    await page.getByTestId('board-title').click();
    await expect(page.getByTestId('title-input')).toHaveCount(0);
    const date = page.getByTestId('day-date').first();
    await expect(date).toBeDisabled();
    await page.getByTestId('zip-display').click({ force: true });
    await expect(page.getByTestId('zip-input')).toHaveCount(0);
  });
});
