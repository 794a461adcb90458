import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { prettyConsole } from '../../src/server/logging.js';
import { OFFICE_CLOSED_HOLIDAYS } from '../../src/shared/calendar/holidays.js';
import { CookieClient } from '../helpers/cookie-client.js';
import { signInThroughDevProvider } from '../helpers/sign-in.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  createListeningTestApp,
  type ListeningTestApp,
} from '../helpers/test-app.js';

/**
 * Issue 25, what a newcomer trips on (server side): signing in at the start log's 127.0.0.1,
 * the signed-in hint that keeps signed-out pages from asking /api/auth/user, a waiting TV's
 * status check that is no error, a new company's holidays, and a readable console.
 */
describe('a newcomer on the default address (PUBLIC_URL unset)', () => {
  let t: ListeningTestApp;
  let port: number;
  let localhost: string;
  let loopback: string;

  beforeAll(async () => {
    t = await createListeningTestApp({ publicUrl: false });
    port = t.port;
    localhost = `http://localhost:${port}`;
    loopback = t.base;
  });
  afterAll(() => t.close());

  it('sign-in started at 127.0.0.1 moves to the public address before any cookie is set, and completes there', async () => {
    const login = '/api/login?returnTo=%2Fadmin';
    const start = await fetch(`${loopback}${login}`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe(`${localhost}${login}`);
    expect(start.headers.getSetCookie()).toEqual([]);

    // The rest happens at localhost, where the callback finds its cookie: signed in.
    const { client, final } = await signInThroughDevProvider(
      localhost,
      'csr@demo-hvac.test',
      new CookieClient(),
      login,
    );
    expect(final.visited.at(-1)).toBe(`${localhost}/admin`);
    const me = await client.request(`${localhost}/api/auth/user`);
    expect(me.status).toBe(200);
  });

  it('a callback without its sign-in cookie says why, instead of starting the sign-in again', async () => {
    const res = await fetch(`${localhost}/api/callback?code=x&state=y`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain('Sign-in could not be completed');
    expect(text).toContain(`Open ${localhost}`);
  });

  it('the start log names the address that works', () => {
    expect(t.app.config.publicUrl).toBe(localhost);
    expect(t.app.config.loopbackAliases).toContain(loopback);
  });
});

describe('signed-in hint, TV status, holidays', () => {
  let t: ListeningTestApp;
  let base: string;

  beforeAll(async () => {
    t = await createListeningTestApp();
    base = t.base;
  });
  afterAll(() => t.close());

  it('sign-in sets a readable hint beside the HttpOnly session cookie; sign-out clears both', async () => {
    const client = new CookieClient();
    const { final } = await signInThroughDevProvider(base, 'csr@demo-hvac.test', client);
    const callback = final.responses.find((r) => r.url.startsWith(`${base}/api/callback`))!;
    const session = callback.setCookies.find((c) => c.startsWith('cb_session='))!;
    const hint = callback.setCookies.find((c) => c.startsWith('cb_signed_in='))!;
    expect(session.toLowerCase()).toContain('httponly');
    expect(hint).toMatch(/^cb_signed_in=1;/);
    expect(hint.toLowerCase()).not.toContain('httponly');
    expect(client.cookies.get('cb_signed_in')).toBe('1');

    await client.request(`${base}/api/logout`);
    expect(client.cookies.has('cb_session')).toBe(false);
    expect(client.cookies.has('cb_signed_in')).toBe(false);
  });

  it('a session cookie that names no session is dropped with the hint on the first 401', async () => {
    const res = await fetch(`${base}/api/auth/user`, {
      headers: { cookie: 'cb_session=ended-long-ago; cb_signed_in=1' },
    });
    expect(res.status).toBe(401);
    const cleared = res.headers.getSetCookie();
    expect(cleared.some((c) => /^cb_session=;/.test(c))).toBe(true);
    expect(cleared.some((c) => /^cb_signed_in=;/.test(c))).toBe(true);
    // Nobody's browser: nothing to clear.
    const anonymous = await fetch(`${base}/api/auth/user`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.getSetCookie()).toEqual([]);
  });

  it('a waiting TV (and anyone else) learns it is not paired with a plain answer, not a 401', async () => {
    const tv = await t.app.inject({ method: 'GET', url: '/api/screen' });
    expect(tv.statusCode).toBe(200);
    expect(tv.json()).toEqual({ status: 'unpaired' });
    const person = await createSignedInUser(t.app, {});
    const asPerson = await t.app.inject({
      method: 'GET',
      url: '/api/screen',
      headers: { cookie: person.cookie },
    });
    expect(asPerson.json()).toEqual({ status: 'unpaired' });
  });

  it("a new company's board skips the holidays an office closes on; the choice stays editable", async () => {
    const companyId = await createCompany(t.app);
    const admin = await createSignedInUser(t.app, { role: 'account_admin', companyId });
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/board-settings',
      headers: { cookie: admin.cookie },
    });
    expect(read.statusCode).toBe(200);
    const body = read.json<{ settings: { holidays: string[] }; version: number }>();
    expect(body.settings.holidays).toEqual([...OFFICE_CLOSED_HOLIDAYS]);
    expect(body.settings.holidays).toContain('Thanksgiving');

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/board-settings',
      headers: { cookie: admin.cookie, origin: base },
      payload: { settings: { ...body.settings, holidays: ['Juneteenth'] }, version: body.version },
    });
    expect(saved.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/board-settings',
      headers: { cookie: admin.cookie },
    });
    expect(again.json<{ settings: { holidays: string[] } }>().settings.holidays).toEqual([
      'Juneteenth',
    ]);
  });
});

describe('the console of npm start', () => {
  it('is one readable line per request in development, JSON objects in production', async () => {
    expect(loadConfig({ NODE_ENV: 'development' }).logFormat).toBe('pretty');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        ENCRYPTION_KEY: Buffer.alloc(32).toString('base64'),
        OIDC_ISSUER: 'https://issuer.example',
        OIDC_CLIENT_ID: 'x',
      }).logFormat,
    ).toBe('json');

    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const pretty = await createTestApp({
      env: { LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' },
      logStream: await prettyConsole(out),
    });
    try {
      await pretty.app.inject({ method: 'GET', url: '/healthz' });
      await pretty.app.inject({ method: 'GET', url: '/api/auth/user' });
    } finally {
      await pretty.close();
    }
    const lines = text.split('\n').filter(Boolean);
    expect(lines).toContainEqual(
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/healthz 200 \d+ ms$/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/INFO: GET \/api\/auth\/user 401 \d+ ms$/));
    expect(lines.filter((l) => l.includes('/healthz'))).toHaveLength(1);
    expect(lines.some((l) => l.trimStart().startsWith('{'))).toBe(false);

    const json: string[] = [];
    const plain = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void json.push(line) },
    });
    try {
      await plain.app.inject({ method: 'GET', url: '/healthz' });
    } finally {
      await plain.close();
    }
    const completed = json
      .map((line) => JSON.parse(line) as { msg?: string; res?: { statusCode: number } })
      .find((entry) => entry.msg === 'request completed');
    expect(completed?.res?.statusCode).toBe(200);
  });
});
