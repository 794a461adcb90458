import { TZDate } from '@date-fns/tz';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../src/shared/api/boards.js';
import type {
  HistoryDayDetail,
  HistoryResponse,
  HistoryStatus,
} from '../../src/shared/api/history.js';
import { capacityHistory, historyState } from '../../src/server/db/schema.js';
import {
  claimTenant,
  recordChanges,
  takeUpkeepLease,
} from '../../src/server/services/history/history-store.js';
import type { StAppointment, StJob } from '../../src/server/platforms/servicetitan/contract.js';
import {
  createFakeServiceTitan,
  giveCompanyCredential,
  type FakeServiceTitan,
} from '../helpers/fake-service-titan.js';
import { wallClockIn } from '../helpers/local-time.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

/**
 * Board history (issue 27, item 3; decision 026): rows written when a refresh changed the
 * numbers and only then, each day's final numbers read back per board on its working days (JSON
 * and CSV) against an independent count of the same bookings, bad input refused naming the
 * field, another company's board a 404, and the daily upkeep (retention, thinning) done once
 * per day by whichever instance holds the lease.
 */

const ZONE = 'America/New_York';
/** Wednesday 2025-06-11, 13:00 in New York: the board shows Thu 12, Fri 13 and Mon 16 June. */
const WEDNESDAY = new Date('2025-06-11T17:00:00Z');
const DAYS = ['2025-06-12', '2025-06-13', '2025-06-16'];

/** A local New York time as the UTC instant ServiceTitan would send. */
const ny = wallClockIn(ZONE);

/**
 * The independent count: per local day and business unit, distinct jobs that are not canceled
 * with at least one appointment not canceled starting that day in New York.
 */
function expectedCounts(jobs: StJob[], appointments: StAppointment[]) {
  const counted = new Map<string, Set<number>>();
  for (const appointment of appointments) {
    if (appointment.status === 'Canceled') continue;
    const job = jobs.find((j) => j.id === appointment.jobId);
    if (!job || job.jobStatus === 'Canceled') continue;
    const local = new TZDate(Date.parse(appointment.start), ZONE);
    const date = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
    const key = `${date}|${job.businessUnitId}`;
    counted.set(key, (counted.get(key) ?? new Set()).add(job.id));
  }
  return (date: string, businessUnitId: number) =>
    counted.get(`${date}|${businessUnitId}`)?.size ?? 0;
}

describe('board history', () => {
  let t: TestApp;
  let fake: FakeServiceTitan;
  let clock = WEDNESDAY;
  let companyA: number;
  let companyB: number;
  let memberA: TestUser;
  let adminB: TestUser;
  let mainBoard: Board;

  const get = (who: TestUser | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  const historyOf = async (query: string) => {
    const res = await get(memberA, `/api/history?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<HistoryResponse>();
  };
  const rowsOf = async (companyId: number) =>
    t.app.db
      .select()
      .from(capacityHistory)
      .where(eq(capacityHistory.companyId, companyId))
      .orderBy(capacityHistory.day, capacityHistory.recordedAt);

  beforeAll(async () => {
    fake = createFakeServiceTitan();
    fake.businessUnits = [
      { id: 10, name: 'Plumbing', active: true },
      { id: 11, name: 'HVAC, Residential', active: true },
    ];
    fake.jobTypes = [{ id: 500, name: 'Repair', active: true, businessUnitIds: [] }];
    fake.jobs = [
      { id: 1, jobStatus: 'Scheduled', businessUnitId: 10, jobTypeId: 500 },
      { id: 2, jobStatus: 'Scheduled', businessUnitId: 11, jobTypeId: 500 },
      { id: 3, jobStatus: 'Canceled', businessUnitId: 10, jobTypeId: 500 },
      { id: 4, jobStatus: 'Scheduled', businessUnitId: 10, jobTypeId: 500 },
      { id: 5, jobStatus: 'Scheduled', businessUnitId: 11, jobTypeId: 500 },
    ];
    fake.appointments = [
      // Thursday: one each; job 1 has two visits that day (counted once).
      {
        id: 100,
        jobId: 1,
        start: ny('2025-06-12', '09:00'),
        end: ny('2025-06-12', '10:00'),
        status: 'Scheduled',
      },
      {
        id: 101,
        jobId: 1,
        start: ny('2025-06-12', '14:00'),
        end: ny('2025-06-12', '15:00'),
        status: 'Scheduled',
      },
      {
        id: 102,
        jobId: 2,
        start: ny('2025-06-12', '00:00'),
        end: ny('2025-06-12', '01:00'),
        status: 'Scheduled',
      },
      // Friday: a canceled job, and a visit a millisecond before Friday's local midnight (Thursday).
      {
        id: 103,
        jobId: 3,
        start: ny('2025-06-13', '09:00'),
        end: ny('2025-06-13', '10:00'),
        status: 'Scheduled',
      },
      {
        id: 104,
        jobId: 5,
        start: new Date(Date.parse(ny('2025-06-13', '00:00')) - 1).toISOString(),
        end: ny('2025-06-13', '01:00'),
        status: 'Scheduled',
      },
      // Monday: a canceled appointment of a job that is not canceled.
      {
        id: 105,
        jobId: 4,
        start: ny('2025-06-16', '09:00'),
        end: ny('2025-06-16', '10:00'),
        status: 'Canceled',
      },
    ];
    t = await createTestApp({
      env: { API_RATE_LIMIT_PER_MINUTE: '100000' },
      services: { serviceTitan: fake, now: () => clock, refreshWaitMs: 60_000 },
    });
    companyA = await createCompany(t.app, { name: 'Alpha Heating' });
    companyB = await createCompany(t.app, { name: 'Beta Plumbing' });
    await giveCompanyCredential(t.app, companyA);
    memberA = await createSignedInUser(t.app, { companyId: companyA });
    adminB = await createSignedInUser(t.app, { companyId: companyB, role: 'account_admin' });
    const boards = await get(memberA, '/api/boards');
    mainBoard = boards.json<{ boards: Board[] }>().boards[0]!;
  }, 60_000);
  afterAll(() => t.close());

  /** A board read (a refresh when one is due), then every recording it caused has run. */
  const refreshBoard = async () => {
    const board = await t.app.inject({
      method: 'POST',
      url: '/api/capacity',
      headers: { cookie: memberA.cookie },
      payload: {},
    });
    expect(board.statusCode).toBe(200);
    // Recordings of a company run one after another: this one runs after the refresh's own.
    return t.app.services.history.record(companyA);
  };

  it('records each item and day once, and nothing when a refresh changed nothing', async () => {
    // Nothing read yet: history never asks ServiceTitan itself.
    expect(await t.app.services.history.record(companyA)).toBe(0);
    expect(fake.calls).toEqual([]);
    await refreshBoard();
    // 3 days x (2 business units + 1 job type), zeros included.
    expect(await rowsOf(companyA)).toHaveLength(9);
    expect(await t.app.services.history.record(companyA)).toBe(0);
    clock = new Date(clock.getTime() + 61_000);
    // A new read of the same numbers: still nothing.
    await refreshBoard();
    expect(await rowsOf(companyA)).toHaveLength(9);
  });

  it("answers each of the board's working days with the final numbers, as an independent count has them", async () => {
    const answer = await historyOf(`boardId=${mainBoard.id}&from=2025-06-09&to=2025-06-20`);
    const count = expectedCounts(fake.jobs, fake.appointments);
    // Working days only: no weekend, and only days with history.
    expect(answer.days.map((d) => d.date)).toEqual(DAYS);
    for (const day of answer.days) {
      expect(day.source).toBe('recorded');
      expect(day.items).toEqual([
        { id: 11, name: 'HVAC, Residential', scheduled: count(day.date, 11), target: 5 },
        { id: 10, name: 'Plumbing', scheduled: count(day.date, 10), target: 5 },
      ]);
    }
    expect(answer.days[0]!.items.map((i) => i.scheduled)).toEqual([2, 1]);
    const jobTypes = await historyOf(`from=2025-06-12&to=2025-06-12&viewType=jobType`);
    expect(jobTypes.days[0]!.items).toEqual([{ id: 500, name: 'Repair', scheduled: 3, target: 5 }]);
  });

  it('records a change after a refresh: one row per changed item and day', async () => {
    fake.jobs.push({ id: 6, jobStatus: 'Scheduled', businessUnitId: 10, jobTypeId: 500 });
    fake.appointments.push({
      id: 106,
      jobId: 6,
      start: ny('2025-06-16', '23:59'),
      end: ny('2025-06-17', '00:30'),
      status: 'Scheduled',
    });
    clock = new Date(clock.getTime() + 61_000);
    const before = (await rowsOf(companyA)).length;
    await refreshBoard();
    // Monday: Plumbing and Repair changed.
    expect((await rowsOf(companyA)).length - before).toBe(2);
    const monday = (await historyOf('from=2025-06-16&to=2025-06-16')).days[0]!;
    const count = expectedCounts(fake.jobs, fake.appointments);
    expect(monday.items.find((i) => i.id === 10)!.scheduled).toBe(count('2025-06-16', 10));
    expect(count('2025-06-16', 10)).toBe(1);
    // The earlier numbers are kept as the day's detail: two rows for Plumbing on Monday.
    const plumbingMonday = (await rowsOf(companyA)).filter(
      (r) => r.day === '2025-06-16' && r.itemType === 'businessUnit' && r.itemId === 10,
    );
    expect(plumbingMonday.map((r) => r.scheduled)).toEqual([0, 1]);
  });

  it('also records when the server refreshes a board in use, with no one calling record', async () => {
    fake.appointments.push({
      id: 107,
      jobId: 4,
      start: ny('2025-06-13', '11:00'),
      end: ny('2025-06-13', '12:00'),
      status: 'Scheduled',
    });
    clock = new Date(clock.getTime() + 61_000);
    const board = await t.app.inject({
      method: 'POST',
      url: '/api/capacity',
      headers: { cookie: memberA.cookie },
      payload: {},
    });
    expect(board.statusCode).toBe(200);
    await expect
      .poll(async () => (await historyOf('from=2025-06-13&to=2025-06-13')).days[0]!.items)
      .toContainEqual({ id: 10, name: 'Plumbing', scheduled: 1, target: 5 });
  });

  it('downloads the same days as CSV', async () => {
    const res = await get(memberA, `/api/history?from=2025-06-12&to=2025-06-13&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const json = await historyOf('from=2025-06-12&to=2025-06-13');
    const lines = res.body.trimEnd().split('\r\n');
    // The present columns, then the day's source (issue 33), then technician hours (issue 35,
    // empty on a board counting jobs); the file names the board.
    expect(lines[0]).toBe(
      'date,item_id,item_name,scheduled,target,source,booked_hours,capacity_hours',
    );
    expect(lines.slice(1)).toEqual(
      json.days.flatMap((d) =>
        d.items.map((i) =>
          [
            d.date,
            i.id,
            i.name.includes(',') ? `"${i.name}"` : i.name,
            i.scheduled,
            i.target,
            d.source,
            '',
            '',
          ].join(','),
        ),
      ),
    );
    expect(lines).toContain('2025-06-12,11,"HVAC, Residential",2,5,recorded,,');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="history-main-board-2025-06-12-to-2025-06-13.csv"',
    );
  });

  it('keeps the targets a recorded day had when its targets change later', async () => {
    const adminA = await createSignedInUser(t.app, { companyId: companyA, role: 'account_admin' });
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/business-unit-preferences',
      headers: { cookie: adminA.cookie },
      payload: { businessUnitId: 10, day1Target: 9, day2Target: 9, day3Target: 9 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const [thursday] = (await historyOf('from=2025-06-12&to=2025-06-12')).days;
    expect(thursday!.source).toBe('recorded');
    expect(thursday!.items.find((i) => i.id === 10)!.target).toBe(5);
  });

  it('refuses bad input with a 400 naming the field, and another company’s board with a 404', async () => {
    const cases: [string, string][] = [
      ['from=2025-02-30&to=2025-03-02', 'from'],
      ['from=2025-06-12&to=June', 'to'],
      ['from=2025-06-12&to=2025-06-11', 'to'],
      ['from=2024-01-01&to=2025-06-12', 'to'],
      ['to=2025-06-12', 'from'],
      ['from=2025-06-12&to=2025-06-12&viewType=both', 'viewType'],
      ['from=2025-06-12&to=2025-06-12&boardId=abc', 'boardId'],
      ['from=2025-06-12&to=2025-06-12&format=xls', 'format'],
    ];
    for (const [query, field] of cases) {
      const res = await get(memberA, `/api/history?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ error: string }>().error, query).toMatch(new RegExp(`^${field}`));
    }
    // 400 days exactly is allowed.
    expect((await get(memberA, '/api/history?from=2024-05-19&to=2025-06-22')).statusCode).toBe(200);
    const foreign = await get(
      adminB,
      `/api/history?boardId=${mainBoard.id}&from=2025-06-12&to=2025-06-13`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Plumbing');
    // Company B has no history of its own: no days, never A's.
    const own = await get(adminB, '/api/history?from=2025-06-12&to=2025-06-13');
    expect(own.json<HistoryResponse>()).toEqual({ days: [] });
    expect((await get(null, '/api/history?from=2025-06-12&to=2025-06-13')).statusCode).toBe(401);
  });

  it('answers the master admin the company ?companyId= names, as the board does; anyone else a 404', async () => {
    const master = await createSignedInUser(t.app, { role: 'master_admin' });
    const range = 'from=2025-06-09&to=2025-06-20';
    const ownAnswer = {
      days: (await historyOf(range)).days,
      status: (await get(memberA, '/api/history/status')).json<HistoryStatus>(),
      day: (await get(memberA, '/api/history/day?date=2025-06-12')).json<HistoryDayDetail>(),
    };
    expect(ownAnswer.days.length).toBeGreaterThan(0);
    // Without a company of their own the master admin has no board to read, until one is named.
    expect((await get(master, `/api/history?${range}`)).statusCode).toBe(403);
    const named = `companyId=${companyA}`;
    const days = await get(master, `/api/history?${named}&${range}`);
    expect(days.statusCode, days.body).toBe(200);
    expect(days.json<HistoryResponse>().days).toEqual(ownAnswer.days);
    const csv = await get(master, `/api/history?${named}&${range}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toBe((await get(memberA, `/api/history?${range}&format=csv`)).body);
    const status = await get(master, `/api/history/status?${named}`);
    expect(status.json<HistoryStatus>()).toEqual(ownAnswer.status);
    const day = await get(master, `/api/history/day?${named}&date=2025-06-12`);
    expect(day.json<HistoryDayDetail>()).toEqual(ownAnswer.day);
    // The company named and the board named together: the board must be that company's.
    const both = await get(master, `/api/history?${named}&boardId=${mainBoard.id}&${range}`);
    expect(both.json<HistoryResponse>().days).toEqual(ownAnswer.days);
    for (const url of [
      `/api/history?companyId=${companyB}&boardId=${mainBoard.id}&${range}`,
      `/api/history/status?companyId=${companyB}&boardId=${mainBoard.id}`,
      `/api/history/day?companyId=${companyB}&boardId=${mainBoard.id}&date=2025-06-12`,
    ])
      expect((await get(master, url)).statusCode, url).toBe(404);
    // A company that does not exist, and anyone else naming a company not theirs: 404.
    expect((await get(master, `/api/history?companyId=999999&${range}`)).statusCode).toBe(404);
    for (const url of [
      `/api/history?${named}&${range}`,
      `/api/history/status?${named}`,
      `/api/history/day?${named}&date=2025-06-12`,
    ]) {
      const foreign = await get(adminB, url);
      expect(foreign.statusCode, url).toBe(404);
      expect(foreign.body).not.toContain('Alpha');
    }
    // Naming one's own company is the same as naming none.
    expect(
      (await get(memberA, `/api/history?${named}&${range}`)).json<HistoryResponse>().days,
    ).toEqual(ownAnswer.days);
    // A bad id is a 400 naming the field.
    const bad = await get(master, `/api/history?companyId=abc&${range}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/^companyId/);
  });

  it('keeps the history in shape once a day: old days go, old detail thins to the final row', async () => {
    const at = (iso: string) => new Date(iso);
    const item = { itemType: 'businessUnit' as const, itemId: 10, target: 5 };
    // 2024-05-01 is past 400 days before 2025-06-11; 2025-04-01 past the 56 days of detail.
    for (const [day, values] of [
      ['2024-05-01', [1, 2]],
      ['2025-04-01', [1, 2, 3]],
      ['2025-06-02', [1, 2, 3]],
    ] as const) {
      for (const [index, scheduled] of values.entries()) {
        await recordChanges(
          t.app.db,
          companyA,
          [{ day, scheduled, ...item }],
          at(`${day}T0${index}:00:00Z`),
        );
      }
    }
    const countOn = async (day: string) =>
      (await rowsOf(companyA)).filter(
        (r) => r.day === day && r.itemId === 10 && r.itemType === 'businessUnit',
      ).length;
    expect([
      await countOn('2024-05-01'),
      await countOn('2025-04-01'),
      await countOn('2025-06-02'),
    ]).toEqual([2, 3, 3]);

    // Another instance holds the company's lease: this one leaves it alone.
    expect(
      await takeUpkeepLease(t.app.db, {
        companyId: companyA,
        owner: 'other',
        at: clock,
        today: '2025-06-11',
      }),
    ).toBe(true);
    expect((await t.app.services.history.runOnce()).companies).toBe(0);
    await t.app.db
      .update(historyState)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(eq(historyState.companyId, companyA));

    expect(await t.app.services.history.runOnce()).toMatchObject({
      companies: 1,
      expired: 2,
      thinned: 2,
    });
    expect([
      await countOn('2024-05-01'),
      await countOn('2025-04-01'),
      await countOn('2025-06-02'),
    ]).toEqual([0, 1, 3]);
    const [kept] = await t.app.db
      .select({ scheduled: capacityHistory.scheduled })
      .from(capacityHistory)
      .where(and(eq(capacityHistory.companyId, companyA), eq(capacityHistory.day, '2025-04-01')));
    expect(kept!.scheduled).toBe(3);
    // Done for today: a second pass the same day does nothing.
    expect((await t.app.services.history.runOnce()).companies).toBe(0);
  });

  it('belongs to the tenant it was read from: another tenant drops it, the same one keeps it', async () => {
    const before = (await rowsOf(companyA)).length;
    // The company's credential is tenant 1234567 (a rotated secret keeps the tenant).
    expect(await claimTenant(t.app.db, companyA, '1234567')).toBe('same');
    expect((await rowsOf(companyA)).length).toBe(before);
    expect(await claimTenant(t.app.db, companyA, 'another-tenant')).toBe('rebuilt');
    expect(await rowsOf(companyA)).toEqual([]);
    const [state] = await t.app.db
      .select({ tenant: historyState.tenant })
      .from(historyState)
      .where(eq(historyState.companyId, companyA));
    expect(state?.tenant).toBe('another-tenant');
  });
});
