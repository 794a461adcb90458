import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapacityResponse } from '../../src/shared/api/capacity.js';
import type { CompanyWriteResult, ConnectionCheck } from '../../src/shared/api/companies.js';
import type { ProviderMetadata } from '../../src/shared/api/providers.js';
import { capacityHistory, webhookReceipts } from '../../src/server/db/schema.js';
import {
  signWebhook,
  startHousecallProStandin,
  type HcpJobPlan,
  type HousecallProStandin,
} from '../../standins/housecall-pro/index.js';
import {
  localDayNumber,
  localTimeToUtcMs,
} from '../../standins/servicetitan-simulator/local-time.js';
import { setCompanyBoardSettings } from '../helpers/board-settings.js';
import { openEventStream } from '../helpers/event-stream.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  pairScreen,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

/**
 * Housecall Pro behind the provider port (issue 34), against its stand-in over real HTTP: the
 * board's counts equal an independent recount from the stand-in's own job plans (a DST change,
 * local-midnight edges, multi-appointment jobs, both kinds of cancellation, jobs without a type or
 * business unit, many pages), history's backfill and new today match the same recount, and
 * webhooks: a booking reaches a paired TV early, within the one-read-per-company rule; forged,
 * stale and replayed deliveries are refused and change nothing.
 */

const ZONE = 'America/Chicago';
/** Saturday 11:00 in Chicago; the board works every day, so Sunday 1 November (25 h) shows. */
const START = Date.parse('2026-10-31T16:00:00Z');
const EVERY_DAY = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: true,
  sunday: true,
};

let clock = START;
const now = () => new Date(clock);

describe('Housecall Pro', () => {
  let standin: HousecallProStandin;
  let t: TestApp;
  let base: string;
  let companyId: number;
  let admin: TestUser;
  let member: TestUser;
  const logLines: string[] = [];
  const secret = 'whsec_test_signing_secret_8c1f';

  const api = async <T>(
    who: TestUser,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { cookie: who.cookie },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.body, json: () => res.json<T>() };
  };
  const board = async () => {
    const res = await api<CapacityResponse>(member, 'POST', '/api/capacity', {
      viewType: 'businessUnit',
    });
    expect(res.status, res.body).toBe(200);
    return res.json();
  };
  const jobsCalls = (filter: (query: Record<string, string>) => boolean = () => true) =>
    standin.calls.list({ path: '/jobs' }).filter((c) => filter(c.query));
  /** First pages of the board's reads (the item scan reads weeks back; the board, days). */
  const boardReads = () =>
    jobsCalls(
      (q) =>
        q.page === '1' &&
        q.scheduled_end_min !== undefined &&
        Date.parse(q.scheduled_end_min) > clock - 3 * 86_400_000,
    ).length;

  beforeAll(async () => {
    standin = await startHousecallProStandin({
      now,
      timeZone: ZONE,
      maxPageSize: 20,
      burstPerSecond: 10_000,
      webhookTickMs: 60_000,
    });
    t = await createTestApp({
      env: {
        HOUSECALLPRO_API_URL: standin.url,
        CAPACITY_REFRESH_SECONDS: '60',
        LOG_LEVEL: 'debug',
      },
      services: { now, scheduleTickMs: 25, refreshWaitMs: 20_000 },
      logStream: { write: (line) => void logLines.push(line) },
    });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    companyId = await createCompany(t.app, { name: 'Demo Plumbing Co' });
    admin = await createSignedInUser(t.app, { companyId, role: 'account_admin' });
    member = await createSignedInUser(t.app, { companyId });
    await setCompanyBoardSettings(t.app, companyId, {
      timezone: ZONE,
      workdays: EVERY_DAY,
      holidays: [],
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await standin?.close();
  });

  it('connects with an API key on PATCH /api/companies/:id, checked in plain words, never echoing a secret', async () => {
    const bad = await api<CompanyWriteResult>(admin, 'PATCH', `/api/companies/${companyId}`, {
      provider: 'housecallpro',
      clientId: 'cid.nope',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('clientId');
    const crossed = await api(admin, 'PATCH', `/api/companies/${companyId}`, { apiKey: 'x' });
    expect(crossed.status).toBe(400);
    expect(crossed.body).toContain('apiKey');

    const refused = await api<ConnectionCheck>(admin, 'POST', '/api/connection-check', {
      provider: 'housecallpro',
      apiKey: 'hcp_key_mistyped',
    });
    expect(refused.json()).toMatchObject({
      ok: false,
      problems: [{ code: 'invalid_key', step: 'token' }],
    });
    expect(refused.json().problems[0]!.message).toContain('Housecall Pro refused this API key');

    const key = standin.demoAccount.apiKey;
    const saved = await api<CompanyWriteResult>(admin, 'PATCH', `/api/companies/${companyId}`, {
      provider: 'housecallpro',
      apiKey: key,
      webhookSecret: secret,
    });
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json().company).toMatchObject({
      provider: 'housecallpro',
      configured: true,
      apiKey: { configured: true, last4: key.slice(-4) },
      webhookSecret: { configured: true, last4: secret.slice(-4) },
    });
    expect(saved.json().connectionCheck).toMatchObject({ ok: true, problems: [] });
    expect(saved.body).not.toContain(key);
    expect(saved.body).not.toContain(secret);

    // The stored key is checked when none is typed.
    const stored = await api<ConnectionCheck>(admin, 'POST', '/api/connection-check', {
      companyId,
    });
    expect(stored.json().ok).toBe(true);

    // The webhook address is its admins' to see; the member and a paired TV get null.
    const metadata = await api<ProviderMetadata>(admin, 'GET', '/api/provider/metadata');
    expect(metadata.json()).toMatchObject({
      provider: 'housecallpro',
      providerName: 'Housecall Pro',
      hasCredentials: true,
      error: null,
      timeZone: ZONE,
    });
    expect(metadata.json().businessUnits.map((b) => b.name)).toEqual([
      'Commercial Plumbing',
      'Drain & Sewer',
      'Residential Plumbing',
      'No business unit',
    ]);
    expect(metadata.json().jobTypes.at(-1)?.name).toBe('No job type');
    const webhookUrl = metadata.json().webhookUrl!;
    expect(webhookUrl).toMatch(/\/api\/providers\/housecallpro\/webhooks\/[A-Za-z0-9_-]{43}$/);
    expect(
      (await api<ProviderMetadata>(member, 'GET', '/api/provider/metadata')).json().webhookUrl,
    ).toBeNull();
    const tv = await pairScreen(t.app, admin);
    const onTv = await t.app.inject({ url: '/api/provider/metadata', headers: { cookie: tv } });
    expect(onTv.json<ProviderMetadata>().webhookUrl).toBeNull();
    // The seed's metadata route keeps its four fields.
    const seed = await api<Record<string, unknown>>(member, 'GET', '/api/servicetitan/metadata');
    expect(Object.keys(seed.json()).sort()).toEqual([
      'businessUnits',
      'error',
      'hasCredentials',
      'jobTypes',
    ]);

    // Housecall Pro sends its events to the address the admin pasted, signed with the secret.
    standin.setWebhook(key, {
      url: webhookUrl.replace(/^https?:\/\/[^/]+/, base),
      secret,
    });
    // Neither secret reached a log line.
    const log = logLines.join('\n');
    expect(log).not.toContain(key);
    expect(log).not.toContain(secret);
    expect(log).not.toContain(webhookUrl.split('/').at(-1));
  });

  /** The stand-in's own plans, recounted per local day and item without the app's code. */
  function recount(days: string[], atMs: number) {
    const dayBounds = days.map((date) => {
      const n = Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
      return { date, from: localTimeToUtcMs(n, 0, ZONE), to: localTimeToUtcMs(n + 1, 0, ZONE) };
    });
    const todayStart = localTimeToUtcMs(localDayNumber(atMs, ZONE), 0, ZONE);
    const plans = standin.plans(
      standin.demoAccount.apiKey,
      dayBounds[0]!.from,
      dayBounds.at(-1)!.to,
    );
    const counted = (plan: HcpJobPlan) =>
      plan.createdMs <= atMs && !(plan.canceled && plan.canceled.atMs <= atMs) && !plan.unscheduled;
    const result = new Map<
      string,
      { bu: Map<string, number>; jt: Map<string, number>; newBu: Map<string, number> }
    >();
    const seen = new Set<string>();
    for (const { date, from, to } of dayBounds) {
      const bu = new Map<string, number>();
      const jt = new Map<string, number>();
      const newBu = new Map<string, number>();
      for (const plan of plans) {
        if (seen.has(`${date}|${plan.id}`)) continue;
        if (!counted(plan)) continue;
        if (!plan.appointments.some((a) => a.startMs >= from && a.startMs < to)) continue;
        seen.add(`${date}|${plan.id}`);
        const unit = plan.businessUnit?.name ?? 'No business unit';
        const type = plan.jobType?.name ?? 'No job type';
        bu.set(unit, (bu.get(unit) ?? 0) + 1);
        jt.set(type, (jt.get(type) ?? 0) + 1);
        if (plan.createdMs >= todayStart) newBu.set(unit, (newBu.get(unit) ?? 0) + 1);
      }
      result.set(date, { bu, jt, newBu });
    }
    return { result, plans, dayBounds };
  }

  const asMap = (rows: { name: string; scheduled: number }[]) =>
    new Map(rows.filter((r) => r.scheduled > 0).map((r) => [r.name, r.scheduled]));

  it('counts what an independent recount of the stand-in counts, across DST, midnights, pages and cancellations', async () => {
    // Beside the sample account's own bookings, the edges booked on purpose (UTC instants of
    // Chicago wall times; Sunday 1 November is 25 hours long, 01:30 happens twice).
    const at = (iso: string) => new Date(iso);
    const edges = [
      { start: at('2026-11-01T05:00:00Z') }, // Sunday 00:00 CDT
      { start: at('2026-11-01T06:30:00Z') }, // Sunday 01:30 CDT
      { start: at('2026-11-01T07:30:00Z') }, // Sunday 01:30 CST (the hour again)
      { start: at('2026-11-02T05:59:00Z') }, // Sunday 23:59 CST
      { start: at('2026-11-02T06:00:00Z') }, // Monday 00:00 CST
      { start: at('2026-11-04T05:59:00Z') }, // Tuesday 23:59: the last displayed minute
      { start: at('2026-11-04T06:00:00Z') }, // Wednesday 00:00: not displayed
      { start: at('2026-10-31T16:30:00Z') }, // today: not displayed
      // One job, three appointments over two displayed days: counted once on each.
      {
        start: at('2026-11-01T15:00:00Z'),
        more: [at('2026-11-02T15:00:00Z'), at('2026-11-02T20:00:00Z')],
      },
      { start: at('2026-11-02T16:00:00Z'), canceled: 'user' as const },
      { start: at('2026-11-03T16:00:00Z'), canceled: 'pro' as const },
      { start: at('2026-11-03T17:00:00Z'), unscheduled: true },
      { start: at('2026-11-03T18:00:00Z'), jobTypeId: null, businessUnitId: null },
    ];
    for (const edge of edges) await standin.book(edge);
    const answer = await board();
    expect(answer.error).toBeUndefined();
    const days = answer.days.map((d) => d.date);
    expect(days).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    const { result, plans, dayBounds } = recount(days, clock);
    for (const day of answer.days) {
      const expected = result.get(day.date)!;
      expect(asMap(day.data), day.date).toEqual(expected.bu);
      expect(
        new Map(day.data.filter((r) => r.newToday > 0).map((r) => [r.name, r.newToday])),
        `${day.date} new today`,
      ).toEqual(expected.newBu);
    }
    const jobTypes = await api<CapacityResponse>(member, 'POST', '/api/capacity', {
      viewType: 'jobType',
    });
    for (const day of jobTypes.json().days) {
      expect(asMap(day.data), day.date).toEqual(result.get(day.date)!.jt);
    }
    // What the recount covered, so equal counts mean something.
    const inWindow = plans.filter((p) =>
      p.appointments.some(
        (a) => a.startMs >= dayBounds[0]!.from && a.startMs < dayBounds.at(-1)!.to,
      ),
    );
    const existing = inWindow.filter((p) => p.createdMs <= clock);
    expect(dayBounds[0]!.to - dayBounds[0]!.from).toBe(25 * 3_600_000);
    expect(existing.filter((p) => p.appointments.length > 1).length).toBeGreaterThan(0);
    expect(
      existing.filter((p) => p.canceled?.by === 'user' && p.canceled.atMs <= clock).length,
    ).toBeGreaterThan(0);
    expect(
      existing.filter((p) => p.canceled?.by === 'pro' && p.canceled.atMs <= clock).length,
    ).toBeGreaterThan(0);
    expect(existing.filter((p) => !p.businessUnit).length).toBeGreaterThan(0);
    expect(existing.filter((p) => !p.jobType).length).toBeGreaterThan(0);
    expect(jobsCalls((q) => q.page === '2').length).toBeGreaterThan(0);
    // The filter words asked for, and the largest page size.
    const first = jobsCalls().at(-1)!.query;
    expect(first).toMatchObject({ page_size: '200', sort_by: 'created_at', sort_direction: 'asc' });
  });

  it('fills in history from Housecall Pro: each past day’s final count is the recount’s', async () => {
    expect((await t.app.services.history.runOnce()).backfilled).toBe(1);
    const rows = await t.app.db
      .select()
      .from(capacityHistory)
      .where(
        and(eq(capacityHistory.companyId, companyId), eq(capacityHistory.itemType, 'businessUnit')),
      );
    const finals = new Map<string, Map<number, { at: number; scheduled: number }>>();
    for (const row of rows) {
      const day = finals.get(row.day) ?? new Map();
      const known = day.get(row.itemId);
      if (!known || known.at < row.recordedAt.getTime()) {
        day.set(row.itemId, { at: row.recordedAt.getTime(), scheduled: row.scheduled });
      }
      finals.set(row.day, day);
    }
    const names = new Map(
      (await api<ProviderMetadata>(member, 'GET', '/api/provider/metadata'))
        .json()
        .businessUnits.map((b) => [b.id, b.name]),
    );
    // Past days (the days ahead are recorded live as the board reads them).
    const days = [...finals.keys()].filter((day) => day < '2026-10-31').sort();
    expect(days.length).toBe(65);
    const { result } = recount(days, clock);
    for (const day of days) {
      const got = new Map(
        [...finals.get(day)!]
          .filter(([, v]) => v.scheduled > 0)
          .map(([id, v]) => [names.get(id), v.scheduled]),
      );
      expect(got, day).toEqual(result.get(day)!.bu);
    }
  });

  /** A delivery as Housecall Pro signs it. */
  const deliver = (body: object, options: { secret?: string; at?: number; key?: string } = {}) => {
    const raw = JSON.stringify(body);
    const timestamp = String(Math.floor((options.at ?? clock) / 1000));
    return t.app.inject({
      method: 'POST',
      url: `/api/providers/housecallpro/webhooks/${options.key ?? webhookKey()}`,
      headers: {
        'content-type': 'application/json',
        'api-timestamp': timestamp,
        'api-signature': signWebhook(options.secret ?? secret, timestamp, raw),
      },
      payload: raw,
    });
  };
  let cachedKey = '';
  const webhookKey = () => cachedKey;

  it('refuses forged, stale, replayed and unaddressed deliveries, and changes nothing', async () => {
    cachedKey = (await api<ProviderMetadata>(admin, 'GET', '/api/provider/metadata'))
      .json()
      .webhookUrl!.split('/')
      .at(-1)!;
    await board();
    clock += 10_000;
    const reads = boardReads();
    const receipts = async () =>
      (
        await t.app.db
          .select()
          .from(webhookReceipts)
          .where(eq(webhookReceipts.companyId, companyId))
      ).length;
    const before = await receipts();
    const event = { event: 'job.created', company_id: 'x', job: { id: 'job_forged' } };
    expect((await deliver(event, { secret: 'not-the-secret' })).statusCode).toBe(401);
    expect((await deliver(event, { at: clock - 6 * 60_000 })).statusCode).toBe(401);
    expect((await deliver(event, { at: clock + 6 * 60_000 })).statusCode).toBe(401);
    expect((await deliver(event, { key: 'no-such-address' })).statusCode).toBe(404);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `/api/providers/housecallpro/webhooks/${webhookKey()}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await receipts()).toBe(before);
    // A good one is accepted once; the same bytes and signature again are a replay.
    const raw = JSON.stringify({ ...event, job: { id: 'job_real' } });
    const timestamp = String(Math.floor(clock / 1000));
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/providers/housecallpro/webhooks/${webhookKey()}`,
        headers: {
          'content-type': 'application/json',
          'api-timestamp': timestamp,
          'api-signature': signWebhook(secret, timestamp, raw),
        },
        payload: raw,
      });
    expect((await send()).json()).toEqual({ received: true, duplicate: false });
    expect((await send()).statusCode).toBe(409);
    // Sent again by Housecall Pro (a new signature, the same event): answered, not acted on.
    const again = await deliver(JSON.parse(raw) as object, { at: clock + 1_000 });
    expect(again.json()).toEqual({ received: true, duplicate: true });
    await eventually(() => boardReads() === reads + 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(boardReads()).toBe(reads + 1);
    // Without a secret the address accepts nothing.
    await api(admin, 'PATCH', `/api/companies/${companyId}`, {
      provider: 'housecallpro',
      webhookSecret: null,
    });
    expect((await deliver({ ...event, n: 2 })).statusCode).toBe(401);
    await api(admin, 'PATCH', `/api/companies/${companyId}`, {
      provider: 'housecallpro',
      webhookSecret: secret,
    });
  });

  it('puts a webhook booking on a paired TV before the next poll, and a burst of 100 events makes two reads', async () => {
    const tv = await pairScreen(t.app, admin, { name: 'Office TV' });
    const stream = await openEventStream(base, { cookie: tv });
    await stream.next((e) => e.event === 'hello');
    await board();
    const total = (answer: CapacityResponse, date: string) =>
      answer.days.find((d) => d.date === date)!.data.reduce((sum, r) => sum + r.scheduled, 0);
    const date = '2026-11-02';
    const before = total(await board(), date);
    // Ten seconds into the 60 s interval: only the webhook can bring the booking now.
    clock += 10_000;
    const reads = boardReads();
    const startedAt = performance.now();
    await standin.book({ start: new Date('2026-11-02T15:00:00Z'), jobTypeId: 'jbt_4c1d0a9e' });
    await stream.next((e) => e.event === 'capacity', 10_000);
    const latencyMs = Math.round(performance.now() - startedAt);
    expect(total(await board(), date)).toBe(before + 1);
    expect(boardReads()).toBe(reads + 1);
    console.log(
      `webhook booking → paired TV's capacity message: ${latencyMs} ms (service clock still)`,
    );

    // A burst: 100 events over three seconds, the last one a booking of its own.
    clock += 10_000;
    const burstReads = boardReads();
    for (let i = 0; i < 99; i += 1) {
      const res = await deliver({ event: 'job.updated', job: { id: `job_burst_${i}` } });
      expect(res.statusCode).toBe(200);
      clock += 30;
    }
    await standin.book({ start: new Date('2026-11-02T16:00:00Z') });
    await eventually(() => boardReads() >= burstReads + 1);
    clock += 6_000;
    await eventually(async () => total(await board(), date) === before + 2);
    clock += 6_000;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(boardReads() - burstReads).toBe(2);
    stream.close();
  });
});

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(await check(), 'condition not met in time').toBe(true);
}
