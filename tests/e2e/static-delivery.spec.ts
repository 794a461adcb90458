import { expect, test } from '@playwright/test';

/** How the built product reaches a browser: precompressed files, cached by content hash. */
test.describe('static delivery', () => {
  test('serves built files precompressed, hashed files cached for a year and the page never', async ({
    request,
  }) => {
    const page = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.status()).toBe(200);
    // The page is under a kilobyte (sent as it is) and names the current build's files.
    expect(page.headers()['cache-control']).toBe('no-cache');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeTruthy();

    const brotli = await request.get(script!, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers()['content-encoding']).toBe('br');
    expect(brotli.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers()['vary']).toMatch(/accept-encoding/i);

    const gzip = await request.get(script!, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding']).toBe('gzip');
    const plain = await request.get(script!, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    // Each encoding decodes to the same file.
    expect(await brotli.text()).toBe(await plain.text());
    expect(await gzip.text()).toBe(await plain.text());
  });

  test('compresses JSON answers above a kilobyte', async ({ request }) => {
    const fonts = await request.get('/api/fonts', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(fonts.status()).toBe(200);
    expect(fonts.headers()['content-encoding']).toBe('br');
    expect((await fonts.json()).length).toBeGreaterThan(0);
  });
});
