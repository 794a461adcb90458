import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BoardEvent } from '../../src/server/services/events/contract.js';
import { boardSettings, companyLogos } from '../../src/server/db/schema.js';
import {
  LOGO_EMPTY_MESSAGE,
  LOGO_TYPE_MESSAGE,
  SETTINGS_CONFLICT_MESSAGE,
  type BoardSettingsResponse,
} from '../../src/shared/api/board-settings.js';
import {
  LOGO_MAX_BYTES,
  LOGO_TOO_LARGE_MESSAGE,
} from '../../src/shared/settings/dashboard-settings.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

/** The smallest real images of each kind a logo may be (their first bytes decide the type). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  'utf8',
);

describe('company board settings (/api/board-settings)', () => {
  let t: TestApp;
  let companyA: number;
  let companyB: number;
  let adminA: TestUser;
  let userA: TestUser;
  let adminB: TestUser;
  let master: TestUser;
  const events: BoardEvent[] = [];

  const call = (
    who: TestUser | null,
    method: 'GET' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(who ? { cookie: who.cookie } : {}), ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  const read = async (who: TestUser, query = '') => {
    const res = await call(who, 'GET', `/api/board-settings${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as BoardSettingsResponse;
  };

  const putLogo = (who: TestUser, body: Buffer | string, type = 'image/png', query = '') =>
    call(who, 'PUT', `/api/board-settings/logo${query}`, body, { 'content-type': type });

  /** Everything stored about board settings and logos, to show a refused write changed nothing. */
  const stored = async () =>
    JSON.stringify(
      await Promise.all([
        t.app.db.select().from(boardSettings).orderBy(asc(boardSettings.companyId)),
        t.app.db
          .select({ companyId: companyLogos.companyId, sha: companyLogos.sha256 })
          .from(companyLogos)
          .orderBy(asc(companyLogos.companyId)),
      ]),
    );

  beforeAll(async () => {
    t = await createTestApp({
      env: { API_RATE_LIMIT_PER_MINUTE: '100000' },
      services: {
        fetch: async () => {
          throw new Error('offline');
        },
      },
    });
    // What the routes hand to the bus, as they hand it (delivery is the bus's own business).
    const publish = t.app.services.events.publish.bind(t.app.services.events);
    vi.spyOn(t.app.services.events, 'publish').mockImplementation(async (event) => {
      events.push(event);
      await publish(event);
    });
    companyA = await createCompany(t.app, { name: 'Alpha Air' });
    companyB = await createCompany(t.app, { name: 'Bravo Plumbing' });
    adminA = await createSignedInUser(t.app, { companyId: companyA, role: 'account_admin' });
    userA = await createSignedInUser(t.app, { companyId: companyA });
    adminB = await createSignedInUser(t.app, { companyId: companyB, role: 'account_admin' });
    master = await createSignedInUser(t.app, { role: 'master_admin' });
  });
  afterAll(() => t.close());

  it('reads the seed defaults before anything is stored, with who may edit', async () => {
    const asUser = await read(userA);
    expect(asUser).toMatchObject({
      companyId: companyA,
      version: 0,
      logoUrl: null,
      canEdit: false,
      editDenial: 'Only an administrator of your company can change this.',
    });
    expect(asUser.settings.title).toBe('3-Day Call Board');
    expect(asUser.settings.timezone).toBe('America/New_York');
    // No ZIP code until the company gives one (issue 33, item 4): the sample town is not theirs.
    expect(asUser.settings.zipCode).toBe('');
    expect(asUser.settings).not.toHaveProperty('viewType');
    expect((await read(adminA)).canEdit).toBe(true);
    // A master admin without a company sees the defaults and nothing to change.
    expect(await read(master)).toMatchObject({
      companyId: null,
      version: 0,
      canEdit: false,
      editDenial: 'Create or join a company first.',
    });
    expect((await call(null, 'GET', '/api/board-settings')).statusCode).toBe(401);
  });

  it("an admin's save reaches everyone of the company, bumps the version and tells the event bus", async () => {
    const before = await read(adminA);
    events.length = 0;
    const res = await call(adminA, 'PUT', '/api/board-settings', {
      settings: { ...before.settings, title: 'Alpha Dispatch' },
      version: before.version,
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json() as BoardSettingsResponse;
    expect(saved.version).toBe(before.version + 1);
    expect(saved.settings.title).toBe('Alpha Dispatch');
    expect((await read(userA)).settings.title).toBe('Alpha Dispatch');
    expect(events).toEqual([
      {
        type: 'settings.changed',
        companyId: companyA,
        version: saved.version,
        boardId: expect.any(Number),
      },
    ]);
    // Company B's board is untouched.
    expect((await read(adminB)).settings.title).toBe('3-Day Call Board');
  });

  it('answers 409 on a lost update (a save naming an old version) and changes nothing', async () => {
    const seen = await read(adminA);
    const other = await createSignedInUser(t.app, { companyId: companyA, role: 'account_admin' });
    expect(
      (
        await call(other, 'PUT', '/api/board-settings', {
          settings: { ...seen.settings, title: 'Saved first' },
          version: seen.version,
        })
      ).statusCode,
    ).toBe(200);
    const before = await stored();
    events.length = 0;
    const late = await call(adminA, 'PUT', '/api/board-settings', {
      settings: { ...seen.settings, title: 'Saved second' },
      version: seen.version,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(SETTINGS_CONFLICT_MESSAGE);
    expect(await stored()).toBe(before);
    expect(events).toEqual([]);
    expect((await read(userA)).settings.title).toBe('Saved first');
  });

  it('refuses every write of a plain user with 403 and the reason, changing nothing', async () => {
    const current = await read(userA);
    const before = await stored();
    events.length = 0;
    const attempts = [
      await call(userA, 'PUT', '/api/board-settings', {
        settings: { ...current.settings, title: 'Mine now' },
        version: current.version,
      }),
      await putLogo(userA, PNG),
      await call(userA, 'DELETE', '/api/board-settings/logo'),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('Only an administrator of your company can change this.');
    }
    expect(await stored()).toBe(before);
    expect(events).toEqual([]);
  });

  it("keeps company A's settings from B's admin (404), and lets the master admin open them", async () => {
    const before = await stored();
    const current = await read(adminA);
    const q = `?companyId=${companyA}`;
    for (const res of [
      await call(adminB, 'GET', `/api/board-settings${q}`),
      await call(adminB, 'PUT', `/api/board-settings${q}`, {
        settings: { ...current.settings, title: 'Taken over' },
        version: current.version,
      }),
      await putLogo(adminB, PNG, 'image/png', q),
      await call(adminB, 'DELETE', `/api/board-settings/logo${q}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(current.settings.title);
    }
    expect(await stored()).toBe(before);
    const asMaster = await read(master, q);
    expect(asMaster).toMatchObject({ companyId: companyA, canEdit: true });
    expect(asMaster.settings.title).toBe(current.settings.title);
  });

  it('refuses bad settings with a 400 naming the field, and changes nothing', async () => {
    const current = await read(adminA);
    const cases: [unknown, string][] = [
      [{ ...current.settings, title: '   ' }, 'settings.title'],
      [{ ...current.settings, timezone: 'Mars/Olympus_Mons' }, 'settings.timezone'],
      [{ ...current.settings, zipCode: '3421' }, 'settings.zipCode'],
      [{ ...current.settings, holidays: ['Festivus'] }, 'settings.holidays[0]'],
      [{ ...current.settings, dateFormat: 'yyyy' }, 'settings.dateFormat'],
      [
        {
          ...current.settings,
          workdays: Object.fromEntries(
            Object.keys(current.settings.workdays).map((d) => [d, false]),
          ),
        },
        'settings.workdays',
      ],
      [
        { ...current.settings, targetCapacity: { ...current.settings.targetCapacity, day2: 101 } },
        'settings.targetCapacity.day2',
      ],
      [
        { ...current.settings, paceCurve: { ...current.settings.paceCurve, day1: -1 } },
        'settings.paceCurve.day1',
      ],
      [
        { ...current.settings, paceCurve: { ...current.settings.paceCurve, day3: 'half' } },
        'settings.paceCurve.day3',
      ],
      [
        { ...current.settings, paceCurve: { ...current.settings.paceCurve, day2: 33.5 } },
        'settings.paceCurve.day2',
      ],
      [
        {
          ...current.settings,
          appearance: { ...current.settings.appearance, headerBgColor: 'red;background:url(x)' },
        },
        'settings.appearance.headerBgColor',
      ],
      [
        { ...current.settings, weatherThresholds: { hotTemp: 'hot', coldTemp: 35 } },
        'settings.weatherThresholds.hotTemp',
      ],
    ];
    const before = await stored();
    for (const [settings, field] of cases) {
      const res = await call(adminA, 'PUT', '/api/board-settings', {
        settings,
        version: current.version,
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error).toMatch(new RegExp(`^${field.replace(/[[\].]/g, '\\$&')}: `));
    }
    for (const [body, field] of [
      [{ settings: current.settings }, 'version'],
      [{ settings: current.settings, version: -1 }, 'version'],
      [{ settings: current.settings, version: 1.5 }, 'version'],
      [{ version: current.version }, 'settings'],
    ] as const) {
      const res = await call(adminA, 'PUT', '/api/board-settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(new RegExp(`^${field}: `));
    }
    const bad = await call(adminA, 'GET', '/api/board-settings?companyId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^companyId: /);
    expect(await stored()).toBe(before);
  });

  it('checks the logo on the server: by its bytes, not its header; at most 2 MB; not empty; no SVG', async () => {
    const before = await stored();
    const refused: [Buffer | string, string, number, string][] = [
      [Buffer.from('definitely not an image'), 'image/png', 400, LOGO_TYPE_MESSAGE],
      [SVG, 'image/svg+xml', 400, LOGO_TYPE_MESSAGE],
      [Buffer.alloc(0), 'image/png', 400, LOGO_EMPTY_MESSAGE],
      [
        Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES + 1 - PNG.length)]),
        'image/png',
        413,
        LOGO_TOO_LARGE_MESSAGE,
      ],
    ];
    for (const [body, type, status, message] of refused) {
      const res = await putLogo(adminA, body, type);
      expect(res.statusCode, message).toBe(status);
      expect(res.json().error).toBe(message);
      expect(res.json().details?.field).toBe('logo');
    }
    // A JSON body is not an image either.
    const json = await call(adminA, 'PUT', '/api/board-settings/logo', { logo: 'data:image/png' });
    expect(json.statusCode).toBe(400);
    expect(json.json().details?.field).toBe('logo');
    expect(await stored()).toBe(before);
  });

  it('stores a logo once, serves it with its type, nosniff and a year of caching, and removes it', async () => {
    const before = await read(adminA);
    events.length = 0;
    // Sent as "image/png", but the bytes are a GIF: the bytes decide.
    const res = await putLogo(adminA, GIF, 'image/png');
    expect(res.statusCode).toBe(200);
    const saved = res.json() as BoardSettingsResponse;
    expect(saved.version).toBe(before.version + 1);
    expect(saved.logoUrl).toMatch(/^\/api\/board-settings\/logo\/[0-9a-f]{64}$/);
    expect(events).toEqual([
      {
        type: 'settings.changed',
        companyId: companyA,
        version: saved.version,
        boardId: expect.any(Number),
      },
    ]);

    const image = await call(userA, 'GET', saved.logoUrl!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/gif');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(image.headers['content-security-policy']).toContain('sandbox');
    expect(image.rawPayload.equals(GIF)).toBe(true);

    // Only the company's own people (and the master admin, naming the company) get it.
    expect((await call(null, 'GET', saved.logoUrl!)).statusCode).toBe(401);
    expect((await call(adminB, 'GET', saved.logoUrl!)).statusCode).toBe(404);
    expect((await call(adminB, 'GET', `${saved.logoUrl!}?companyId=${companyA}`)).statusCode).toBe(
      404,
    );
    const forMaster = (await read(master, `?companyId=${companyA}`)).logoUrl!;
    expect(forMaster).toBe(`${saved.logoUrl!}?companyId=${companyA}`);
    expect((await call(master, 'GET', forMaster)).statusCode).toBe(200);

    // A new logo is a new address; the old one is gone.
    const replaced = (
      await putLogo(adminA, PNG, 'application/octet-stream')
    ).json() as BoardSettingsResponse;
    expect(replaced.logoUrl).not.toBe(saved.logoUrl);
    expect((await call(userA, 'GET', replaced.logoUrl!)).headers['content-type']).toBe('image/png');
    expect((await call(userA, 'GET', saved.logoUrl!)).statusCode).toBe(404);

    const removed = await call(adminA, 'DELETE', '/api/board-settings/logo');
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as BoardSettingsResponse).logoUrl).toBeNull();
    expect((await read(userA)).logoUrl).toBeNull();
    expect((await call(userA, 'GET', replaced.logoUrl!)).statusCode).toBe(404);
    expect(events.map((e) => e.type)).toEqual([
      'settings.changed',
      'settings.changed',
      'settings.changed',
    ]);
  });

  it('a settings save after a logo change needs the version the logo change answered', async () => {
    const seen = await read(adminA);
    const logo = (await putLogo(adminA, PNG)).json() as BoardSettingsResponse;
    const stale = await call(adminA, 'PUT', '/api/board-settings', {
      settings: { ...seen.settings, title: 'Stale' },
      version: seen.version,
    });
    expect(stale.statusCode).toBe(409);
    const fresh = await call(adminA, 'PUT', '/api/board-settings', {
      settings: { ...logo.settings, title: 'Fresh' },
      version: logo.version,
    });
    expect(fresh.statusCode).toBe(200);
    expect((fresh.json() as BoardSettingsResponse).logoUrl).toBe(logo.logoUrl);
  });
});
