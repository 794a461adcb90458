import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CapacityResponse } from '../../src/shared/api/capacity.js';
import { setCompanyBoardSettings } from '../helpers/board-settings.js';
import {
  startServiceTitanSimulator,
  type Simulator,
} from '../../standins/servicetitan-simulator/index.js';
import { giveCompanyCredential } from '../helpers/fake-service-titan.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

const TIME_ZONE = 'America/Chicago';
/** Tuesday 2025-10-28, 10:00 in Chicago: the board shows Wed 29, Thu 30, Fri 31 October. */
const START = Date.parse('2025-10-28T15:00:00Z');

/** Local calendar date of an instant, by Intl alone (independent of the app's calendar code). */
const localDate = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));

/**
 * The board's numbers counted straight from the simulator's records: for each date, the
 * distinct non-canceled jobs per item that have a non-canceled appointment starting that local day;
 * with `bookedOn`, only the jobs created on that local date ("new today").
 */
function independentCount(
  sim: Simulator,
  dates: string[],
  viewType: 'businessUnit' | 'jobType',
  bookedOn?: string,
) {
  const jobs = new Map(sim.data.jobs({ window: {} }).map((j) => [j.id, j]));
  const names = new Map(
    (viewType === 'businessUnit' ? sim.data.businessUnits() : sim.data.jobTypes()).map((i) => [
      i.id,
      i.name,
    ]),
  );
  const distinct = new Map<string, Set<number>>();
  for (const appointment of sim.data.appointments({ window: {} })) {
    if (appointment.status === 'Canceled') continue;
    const date = localDate(appointment.start, TIME_ZONE);
    if (!dates.includes(date)) continue;
    const job = jobs.get(appointment.jobId);
    if (!job || job.jobStatus === 'Canceled') continue;
    if (bookedOn !== undefined && localDate(job.createdOn, TIME_ZONE) !== bookedOn) continue;
    const itemId = viewType === 'businessUnit' ? job.businessUnitId : job.jobTypeId;
    const key = `${date}|${names.get(itemId) ?? itemId}`;
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

/**
 * ServiceTitan may serve smaller pages than asked for; capping them makes the three displayed
 * days span several pages, so the numbers below only match if every page is read.
 */
const SERVED_PAGE_SIZE = 40;
const smallPages: typeof fetch = (input, init) => {
  const url = new URL(
    typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
  );
  if (url.searchParams.has('pageSize')) url.searchParams.set('pageSize', String(SERVED_PAGE_SIZE));
  return fetch(url, init);
};

/** The board's non-zero numbers as `{ date: { name: scheduled } }` (or new today). */
function booked(body: CapacityResponse, field: 'scheduled' | 'newToday' = 'scheduled') {
  return Object.fromEntries(
    body.days.map((d) => [
      d.date,
      Object.fromEntries(d.data.filter((i) => i[field] > 0).map((i) => [i.name, i[field]])),
    ]),
  );
}

describe('capacity against the ServiceTitan simulator', () => {
  let sim: Simulator;
  let t: TestApp;
  let user: TestUser;
  let clock = START;

  beforeAll(async () => {
    sim = await startServiceTitanSimulator({
      now: () => new Date(clock),
      timeZone: TIME_ZONE,
      seed: 7,
    });
    t = await createTestApp({
      env: { SERVICETITAN_AUTH_URL: sim.authUrl, SERVICETITAN_API_URL: sim.apiUrl },
      services: { now: () => new Date(clock), fetch: smallPages },
    });
    const companyId = await createCompany(t.app);
    await giveCompanyCredential(t.app, companyId, sim.demoCredential);
    // The company's stored settings decide the displayed days (decision 009).
    await setCompanyBoardSettings(t.app, companyId, { timezone: TIME_ZONE });
    user = await createSignedInUser(t.app, { companyId });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });
  beforeEach(() => {
    sim.faults.clear();
  });

  const post = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/capacity',
      headers: { cookie: user.cookie },
      payload,
    });

  it("returns, for a signed-in user, exactly the simulator's own counts for both views", async () => {
    sim.calls.reset();
    const res = await post({ viewType: 'businessUnit' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as CapacityResponse;
    expect(body.error).toBeUndefined();
    const dates = body.days.map((d) => d.date);
    expect(dates).toEqual(['2025-10-29', '2025-10-30', '2025-10-31']);
    const expected = independentCount(sim, dates, 'businessUnit');
    // A realistic tenant: tens of jobs a day, so the comparison means something.
    expect(Object.values(expected['2025-10-29']!).reduce((a, b) => a + b, 0)).toBeGreaterThan(10);
    expect(booked(body)).toEqual(expected);

    const byJobType = (await post({ viewType: 'jobType' })).json() as CapacityResponse;
    expect(booked(byJobType)).toEqual(independentCount(sim, dates, 'jobType'));

    // Every page was read, once for both views: one request per page of appointments.
    const window = {
      startsOnOrAfter: '2025-10-29T05:00:00Z',
      startsBefore: '2025-11-01T05:00:00Z',
    };
    const appointmentsInWindow = sim.data.appointments({ window }).length;
    expect(appointmentsInWindow).toBeGreaterThan(2 * SERVED_PAGE_SIZE);
    const appointmentCalls = sim.calls.count({
      path: `/jpm/v2/tenant/${sim.demoCredential.tenantId}/appointments`,
    });
    expect(appointmentCalls).toBe(Math.ceil(appointmentsInWindow / SERVED_PAGE_SIZE));
  });

  it('counts new today from createdOn at the local midnight edges, as an independent count does', async () => {
    // Bookings made exactly at local midnight (in) and a millisecond before it (out), for
    // appointments a millisecond either side of a displayed day's local midnight.
    const midnight = Date.parse('2025-10-28T05:00:00Z'); // 00:00 Tuesday in Chicago (CDT)
    const dayEdge = Date.parse('2025-10-30T05:00:00Z'); // 00:00 Thursday
    const saved = clock;
    for (const [createdOn, start] of [
      [midnight, dayEdge - 1],
      [midnight, dayEdge],
      [midnight - 1, dayEdge - 1],
      [midnight - 1, dayEdge],
    ] as const) {
      clock = createdOn;
      sim.book({ jobTypeId: sim.data.jobTypes()[0]!.id, start: new Date(start) });
    }
    clock = saved + 10 * 60_000; // a refresh later
    const body = (await post({ viewType: 'businessUnit' })).json() as CapacityResponse;
    const dates = body.days.map((d) => d.date);
    const expected = independentCount(sim, dates, 'businessUnit', '2025-10-28');
    // The tenant has canceled jobs and canceled appointments booked today in the window.
    const today = sim.data
      .jobs({ window: {} })
      .filter((j) => localDate(j.createdOn, TIME_ZONE) === '2025-10-28');
    expect(today.some((j) => j.jobStatus === 'Canceled')).toBe(true);
    const todayIds = new Set(today.map((j) => j.id));
    expect(
      sim.data
        .appointments({ window: {} })
        .some((a) => todayIds.has(a.jobId) && a.status === 'Canceled'),
    ).toBe(true);
    expect(Object.values(expected['2025-10-29']!).reduce((a, b) => a + b, 0)).toBeGreaterThan(2);
    expect(booked(body, 'newToday')).toEqual(expected);
    expect(booked(body)).toEqual(independentCount(sim, dates, 'businessUnit'));
    const byJobType = (await post({ viewType: 'jobType' })).json() as CapacityResponse;
    expect(booked(byJobType, 'newToday')).toEqual(
      independentCount(sim, dates, 'jobType', '2025-10-28'),
    );
  });

  it('keeps the last numbers with stale: true while the simulator fails', async () => {
    const good = (await post({})).json() as CapacityResponse;
    clock += 60_000;
    sim.faults.inject({ kind: 'server_error', status: 503, pathPrefix: '/jpm/', times: 'always' });
    const res = await post({});
    expect(res.statusCode).toBe(200);
    const body = res.json() as CapacityResponse;
    expect(body.stale).toBe(true);
    expect(body.staleReason).toMatch(/ServiceTitan/);
    expect(body.fetchedAt).toBe(good.fetchedAt);
    expect(booked(body)).toEqual(booked(good));
  });
});
