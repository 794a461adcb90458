import { expect, test } from '@playwright/test';

/** How the built product reaches a browser: precompressed files, cached by content hash. */
test.describe('static delivery', () => {
  test('serves built files precompressed, hashed files cached for a year and the page never', async ({
    request,
  }) => {
    const page = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.status()).toBe(200);
    // The page names the current build's files: asked for again every time, compressed or not.
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

  test("a TV's /tv is a page of its own, naming the board's code up front and no person's page", async ({
    request,
  }) => {
    const entryOf = (html: string) => /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    const people = await (await request.get('/')).text();
    const tv = await request.get('/tv');
    expect(tv.status()).toBe(200);
    expect(tv.headers()['cache-control']).toBe('no-cache');
    const html = await tv.text();
    expect(entryOf(html)).toBeTruthy();
    expect(entryOf(html)).not.toBe(entryOf(people));
    // Downloaded alongside the entry, not after it has run: the board itself.
    expect(html).toMatch(/<link rel="modulepreload"[^>]*href="\/assets\/board-[^"]+\.js"/);
    const entry = await (await request.get(entryOf(html)!)).text();
    for (const page of ['dashboard-page', 'landing-page', 'admin-page', 'router']) {
      expect(entry, page).not.toContain(page);
    }
  });

  test('compresses JSON answers above a kilobyte', async ({ request }) => {
    const fonts = await request.get('/api/fonts', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(fonts.status()).toBe(200);
    expect(fonts.headers()['content-encoding']).toBe('br');
    expect((await fonts.json()).length).toBeGreaterThan(0);
  });
});
