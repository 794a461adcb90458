import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_CREDENTIALS_ERROR, type CapacityResponse } from '../../src/shared/api/capacity.js';
import { ServiceTitanError } from '../../src/server/platforms/servicetitan/contract.js';
import { setCompanyBoardSettings } from '../helpers/board-settings.js';
import {
  createFakeServiceTitan,
  giveCompanyCredential,
  giveUserCredential,
  type FakeServiceTitan,
} from '../helpers/fake-service-titan.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

/** Wednesday 2025-06-11, 13:00 in New York: the board shows Thu 12, Fri 13 and Mon 16 June. */
const WEDNESDAY = Date.parse('2025-06-11T17:00:00Z');
const REFRESH_MS = 60_000;

function seedTenant(fake: FakeServiceTitan) {
  fake.businessUnits = [
    { id: 10, name: 'Plumbing', active: true },
    { id: 11, name: 'HVAC', active: true },
    { id: 12, name: 'Electrical', active: true },
    { id: 13, name: 'Retired', active: false },
  ];
  fake.jobTypes = [
    { id: 500, name: 'Repair', active: true, businessUnitIds: [] },
    { id: 501, name: 'Install', active: true, businessUnitIds: [] },
  ];
  fake.jobs = [
    { id: 1, jobStatus: 'Scheduled', businessUnitId: 10, jobTypeId: 500 },
    { id: 2, jobStatus: 'Scheduled', businessUnitId: 10, jobTypeId: 501 },
    { id: 3, jobStatus: 'Dispatched', businessUnitId: 11, jobTypeId: 500 },
    { id: 4, jobStatus: 'Canceled', businessUnitId: 11, jobTypeId: 500 },
    { id: 5, jobStatus: 'Scheduled', businessUnitId: 12, jobTypeId: 501 },
  ];
  fake.appointments = [
    // Thu 12 (EDT = UTC-4): job 1 twice, job 2, job 3; job 4 is canceled.
    {
      id: 100,
      jobId: 1,
      start: '2025-06-12T13:00:00Z',
      end: '2025-06-12T14:00:00Z',
      status: 'Scheduled',
    },
    {
      id: 101,
      jobId: 1,
      start: '2025-06-12T18:00:00Z',
      end: '2025-06-12T19:00:00Z',
      status: 'Scheduled',
    },
    {
      id: 102,
      jobId: 2,
      start: '2025-06-13T03:59:00Z',
      end: '2025-06-13T05:00:00Z',
      status: 'Scheduled',
    },
    {
      id: 103,
      jobId: 3,
      start: '2025-06-12T15:00:00Z',
      end: '2025-06-12T16:00:00Z',
      status: 'Dispatched',
    },
    {
      id: 104,
      jobId: 4,
      start: '2025-06-12T15:00:00Z',
      end: '2025-06-12T16:00:00Z',
      status: 'Scheduled',
    },
    // Fri 13: job 3 again; job 5's only appointment is canceled.
    {
      id: 105,
      jobId: 3,
      start: '2025-06-13T04:00:00Z',
      end: '2025-06-13T05:00:00Z',
      status: 'Scheduled',
    },
    {
      id: 106,
      jobId: 5,
      start: '2025-06-13T15:00:00Z',
      end: '2025-06-13T16:00:00Z',
      status: 'Canceled',
    },
    // Sat 14 is not displayed; Mon 16: job 5.
    {
      id: 107,
      jobId: 2,
      start: '2025-06-14T15:00:00Z',
      end: '2025-06-14T16:00:00Z',
      status: 'Scheduled',
    },
    {
      id: 108,
      jobId: 5,
      start: '2025-06-16T15:00:00Z',
      end: '2025-06-16T16:00:00Z',
      status: 'Scheduled',
    },
  ];
}

/** `{ date: { name: [scheduled, target] } }`, what a person reads off the board. */
function board(body: CapacityResponse) {
  return Object.fromEntries(
    body.days.map((d) => [
      d.date,
      Object.fromEntries(d.data.map((i) => [i.name, [i.scheduled, i.target]])),
    ]),
  );
}

describe('POST /api/capacity', () => {
  let t: TestApp;
  let fake: FakeServiceTitan;
  let clock: number;
  let user: TestUser;

  const post = (body?: unknown, who: TestUser = user) =>
    t.app.inject({
      method: 'POST',
      url: '/api/capacity',
      headers: { cookie: who.cookie },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  beforeAll(async () => {
    fake = createFakeServiceTitan();
    t = await createTestApp({ services: { serviceTitan: fake, now: () => new Date(clock) } });
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    clock = WEDNESDAY;
    seedTenant(fake);
    fake.failWith = null;
    fake.calls = [];
    // A fresh company per test gives a fresh credential identity, so snapshots do not leak between tests.
    const companyId = await createCompany(t.app);
    await giveCompanyCredential(t.app, companyId, {
      clientId: `cid-${Math.random().toString(36).slice(2)}`,
    });
    user = await createSignedInUser(t.app, { companyId });
  });

  it('refuses signed-out callers', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/capacity', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('says so when no ServiceTitan credential is configured', async () => {
    const lonely = await createSignedInUser(t.app, { companyId: await createCompany(t.app) });
    const res = await post({}, lonely);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ error: NO_CREDENTIALS_ERROR, days: [] });
    expect(fake.calls).toHaveLength(0);
  });

  it('counts distinct non-canceled jobs per business unit on the next three New York workdays', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(200);
    const body = res.json() as CapacityResponse;
    expect(body.error).toBeUndefined();
    expect(body.stale).toBe(false);
    expect(body.fetchedAt).toBe(new Date(WEDNESDAY).toISOString());
    expect(body.refreshIntervalSeconds).toBe(60);
    expect(board(body)).toEqual({
      '2025-06-12': { Electrical: [0, 5], HVAC: [1, 5], Plumbing: [2, 5] },
      '2025-06-13': { Electrical: [0, 5], HVAC: [1, 5], Plumbing: [0, 5] },
      '2025-06-16': { Electrical: [1, 5], HVAC: [0, 5], Plumbing: [0, 5] },
    });
    expect(body.days[0]!.data.map((i) => i.name)).toEqual(['Electrical', 'HVAC', 'Plumbing']);
    expect(body.days[0]!.data[0]).toEqual({
      id: 12,
      name: 'Electrical',
      scheduled: 0,
      target: 5,
      newToday: 0,
      type: 'businessUnit',
    });
    // The window sent upstream runs from local midnight of the first day to that after the last.
    expect(fake.calls.find((c) => c.method === 'listAppointments')?.window).toEqual({
      startsOnOrAfter: '2025-06-12T04:00:00.000Z',
      startsBefore: '2025-06-17T04:00:00.000Z',
    });
  });

  it('accepts no body at all and an empty JSON body, with the seed defaults', async () => {
    const none = await post();
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/capacity',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      payload: '',
    });
    expect(none.statusCode).toBe(200);
    expect(empty.statusCode).toBe(200);
    expect(board(none.json())).toEqual(board(empty.json()));
    expect(Object.keys(board(none.json()))).toEqual(['2025-06-12', '2025-06-13', '2025-06-16']);
  });

  it("follows the company's stored time zone, workdays and holidays, and the view type sent", async () => {
    await setCompanyBoardSettings(t.app, user.companyId!, {
      timezone: 'Pacific/Honolulu',
      workdays: {
        monday: true,
        tuesday: true,
        wednesday: true,
        thursday: true,
        friday: true,
        saturday: true,
        sunday: false,
      },
      holidays: ['Juneteenth'],
    });
    const res = await post({ viewType: 'jobType' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as CapacityResponse;
    // Honolulu is UTC-10: appointment 102 (03:59Z on the 13th) is on the 12th there, 105 too.
    expect(board(body)).toEqual({
      '2025-06-12': { Install: [1, 5], Repair: [2, 5] },
      '2025-06-13': { Install: [0, 5], Repair: [0, 5] },
      '2025-06-14': { Install: [1, 5], Repair: [0, 5] },
    });
    expect(body.days[0]!.data.every((i) => i.type === 'jobType')).toBe(true);
  });

  it('decides the days from the company settings only: Saturdays in Chicago, whatever the body says', async () => {
    await setCompanyBoardSettings(t.app, user.companyId!, {
      timezone: 'America/Chicago',
      workdays: {
        monday: false,
        tuesday: false,
        wednesday: false,
        thursday: false,
        friday: false,
        saturday: true,
        sunday: false,
      },
    });
    const plain = await post({});
    expect(Object.keys(board(plain.json()))).toEqual(['2025-06-14', '2025-06-21', '2025-06-28']);
    // An older client still sends its own zone, workdays and holidays: they change nothing.
    const asking = await post({
      timezone: 'Pacific/Honolulu',
      workdays: {
        monday: true,
        tuesday: true,
        wednesday: true,
        thursday: true,
        friday: true,
        saturday: false,
        sunday: false,
      },
      holidays: ['Independence Day'],
      viewType: 'businessUnit',
    });
    expect(asking.statusCode).toBe(200);
    expect(board(asking.json())).toEqual(board(plain.json()));
    // Nor can such a body make the server read another window from ServiceTitan.
    expect(fake.callsOf('listAppointments')).toBe(1);
  });

  it('gives a caller with no company the seed defaults (Mon-Fri in New York)', async () => {
    const master = await createSignedInUser(t.app, { role: 'master_admin' });
    await giveUserCredential(t.app, master.id, {
      clientId: `cid-${Math.random().toString(36).slice(2)}`,
    });
    const res = await post({ timezone: 'Pacific/Honolulu' }, master);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(board(res.json()))).toEqual(['2025-06-12', '2025-06-13', '2025-06-16']);
  });

  it('counts both views from one fetch', async () => {
    await post({ viewType: 'businessUnit' });
    await post({ viewType: 'jobType' });
    await post({ viewType: 'businessUnit' });
    expect(fake.callsOf('listAppointments')).toBe(1);
    expect(fake.callsOf('listJobs')).toBe(1);
  });

  it("applies the company's targets per day, hides disabled items, merges groups and shows custom names", async () => {
    // An admin of the company shapes the board; the plain user's board follows (decision 007).
    const admin = await createSignedInUser(t.app, {
      role: 'account_admin',
      companyId: user.companyId,
    });
    const group = await t.app.inject({
      method: 'POST',
      url: '/api/item-groups',
      headers: { cookie: admin.cookie },
      payload: { name: 'Trades', type: 'businessUnit' },
    });
    const groupId = group.json().id as number;
    const save = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/business-unit-preferences',
        headers: { cookie: admin.cookie },
        payload,
      });
    expect(
      (await save({ businessUnitId: 10, groupId, day1Target: 3, day2Target: 4, day3Target: 6 }))
        .statusCode,
    ).toBe(200);
    expect((await save({ businessUnitId: 12, groupId, day1Target: 2 })).statusCode).toBe(200);
    expect(
      (await save({ businessUnitId: 11, customName: 'Heating & Cooling', day1Target: 8 }))
        .statusCode,
    ).toBe(200);

    const res = await post({});
    expect(board(res.json())).toEqual({
      '2025-06-12': { 'Heating & Cooling': [1, 8], Trades: [2, 5] },
      '2025-06-13': { 'Heating & Cooling': [1, 5], Trades: [0, 9] },
      '2025-06-16': { 'Heating & Cooling': [0, 5], Trades: [1, 11] },
    });

    expect((await save({ businessUnitId: 11, enabled: false })).statusCode).toBe(200);
    const hidden = await post({});
    expect(Object.keys(board(hidden.json())['2025-06-12']!)).toEqual(['Trades']);
  });

  it('refuses a bad view type with a 400 naming the field, and malformed JSON', async () => {
    const res = await post({ viewType: 'technician' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^viewType: /);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/capacity',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      payload: '{"timezone":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(fake.calls).toHaveLength(0);
  });

  it('asks ServiceTitan at most once per refresh interval, however many requests arrive', async () => {
    await Promise.all(Array.from({ length: 20 }, () => post({})));
    expect(fake.callsOf('listAppointments')).toBe(1);
    clock += REFRESH_MS - 1;
    await post({});
    expect(fake.callsOf('listAppointments')).toBe(1);
    clock += 1;
    fake.appointments.push({
      id: 200,
      jobId: 5,
      start: '2025-06-12T16:00:00Z',
      end: '2025-06-12T17:00:00Z',
      status: 'Scheduled',
    });
    const fresh = await post({});
    expect(fake.callsOf('listAppointments')).toBe(2);
    expect(board(fresh.json())['2025-06-12']!.Electrical).toEqual([1, 5]);
    expect(fresh.json().fetchedAt).toBe(new Date(clock).toISOString());
  });

  it('keeps serving the last good numbers, marked stale with the reason, while ServiceTitan fails', async () => {
    const good = (await post({})).json() as CapacityResponse;
    clock += REFRESH_MS;
    fake.failWith = new ServiceTitanError(
      'unavailable',
      'ServiceTitan answered /jpm/v2/tenant/1/appointments with HTTP 503',
      {
        status: 503,
      },
    );
    const res = await post({});
    expect(res.statusCode).toBe(200);
    const body = res.json() as CapacityResponse;
    expect(board(body)).toEqual(board(good));
    expect(body.stale).toBe(true);
    expect(body.fetchedAt).toBe(good.fetchedAt);
    expect(body.staleReason).toMatch(/ServiceTitan is not answering/);
    expect(body.error).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain('/jpm/');

    // Back-off: a failing ServiceTitan is not asked again within the interval.
    const failedCalls = fake.callsOf('listAppointments');
    await Promise.all(Array.from({ length: 5 }, () => post({})));
    clock += REFRESH_MS / 2;
    await post({});
    expect(fake.callsOf('listAppointments')).toBe(failedCalls);

    // Recovery clears the flag.
    clock += REFRESH_MS / 2;
    fake.failWith = null;
    const recovered = (await post({})).json() as CapacityResponse;
    expect(recovered.stale).toBe(false);
    expect(recovered.staleReason).toBeNull();
    expect(recovered.fetchedAt).toBe(new Date(clock).toISOString());
  });

  it('answers 200 with the reason and no days when ServiceTitan has never answered', async () => {
    fake.failWith = new ServiceTitanError(
      'invalid_credentials',
      'ServiceTitan refused the client ID or client secret',
      {
        status: 400,
        path: '/connect/token',
      },
    );
    const res = await post({});
    expect(res.statusCode).toBe(200);
    const body = res.json() as CapacityResponse;
    expect(body.days).toEqual([]);
    expect(body.error).toMatch(/did not accept the client ID or client secret/);
    expect(JSON.stringify(body)).not.toContain(TEST_SECRET_FRAGMENT);
  });

  it('names items ServiceTitan no longer lists by id, so totals still match', async () => {
    fake.jobs.push({ id: 9, jobStatus: 'Scheduled', businessUnitId: 13, jobTypeId: 500 });
    fake.appointments.push({
      id: 300,
      jobId: 9,
      start: '2025-06-12T15:00:00Z',
      end: '2025-06-12T16:00:00Z',
      status: 'Scheduled',
    });
    const body = (await post({})).json() as CapacityResponse;
    expect(board(body)['2025-06-12']!['Business unit 13']).toEqual([1, 5]);
  });
});

const TEST_SECRET_FRAGMENT = 'secret-value';
