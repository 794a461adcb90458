import { expect, test } from '@playwright/test';
import { demoAccounts, signInAs } from './helpers.js';

const WELCOME =
  'Welcome to the Live Preview! This dashboard is fully customizable. Try clicking the settings icon to personalize colors, fonts, branding, and more. All changes are saved to your browser.';

test.describe('the live preview (/customize)', () => {
  test('shows sample data for business units, and the welcome banner only once', async ({
    page,
  }) => {
    await page.goto('/customize');
    await expect(page.getByTestId('welcome-banner')).toHaveText(WELCOME);
    await expect(page.getByTestId('day-card')).toHaveCount(3);
    const names = await page
      .getByTestId('day-card')
      .first()
      .getByTestId('capacity-row')
      .locator('td:first-child')
      .allTextContents();
    expect(names).toEqual(['Commercial', 'Residential']);

    await page.reload();
    await expect(page.getByTestId('day-card')).toHaveCount(3);
    await expect(page.getByTestId('welcome-banner')).toHaveCount(0);
  });

  test('anonymous visitors get only Settings, the theme toggle and Sign In', async ({ page }) => {
    await page.goto('/customize');
    await expect(page.getByTestId('lock-button')).toHaveCount(0);
    await expect(page.getByTestId('help-button')).toHaveCount(0);
    await page.getByTestId('menu-button').click();
    const buttons = page.getByTestId('side-menu').getByRole('button');
    await expect(buttons).toHaveText(['Settings', 'Light Mode', 'Sign In']);
    await expect(page.getByTestId('side-menu').getByRole('link')).toHaveCount(0);
  });

  test('a signed-in visitor keeps their own menu on the preview, without lock and help', async ({
    page,
  }) => {
    await signInAs(page, demoAccounts.csr);
    await page.goto('/customize');
    await expect(page.getByTestId('day-card')).toHaveCount(3);
    await expect(page.getByTestId('lock-button')).toHaveCount(0);
    await page.getByTestId('menu-button').click();
    const menu = page.getByTestId('side-menu');
    // A plain user: nothing that would only answer "Unauthorized" (issue 25); Alerts, which
    // members may open (issue 33 item 7).
    await expect(menu.getByRole('button')).toHaveText(['Settings', 'Light Mode', 'Logout']);
    await expect(menu.getByRole('link')).toHaveText([
      'Business Unit Configuration',
      'Job Type Configuration',
      'History',
      'Alerts',
    ]);
  });

  test('a logo over 2 MB is refused with the seed alert', async ({ page }) => {
    await page.goto('/customize');
    const message = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.dismiss();
      }),
    );
    await page.getByTestId('logo-input').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 1),
    });
    expect(await message).toBe('Logo file size must be less than 2MB');
    await expect(page.getByRole('img', { name: 'Company logo' })).toHaveCount(0);

    await page.getByTestId('logo-input').setInputFiles({
      name: 'small.png',
      mimeType: 'image/png',
      // A 1x1 transparent PNG.
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
        'base64',
      ),
    });
    await expect(page.getByRole('img', { name: 'Company logo' })).toBeVisible();
  });
});
