import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, sessions } from '../../src/server/db/schema.js';
import type { OidcSignIn } from '../../src/server/services/identity/oidc-sign-in.js';
import { CookieClient } from '../helpers/cookie-client.js';
import { signInThroughDevProvider } from '../helpers/sign-in.js';
import {
  createTestApp,
  type TestApp,
  createListeningTestApp,
  type ListeningTestApp,
} from '../helpers/test-app.js';

const signIn = signInThroughDevProvider;

describe('sign-in through the development identity provider', () => {
  let t: ListeningTestApp;
  let base: string;

  beforeAll(async () => {
    t = await createListeningTestApp();
    base = t.base;
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
    const { final } = await signIn(base, 'csr@demo-hvac.test', client);
    const callback = final.responses.find((r) => r.url.startsWith(`${base}/api/callback`));
    const sessionCookie = callback?.setCookies.find((c) => c.startsWith('cb_session='));
    expect(sessionCookie).toBeDefined();
    const attributes = sessionCookie!.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
    // Over plain http a Secure cookie would never come back.
    expect(attributes).not.toContain('secure');
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
  it('offers a pending invitation for the same e-mail, applied and removed once accepted', async () => {
    const [company] = await t.app.db.query.companies.findMany({ limit: 1 });
    const [invitation] = await t.app.db
      .insert(invitations)
      .values({
        email: 'Invited.Tech@Example.com',
        firstName: 'Ivy',
        lastName: 'Invited',
        companyId: company!.id,
        role: 'account_admin',
      })
      .returning();
    const { client } = await signIn(base, 'invited.tech@example.com');
    // Nobody joins without choosing, even with one invitation (decision 019, issue 33).
    const before = await (await client.request(`${base}/api/auth/user`)).json();
    expect(before).toMatchObject({ companyId: null, role: 'user' });
    const accepted = await client.request(`${base}/api/invitations/${invitation!.id}/accept`, {
      method: 'POST',
      headers: { origin: base },
    });
    expect(accepted.status).toBe(200);
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
    // No sign-in of this browser here: said in words (starting again would only loop, issue 25).
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Sign-in could not be completed');
    const withCookie = await fetch(`${base}/api/callback?code=forged&state=forged`, {
      redirect: 'manual',
      headers: { cookie: 'cb_login=not-a-real-attempt' },
    });
    expect(withCookie.headers.get('location')).toBe('/api/login');
  });

  describe('returns only to a path on this site after sign-in', () => {
    const attempts = () => t.app.db.select().from(sessions);

    it.each([
      ['a tab', '/\t/example.org'],
      ['a newline', '/\n/example.org'],
      ['CR/LF', '/\r\n/example.org'],
      ['a CR/LF header', '/x\r\nSet-Cookie: stolen=1'],
      ['a backslash', '\\\\example.org'],
      ['slash backslash', '/\\example.org'],
      ['a tab before a backslash', '/\t\\example.org'],
      ['double slash', '//example.org'],
      ['a dot segment making double slash', '/.//example.org'],
      ['an absolute URL', 'https://example.org/'],
      ['a javascript URL', 'javascript:alert(1)'],
      ['a non-Latin-1 character', '/\u20ac'],
      ['a very long path', `/${'a'.repeat(2000)}`],
    ])('returnTo with %s signs in and goes to /', async (_name, returnTo) => {
      const before = (await attempts()).length;
      const { client, final } = await signIn(
        base,
        'csr@demo-hvac.test',
        new CookieClient(),
        `/api/login?returnTo=${encodeURIComponent(returnTo)}`,
      );
      const callback = final.responses.find((r) => r.url.startsWith(`${base}/api/callback`));
      expect(callback?.status).toBe(302);
      expect(callback?.location).toBe('/');
      expect(final.visited.at(-1)).toBe(`${base}/`);
      expect(final.res.status).not.toBe(500);
      const me = await client.request(`${base}/api/auth/user`);
      expect(me.status).toBe(200);
      expect((await attempts()).length).toBe(before + 1);
    });

    it.each([
      ['/admin', '/admin'],
      ['/preview?x=1#top', '/preview?x=1#top'],
      ['/%2F%2Fexample.org', '/%2F%2Fexample.org'],
    ])('returnTo %j returns to %j', async (returnTo, expected) => {
      const { final } = await signIn(
        base,
        'csr@demo-hvac.test',
        new CookieClient(),
        `/api/login?returnTo=${encodeURIComponent(returnTo)}`,
      );
      const callback = final.responses.find((r) => r.url.startsWith(`${base}/api/callback`));
      expect(callback?.location).toBe(expected);
    });
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

describe('session cookie over https', () => {
  // The identity provider is at the network edge: over https it is replaced by one that
  // verifies any code, so the product's own cookie handling is what is tested.
  const identity: OidcSignIn = {
    begin: async () => ({
      url: 'https://id.example/authorize',
      state: 's',
      nonce: 'n',
      codeVerifier: 'v',
    }),
    complete: async () => ({
      issuer: 'https://id.example',
      subject: 'secure-cookie',
      email: 'secure.cookie@example.com',
      emailVerified: true,
      firstName: 'Secure',
      lastName: 'Cookie',
    }),
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PUBLIC_URL: 'https://board.example', DEV_IDENTITY_ALLOW_REMOTE: 'true' },
      services: { identity },
    });
  });
  afterAll(() => t.close());

  it('is Secure, HttpOnly and SameSite=Lax when PUBLIC_URL is https', async () => {
    const login = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(login.statusCode).toBe(302);
    const loginCookie = login.cookies.find((c) => c.name === 'cb_login');
    expect(loginCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true });
    const callback = await t.app.inject({
      method: 'GET',
      url: '/api/callback?code=c&state=s',
      cookies: { cb_login: loginCookie!.value },
    });
    expect(callback.statusCode).toBe(302);
    const session = callback.cookies.find((c) => c.name === 'cb_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
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
        if (last.statusCode !== 429) {
          expect(Object.keys(last.headers).filter((h) => h.startsWith('x-ratelimit'))).toEqual([]);
        }
      }
      expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
      expect(last!.statusCode).toBe(429);
      // The budget is told with the refusal only (not on every answer within it).
      expect(last!.headers['retry-after']).toMatch(/^\d+$/);
      expect(last!.headers['x-ratelimit-limit']).toBe('30');
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
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await t.close();
    }
    // Booting an app (migrations included) inside the test: on a loaded machine that alone
    // can take longer than the default test timeout.
  }, 180_000);
});
