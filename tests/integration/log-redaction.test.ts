import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIALS_IN_REQUESTS, loggableUrl } from '../../src/server/logging.js';
import { freePort } from '../helpers/free-port.js';
import { signInThroughDevProvider } from '../helpers/sign-in.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
} from '../helpers/test-app.js';

/**
 * Issue 24: no credential reaches the request log. Each URL and header that can carry one is
 * opened for real and the log is read: the secret never shows, the line that records the
 * request does, with the secret replaced.
 */
describe('credentials never reach the log', () => {
  let t: TestApp;
  let base: string;
  const lines: string[] = [];
  const routes: string[] = [];
  const log = () => lines.join('');

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      env: { PORT: String(port), PUBLIC_URL: base, SEED_DEMO_DATA: 'true', LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
      build: { onRoute: (route: RouteOptions) => void routes.push(route.url) },
    });
    await t.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(() => t.close());

  it('a screen link: its token (a 400-day device credential) is neither in its line nor in any other', async () => {
    const admin = await createSignedInUser(t.app, {
      role: 'account_admin',
      companyId: await createCompany(t.app),
    });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/screens/links',
      headers: { cookie: admin.cookie },
      payload: { name: 'Lobby' },
    });
    const link = new URL(made.json<{ url: string }>().url);
    const token = link.pathname.split('/').pop()!;
    expect(token.length).toBeGreaterThan(20);
    lines.length = 0;
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    const cookie = opened.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie).toContain(token);
    // The device then asks for its status with the cookie the link set.
    const status = await fetch(`${base}/api/screen`, { headers: { cookie } });
    expect(status.status).toBe(200);
    expect(log()).toContain('"url":"/tv/link/[redacted]"');
    expect(log()).not.toContain(token);
  });

  it('the sign-in callback and the identity provider: no code, state or verifier', async () => {
    lines.length = 0;
    const { final } = await signInThroughDevProvider(base, 'csr@demo-hvac.test');
    const callback = final.visited.find((url) => url.startsWith(`${base}/api/callback?`))!;
    const params = new URL(callback).searchParams;
    expect(log()).toContain('"url":"/api/callback?[redacted]"');
    expect(log()).toMatch(/"url":"\/oidc\/auth\?\[redacted\]"/);
    for (const secret of [params.get('code')!, params.get('state')!]) {
      expect(secret.length).toBeGreaterThan(10);
      expect(log()).not.toContain(secret);
    }
    expect(log()).not.toMatch(/[?&](code|state|code_challenge|code_verifier|nonce)=(?!\[)/);
  });

  it("pairing: the TV's code in the QR's URL, and the pending pairing's device cookie", async () => {
    lines.length = 0;
    const started = await fetch(`${base}/api/screen/pairing`, { method: 'POST' });
    const { code } = (await started.json()) as { code: string };
    const cookie = started.headers.get('set-cookie')!.split(';')[0]!;
    const secret = cookie.split('=')[1]!;
    await fetch(`${base}/api/screen`, { headers: { cookie } });
    // What the QR code opens on the admin's phone.
    await fetch(`${base}/admin/screens?code=${code}&from=qr`);
    expect(log()).toContain('"url":"/admin/screens?code=[redacted]&from=qr"');
    expect(log()).not.toContain(code);
    expect(log()).not.toContain(secret);
  });

  it("a Checkout return's session id and a Stripe webhook's signature", async () => {
    lines.length = 0;
    await fetch(`${base}/?checkout=success&session_id=cs_test_a1b2c3d4e5f6`);
    const signature = 't=1700000000,v1=5f0c0ffee5f0c0ffee5f0c0ffee5f0c0ffee';
    await fetch(`${base}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: '{}',
    });
    expect(log()).toContain('"url":"/?checkout=success&session_id=[redacted]"');
    expect(log()).not.toContain('cs_test_a1b2c3d4e5f6');
    expect(log()).not.toContain('5f0c0ffee');
  });

  it('every credential header is redacted wherever a log line carries headers', () => {
    lines.length = 0;
    const headers = Object.fromEntries(
      CREDENTIALS_IN_REQUESTS.headers.map((h) => [h, `secret-of-${h}`]),
    );
    t.app.log.warn({ headers }, 'top level');
    t.app.log.warn({ request: { headers } }, 'a request');
    t.app.log.warn({ err: { response: { headers } } }, 'an error with a response');
    const text = log();
    expect(text).toContain('top level');
    for (const h of CREDENTIALS_IN_REQUESTS.headers) {
      expect(text, h).not.toContain(`secret-of-${h}`);
    }
    expect(text.match(/\[redacted\]/g)?.length).toBe(3 * CREDENTIALS_IN_REQUESTS.headers.length);
  });

  it('a route added later with a secret in its path is covered by the rule (or this fails)', () => {
    // A path parameter named like a credential must be hidden by loggableUrl.
    const secretParams = routes.filter((url) =>
      /:(\w*(token|secret|code|key|signature)\w*)/i.test(url),
    );
    expect(secretParams).toContain('/tv/link/:token');
    for (const url of secretParams) {
      const opened = url.replace(/:\w+/g, 'S3CRETVALUE');
      expect(loggableUrl(opened), url).not.toContain('S3CRETVALUE');
    }
    // And query parameters named like one, on any path.
    for (const name of CREDENTIALS_IN_REQUESTS.secretQueryParams) {
      expect(loggableUrl(`/anything?a=1&${name}=S3CRETVALUE`)).toBe(
        `/anything?a=1&${name}=[redacted]`,
      );
    }
  });

  it('a failed database statement is logged without its SQL text or values (issue 33)', async () => {
    const marker = `value-${Date.now()}`;
    const failed: unknown = await t.app.db
      .execute(sql`select secret_column from no_such_table where name = ${marker}`)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failed).toBeInstanceOf(Error);
    // What reached the caller still says what went wrong (for whoever handles it).
    expect(String((failed as Error).message)).toContain('select secret_column');
    lines.length = 0;
    t.app.log.error({ err: failed }, 'a statement failed');
    t.app.log.warn({ err: new Error('wrapped', { cause: failed }) }, 'a wrapped one');
    const text = log();
    expect(text).toContain('a statement failed');
    expect(text).toContain('a wrapped one');
    // PostgreSQL's code and words (undefined table), and where in our code it failed.
    expect(text).toContain('42P01');
    expect(text).toContain('log-redaction.test.ts');
    expect(text).not.toMatch(/select|secret_column/i);
    expect(text).not.toContain(marker);
  });
});
