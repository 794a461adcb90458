import { expect, test, type Page } from '@playwright/test';
import type { DashboardSettings } from '../../src/shared/settings/dashboard-settings.js';

// Each test signs in and changes nothing another test reads: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

/**
 * The Dashboard Settings panel as the signed-out live preview uses it (/customize may edit the
 * browser's own settings): every change applies at once and is kept in local storage.
 */

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Dashboard Settings' });
  await expect(panel).toBeVisible();
  return panel;
}

/** What the browser stored (the panel writes nothing until the first change). */
async function storedSettings(page: Page): Promise<DashboardSettings> {
  return page.evaluate(
    () => JSON.parse(localStorage.getItem('dashboardSettings') ?? '{}') as DashboardSettings,
  );
}

test.beforeEach(async ({ page }) => {
  await page.goto('/customize');
  await expect(page.getByTestId('board-header')).toBeVisible();
});

test('opens with three sections, Capacity & Weather expanded, and both Save Settings and the overlay close it', async ({
  page,
}) => {
  const panel = await openSettings(page);
  for (const name of ['Capacity & Weather', 'Schedule', 'Appearance']) {
    await expect(panel.getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await expect(panel.getByRole('button', { name: /^Capacity & Weather/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(panel.getByRole('button', { name: /^Schedule/ })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(panel.getByText('Read-Only Mode', { exact: false })).toHaveCount(0);

  await panel.getByRole('button', { name: 'Save Settings' }).click();
  await expect(panel).toBeHidden();

  await openSettings(page);
  // The overlay covers the board to the left of the sheet.
  await page.mouse.click(20, 450);
  await expect(page.getByRole('dialog', { name: 'Dashboard Settings' })).toBeHidden();
});

test('target capacity is clamped to 0-100 while typing and an empty field resets to its default on blur', async ({
  page,
}) => {
  const panel = await openSettings(page);
  const day1 = panel.getByLabel('Day 1 target capacity');
  const day2 = panel.getByLabel('Day 2 target capacity');

  await day1.fill('150');
  await expect(day1).toHaveValue('100');
  expect((await storedSettings(page)).targetCapacity.day1).toBe(100);

  await day1.fill('-20');
  await expect(day1).toHaveValue('0');
  await day1.fill('65');
  await day1.blur();
  await expect(day1).toHaveValue('65');

  await day2.fill('');
  await expect(day2).toHaveValue('');
  await day2.blur();
  await expect(day2).toHaveValue('80');
  expect((await storedSettings(page)).targetCapacity).toEqual({ day1: 65, day2: 80, day3: 70 });
});

test('hot and cold thresholds stay disabled until weather color coding is on; unparseable falls back to 83/35', async ({
  page,
}) => {
  const panel = await openSettings(page);
  const hot = panel.getByLabel('Hot threshold (°F)');
  const cold = panel.getByLabel('Cold threshold (°F)');
  await expect(hot).toBeDisabled();
  await expect(cold).toBeDisabled();

  await panel.getByRole('switch', { name: 'Weather color coding' }).click();
  await expect(hot).toBeEnabled();
  await expect(cold).toBeEnabled();

  await hot.fill('95');
  await cold.fill('28');
  expect((await storedSettings(page)).weatherThresholds).toEqual({ hotTemp: 95, coldTemp: 28 });
  await hot.fill('');
  await hot.blur();
  await expect(hot).toHaveValue('83');
  expect((await storedSettings(page)).useWeatherColors).toBe(true);

  await panel.getByRole('switch', { name: 'Weather color coding' }).click();
  await expect(hot).toBeDisabled();
});

test('the ZIP code keeps digits only and is saved only at exactly 5', async ({ page }) => {
  const panel = await openSettings(page);
  const zip = panel.getByLabel('ZIP code');
  await zip.fill('9a8-7');
  await expect(zip).toHaveValue('987');
  expect((await storedSettings(page)).zipCode ?? '34211').toBe('34211');
  await zip.fill('90210');
  await expect(zip).toHaveValue('90210');
  expect((await storedSettings(page)).zipCode).toBe('90210');
});

test('a header gradient starts blue to purple, holds 2 to 5 stops, and disables the solid header color', async ({
  page,
}) => {
  const panel = await openSettings(page);
  await panel.getByRole('button', { name: /^Appearance/ }).click();
  const headerBg = panel.getByLabel('Header background hex code');
  await expect(headerBg).toBeEnabled();

  await panel.getByRole('switch', { name: 'Header gradient' }).click();
  await expect(headerBg).toBeDisabled();
  const editor = panel.getByTestId('settings-header-gradient-editor');
  const stops = editor.getByTestId('settings-header-gradient-stop');
  await expect(stops).toHaveCount(2);
  await expect(editor.getByLabel('Stop 1 position (%)')).toHaveValue('0');
  await expect(editor.getByLabel('Stop 2 position (%)')).toHaveValue('100');
  // Remove is offered only above 2 stops.
  await expect(editor.getByRole('button', { name: /^Remove stop/ })).toHaveCount(0);
  expect((await storedSettings(page)).appearance.headerGradient.colors).toEqual([
    { color: '#3b82f6', position: 0 },
    { color: '#8b5cf6', position: 100 },
  ]);

  const add = editor.getByRole('button', { name: 'Add color stop' });
  await add.click();
  await expect(editor.getByLabel('Stop 3 position (%)')).toHaveValue('50');
  await add.click();
  await add.click();
  await expect(stops).toHaveCount(5);
  await expect(add).toHaveCount(0);
  expect((await storedSettings(page)).appearance.headerGradient.colors[4]).toEqual({
    color: '#ffffff',
    position: 50,
  });

  await editor.getByRole('button', { name: 'Remove stop 5' }).click();
  await editor.getByRole('button', { name: 'Remove stop 4' }).click();
  await editor.getByRole('button', { name: 'Remove stop 3' }).click();
  await expect(stops).toHaveCount(2);
  await expect(editor.getByRole('button', { name: /^Remove stop/ })).toHaveCount(0);

  // Angle 0-360; positions 0-100.
  await editor.getByLabel('Angle (°)').fill('500');
  await editor.getByLabel('Stop 2 position (%)').fill('140');
  const gradient = (await storedSettings(page)).appearance.headerGradient;
  expect(gradient.angle).toBe(360);
  expect(gradient.colors[1]?.position).toBe(100);

  // The live preview and the board header both show it.
  await expect(editor.getByTestId('settings-header-gradient-preview')).toHaveCSS(
    'background-image',
    /linear-gradient\(.*rgb\(59, 130, 246\).*rgb\(139, 92, 246\)/,
  );
  await expect(page.getByTestId('board-header')).toHaveCSS('background-image', /linear-gradient/);
});

test('the font picker searches the families, says "No font found." when none match, and applies the choice', async ({
  page,
}) => {
  const panel = await openSettings(page);
  await panel.getByRole('button', { name: /^Appearance/ }).click();
  await panel.getByRole('combobox', { name: 'Font family' }).click();
  const search = page.getByPlaceholder('Search fonts...');
  await expect(page.getByRole('option')).toHaveCount(10);

  await search.fill('zzzz');
  await expect(page.getByText('No font found.')).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(0);

  await search.fill('mont');
  await expect(page.getByRole('option')).toHaveText(['Montserrat']);
  await page.getByRole('option', { name: 'Montserrat' }).click();
  await expect(panel.getByRole('combobox', { name: 'Font family' })).toHaveText('Montserrat');
  expect((await storedSettings(page)).appearance.fontFamily).toBe('Montserrat');

  // The self-hosted font is actually loaded and used by the board.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.fonts].some(
          (face) => face.family.includes('Montserrat') && face.status === 'loaded',
        ),
      ),
    )
    .toBe(true);
});

test('the font list shows "Loading fonts..." while loading and falls back to the 10 families when the call fails', async ({
  page,
}) => {
  let failFonts: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (failFonts = resolve));
  await page.route('**/api/fonts', async (route) => {
    await released;
    await route.fulfill({ status: 503, body: 'unavailable' });
  });
  await page.reload();
  const panel = await openSettings(page);
  await panel.getByRole('button', { name: /^Appearance/ }).click();
  await panel.getByRole('combobox', { name: 'Font family' }).click();
  await expect(page.getByText('Loading fonts...')).toBeVisible();

  failFonts();
  await expect(page.getByText('Loading fonts...')).toHaveCount(0);
  await expect(page.getByRole('option')).toHaveText([
    'Nunito Sans',
    'Roboto',
    'Open Sans',
    'Lato',
    'Montserrat',
    'Poppins',
    'Inter',
    'Raleway',
    'Playfair Display',
    'Merriweather',
  ]);
});

test('settings are kept in local storage and applied after a reload', async ({ page }) => {
  let panel = await openSettings(page);
  await panel.getByLabel('Day 3 target capacity').fill('55');
  await panel.getByRole('button', { name: /^Schedule/ }).click();
  await panel.getByRole('checkbox', { name: 'Saturday' }).click();
  await panel.getByRole('checkbox', { name: 'Thanksgiving' }).click();
  await panel.getByRole('button', { name: /^Appearance/ }).click();
  await panel.getByLabel('Dashboard title').fill('  North Shop Board  ');
  await panel.getByRole('combobox', { name: 'Font size' }).click();
  await page.getByRole('option', { name: '18px' }).click();
  await panel.getByLabel('Main background hex code').fill('#112233');
  await panel.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByTestId('board-title')).toHaveText('North Shop Board');

  await page.reload();
  await expect(page.getByTestId('board-title')).toHaveText('North Shop Board');
  await expect(page.getByTestId('board')).toHaveCSS('background-color', 'rgb(17, 34, 51)');
  const stored = await storedSettings(page);
  expect(stored.title).toBe('North Shop Board');
  expect(stored.targetCapacity.day3).toBe(55);
  expect(stored.workdays.saturday).toBe(true);
  expect(stored.holidays).toEqual(['Thanksgiving']);
  expect(stored.appearance.fontSize).toBe('18px');

  panel = await openSettings(page);
  await expect(panel.getByLabel('Day 3 target capacity')).toHaveValue('55');
  await panel.getByRole('button', { name: /^Schedule/ }).click();
  await expect(panel.getByRole('checkbox', { name: 'Saturday' })).toBeChecked();
  await expect(panel.getByRole('checkbox', { name: 'Thanksgiving' })).toBeChecked();
});

test('an empty title is not saved', async ({ page }) => {
  const panel = await openSettings(page);
  await panel.getByRole('button', { name: /^Appearance/ }).click();
  const title = panel.getByLabel('Dashboard title');
  await title.fill('   ');
  await title.blur();
  await expect(title).toHaveValue('3-Day Call Board');
  await expect(page.getByTestId('board-title')).toHaveText('3-Day Call Board');
});

test('logo upload accepts small images, refuses over 2 MB with the seed alert, and can be removed', async ({
  page,
}) => {
  const panel = await openSettings(page);
  await panel.getByRole('button', { name: /^Appearance/ }).click();
  const alert = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.dismiss();
    }),
  );
  await panel.getByTestId('settings-logo-input').setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 1),
  });
  expect(await alert).toBe('Logo file size must be less than 2MB');
  await expect(panel.getByRole('img', { name: 'Current logo' })).toHaveCount(0);

  await panel.getByTestId('settings-logo-input').setInputFiles({
    name: 'dot.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    ),
  });
  await expect(panel.getByRole('img', { name: 'Current logo' })).toBeVisible();
  expect((await storedSettings(page)).logoUrl).toMatch(/^data:image\/png;base64,/);

  await panel.getByRole('button', { name: 'Remove' }).click();
  await expect(panel.getByRole('img', { name: 'Current logo' })).toHaveCount(0);
  expect((await storedSettings(page)).logoUrl).toBeUndefined();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the panel takes the full width of the screen', async ({ page }) => {
    const panel = await openSettings(page);
    const box = await panel.boundingBox();
    expect(box?.width).toBe(390);
    await expect(panel.getByRole('button', { name: 'Save Settings' })).toBeInViewport();
  });
});
