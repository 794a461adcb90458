import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations } from '../../src/server/db/schema.js';
import { CookieClient } from '../helpers/cookie-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Signs in through the development identity provider, the way a browser would. */
async function signIn(base: string, email: string, client = new CookieClient()) {
  const start = await client.follow(`${base}/api/login`);
  expect(start.res.status).toBe(200);
  const page = await start.res.text();
  expect(page).toContain('manager@demo-hvac.test');
  expect(page).toContain('Sign in');
  const interactionUrl = start.visited.at(-1)!;
  const done = await client.follow(`${interactionUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ email }).toString(),
  });
  return { client, final: done };
}

describe('sign-in through the development identity provider', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      env: { PORT: String(port), PUBLIC_URL: base, SEED_DEMO_DATA: 'true' },
    });
    await t.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(() => t.close());

  it('answers 401 when signed out', async () => {
    const res = await fetch(`${base}/api/auth/user`);
    expect(res.status).toBe(401);
  });

  it.each([
    ['master@callboard.test', 'master_admin', true, null],
    ['manager@demo-hvac.test', 'account_admin', true, 'Demo Heating & Air'],
    ['csr@demo-hvac.test', 'user', false, 'Demo Heating & Air'],
  ])(
    'signs in as %s, returns to / and reports the user, then signs out',
    async (email, role, isAdmin, companyName) => {
      const { client, final } = await signIn(base, email);
      expect(final.visited.at(-1)).toBe(`${base}/`);
      const me = await client.request(`${base}/api/auth/user`);
      expect(me.status).toBe(200);
      const body = await me.json();
      expect(body).toMatchObject({ email, role, isAdmin, companyName });
      expect(body).not.toHaveProperty('issuer');

      const out = await client.request(`${base}/api/logout`);
      expect(out.status).toBe(302);
      expect(out.headers.get('location')).toBe('/');
      const after = await client.request(`${base}/api/auth/user`);
      expect(after.status).toBe(401);
    },
  );

  it('sets an HttpOnly, SameSite=Lax session cookie and rotates it on each sign-in', async () => {
    const client = new CookieClient();
    await signIn(base, 'csr@demo-hvac.test', client);
    const first = client.cookies.get('cb_session');
    expect(first).toBeTruthy();
    await signIn(base, 'csr@demo-hvac.test', client);
    const second = client.cookies.get('cb_session');
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    // The old id no longer works.
    const stale = await fetch(`${base}/api/auth/user`, {
      headers: { cookie: `cb_session=${first}` },
    });
    expect(stale.status).toBe(401);
  });

  it('identifies a new address as a plain user with no company', async () => {
    const { client } = await signIn(base, 'new.person@example.com');
    const me = await (await client.request(`${base}/api/auth/user`)).json();
    expect(me).toMatchObject({
      email: 'new.person@example.com',
      role: 'user',
      companyId: null,
      firstName: 'New',
      // Decision 16: asked to create their company, not left on an empty board.
      onboarding: { step: 'create_company', companyConfigured: false },
    });
  });

  // The development provider says the e-mail is verified (email_verified: true), so the
  // invitation applies without OIDC_TRUST_EMAIL_WITHOUT_VERIFIED_CLAIM.
  it('applies a pending invitation for the same e-mail and removes it', async () => {
    const [company] = await t.app.db.query.companies.findMany({ limit: 1 });
    await t.app.db.insert(invitations).values({
      email: 'Invited.Tech@Example.com',
      firstName: 'Ivy',
      lastName: 'Invited',
      companyId: company!.id,
      role: 'account_admin',
    });
    const { client } = await signIn(base, 'invited.tech@example.com');
    const me = await (await client.request(`${base}/api/auth/user`)).json();
    expect(me).toMatchObject({
      firstName: 'Ivy',
      lastName: 'Invited',
      role: 'account_admin',
      companyId: company!.id,
    });
    expect(await t.app.db.select().from(invitations)).toHaveLength(0);
  });

  it('refuses a callback that does not belong to a sign-in this browser started', async () => {
    const res = await fetch(`${base}/api/callback?code=forged&state=forged`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/api/login');
    const withCookie = await fetch(`${base}/api/callback?code=forged&state=forged`, {
      redirect: 'manual',
      headers: { cookie: 'cb_login=not-a-real-attempt' },
    });
    expect(withCookie.headers.get('location')).toBe('/api/login');
  });

  it('refuses state-changing requests from another origin', async () => {
    const client = new CookieClient();
    await signIn(base, 'csr@demo-hvac.test', client);
    const res = await client.request(`${base}/api/auth/user`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'CROSS_ORIGIN' });
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 with a readable message after 30 sign-in callbacks a minute', async () => {
    const t = await createTestApp();
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 31; i++) {
        last = await t.app.inject({ method: 'GET', url: '/api/callback' });
        statuses.push(last.statusCode);
      }
      expect(statuses.slice(0, 30).every((s) => s === 302)).toBe(true);
      expect(last!.statusCode).toBe(429);
      expect(last!.json()).toMatchObject({
        code: 'RATE_LIMITED',
        error: expect.stringMatching(/^Too many requests; try again in \d+ seconds$/),
      });
    } finally {
      await t.close();
    }
  }, 180_000);

  it('follows SIGN_IN_RATE_LIMIT_PER_MINUTE', async () => {
    const t = await createTestApp({ env: { SIGN_IN_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await t.app.inject({ method: 'GET', url: '/api/callback' })).statusCode);
      }
      expect(statuses).toEqual([302, 302, 302, 429]);
    } finally {
      await t.close();
    }
    // Booting an app (migrations included) inside the test: on a loaded machine that alone
    // can take longer than the default test timeout.
  }, 180_000);
});
