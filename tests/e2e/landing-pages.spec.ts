import { expect, test } from '@playwright/test';

test.describe('landing and pricing', () => {
  test('the landing page has the hero, its actions and the three feature cards', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: '3 Day Call Board', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pricing' })).toBeVisible();
    for (const title of ['Real-Time Insights', 'Team Management', 'Customizable']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(
      page.getByText(/refresh every 60 seconds with colour-coded gauges/).first(),
    ).toBeVisible();
    const screenshot = page.getByRole('img', { name: /The 3 Day Call Board on a TV/ });
    await expect(screenshot).toBeVisible();
    // Visible as soon as laid out (it has a width and height); the picture itself arrives later.
    await expect
      .poll(() =>
        screenshot.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
      )
      .toBeGreaterThan(0);

    await page.getByRole('link', { name: 'Live Preview' }).click();
    await expect(page).toHaveURL(/\/customize$/);
    await expect(page.getByTestId('day-card')).toHaveCount(3);
  });

  test('Get Started goes to sign-in', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('the Pricing button is hidden on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Pricing' })).toBeHidden();
  });

  test('the pricing page lists the plan, its ten features and the three assurances', async ({
    page,
  }) => {
    await page.goto('/pricing');
    await expect(page.getByText('$195')).toBeVisible();
    await expect(page.getByText('/month')).toBeVisible();
    await expect(page.getByText('No setup fee · No contract · Cancel anytime')).toBeVisible();
    await expect(page.getByTestId('plan-features').getByRole('listitem')).toHaveText([
      'Real-time 3-day capacity forecasting',
      'ServiceTitan API integration',
      'Unlimited users',
      'Customizable branding and colors',
      'Weather integration',
      'Auto-refresh dashboard',
      'Mobile and tablet optimized',
      'TV display ready (1080p/4K)',
      'Admin user management',
      'Priority support',
    ]);
    for (const title of ['Secure & Reliable', 'Always Up-to-Date', 'Cloud-Based']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Get Started Now' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
