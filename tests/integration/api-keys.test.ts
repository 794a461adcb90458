import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyList, CreatedApiKey } from '../../src/shared/api/api-keys.js';
import type { Board } from '../../src/shared/api/boards.js';
import type { DatabaseHandle } from '../../src/server/db/index.js';
import { apiKeys, companies } from '../../src/server/db/schema.js';
import { hashApiKey } from '../../src/server/services/api-keys/api-key-store.js';
import {
  createFakeServiceTitan,
  giveCompanyCredential,
  type FakeServiceTitan,
} from '../helpers/fake-service-titan.js';
import { wallClockIn } from '../helpers/local-time.js';
import { freePort } from '../helpers/free-port.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  createTestAppPair,
  type TestApp,
  type TestAppPair,
  type TestUser,
} from '../helpers/test-app.js';

/**
 * API keys (issue 37, decision 050), over real HTTP against two instances on one database: a key
 * reads a board's numbers and its history CSV as the company's people see them, gets 403 naming
 * the scope it lacks and 404 on another company, is refused in a query string (400) and counted
 * per key by both instances together (RateLimit headers, 429 with Retry-After); revoked on one
 * instance, its very next request on the other answers 401. No key shows in any log line, in any
 * answer but its creation's, or in the data folder (its hash does).
 */

const ZONE = 'America/New_York';
/** Wednesday 2025-06-11, 13:00 in New York: the board shows Thu 12, Fri 13 and Mon 16 June. */
const WEDNESDAY = Date.parse('2025-06-11T17:00:00Z');
const KEY_LIMIT = 40;

const ny = wallClockIn(ZONE);

interface Instance extends TestApp {
  base: string;
}

describe('API keys', () => {
  let instances: TestAppPair<Instance>;
  let a: Instance;
  let b: Instance;
  let fake: FakeServiceTitan;
  let clock = WEDNESDAY;
  let companyA: number;
  let companyB: number;
  let adminA: TestUser;
  let memberA: TestUser;
  let adminB: TestUser;
  let boardsA: Board[];
  const lines: string[] = [];
  /** Every answer the tests got, but the creations' (the one place a key may show). */
  const answers: string[] = [];
  /** Every key made here. */
  const keys: string[] = [];

  async function start(database: DatabaseHandle): Promise<Instance> {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const t = await createTestApp({
      database,
      env: {
        PORT: String(port),
        PUBLIC_URL: base,
        LOG_LEVEL: 'info',
        API_RATE_LIMIT_PER_MINUTE: '100000',
        API_KEY_RATE_LIMIT_PER_MINUTE: String(KEY_LIMIT),
      },
      logStream: { write: (line) => void lines.push(line) },
      services: { serviceTitan: fake, now: () => new Date(clock), refreshWaitMs: 60_000 },
    });
    await t.app.listen({ host: '127.0.0.1', port });
    return { ...t, base };
  }

  /** A request over HTTP; its answer (body and headers) is kept for the search for keys. */
  async function call(
    instance: Instance,
    url: string,
    init: { method?: string; key?: string; cookie?: string; body?: unknown } = {},
  ) {
    const res = await fetch(`${instance.base}${url}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.key ? { authorization: `Bearer ${init.key}` } : {}),
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    const text = await res.text();
    answers.push(text, JSON.stringify([...res.headers]));
    return { status: res.status, headers: res.headers, text, json: <T>() => JSON.parse(text) as T };
  }

  async function createKey(
    who: TestUser,
    body: { name: string; scopes: string[]; boardIds?: number[] },
  ): Promise<CreatedApiKey> {
    const res = await fetch(`${a.base}/api/api-keys`, {
      method: 'POST',
      headers: { cookie: who.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as CreatedApiKey;
    keys.push(created.key);
    return created;
  }

  beforeAll(async () => {
    fake = createFakeServiceTitan();
    fake.businessUnits = [
      { id: 10, name: 'Plumbing', active: true },
      { id: 11, name: 'HVAC', active: true },
    ];
    fake.jobs = [
      { id: 1, jobStatus: 'Scheduled', businessUnitId: 10, jobTypeId: 500 },
      { id: 2, jobStatus: 'Scheduled', businessUnitId: 11, jobTypeId: 500 },
      { id: 3, jobStatus: 'Scheduled', businessUnitId: 10, jobTypeId: 500 },
    ];
    fake.appointments = [
      {
        id: 100,
        jobId: 1,
        start: ny('2025-06-12', '09:00'),
        end: ny('2025-06-12', '10:00'),
        status: 'Scheduled',
      },
      {
        id: 101,
        jobId: 2,
        start: ny('2025-06-12', '11:00'),
        end: ny('2025-06-12', '12:00'),
        status: 'Scheduled',
      },
      {
        id: 102,
        jobId: 3,
        start: ny('2025-06-13', '09:00'),
        end: ny('2025-06-13', '10:00'),
        status: 'Scheduled',
      },
    ];
    instances = await createTestAppPair(start);
    ({ a, b } = instances);
    companyA = await createCompany(a.app, { name: 'Alpha Heating' });
    companyB = await createCompany(a.app, { name: 'Bravo Plumbing' });
    await giveCompanyCredential(a.app, companyA);
    adminA = await createSignedInUser(a.app, { companyId: companyA, role: 'account_admin' });
    memberA = await createSignedInUser(a.app, { companyId: companyA });
    adminB = await createSignedInUser(a.app, { companyId: companyB, role: 'account_admin' });
    await a.app.services.boards.create({
      companyId: companyA,
      name: 'Second board',
      viewType: 'businessUnit',
      itemIds: null,
      userId: null,
    });
    boardsA = (await call(a, '/api/boards', { cookie: memberA.cookie })).json<{ boards: Board[] }>()
      .boards;
    expect(boardsA).toHaveLength(2);
  }, 120_000);

  afterAll(async () => {
    await instances?.close();
  });

  it('an admin creates a key, shown once; the list shows its prefix, last four, creator, never the key', async () => {
    const created = await createKey(adminA, { name: 'Bookings sheet', scopes: ['boards:read'] });
    expect(created.key).toMatch(/^cbk_[A-Za-z0-9_-]{43}$/);
    expect(created.apiKey).toMatchObject({
      name: 'Bookings sheet',
      prefix: 'cbk_',
      lastFour: created.key.slice(-4),
      scopes: ['boards:read'],
      boardIds: null,
      lastUsedAt: null,
    });
    const list = await call(b, '/api/api-keys', { cookie: adminA.cookie });
    expect(list.status).toBe(200);
    const listed = list.json<ApiKeyList>().keys.find((k) => k.id === created.apiKey.id)!;
    expect(listed.createdBy).toBeTruthy();
    expect(list.text).not.toContain(created.key);
    // Stored: its SHA-256, not the key.
    const [row] = await a.app.db.select().from(apiKeys).where(eq(apiKeys.id, created.apiKey.id));
    expect(row!.keyHash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(4));
  });

  it('reads the board numbers as POST /api/capacity answers the company, with RateLimit headers', async () => {
    const { key } = await createKey(adminA, { name: 'Numbers', scopes: ['boards:read'] });
    const asMember = await call(a, '/api/capacity', {
      method: 'POST',
      cookie: memberA.cookie,
      body: {},
    });
    const asKey = await call(b, '/api/capacity', { method: 'POST', key, body: {} });
    expect(asKey.status, asKey.text).toBe(200);
    interface Answer {
      days: { date: string; data: { scheduled: number }[] }[];
    }
    const totals = (answer: Answer) =>
      answer.days.map((d) => [d.date, d.data.reduce((sum, item) => sum + item.scheduled, 0)]);
    expect(totals(asKey.json<Answer>())).toEqual(totals(asMember.json<Answer>()));
    expect(totals(asKey.json<Answer>())).toEqual([
      ['2025-06-12', 2],
      ['2025-06-13', 1],
      ['2025-06-16', 0],
    ]);
    expect(asKey.headers.get('ratelimit-policy')).toBe(`"key";q=${KEY_LIMIT};w=60`);
    expect(asKey.headers.get('ratelimit')).toMatch(new RegExp(`^"key";r=${KEY_LIMIT - 1};t=\\d+$`));
    // The list says when and from where it was used.
    const listed = (await call(a, '/api/api-keys', { cookie: adminA.cookie }))
      .json<ApiKeyList>()
      .keys.find((k) => k.name === 'Numbers')!;
    expect(listed.lastUsedAt).toBe(new Date(clock).toISOString());
    expect(listed.lastUsedFrom).toMatch(/127\.0\.0\.1/);
  });

  it("downloads the board's history as CSV, the same file a member downloads", async () => {
    await a.app.services.history.record(companyA);
    const { key } = await createKey(adminA, { name: 'History', scopes: ['history:read'] });
    const url = '/api/history?from=2025-06-12&to=2025-06-16&format=csv';
    const asKey = await call(b, url, { key });
    expect(asKey.status, asKey.text).toBe(200);
    expect(asKey.headers.get('content-type')).toContain('text/csv');
    expect(asKey.text.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(
      'date,item_id,item_name,scheduled,target,source,booked_hours,capacity_hours',
    );
    expect(asKey.text).toContain('2025-06-12,10,Plumbing,1,');
    expect(asKey.text).toContain('2025-06-12,11,HVAC,1,');
    expect(asKey.text).toBe((await call(a, url, { cookie: memberA.cookie })).text);
  });

  it('gets 403 naming the scope it lacks, 403 on a write, 404 on another company', async () => {
    const { key } = await createKey(adminA, { name: 'Board only', scopes: ['boards:read'] });
    const history = await call(a, '/api/history?from=2025-06-12&to=2025-06-16', { key });
    expect(history.status).toBe(403);
    expect(history.json<{ error: string }>().error).toBe('This key lacks the history:read scope');
    const rules = await call(b, '/api/alert-rules', { key });
    expect(rules.json<{ error: string }>().error).toBe('This key lacks the alerts:read scope');
    const write = await call(a, '/api/boards', {
      method: 'POST',
      key,
      body: { name: 'By key', viewType: 'businessUnit' },
    });
    expect(write.status).toBe(403);
    expect(write.json<{ error: string }>().error).toContain('only reads');
    const keysList = await call(a, '/api/api-keys', { key });
    expect(keysList.status).toBe(403);
    // Another company: named, or its board by id.
    const boardB = (await a.app.services.boards.first(companyB)).id;
    expect((await call(a, `/api/boards?companyId=${companyB}`, { key })).status).toBe(404);
    const numbersB = await call(b, `/api/capacity?boardId=${boardB}`, {
      method: 'POST',
      key,
      body: {},
    });
    expect(numbersB.status).toBe(404);
    expect(numbersB.text).not.toContain('Bravo');
    // B's key on A's board.
    const keyB = (await createKey(adminB, { name: 'B', scopes: ['history:read', 'boards:read'] }))
      .key;
    const onA = await call(
      a,
      `/api/history?boardId=${boardsA[0]!.id}&from=2025-06-12&to=2025-06-13`,
      {
        key: keyB,
      },
    );
    expect(onA.status).toBe(404);
    expect((await call(b, `/api/board-settings?companyId=${companyA}`, { key: keyB })).status).toBe(
      404,
    );
  });

  it('limited to one board: lists and reads only that board', async () => {
    const [first, second] = boardsA as [Board, Board];
    const { key } = await createKey(adminA, {
      name: 'Second only',
      scopes: ['boards:read', 'history:read'],
      boardIds: [second.id],
    });
    const listed = (await call(a, '/api/boards', { key })).json<{ boards: Board[] }>().boards;
    expect(listed.map((board) => board.id)).toEqual([second.id]);
    const own = await call(a, '/api/capacity', { method: 'POST', key, body: {} });
    expect(own.status).toBe(200);
    const other = await call(b, `/api/capacity?boardId=${first.id}`, {
      method: 'POST',
      key,
      body: {},
    });
    expect(other.status).toBe(404);
    expect((await call(a, `/api/history/status?boardId=${first.id}`, { key })).status).toBe(404);
    expect((await call(a, `/api/history/status?boardId=${second.id}`, { key })).status).toBe(200);
  });

  it('a key in the query string is refused with 400 saying why, and never logged', async () => {
    const { key } = await createKey(adminA, { name: 'Leaky', scopes: ['history:read'] });
    for (const query of [
      `api_key=${key}`,
      `key=${key}`,
      `access_token=${key}`,
      `from=2025-06-12&to=2025-06-13&token2=${encodeURIComponent(key)}`,
    ]) {
      const res = await call(a, `/api/history?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json<{ error: string }>().error).toContain('not accepted in the query string');
      expect(res.text).not.toContain(key);
    }
    expect(lines.join('')).toContain('/api/history?api_key=[redacted]');
  });

  it('rate limits per key, counted by both instances together: 429 with Retry-After', async () => {
    const { key } = await createKey(adminA, { name: 'Busy', scopes: ['boards:read'] });
    const statuses: number[] = [];
    for (let i = 0; i < KEY_LIMIT; i++) {
      const res = await call(i % 2 === 0 ? a : b, '/api/boards', { key });
      statuses.push(res.status);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await call(b, '/api/boards', { key });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit')).toMatch(/^"key";r=0;t=\d+$/);
    expect(refused.json<{ error: string }>().error).toContain(`${KEY_LIMIT} requests a minute`);
    // Another key of the company is not held back; the next minute, this one neither.
    const other = await createKey(adminA, { name: 'Calm', scopes: ['boards:read'] });
    expect((await call(a, '/api/boards', { key: other.key })).status).toBe(200);
    clock += 60_000;
    expect((await call(a, '/api/boards', { key })).status).toBe(200);
  });

  it('revoked on one instance: the next request on the other answers 401', async () => {
    const { key, apiKey } = await createKey(adminA, {
      name: 'Short-lived',
      scopes: ['boards:read'],
    });
    expect((await call(b, '/api/boards', { key })).status).toBe(200);
    // Another company's admin finds no such key; a plain member may not revoke.
    expect(
      (await call(a, `/api/api-keys/${apiKey.id}`, { method: 'DELETE', cookie: adminB.cookie }))
        .status,
    ).toBe(404);
    expect(
      (await call(a, `/api/api-keys/${apiKey.id}`, { method: 'DELETE', cookie: memberA.cookie }))
        .status,
    ).toBe(403);
    const revoked = await call(a, `/api/api-keys/${apiKey.id}`, {
      method: 'DELETE',
      cookie: adminA.cookie,
    });
    expect(revoked.status).toBe(200);
    const started = performance.now();
    const after = await call(b, '/api/boards', { key });
    const elapsed = performance.now() - started;
    expect(after.status).toBe(401);
    expect(after.json<{ error: string }>().error).toContain('not valid');
    console.info(`revoked on instance A: 401 on instance B ${elapsed.toFixed(0)} ms later`);
    const list = (await call(b, '/api/api-keys', { cookie: adminA.cookie })).json<ApiKeyList>();
    expect(list.keys.some((k) => k.id === apiKey.id)).toBe(false);
  });

  it('bad input names the field; a plain member has no keys page', async () => {
    const bad = async (body: unknown) => {
      const res = await call(a, '/api/api-keys', { method: 'POST', cookie: adminA.cookie, body });
      expect(res.status).toBe(400);
      return res.json<{ error: string; details: { issues: { field: string }[] } }>();
    };
    expect((await bad({ name: 'x', scopes: ['boards:write'] })).error).toContain('scopes');
    expect((await bad({ name: 'x', scopes: [] })).error).toContain('scopes');
    expect((await bad({ name: '  ', scopes: ['boards:read'] })).error).toContain('name');
    expect((await bad({ name: 'x', scopes: ['boards:read'], boardIds: [999999] })).error).toContain(
      'boardIds[0]',
    );
    expect((await call(a, '/api/api-keys', { cookie: memberA.cookie })).status).toBe(403);
    expect(
      (
        await call(a, '/api/api-keys', {
          method: 'POST',
          cookie: memberA.cookie,
          body: { name: 'x', scopes: ['boards:read'] },
        })
      ).status,
    ).toBe(403);
  });

  it('keys die with their company', async () => {
    const doomed = await createCompany(a.app, { name: 'Closing Down' });
    const admin = await createSignedInUser(a.app, { companyId: doomed, role: 'account_admin' });
    const { key, apiKey } = await createKey(admin, { name: 'Gone soon', scopes: ['boards:read'] });
    await a.app.db.delete(companies).where(eq(companies.id, doomed));
    expect(await a.app.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id))).toEqual([]);
    expect((await call(b, '/api/boards', { key })).status).toBe(401);
  });

  it('no key in any log line, in any answer but its creation, or in the data folder', async () => {
    expect(keys.length).toBeGreaterThan(8);
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(1000);
    const everything = answers.join('\n');
    for (const key of keys) {
      expect(log).not.toContain(key);
      expect(log).not.toContain(key.slice(4));
      expect(everything).not.toContain(key);
    }
    // The embedded database's data folder, every file's bytes (after a checkpoint, so the
    // table's pages are written out, not only its log).
    const dump = a.database.dumpDataFolder;
    if (!dump) return;
    await a.app.db.execute(sql`checkpoint`);
    const content = Buffer.from(await (await dump()).arrayBuffer());
    expect(content.length).toBeGreaterThan(1_000_000);
    let hashes = 0;
    for (const key of keys) {
      expect(content.includes(key.slice(4))).toBe(false);
      if (content.includes(hashApiKey(key))) hashes += 1;
    }
    expect(hashes).toBe(keys.length);
  });
});
