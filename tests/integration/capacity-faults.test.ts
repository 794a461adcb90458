import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CapacityResponse } from '../../src/shared/api/capacity.js';
import { createServiceTitanGateway } from '../../src/server/platforms/servicetitan/index.js';
import {
  startServiceTitanSimulator,
  type FaultSpec,
  type Simulator,
} from '../../standins/servicetitan-simulator/index.js';
import type { CompanyBoardSettings } from '../../src/shared/settings/dashboard-settings.js';
import { setCompanyBoardSettings } from '../helpers/board-settings.js';
import { giveCompanyCredential } from '../helpers/fake-service-titan.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

const TIME_ZONE = 'America/New_York';
const REFRESH_MS = 60_000;
/**
 * The app's ServiceTitan client is the real one, built as the app builds it but with sleeps that
 * return at once (recorded), so throttled faults stay fast. Board requests wait for the refresh
 * they start however long it takes (the product answers from the last snapshot after 3 s), and
 * the client's timeout is ample for a busy machine: the slow fault answers only after minutes
 * (or when the client hangs up), so no outcome here depends on how fast the machine is.
 */
const CLIENT_TIMEOUT_MS = 10_000;
const SLOW_ANSWER_MS = 300_000;
const REFRESH_WAIT_MS = 100_000;
const TOKEN_PATH = '/connect/token';

/** Tuesday 2025-10-28, 10:00 in New York: the board shows Wed 29, Thu 30, Fri 31 October. */
const TUESDAY = Date.parse('2025-10-28T14:00:00Z');
/** Friday 2026-10-30, 12:00 in New York (EDT). DST ends on Sunday 2026-11-01 at 02:00. */
const FRIDAY_BEFORE_DST_END = Date.parse('2026-10-30T16:00:00Z');
const EVERY_DAY = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: true,
  sunday: true,
};

let sim: Simulator;
let clock = TUESDAY;
/** Every sleep the app's ServiceTitan client asked for (none of them waited). */
const sleeps: number[] = [];

beforeAll(async () => {
  sim = await startServiceTitanSimulator({
    now: () => new Date(clock),
    timeZone: TIME_ZONE,
    seed: 7,
  });
});
afterAll(async () => {
  await sim?.close();
});
beforeEach(() => {
  sim.faults.clear();
  sim.calls.reset();
  sim.setClockOffset(0);
  sleeps.length = 0;
});

/** The real app with the real ServiceTitan client pointed at the simulator, on the test clock. */
async function bootApp(
  sleep: (ms: number) => Promise<void> = async (ms) => {
    sleeps.push(ms);
  },
): Promise<TestApp> {
  const now = () => new Date(clock);
  return createTestApp({
    env: {
      SERVICETITAN_AUTH_URL: sim.authUrl,
      SERVICETITAN_API_URL: sim.apiUrl,
      CAPACITY_REFRESH_SECONDS: String(REFRESH_MS / 1000),
    },
    services: {
      now,
      refreshWaitMs: REFRESH_WAIT_MS,
      serviceTitan: createServiceTitanGateway({
        fetch: globalThis.fetch,
        now,
        authUrl: sim.authUrl,
        apiUrl: sim.apiUrl,
        timeoutMs: CLIENT_TIMEOUT_MS,
        sleep,
      }),
    },
  });
}

async function signedInUserWith(
  t: TestApp,
  credential: Partial<Simulator['demoCredential']>,
  settings: Partial<CompanyBoardSettings> = {},
) {
  const companyId = await createCompany(t.app);
  await giveCompanyCredential(t.app, companyId, { ...sim.demoCredential, ...credential });
  // The company's stored settings decide the displayed days (decision 009).
  await setCompanyBoardSettings(t.app, companyId, { timezone: TIME_ZONE, ...settings });
  return createSignedInUser(t.app, { companyId });
}

async function postCapacity(t: TestApp, user: TestUser, payload: object = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/capacity',
    headers: { cookie: user.cookie },
    payload,
  });
  expect(res.statusCode).toBe(200);
  return { body: res.json() as CapacityResponse, raw: res.body };
}

/**
 * When one of two parallel reads fails, the other is called off but may still have a request in
 * flight; wait until the simulator has seen no new call for a while, so later counts see only
 * new refreshes.
 */
async function callsSettled() {
  let seen = -1;
  while (seen !== sim.calls.count()) {
    seen = sim.calls.count();
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Local calendar date and hour of an instant, by Intl alone (independent of the app's calendar code). */
function localDateAndHour(instant: string, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

/**
 * The board's numbers counted straight from the simulator's records: for each date, the
 * distinct non-canceled jobs per business unit that have a non-canceled appointment starting
 * that local day.
 */
function independentCount(dates: string[]) {
  const jobs = new Map(sim.data.jobs({ window: {} }).map((j) => [j.id, j]));
  const names = new Map(sim.data.businessUnits().map((u) => [u.id, u.name]));
  const distinct = new Map<string, Set<number>>();
  for (const appointment of sim.data.appointments({ window: {} })) {
    if (appointment.status === 'Canceled') continue;
    const { date } = localDateAndHour(appointment.start, TIME_ZONE);
    if (!dates.includes(date)) continue;
    const job = jobs.get(appointment.jobId);
    if (!job || job.jobStatus === 'Canceled') continue;
    const key = `${date}|${names.get(job.businessUnitId) ?? job.businessUnitId}`;
    if (!distinct.has(key)) distinct.set(key, new Set());
    distinct.get(key)!.add(job.id);
  }
  const result: Record<string, Record<string, number>> = Object.fromEntries(
    dates.map((d) => [d, {}]),
  );
  for (const [key, set] of distinct) {
    const [date, name] = key.split('|') as [string, string];
    result[date]![name] = set.size;
  }
  return result;
}

/** The board's non-zero numbers as `{ date: { name: scheduled } }`. */
function booked(body: CapacityResponse) {
  return Object.fromEntries(
    body.days.map((d) => [
      d.date,
      Object.fromEntries(d.data.filter((i) => i.scheduled > 0).map((i) => [i.name, i.scheduled])),
    ]),
  );
}

const total = (counts: Record<string, Record<string, number>>) =>
  Object.values(counts)
    .flatMap((day) => Object.values(day))
    .reduce((a, b) => a + b, 0);

/** A reason an office manager can read: words, no internals, nothing secret. */
function expectPlainWords(text: string | null | undefined) {
  expect(typeof text).toBe('string');
  expect(text!.trim().length).toBeGreaterThan(10);
  expect(text).toMatch(/^[A-Z].*[.)]$/s);
  expect(text).not.toMatch(/\n\s+at |Error\b|\bundefined\b|\bnull\b|\[object/);
  expect(text).not.toMatch(/\/v2\/tenant|\/connect\/token|HTTP \d{3}|\d+ ms\b|ECONN|Abort/i);
  expect(text).not.toContain(sim.demoCredential.clientSecret);
  expect(text).not.toContain(sim.demoCredential.appKey);
  expect(text).not.toContain('sim.'); // access tokens
}

interface PersistentCase {
  name: string;
  /** Injected with times: 'always'. */
  fault: FaultSpec;
  /** Makes the app renew its token (so a token-endpoint fault is reached). */
  revokeTokens?: boolean;
  /** What the plain-words reason must say for this fault. */
  reason: RegExp;
}

const API = { times: 'always' } as const;
const TOKEN = { pathPrefix: TOKEN_PATH, times: 'always' } as const;

const PERSISTENT: PersistentCase[] = [
  { name: '401 on every API call', fault: { kind: 'unauthorized', ...API }, reason: /app key/ },
  {
    name: '403 naming a missing scope',
    fault: { kind: 'forbidden', missingScope: 'tn.jpm', ...API },
    reason: /permission/,
  },
  { name: '403 without a scope', fault: { kind: 'forbidden', ...API }, reason: /permission/ },
  { name: '404 (unknown tenant)', fault: { kind: 'not_found', ...API }, reason: /tenant ID/ },
  {
    name: '429 with Retry-After header',
    fault: { kind: 'rate_limited', via: 'header', retryAfterSeconds: 1, ...API },
    reason: /busy/,
  },
  {
    name: '429 with a Retry-After longer than the client will wait',
    fault: { kind: 'rate_limited', via: 'header', retryAfterSeconds: 600, ...API },
    reason: /busy/,
  },
  {
    name: '429 with the wait only in the body text',
    fault: { kind: 'rate_limited', via: 'body', retryAfterSeconds: 2, ...API },
    reason: /busy/,
  },
  {
    name: '429 with no hint',
    fault: { kind: 'rate_limited', via: 'none', retryAfterSeconds: 0, ...API },
    reason: /busy/,
  },
  { name: '500', fault: { kind: 'server_error', status: 500, ...API }, reason: /not answering/ },
  { name: '502', fault: { kind: 'server_error', status: 502, ...API }, reason: /not answering/ },
  { name: '503', fault: { kind: 'server_error', status: 503, ...API }, reason: /not answering/ },
  { name: '504', fault: { kind: 'server_error', status: 504, ...API }, reason: /not answering/ },
  {
    name: 'an answer slower than the client timeout',
    fault: { kind: 'slow', delayMs: SLOW_ANSWER_MS, ...API },
    reason: /too long/,
  },
  { name: 'malformed JSON', fault: { kind: 'malformed_json', ...API }, reason: /could not read/ },
  {
    name: 'JSON that is not the paging envelope',
    fault: { kind: 'wrong_envelope', ...API },
    reason: /could not read/,
  },
  {
    name: 'a dropped connection',
    fault: { kind: 'connection_reset', ...API },
    reason: /not answering/,
  },
  {
    name: 'token endpoint 401 while renewing a revoked token',
    fault: { kind: 'unauthorized', ...TOKEN },
    revokeTokens: true,
    reason: /client ID or client secret/,
  },
  {
    name: 'token endpoint 403 while renewing a revoked token',
    fault: { kind: 'forbidden', ...TOKEN },
    revokeTokens: true,
    reason: /client ID or client secret/,
  },
  {
    name: 'token endpoint 503 while renewing a revoked token',
    fault: { kind: 'server_error', status: 503, ...TOKEN },
    revokeTokens: true,
    reason: /not answering/,
  },
];

interface OnceCase {
  name: string;
  /** Injected with times: 1. */
  fault?: FaultSpec;
  revokeTokens?: boolean;
  /** A sleep the client must have taken (the server's own hint). */
  slept?: number;
}

const ONCE: OnceCase[] = [
  { name: 'a single 401 (token renewed)', fault: { kind: 'unauthorized' } },
  { name: 'a revoked token (real 401, token renewed)', revokeTokens: true },
  {
    name: 'a single 429 with Retry-After header',
    fault: { kind: 'rate_limited', via: 'header', retryAfterSeconds: 3 },
    slept: 3_000,
  },
  {
    name: 'a single 429 with the wait in the body text',
    fault: { kind: 'rate_limited', via: 'body', retryAfterSeconds: 4 },
    slept: 4_000,
  },
  {
    name: 'a single 429 with no hint',
    fault: { kind: 'rate_limited', via: 'none', retryAfterSeconds: 0 },
  },
  { name: 'a single 500', fault: { kind: 'server_error', status: 500 } },
  { name: 'a single 502', fault: { kind: 'server_error', status: 502 } },
  { name: 'a single 503', fault: { kind: 'server_error', status: 503 } },
  { name: 'a single 504', fault: { kind: 'server_error', status: 504 } },
  { name: 'a single dropped connection', fault: { kind: 'connection_reset' } },
];

/** A day without what depends on the moment it is read (issue 27's expected fill and status). */
function withoutPace(days: CapacityResponse['days']) {
  return days.map(({ expectedPercent: _expected, pace: _pace, ...day }) => day);
}

describe('POST /api/capacity while the ServiceTitan simulator fails', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    clock = TUESDAY;
    t = await bootApp();
    user = await signedInUserWith(t, {});
  });
  afterAll(async () => {
    await t?.close();
  });

  /** One refresh interval later, with ServiceTitan healthy: fresh numbers, read just now. */
  async function goodRefresh(): Promise<CapacityResponse> {
    clock += REFRESH_MS;
    const { body } = await postCapacity(t, user);
    expect(body.error).toBeUndefined();
    expect(body.stale).toBe(false);
    expect(body.staleReason).toBeNull();
    expect(body.fetchedAt).toBe(new Date(clock).toISOString());
    const dates = body.days.map((d) => d.date);
    expect(dates).toEqual(['2025-10-29', '2025-10-30', '2025-10-31']);
    const expected = independentCount(dates);
    expect(total(expected)).toBeGreaterThan(30);
    expect(booked(body)).toEqual(expected);
    return body;
  }

  it.each(PERSISTENT)(
    'serves the last numbers with stale: true on $name',
    async ({ fault, revokeTokens, reason }) => {
      const good = await goodRefresh();

      sim.calls.reset();
      sim.faults.inject(fault);
      if (revokeTokens) sim.revokeTokens();
      clock += REFRESH_MS;
      const { body, raw } = await postCapacity(t, user);

      // The refresh really reached the fault, and gave up inside the board's wait: a refresh
      // still running when the board answered would have left no error to report (stale false).
      expect(
        sim.calls.count({
          path: fault.pathPrefix ?? `/jpm/v2/tenant/${sim.demoCredential.tenantId}`,
        }),
      ).toBeGreaterThan(0);

      expect(body.error).toBeUndefined();
      expect(body.stale).toBe(true);
      expect(body.fetchedAt).toBe(good.fetchedAt);
      // The same numbers; each day's pace is the expected fill at this moment, which has moved on.
      expect(withoutPace(body.days)).toEqual(withoutPace(good.days));
      expect(booked(body)).toEqual(booked(good));
      expectPlainWords(body.staleReason);
      expect(body.staleReason).toMatch(reason);
      expect(raw).not.toContain(sim.demoCredential.clientSecret);

      // Screens polling again before the next interval get the same answer without a new call.
      await callsSettled();
      sim.calls.reset();
      const again = await postCapacity(t, user);
      expect(again.body).toEqual(body);
      expect(sim.calls.count()).toBe(0);
    },
  );

  it('honours the wait a 429 names: Retry-After header or "Try again in N seconds."', async () => {
    await goodRefresh();
    sim.faults.inject({ kind: 'rate_limited', via: 'body', retryAfterSeconds: 2, times: 'always' });
    clock += REFRESH_MS;
    sleeps.length = 0;
    const { body } = await postCapacity(t, user);
    expect(body.stale).toBe(true);
    expect(sleeps.length).toBeGreaterThan(0);
    expect(sleeps.every((ms) => ms === 2_000)).toBe(true);
  });

  it.each(ONCE)(
    'recovers by itself from $name: fresh numbers, stale: false',
    async ({ fault, revokeTokens, slept }) => {
      const good = await goodRefresh();

      sim.calls.reset();
      sleeps.length = 0;
      if (fault) sim.faults.inject({ ...fault, times: 1 });
      if (revokeTokens) sim.revokeTokens();
      clock += REFRESH_MS;
      const { body } = await postCapacity(t, user);

      // The fault was served (consumed), and the client got past it.
      expect(sim.faults.list()).toEqual([]);
      const statuses = sim.calls.list().map((c) => c.status);
      if (fault?.kind === 'connection_reset') expect(statuses).toContain(undefined);
      else expect(statuses.some((s) => s !== undefined && s >= 400)).toBe(true);
      if (fault?.kind === 'unauthorized' || revokeTokens) {
        expect(sim.calls.count({ path: TOKEN_PATH })).toBeGreaterThanOrEqual(1);
      }
      if (slept !== undefined) expect(sleeps).toContain(slept);

      expect(body.error).toBeUndefined();
      expect(body.stale).toBe(false);
      expect(body.staleReason).toBeNull();
      expect(body.fetchedAt).toBe(new Date(clock).toISOString());
      expect(Date.parse(body.fetchedAt!)).toBeGreaterThan(Date.parse(good.fetchedAt!));
      expect(booked(body)).toEqual(independentCount(body.days.map((d) => d.date)));
    },
  );

  it('turns fresh again on the first good refresh after a failure', async () => {
    const good = await goodRefresh();
    sim.faults.inject({ kind: 'server_error', status: 503, times: 'always' });
    clock += REFRESH_MS;
    expect((await postCapacity(t, user)).body.stale).toBe(true);

    sim.faults.clear();
    clock += REFRESH_MS;
    const { body } = await postCapacity(t, user);
    expect(body.stale).toBe(false);
    expect(body.staleReason).toBeNull();
    expect(Date.parse(body.fetchedAt!)).toBe(Date.parse(good.fetchedAt!) + 2 * REFRESH_MS);
  });
});

describe('POST /api/capacity with no snapshot yet while ServiceTitan fails', () => {
  let t: TestApp;

  beforeAll(async () => {
    clock = TUESDAY;
    t = await bootApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 200 with an error in plain words and no numbers, then numbers once ServiceTitan is back', async () => {
    const user = await signedInUserWith(t, {});
    sim.faults.inject({ kind: 'server_error', status: 503, times: 'always' });
    const { body, raw } = await postCapacity(t, user);
    expect(sim.calls.list().some((c) => c.status === 503)).toBe(true);
    expect(body.days).toEqual([]);
    expect(body.fetchedAt).toBeNull();
    expectPlainWords(body.error);
    expect(body.error).toMatch(/not answering/);
    expect(raw).not.toContain(sim.demoCredential.clientSecret);

    // Backed off: asking again within the interval does not call ServiceTitan again.
    await callsSettled();
    sim.calls.reset();
    expect((await postCapacity(t, user)).body.error).toBe(body.error);
    expect(sim.calls.count()).toBe(0);

    sim.faults.clear();
    clock += REFRESH_MS;
    const recovered = (await postCapacity(t, user)).body;
    expect(recovered.error).toBeUndefined();
    expect(recovered.stale).toBe(false);
    expect(recovered.fetchedAt).toBe(new Date(clock).toISOString());
    const expected = independentCount(recovered.days.map((d) => d.date));
    expect(total(expected)).toBeGreaterThan(30);
    expect(booked(recovered)).toEqual(expected);
  });

  it('answers 200 with an error naming the tenant ID for a tenant ServiceTitan does not know', async () => {
    const user = await signedInUserWith(t, { tenantId: '999' });
    const { body } = await postCapacity(t, user);
    expect(sim.calls.list().some((c) => c.status === 404 && c.path.includes('/tenant/999/'))).toBe(
      true,
    );
    expect(body.days).toEqual([]);
    expect(body.fetchedAt).toBeNull();
    expectPlainWords(body.error);
    expect(body.error).toMatch(/tenant ID/);
  });
});

describe('POST /api/capacity when one of its two reads fails for good', () => {
  let t: TestApp;
  const BACKOFF_MS = 300;

  beforeAll(async () => {
    clock = TUESDAY;
    // Backoffs really wait here, so the failing read's answer arrives during the other's wait.
    t = await bootApp((ms) => {
      sleeps.push(ms);
      return new Promise((resolve) => setTimeout(resolve, BACKOFF_MS));
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stops retrying the other read instead of asking ServiceTitan again', async () => {
    const user = await signedInUserWith(t, {});
    const tenant = `/jpm/v2/tenant/${sim.demoCredential.tenantId}`;
    sim.faults.inject({ kind: 'forbidden', pathPrefix: `${tenant}/appointments`, times: 'always' });
    sim.faults.inject({
      kind: 'server_error',
      status: 503,
      pathPrefix: `${tenant}/jobs`,
      times: 'always',
    });
    const { body } = await postCapacity(t, user);
    expectPlainWords(body.error);
    expect(body.error).toMatch(/permission|scope|connected/i);
    // Long enough for every retry the client allows (three backoffs) to have been sent.
    await new Promise((resolve) => setTimeout(resolve, 4 * BACKOFF_MS));
    await callsSettled();
    expect(sim.calls.count({ path: `${tenant}/appointments` })).toBe(1);
    // The first attempt's 503 was the only one: its retry was called off when the other failed.
    expect(sim.calls.count({ path: `${tenant}/jobs` })).toBe(1);
  });
});

describe('POST /api/capacity across the end of daylight-saving time', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    clock = FRIDAY_BEFORE_DST_END;
    t = await bootApp();
    user = await signedInUserWith(t, {}, { workdays: EVERY_DAY });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    sim.setClockOffset(0);
  });

  const DATES = ['2026-10-31', '2026-11-01', '2026-11-02'];
  const payload = { viewType: 'businessUnit' };

  /** Appointments starting in the first two local hours or the last local hour of a displayed day. */
  function boundaryAppointments() {
    return sim.data
      .appointments({ window: {} })
      .map((a) => ({ ...a, local: localDateAndHour(a.start, TIME_ZONE) }))
      .filter(({ local }) => DATES.includes(local.date) && (local.hour < 2 || local.hour === 23));
  }

  it('counts Sat 31 Oct, the 25-hour Sun 1 Nov and Mon 2 Nov as the simulator does', async () => {
    const { body } = await postCapacity(t, user, payload);
    expect(body.error).toBeUndefined();
    expect(body.stale).toBe(false);
    expect(body.days.map((d) => d.date)).toEqual(DATES);
    const expected = independentCount(DATES);
    expect(total(expected)).toBeGreaterThan(30);
    expect(booked(body)).toEqual(expected);
    // Night calls are booked at most a few hours ahead, so on Friday noon none exist yet
    // for these days: this case alone cannot tell a 24-hour from a 25-hour Sunday.
    expect(boundaryAppointments()).toEqual([]);
  });

  it('places calls just after midnight and in the last hour of a day on the right local day', async () => {
    // ServiceTitan's clock runs ahead (Tue 3 Nov, 01:00 EST): by then the night calls on the
    // displayed days are booked, while the board still shows Sat 31 Oct, Sun 1 Nov, Mon 2 Nov.
    clock += REFRESH_MS;
    sim.setClockOffset(Date.parse('2026-11-03T06:00:00Z') - clock);
    const nightCalls = boundaryAppointments().filter((a) => a.status !== 'Canceled');
    // 00:00 EDT on 31 Oct (exactly its first instant), 00:30 EDT on 1 Nov (before the repeated
    // 01:00-02:00 hour) and 23:30 EST on 2 Nov (04:30Z on 3 Nov: a 24-hour 1 Nov, or 2 Nov
    // bounded at EDT offsets, would drop it).
    expect(nightCalls.map((a) => a.start).sort()).toEqual([
      '2026-10-31T04:00:00.000Z',
      '2026-11-01T04:30:00.000Z',
      '2026-11-01T04:30:00.000Z',
      '2026-11-03T04:30:00.000Z',
    ]);

    const { body } = await postCapacity(t, user, payload);
    expect(body.error).toBeUndefined();
    expect(body.stale).toBe(false);
    expect(body.fetchedAt).toBe(new Date(clock).toISOString());
    expect(body.days.map((d) => d.date)).toEqual(DATES);
    const expected = independentCount(DATES);
    expect(total(expected)).toBeGreaterThan(30);
    expect(booked(body)).toEqual(expected);
  });
});
