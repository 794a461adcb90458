import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenPairings, screens } from '../../src/server/db/schema.js';
import type { BoardEvent } from '../../src/server/services/events/contract.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

/**
 * Paired screens (issue 11, decision 010): pairing codes work once and for 10 minutes, a device
 * credential reads only its company's board, revoking answers 401, and the Screens list is
 * scoped to the company.
 */

const eqId = (id: number) => eq(screens.id, id);
/** Events reach subscribers in a later task (the in-process bus). */
const delivered = () => new Promise((resolve) => setImmediate(resolve));

/** A clock the test moves (services.now). */
let clock = new Date('2026-03-02T15:00:00Z');

const cookieFrom = (setCookie: string | string[] | undefined): string => {
  const line = [setCookie ?? []].flat().find((l) => l.startsWith('cb_screen='));
  if (!line) throw new Error('no cb_screen cookie set');
  return line.split(';')[0]!;
};

describe('paired screens', () => {
  let t: TestApp;
  let companyA: number;
  let companyB: number;
  let adminA: TestUser;
  let adminB: TestUser;
  let userA: TestUser;
  let master: TestUser;
  const events: BoardEvent[] = [];

  /** A TV asks for a code: its cookie and the code it shows. */
  async function startPairing() {
    const res = await t.app.inject({ method: 'POST', url: '/api/screen/pairing' });
    expect(res.statusCode).toBe(201);
    return {
      cookie: cookieFrom(res.headers['set-cookie']),
      code: res.json<{ code: string }>().code,
    };
  }

  async function pair(admin: TestUser, code: string, extra: Record<string, unknown> = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/api/screens/pair',
      headers: { cookie: admin.cookie },
      payload: { code, name: 'Dispatch wall', ...extra },
    });
  }

  /** A paired screen of company A: its device cookie and id. */
  async function pairedScreenOfA() {
    const tv = await startPairing();
    const res = await pair(adminA, tv.code);
    expect(res.statusCode).toBe(201);
    return { cookie: tv.cookie, id: res.json<{ id: number }>().id };
  }

  beforeAll(async () => {
    t = await createTestApp({
      env: { API_RATE_LIMIT_PER_MINUTE: '100000' },
      services: {
        now: () => clock,
        fetch: async () => {
          throw new Error('offline');
        },
      },
    });
    t.app.services.events.subscribe((event) => events.push(event));
    companyA = await createCompany(t.app, { name: 'Alpha Heating' });
    companyB = await createCompany(t.app, { name: 'Bravo Plumbing' });
    adminA = await createSignedInUser(t.app, { companyId: companyA, role: 'account_admin' });
    adminB = await createSignedInUser(t.app, { companyId: companyB, role: 'account_admin' });
    userA = await createSignedInUser(t.app, { companyId: companyA });
    master = await createSignedInUser(t.app, { role: 'master_admin' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('a TV without a credential is told it is not paired; starting a pairing sets an httpOnly cookie and shows a grouped-able 6-character code', async () => {
    // A plain answer, not a 401: a waiting TV's check is no error in its console (issue 25).
    const before = await t.app.inject({ method: 'GET', url: '/api/screen' });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ status: 'unpaired' });
    const res = await t.app.inject({ method: 'POST', url: '/api/screen/pairing' });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ code: string; expiresInSeconds: number }>();
    expect(body.code).toMatch(/^[34679ACDEFGHJKMNPQRTUVWXY]{6}$/);
    expect(body.expiresInSeconds).toBe(600);
    const line = [res.headers['set-cookie']].flat().find((l) => l!.startsWith('cb_screen='))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Max-Age=34560000/);
    // Only hashes are stored: neither the code nor the secret appears in the table.
    const secret = line.split(';')[0]!.split('=')[1]!;
    const stored = JSON.stringify(await t.app.db.select().from(screenPairings));
    expect(stored).not.toContain(body.code);
    expect(stored).not.toContain(secret);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/screen',
      headers: { cookie: line.split(';')[0]! },
    });
    expect(status.json()).toEqual({ status: 'pairing', expiresInSeconds: 600 });
  });

  it('an admin pairs the TV with its code (any case, with the dash); the TV then reads its company board', async () => {
    const tv = await startPairing();
    const typed = `${tv.code.slice(0, 3).toLowerCase()}-${tv.code.slice(3)}`;
    const res = await pair(adminA, typed);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Dispatch wall',
      kind: 'paired',
      companyId: companyA,
      companyName: 'Alpha Heating',
      viewType: 'businessUnit',
    });
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/screen',
      headers: { cookie: tv.cookie, 'x-board-version': 'build-123' },
    });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      status: 'paired',
      screen: { name: 'Dispatch wall', companyId: companyA, companyName: 'Alpha Heating' },
      buildVersion: t.app.buildVersion,
    });
    const board = await t.app.inject({
      method: 'POST',
      url: '/api/capacity',
      headers: { cookie: tv.cookie },
      payload: {},
    });
    expect(board.statusCode).toBe(200);
    // Company A has no ServiceTitan credential: the board says so (its company's, not a person's).
    expect(board.json<{ error: string }>().error).toMatch(/No ServiceTitan credentials/);
    const metadata = await t.app.inject({
      method: 'GET',
      url: '/api/servicetitan/metadata',
      headers: { cookie: tv.cookie },
    });
    expect(metadata.statusCode).toBe(200);
    // The Screens list shows when it was seen and the version it reported.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/screens',
      headers: { cookie: adminA.cookie },
    });
    const listed = list.json<{
      screens: { id: number; boardVersion: string; online: boolean }[];
    }>();
    expect(listed.screens.find((s) => s.id === res.json<{ id: number }>().id)).toMatchObject({
      boardVersion: 'build-123',
      online: true,
    });
  });

  it('the device credential survives a restart or deploy: a new instance on the same database accepts it', async () => {
    const screen = await pairedScreenOfA();
    // Nothing of the pairing lives in the instance: a new one (a restart, a deploy, another
    // instance behind the load balancer) knows the screen from the database alone.
    const restarted = await createTestApp({
      database: t.database,
      env: { API_RATE_LIMIT_PER_MINUTE: '100000' },
      services: {
        now: () => clock,
        fetch: async () => {
          throw new Error('offline');
        },
      },
    });
    try {
      const status = await restarted.app.inject({
        method: 'GET',
        url: '/api/screen',
        headers: { cookie: screen.cookie },
      });
      expect(status.statusCode).toBe(200);
      expect(status.json()).toMatchObject({ status: 'paired', screen: { id: screen.id } });
      const board = await restarted.app.inject({
        method: 'POST',
        url: '/api/capacity',
        headers: { cookie: screen.cookie },
        payload: {},
      });
      expect(board.statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it('a code works once', async () => {
    const tv = await startPairing();
    expect((await pair(adminA, tv.code)).statusCode).toBe(201);
    const again = await pair(adminA, tv.code, { name: 'Second try' });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ error: string }>().error).toMatch(/^code: no TV is showing this code/);
    expect(again.json()).toMatchObject({ details: { field: 'code' } });
    const named = await t.app.db.select({ name: screens.name }).from(screens);
    expect(named.map((s) => s.name)).not.toContain('Second try');
  });

  it('a code expires after 10 minutes: the admin is told in plain words and nothing is paired', async () => {
    const start = clock;
    const tv = await startPairing();
    clock = new Date(start.getTime() + 10 * 60 * 1000 + 1000);
    try {
      const res = await pair(adminA, tv.code, { name: 'Too late' });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBe(
        'code: this code has expired. The TV shows a new code by itself; enter that one.',
      );
      const status = await t.app.inject({
        method: 'GET',
        url: '/api/screen',
        headers: { cookie: tv.cookie },
      });
      expect(status.json()).toEqual({ status: 'unpaired' });
    } finally {
      clock = start;
    }
    const named = await t.app.db.select({ name: screens.name }).from(screens);
    expect(named.map((s) => s.name)).not.toContain('Too late');
  });

  it('last seen is written at most every 30 seconds, and the cookie is re-set then', async () => {
    const screen = await pairedScreenOfA();
    const start = clock;
    const ask = () =>
      t.app.inject({ method: 'GET', url: '/api/screen', headers: { cookie: screen.cookie } });
    try {
      const first = await ask();
      expect([first.headers['set-cookie']].flat().join()).toContain('cb_screen=');
      clock = new Date(start.getTime() + 10_000);
      const soon = await ask();
      expect([soon.headers['set-cookie'] ?? []].flat().join()).not.toContain('cb_screen=');
      const [row] = await t.app.db.select().from(screens).where(eqId(screen.id));
      expect(row!.lastSeenAt!.toISOString()).toBe(start.toISOString());
      clock = new Date(start.getTime() + 31_000);
      await ask();
      const [later] = await t.app.db.select().from(screens).where(eqId(screen.id));
      expect(later!.lastSeenAt!.toISOString()).toBe(clock.toISOString());
    } finally {
      clock = start;
    }
  });

  it('a screen of A is refused company B board and every write route', async () => {
    const screen = await pairedScreenOfA();
    const h = { cookie: screen.cookie };
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/capacity?companyId=${companyB}`,
      headers: h,
      payload: {},
    });
    expect(other.statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'POST',
      url: `/api/capacity?companyId=${companyA}`,
      headers: h,
      payload: {},
    });
    expect(own.statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['POST', '/api/item-groups', { name: 'Screen group', type: 'jobType' }],
      ['POST', '/api/business-unit-preferences', { businessUnitId: 7, enabled: false }],
      ['GET', '/api/screens', undefined],
      ['DELETE', `/api/screens/${screen.id}`, undefined],
      ['GET', '/api/auth/user', undefined],
      ['GET', '/api/admin/users', undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(
        method === 'GET' && url === '/api/auth/user' ? 401 : 403,
      );
    }
  });

  it('a revoked screen is answered 401 and nothing else (its own status: unpaired)', async () => {
    const screen = await pairedScreenOfA();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/screens/${screen.id}`,
      headers: { cookie: adminA.cookie },
    });
    expect(res.statusCode).toBe(200);
    await delivered();
    expect(events).toContainEqual({
      type: 'screen.changed',
      companyId: companyA,
      screenId: screen.id,
      revoked: true,
    });
    for (const [method, url] of [
      ['GET', '/api/screen'],
      ['POST', '/api/capacity'],
      ['GET', '/api/servicetitan/metadata'],
    ] as const) {
      const after = await t.app.inject({
        method,
        url,
        headers: { cookie: screen.cookie },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      if (url === '/api/screen') expect(after.json()).toEqual({ status: 'unpaired' });
      else expect(after.statusCode, `${method} ${url}`).toBe(401);
      expect(after.body).not.toContain('Alpha');
    }
  });

  it('rename and revoke are scoped to the company: the admin of B finds nothing, a plain user may not', async () => {
    const screen = await pairedScreenOfA();
    for (const who of [adminB]) {
      const rename = await t.app.inject({
        method: 'PATCH',
        url: `/api/screens/${screen.id}`,
        headers: { cookie: who.cookie },
        payload: { name: 'Hijacked' },
      });
      expect(rename.statusCode).toBe(404);
      const revoke = await t.app.inject({
        method: 'DELETE',
        url: `/api/screens/${screen.id}`,
        headers: { cookie: who.cookie },
      });
      expect(revoke.statusCode).toBe(404);
    }
    const byUser = await t.app.inject({
      method: 'PATCH',
      url: `/api/screens/${screen.id}`,
      headers: { cookie: userA.cookie },
      payload: { name: 'Hijacked' },
    });
    expect(byUser.statusCode).toBe(403);
    const listB = await t.app.inject({
      method: 'GET',
      url: '/api/screens',
      headers: { cookie: adminB.cookie },
    });
    expect(listB.json<{ screens: unknown[] }>().screens).toEqual([]);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/screens/${screen.id}`,
      headers: { cookie: adminA.cookie },
      payload: { name: '  Front desk  ' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Front desk' });
    await delivered();
    expect(events).toContainEqual({
      type: 'screen.changed',
      companyId: companyA,
      screenId: screen.id,
      revoked: false,
    });
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/screen',
      headers: { cookie: screen.cookie },
    });
    expect(status.json()).toMatchObject({ screen: { name: 'Front desk' } });
  });

  it('the master admin sees every company screens and pairs into a chosen company', async () => {
    const tv = await startPairing();
    const withoutCompany = await pair(master, tv.code);
    expect(withoutCompany.statusCode).toBe(400);
    expect(withoutCompany.json()).toMatchObject({ details: { field: 'companyId' } });
    // Refused before the code was looked at, so it still works.
    const res = await pair(master, tv.code, { companyId: companyB, name: 'Bravo lobby' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ companyId: companyB, companyName: 'Bravo Plumbing' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/screens',
      headers: { cookie: master.cookie },
    });
    const names = list
      .json<{ screens: { companyName: string }[] }>()
      .screens.map((s) => s.companyName);
    expect(names).toContain('Alpha Heating');
    expect(names).toContain('Bravo Plumbing');
    // An account admin naming another company finds none.
    const tv2 = await startPairing();
    const foreign = await pair(adminA, tv2.code, { companyId: companyB });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ details: { field: 'companyId' } });
  });

  it('a screen link opens as a cookie and a redirect, without referrer or cache; regenerating refuses the old link', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/screens/links',
      headers: { cookie: adminA.cookie },
      payload: { name: 'Lobby signage', viewType: 'jobType' },
    });
    expect(created.statusCode).toBe(201);
    const { url, screen } = created.json<{ url: string; screen: { id: number; kind: string } }>();
    expect(screen.kind).toBe('link');
    const path = new URL(url).pathname;
    expect(path).toMatch(/^\/tv\/link\/[\w-]{43}$/);
    const open = await t.app.inject({ method: 'GET', url: path });
    expect(open.statusCode).toBe(302);
    expect(open.headers.location).toBe('/tv');
    expect(open.headers['cache-control']).toBe('no-store');
    expect(open.headers['referrer-policy']).toBe('no-referrer');
    const cookie = cookieFrom(open.headers['set-cookie']);
    const status = await t.app.inject({ method: 'GET', url: '/api/screen', headers: { cookie } });
    // The board it shows decides what it shows (issue 26): the company's first board's kind.
    expect(status.json()).toMatchObject({
      screen: { name: 'Lobby signage', viewType: 'businessUnit' },
    });

    const regenerated = await t.app.inject({
      method: 'POST',
      url: `/api/screens/${screen.id}/regenerate`,
      headers: { cookie: adminA.cookie },
    });
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.json<{ url: string }>().url).not.toBe(url);
    const old = await t.app.inject({ method: 'GET', url: path });
    expect(old.headers.location).toBe('/tv?link=invalid');
    expect(old.headers['set-cookie']).toBeUndefined();
    const oldDevice = await t.app.inject({
      method: 'GET',
      url: '/api/screen',
      headers: { cookie },
    });
    expect(oldDevice.json()).toEqual({ status: 'unpaired' });
    const fresh = await t.app.inject({
      method: 'GET',
      url: new URL(regenerated.json<{ url: string }>().url).pathname,
    });
    expect(fresh.headers.location).toBe('/tv');
    // A paired TV has no link to regenerate.
    const paired = await pairedScreenOfA();
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/screens/${paired.id}/regenerate`,
      headers: { cookie: adminA.cookie },
    });
    expect(refused.statusCode).toBe(409);
  });

  it('bad input answers 400 naming the field and changes nothing', async () => {
    const before = JSON.stringify(await t.app.db.select().from(screens).orderBy(asc(screens.id)));
    const screen = (await t.app.db.select().from(screens).orderBy(asc(screens.id)))[0]!;
    const cases: {
      method: 'POST' | 'PATCH' | 'DELETE';
      url: string;
      payload?: unknown;
      field: string;
    }[] = [
      { method: 'POST', url: '/api/screens/pair', payload: { name: 'x' }, field: 'code' },
      {
        method: 'POST',
        url: '/api/screens/pair',
        payload: { code: 'K7Q', name: 'x' },
        field: 'code',
      },
      {
        method: 'POST',
        url: '/api/screens/pair',
        payload: { code: 'OOOOOO', name: 'x' },
        field: 'code',
      },
      { method: 'POST', url: '/api/screens/pair', payload: { code: 12, name: 'x' }, field: 'code' },
      { method: 'POST', url: '/api/screens/pair', payload: { code: 'K7QM4P' }, field: 'name' },
      {
        method: 'POST',
        url: '/api/screens/pair',
        payload: { code: 'K7QM4P', name: '   ' },
        field: 'name',
      },
      {
        method: 'POST',
        url: '/api/screens/pair',
        payload: { code: 'K7QM4P', name: 'x'.repeat(81) },
        field: 'name',
      },
      {
        method: 'POST',
        url: '/api/screens/pair',
        payload: { code: 'K7QM4P', name: 'a', companyId: 'one' },
        field: 'companyId',
      },
      {
        method: 'POST',
        url: '/api/screens/pair',
        payload: { code: 'K7QM4P', name: 'a', viewType: 'rooms' },
        field: 'viewType',
      },
      { method: 'POST', url: '/api/screens/links', payload: { name: 'a\u0000b' }, field: 'name' },
      { method: 'POST', url: '/api/screens/links', payload: {}, field: 'name' },
      { method: 'PATCH', url: `/api/screens/${screen.id}`, payload: {}, field: 'name' },
      { method: 'PATCH', url: `/api/screens/${screen.id}`, payload: { name: '' }, field: 'name' },
      { method: 'PATCH', url: '/api/screens/abc', payload: { name: 'Fine' }, field: 'id' },
      { method: 'PATCH', url: '/api/screens/0', payload: { name: 'Fine' }, field: 'id' },
      { method: 'DELETE', url: '/api/screens/1.5', field: 'id' },
      { method: 'POST', url: '/api/screens/99999999999/regenerate', field: 'id' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        headers: { cookie: adminA.cookie },
        ...(c.payload !== undefined ? { payload: c.payload as object } : {}),
      });
      const label = `${c.method} ${c.url} ${JSON.stringify(c.payload)}`;
      expect(res.statusCode, label).toBe(400);
      expect(res.json<{ error: string }>().error, label).toMatch(new RegExp(`^${c.field}`));
    }
    expect(JSON.stringify(await t.app.db.select().from(screens).orderBy(asc(screens.id)))).toBe(
      before,
    );
  });
});
