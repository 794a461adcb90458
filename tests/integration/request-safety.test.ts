import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { itemGroups } from '../../src/server/db/schema.js';
import { CookieClient } from '../helpers/cookie-client.js';
import { signInThroughDevProvider } from '../helpers/sign-in.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
  createListeningTestApp,
  type ListeningTestApp,
} from '../helpers/test-app.js';

/** Sends raw HTTP (what a client other than a browser can send) and returns the raw answer. */
async function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** Groups are the company's (decision 007): its account admin may write them. */
async function companyAdminOf(t: TestApp) {
  return createSignedInUser(t.app, {
    role: 'account_admin',
    companyId: await createCompany(t.app),
  });
}

describe('requests the product must refuse or answer safely', () => {
  let t: ListeningTestApp;
  let base: string;
  let port: number;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await createListeningTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void logLines.push(line) },
    });
    ({ port, base } = t);
  });
  afterAll(() => t.close());

  describe('origin check (item 5)', () => {
    it('refuses a cross-origin write whose Host header claims to be that origin', async () => {
      const user = await companyAdminOf(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/item-groups',
        headers: {
          cookie: user.cookie,
          host: 'evil.example',
          origin: 'http://evil.example',
        },
        payload: { name: 'From evil', type: 'jobType' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'CROSS_ORIGIN' });
      const rows = await t.app.db.select().from(itemGroups);
      expect(rows.filter((r) => r.name === 'From evil')).toHaveLength(0);
    });

    it('accepts a write from PUBLIC_URL whatever the Host header says', async () => {
      const user = await companyAdminOf(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/item-groups',
        headers: { cookie: user.cookie, host: 'internal:8080', origin: base },
        payload: { name: 'From us', type: 'jobType' },
      });
      expect(res.statusCode).toBe(201);
    });
  });

  describe('path ids (item 6)', () => {
    it.each(['%201', '1%20', '+1', '1e0', '0x1', '01', '1.0', '-1', '0', '2147483648', 'abc'])(
      'answers 400 naming the id for /api/item-groups/%s and changes nothing',
      async (id) => {
        const user = await companyAdminOf(t);
        const created = await t.app.inject({
          method: 'POST',
          url: '/api/item-groups',
          headers: { cookie: user.cookie, origin: base },
          payload: { name: 'Keep me', type: 'jobType' },
        });
        expect(created.statusCode).toBe(201);
        const res = await t.app.inject({
          method: 'DELETE',
          url: `/api/item-groups/${id}`,
          headers: { cookie: user.cookie, origin: base },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          error: expect.stringMatching(/^id: /),
        });
        const list = await t.app.inject({
          method: 'GET',
          url: '/api/item-groups',
          headers: { cookie: user.cookie },
        });
        expect(list.json()).toHaveLength(1);
      },
    );

    it('acts on a plain positive id', async () => {
      const user = await companyAdminOf(t);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/item-groups',
        headers: { cookie: user.cookie, origin: base },
        payload: { name: 'Delete me', type: 'jobType' },
      });
      const { id } = created.json<{ id: number }>();
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/item-groups/${id}`,
        headers: { cookie: user.cookie, origin: base },
      });
      expect(res.statusCode).toBe(200);
    });

    it('answers a path parameter too long for the router with 414 in the app format', async () => {
      const user = await companyAdminOf(t);
      const res = await fetch(`${base}/api/item-groups/${'1'.repeat(150)}`, {
        method: 'DELETE',
        headers: { cookie: user.cookie, origin: base },
      });
      expect(res.status).toBe(414);
      expect(await res.json()).toEqual({ error: 'The URL is too long', code: 'URI_TOO_LONG' });
    });

    it('answers an undecodable URL with 400 in the app format', async () => {
      const res = await fetch(`${base}/api/item-groups/%`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'The URL is not valid', code: 'BAD_REQUEST' });
    });

    it('answers a URL past the HTTP size limit with 431 in the app format', async () => {
      const answer = await rawRequest(
        port,
        `GET /api/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      expect(JSON.parse(body)).toEqual({
        error: 'The URL or request headers are too long',
        code: 'HEADERS_TOO_LARGE',
      });
    });
  });

  describe('names (item 8)', () => {
    it.each([
      ['zero-width characters', '\u200b\u200c\u200d'],
      ['bidi marks', '\u200e\u200f'],
      ['a BOM and a word joiner', '\ufeff\u2060'],
    ])('refuses a group or custom name made only of %s', async (_name, name) => {
      const user = await companyAdminOf(t);
      const group = await t.app.inject({
        method: 'POST',
        url: '/api/item-groups',
        headers: { cookie: user.cookie, origin: base },
        payload: { name, type: 'jobType' },
      });
      expect(group.statusCode).toBe(400);
      expect(group.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        error: 'name: must not be empty',
      });
      const preference = await t.app.inject({
        method: 'POST',
        url: '/api/business-unit-preferences',
        headers: { cookie: user.cookie, origin: base },
        payload: { businessUnitId: 1, customName: name },
      });
      expect(preference.statusCode).toBe(400);
      expect(preference.json()).toMatchObject({ error: 'customName: must not be empty' });
      const groups = await t.app.inject({
        method: 'GET',
        url: '/api/item-groups',
        headers: { cookie: user.cookie },
      });
      expect(groups.json()).toEqual([]);
    });

    it('refuses a name that reverses the text around it', async () => {
      const user = await companyAdminOf(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/item-groups',
        headers: { cookie: user.cookie, origin: base },
        payload: { name: 'North\u202eLLAMS', type: 'jobType' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'name: must not contain text-direction controls' });
    });
  });

  describe('request log (item 7)', () => {
    it('never writes the sign-in code or state of /api/callback and /oidc URLs', async () => {
      logLines.length = 0;
      const { final } = await signInThroughDevProvider(base, 'csr@demo-hvac.test');
      const callback = final.visited.find((url) => url.startsWith(`${base}/api/callback?`));
      expect(callback).toBeDefined();
      const params = new URL(callback!).searchParams;
      const code = params.get('code')!;
      const state = params.get('state')!;
      expect(code.length).toBeGreaterThan(10);
      const log = logLines.join('');
      // The request log did record the sign-in, with its query redacted.
      expect(log).toContain('"url":"/api/callback?[redacted]"');
      expect(log).toMatch(/"url":"\/oidc\/auth\?\[redacted\]"/);
      expect(log).not.toContain(code);
      expect(log).not.toContain(state);
      expect(log).not.toMatch(/[?&](code|state|code_challenge|nonce)=/);
    });
  });

  describe('JSON routes take JSON (issue 24)', () => {
    it('answers a form body with 415 and changes nothing; the sign-in form still posts', async () => {
      const admin = await companyAdminOf(t);
      const form = { cookie: admin.cookie, 'content-type': 'application/x-www-form-urlencoded' };
      const attempts = [
        { method: 'POST', url: '/api/item-groups', payload: 'name=Formed&type=jobType' },
        {
          method: 'POST',
          url: '/api/admin/invitations',
          payload: 'email=formed%40example.test&firstName=F&lastName=Orm',
        },
        { method: 'PATCH', url: `/api/companies/${admin.companyId}`, payload: 'name=Formed' },
        { method: 'POST', url: '/api/screens/links', payload: 'name=Formed' },
      ] as const;
      for (const attempt of attempts) {
        const res = await t.app.inject({ ...attempt, headers: form });
        expect(res.statusCode, attempt.url).toBe(415);
        expect(res.json().code, attempt.url).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
      const groups = await t.app.inject({
        method: 'GET',
        url: '/api/item-groups',
        headers: { cookie: admin.cookie },
      });
      expect(groups.json()).toEqual([]);
      const invitations = await t.app.inject({
        method: 'GET',
        url: '/api/admin/invitations',
        headers: { cookie: admin.cookie },
      });
      expect(invitations.json()).toEqual([]);
      // The development provider's sign-in page is a form: it still signs people in.
      const { final } = await signInThroughDevProvider(base, 'csr@demo-hvac.test');
      expect(final.visited.some((url) => url.startsWith(`${base}/api/callback?`))).toBe(true);
    });
  });

  describe('security headers (item 3)', () => {
    it('sends a CSP, nosniff, a referrer policy and no HSTS over http', async () => {
      const res = await fetch(`${base}/api/auth/user`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    });

    it('sends them on every kind of answer: a health check, a refusal, an unknown path', async () => {
      const answers = await Promise.all([
        fetch(`${base}/healthz`),
        fetch(`${base}/api/capacity`, { method: 'POST' }),
        fetch(`${base}/api/no-such-thing`),
      ]);
      expect(answers.map((res) => res.status)).toEqual([200, 401, 404]);
      for (const res of answers) {
        expect(res.headers.get('content-security-policy'), res.url).toContain("default-src 'self'");
        expect(res.headers.get('x-content-type-options'), res.url).toBe('nosniff');
        expect(res.headers.get('referrer-policy'), res.url).toBe('strict-origin-when-cross-origin');
        expect(res.headers.get('cross-origin-opener-policy'), res.url).toBe('same-origin');
        expect(res.headers.get('x-frame-options'), res.url).toBeNull();
        expect(res.headers.get('x-powered-by'), res.url).toBeNull();
      }
    });

    it('sends the same headers on the development sign-in page', async () => {
      const start = await new CookieClient().follow(`${base}/api/login`);
      expect(start.visited.at(-1)).toMatch(/\/oidc\/interaction\//);
      expect(start.res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(start.res.headers.get('x-content-type-options')).toBe('nosniff');
    });
  });

  describe('development identity provider on a network (item 4)', () => {
    it('refuses requests from an address other than this machine', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/oidc/.well-known/openid-configuration',
        remoteAddress: '192.0.2.10',
      });
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('DEV_IDENTITY_ALLOW_REMOTE');
      const local = await t.app.inject({
        method: 'GET',
        url: '/oidc/.well-known/openid-configuration',
        remoteAddress: '127.0.0.1',
      });
      expect(local.statusCode).toBe(200);
    });
  });
});

describe('the development sign-in behind a proxy (TRUST_PROXY=true, issue 24)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  it('judges "this machine" by the socket, not by X-Forwarded-For', async () => {
    const forged = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      remoteAddress: '192.0.2.10',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('DEV_IDENTITY_ALLOW_REMOTE');
    const local = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '192.0.2.10' },
    });
    expect(local.statusCode).toBe(200);
  });
});

describe('a PUBLIC_URL other machines reach, with the development sign-in (issue 24)', () => {
  const env = { NODE_ENV: 'test', ENCRYPTION_KEY: Buffer.alloc(32).toString('base64') };
  it('refuses to start unless DEV_IDENTITY_ALLOW_REMOTE=true or an OIDC_ISSUER is set', async () => {
    for (const url of [
      'http://board.example',
      'http://192.168.1.20:5000',
      'http://[2001:db8::1]',
    ]) {
      expect(() => loadConfig({ ...env, PUBLIC_URL: url }), url).toThrow(
        /PUBLIC_URL: is not a loopback address.*DEV_IDENTITY_ALLOW_REMOTE=true/,
      );
    }
    await expect(createTestApp({ env: { PUBLIC_URL: 'http://board.example' } })).rejects.toThrow(
      /PUBLIC_URL/,
    );
    for (const url of ['http://localhost:5000', 'http://127.0.0.1:5140', 'http://[::1]:5000']) {
      expect(loadConfig({ ...env, PUBLIC_URL: url }).publicUrl, url).toBe(url);
    }
    expect(
      loadConfig({ ...env, PUBLIC_URL: 'http://board.example', DEV_IDENTITY_ALLOW_REMOTE: 'true' })
        .devIdentityAllowRemote,
    ).toBe(true);
    expect(
      loadConfig({
        ...env,
        PUBLIC_URL: 'https://board.example',
        OIDC_ISSUER: 'https://id.example',
        OIDC_CLIENT_ID: 'x',
      }).oidc.kind,
    ).toBe('external');
  });
});

describe('an https PUBLIC_URL with an external identity provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PUBLIC_URL: 'https://board.example',
        OIDC_ISSUER: 'https://id.example',
        OIDC_CLIENT_ID: 'x',
      },
    });
  });
  afterAll(() => t.close());

  it('sends HSTS, upgrade-insecure-requests and the provider as a form action', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('upgrade-insecure-requests');
    expect(csp).toContain("form-action 'self' https://id.example");
  });
});

describe('FRAME_ANCESTORS, ALLOWED_ORIGINS and DEV_IDENTITY_ALLOW_REMOTE', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PUBLIC_URL: 'http://board.example',
        FRAME_ANCESTORS: "'self' https://signage.example",
        ALLOWED_ORIGINS: 'https://admin.example',
        DEV_IDENTITY_ALLOW_REMOTE: 'true',
      },
    });
  });
  afterAll(() => t.close());

  it('lets a signage player frame the board and another configured origin write', async () => {
    const user = await companyAdminOf(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/item-groups',
      headers: { cookie: user.cookie, origin: 'https://admin.example' },
      payload: { name: 'Second origin', type: 'jobType' },
    });
    expect(res.statusCode).toBe(201);
    expect(String(res.headers['content-security-policy'])).toContain(
      "frame-ancestors 'self' https://signage.example",
    );
  });

  it('answers the development provider from any address', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      remoteAddress: '192.0.2.10',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the API request budget (API_RATE_LIMIT_PER_MINUTE)', () => {
  it('answers 429 past the budget, telling it only then; health checks and sign-in pages are not counted', async () => {
    const t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '10' } });
    try {
      const user = await createSignedInUser(t.app);
      const answers = [];
      for (let i = 0; i < 11; i++) {
        answers.push(
          await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } }),
        );
        // Neither counted nor limited, between the API calls.
        expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
        expect(
          (await t.app.inject({ url: '/oidc/.well-known/openid-configuration' })).statusCode,
        ).toBe(200);
      }
      expect(answers.map((a) => a.statusCode)).toEqual([...Array<number>(10).fill(200), 429]);
      expect(answers[0]!.headers['x-ratelimit-remaining']).toBeUndefined();
      expect(answers[10]!.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(answers[10]!.headers['x-ratelimit-limit']).toBe('10');
      expect(answers[10]!.headers['retry-after']).toMatch(/^\d+$/);
      // Every API route shares the one budget.
      expect((await t.app.inject({ url: '/api/fonts' })).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
