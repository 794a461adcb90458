import { and, eq, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../src/server/db/index.js';
import { backfillCompany } from '../../src/server/services/history/history-backfill.js';
import {
  claimTenant,
  ensureState,
  renewLease,
  takeBackfillLease,
} from '../../src/server/services/history/history-store.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capacityHistory, historyState } from '../../src/server/db/schema.js';
import type { BoardSettingsResponse } from '../../src/shared/api/board-settings.js';
import type {
  HistoryDayDetail,
  HistoryResponse,
  HistoryStatus,
} from '../../src/shared/api/history.js';
import type { ServiceTitanClient } from '../../src/server/platforms/servicetitan/contract.js';
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
 * History from day one (issue 27, item 4): the last 13 weeks of working days read back from
 * ServiceTitan in pages of 5 days, marked reconstructed, each day's final count as an independent
 * count has it (local-midnight edges, a canceled job, a canceled appointment), its fill before
 * the day from createdOn, and a backfill stopped mid-way resuming after the last page it saved.
 */

const ZONE = 'America/New_York';
/** Wednesday 2025-06-11, 13:00 in New York. */
const NOW = new Date('2025-06-11T17:00:00Z');

const ny = wallClockIn(ZONE);

/**
 * The database as an instance that dies right after its `n`-th statement writing history rows of
 * `day` (inside a transaction or not), before the next: the statement ran, then the process is
 * gone (an open transaction rolls back).
 */
function dyingAfter(db: Database, day: string, n: number): Database {
  const dialect = new PgDialect();
  let seen = 0;
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value: unknown = Reflect.get(object, property, receiver);
        if (typeof value !== 'function') return value;
        if (property === 'execute')
          return async (query: SQL) => {
            const result: unknown = await value.call(object, query);
            const { sql: text, params } = dialect.sqlToQuery(query);
            if (
              /^\s*(insert|delete)[^;]*capacity_history/i.test(text) &&
              params.includes(day) &&
              ++seen === n
            )
              throw new Error('instance killed');
            return result;
          };
        if (property === 'transaction')
          return (work: (tx: object) => Promise<unknown>, config?: unknown) =>
            value.call(object, (tx: object) => work(wrap(tx)), config);
        return value.bind(object);
      },
    });
  return wrap(db);
}

describe('history from day one', () => {
  let t: TestApp;
  let fake: FakeServiceTitan;
  let companyId: number;
  let member: TestUser;
  let failAtPage = 0;
  let appointmentReads = 0;

  beforeAll(async () => {
    fake = createFakeServiceTitan();
    fake.businessUnits = [
      { id: 10, name: 'Plumbing', active: true },
      { id: 11, name: 'HVAC', active: true },
    ];
    fake.jobTypes = [{ id: 500, name: 'Repair', active: true, businessUnitIds: [] }];
    fake.jobs = [
      // Booked on Thursday 5 June at 08:00 for Tuesday 10 June.
      {
        id: 1,
        jobStatus: 'Completed',
        businessUnitId: 10,
        jobTypeId: 500,
        createdOn: ny('2025-06-05', '08:00'),
      },
      // No createdOn: its day's count has it; the fill before the day cannot know it.
      { id: 2, jobStatus: 'Completed', businessUnitId: 11, jobTypeId: 500, createdOn: null },
      {
        id: 3,
        jobStatus: 'Completed',
        businessUnitId: 10,
        jobTypeId: 500,
        createdOn: ny('2025-06-02', '10:00'),
      },
      {
        id: 4,
        jobStatus: 'Canceled',
        businessUnitId: 10,
        jobTypeId: 500,
        createdOn: ny('2025-06-02', '10:00'),
      },
      {
        id: 5,
        jobStatus: 'Completed',
        businessUnitId: 11,
        jobTypeId: 500,
        createdOn: ny('2025-06-02', '10:00'),
      },
      {
        id: 6,
        jobStatus: 'Completed',
        businessUnitId: 10,
        jobTypeId: 500,
        createdOn: ny('2025-03-10', '10:00'),
      },
    ];
    fake.appointments = [
      {
        id: 101,
        jobId: 1,
        start: ny('2025-06-10', '09:00'),
        end: ny('2025-06-10', '10:00'),
        status: 'Done',
      },
      // Exactly at Tuesday's local midnight: Tuesday.
      {
        id: 102,
        jobId: 2,
        start: ny('2025-06-10', '00:00'),
        end: ny('2025-06-10', '01:00'),
        status: 'Done',
      },
      // A millisecond before Tuesday's local midnight: Monday.
      {
        id: 103,
        jobId: 3,
        start: ny('2025-06-10', '00:00', -1),
        end: ny('2025-06-10', '01:00'),
        status: 'Done',
      },
      {
        id: 104,
        jobId: 4,
        start: ny('2025-06-10', '11:00'),
        end: ny('2025-06-10', '12:00'),
        status: 'Scheduled',
      },
      {
        id: 105,
        jobId: 5,
        start: ny('2025-06-10', '13:00'),
        end: ny('2025-06-10', '14:00'),
        status: 'Canceled',
      },
      {
        id: 106,
        jobId: 6,
        start: ny('2025-03-20', '09:00'),
        end: ny('2025-03-20', '10:00'),
        status: 'Done',
      },
    ];
    // A backfill that stops at a page (failAtPage), as an instance killed mid-way would.
    const clientFor = fake.clientFor.bind(fake);
    fake.clientFor = (credential) => {
      const client = clientFor(credential);
      const listAppointments: ServiceTitanClient['listAppointments'] = (window, options) => {
        appointmentReads += 1;
        if (appointmentReads === failAtPage) return Promise.reject(new Error('instance killed'));
        return client.listAppointments(window, options);
      };
      return { ...client, listAppointments };
    };
    t = await createTestApp({ services: { serviceTitan: fake, now: () => NOW } });
    companyId = await createCompany(t.app, { name: 'Alpha Heating' });
    await giveCompanyCredential(t.app, companyId);
    member = await createSignedInUser(t.app, { companyId });
  }, 60_000);
  afterAll(() => t.close());

  const history = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/history?${query}`,
      headers: { cookie: member.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<HistoryResponse>();
  };

  /** A company's history rows (of one day), in a stable order. */
  const rowsOf = (id: number, day?: string) =>
    t.app.db
      .select({
        day: capacityHistory.day,
        itemType: capacityHistory.itemType,
        itemId: capacityHistory.itemId,
        scheduled: capacityHistory.scheduled,
        target: capacityHistory.target,
        recordedAt: capacityHistory.recordedAt,
        source: capacityHistory.source,
      })
      .from(capacityHistory)
      .where(
        and(
          eq(capacityHistory.companyId, id),
          day === undefined ? undefined : eq(capacityHistory.day, day),
        ),
      )
      .orderBy(
        capacityHistory.day,
        capacityHistory.itemType,
        capacityHistory.itemId,
        capacityHistory.recordedAt,
      );

  const status = async (who: TestUser = member) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/history/status',
      headers: { cookie: who.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<HistoryStatus>();
  };

  it('stops at a page and resumes after the last page it saved, reading each page once', async () => {
    // Connected, not started yet: the History page says it is about to be filled in.
    expect((await status()).backfill).toEqual({
      state: 'waiting',
      daysDone: 0,
      daysTotal: 65,
      through: null,
      finishedAt: null,
    });
    failAtPage = 4;
    expect((await t.app.services.history.runOnce()).backfilled).toBe(0);
    expect(appointmentReads).toBe(4);
    // 3 pages of 5 working days saved (the oldest first, from Tuesday 11 March): 15 of 65.
    expect((await status()).backfill).toEqual({
      state: 'running',
      daysDone: 15,
      daysTotal: 65,
      through: '2025-03-31',
      finishedAt: null,
    });
    failAtPage = 0;
    expect((await t.app.services.history.runOnce()).backfilled).toBe(1);
    expect(await status()).toEqual({
      backfill: {
        state: 'done',
        daysDone: 65,
        daysTotal: 65,
        through: '2025-06-10',
        finishedAt: NOW.toISOString(),
      },
      timeZone: ZONE,
      detailDays: 56,
    });
    // 13 weeks of working days, 5 a page: 13 pages; the 3 saved were not read again.
    expect(appointmentReads).toBe(4 + 10);
    for (const call of fake.calls.filter((c) => c.method === 'listAppointments')) {
      const days =
        (Date.parse(call.window!.startsBefore) - Date.parse(call.window!.startsOnOrAfter)) /
        86_400_000;
      expect(days).toBeLessThanOrEqual(8);
    }
    // Done: the next pass reads nothing.
    expect((await t.app.services.history.runOnce()).backfilled).toBe(0);
    expect(appointmentReads).toBe(14);
  });

  it('gives each past working day its final count as an independent count does, marked reconstructed', async () => {
    const answer = await history('from=2025-03-01&to=2025-06-11');
    // 65 working days (13 weeks) before today, Wednesday 11 June: 13 weeks of weekdays back to
    // Wednesday 12 March, less Memorial Day (26 May, a holiday), so one more: Tuesday 11 March.
    expect(answer.days).toHaveLength(65);
    expect(answer.days[0]!.date).toBe('2025-03-11');
    expect(answer.days.at(-1)!.date).toBe('2025-06-10');
    expect(answer.days.map((d) => d.date)).not.toContain('2025-05-26');
    expect(answer.days.map((d) => d.date)).not.toContain('2025-06-07');
    expect(new Set(answer.days.map((d) => d.source))).toEqual(new Set(['reconstructed']));
    const booked = Object.fromEntries(
      answer.days
        .map((d) => [
          d.date,
          Object.fromEntries(
            d.items.filter((i) => i.scheduled > 0).map((i) => [i.name, i.scheduled]),
          ),
        ])
        .filter(([, items]) => Object.keys(items as object).length > 0),
    );
    // Worked by hand from the bookings above: job 1 and job 2 on Tuesday; job 3 a millisecond
    // before it, on Monday; job 4 canceled; job 5's only visit canceled; job 6 in March.
    expect(booked).toEqual({
      '2025-03-20': { Plumbing: 1 },
      '2025-06-09': { Plumbing: 1 },
      '2025-06-10': { HVAC: 1, Plumbing: 1 },
    });
    // The fill before Tuesday from createdOn: job 1, booked Thursday 08:00, is not there when
    // Thursday starts (3 working days ahead) and is from its booking on; then the final count.
    const curve = await t.app.db
      .select({ scheduled: capacityHistory.scheduled, at: capacityHistory.recordedAt })
      .from(capacityHistory)
      .where(
        and(
          eq(capacityHistory.companyId, companyId),
          eq(capacityHistory.day, '2025-06-10'),
          eq(capacityHistory.itemType, 'businessUnit'),
          eq(capacityHistory.itemId, 10),
        ),
      )
      .orderBy(capacityHistory.recordedAt);
    expect(curve.map((r) => [r.scheduled, r.at.toISOString()])).toEqual([
      [0, ny('2025-06-05', '00:00')],
      [1, ny('2025-06-05', '08:00')],
      [1, ny('2025-06-11', '00:00')],
    ]);
    // A quiet day shows every item at zero with its target.
    expect(answer.days.find((d) => d.date === '2025-04-15')!.items).toEqual([
      { id: 11, name: 'HVAC', scheduled: 0, target: 5 },
      { id: 10, name: 'Plumbing', scheduled: 0, target: 5 },
    ]);
  });

  it("draws a day's fill curve from its reconstructed rows against the board's pace curve", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/history/day?date=2025-06-10&viewType=businessUnit',
      headers: { cookie: member.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json<HistoryDayDetail>();
    expect(day.source).toBe('reconstructed');
    expect(day.timeZone).toBe(ZONE);
    // Thursday's start (3 working days ahead): job 2 (no createdOn, counted as booked before) of
    // a target of 5 + 5; Thursday 08:00: job 1 booked; the final count at the day's end.
    expect(day.points).toEqual([
      { at: ny('2025-06-05', '00:00'), scheduled: 1, target: 10, percent: 10 },
      { at: ny('2025-06-05', '08:00'), scheduled: 2, target: 10, percent: 20 },
      { at: ny('2025-06-11', '00:00'), scheduled: 2, target: 10, percent: 20 },
    ]);
    // The pace the board would have shown on each working hour of the 3 working days before it,
    // by its similar days of the 8 weeks before each (decision 038): none of them had a job
    // booked by then, so 0 %, usually 0 %.
    expect(day.paceBy).toBe('history');
    expect(day.before).toEqual(['2025-06-05', '2025-06-06', '2025-06-09']);
    expect(day.pace).toHaveLength(30);
    expect(day.pace[0]).toEqual({
      at: ny('2025-06-05', '08:00'),
      expectedPercent: 0,
      usualLow: 0,
      usualHigh: 0,
    });
    expect(day.pace.at(-1)!.at).toBe(ny('2025-06-09', '17:00'));
    // With the set curve chosen: 15 / 33 / 66 % over Thursday, Friday and Monday's working hours
    // (each under its goal: 70, 80, 90 %), the 1st day ahead halfway to 100 % by Monday's end,
    // then the day itself up to its goal.
    const admin = await createSignedInUser(t.app, { companyId, role: 'account_admin' });
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/board-settings',
      headers: { cookie: admin.cookie },
    });
    const { settings, version } = current.json<BoardSettingsResponse>();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/board-settings',
      headers: { cookie: admin.cookie },
      payload: {
        settings: { ...settings, paceCurve: { ...settings.paceCurve, learned: false } },
        version,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const curve = await t.app.inject({
      method: 'GET',
      url: '/api/history/day?date=2025-06-10&viewType=businessUnit',
      headers: { cookie: member.cookie },
    });
    expect(curve.json<HistoryDayDetail>().paceBy).toBe('curve');
    expect(curve.json<HistoryDayDetail>().pace).toEqual([
      { at: ny('2025-06-05', '08:00'), expectedPercent: 15 },
      { at: ny('2025-06-05', '17:00'), expectedPercent: 33 },
      { at: ny('2025-06-06', '08:00'), expectedPercent: 33 },
      { at: ny('2025-06-06', '17:00'), expectedPercent: 66 },
      { at: ny('2025-06-09', '08:00'), expectedPercent: 66 },
      { at: ny('2025-06-09', '17:00'), expectedPercent: 83 },
      { at: ny('2025-06-10', '08:00'), expectedPercent: 83 },
      { at: ny('2025-06-10', '17:00'), expectedPercent: 90 },
    ]);
    // The curve's last point is the table's total for the day.
    const [tuesday] = (await history('from=2025-06-10&to=2025-06-10&viewType=businessUnit')).days;
    expect(tuesday!.items.reduce((sum, item) => sum + item.scheduled, 0)).toBe(2);
    // A day without history: no points, no source; a date that is not one: 400 naming it.
    const quiet = await t.app.inject({
      method: 'GET',
      url: '/api/history/day?date=2025-06-07',
      headers: { cookie: member.cookie },
    });
    expect(quiet.json<HistoryDayDetail>()).toMatchObject({ source: null, points: [] });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/history/day?date=2025-02-30',
      headers: { cookie: member.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('date');
  });

  it('judges reconstructed days by the targets in force now', async () => {
    // No target judged the rebuilt days: once Plumbing's is set to 4, every rebuilt day and its
    // fill curve compare with 4 (HVAC keeps the default 5).
    const admin = await createSignedInUser(t.app, { companyId, role: 'account_admin' });
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/business-unit-preferences',
      headers: { cookie: admin.cookie },
      payload: { businessUnitId: 10, day1Target: 4, day2Target: 4, day3Target: 4 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const answer = await history('from=2025-06-09&to=2025-06-10');
    expect(answer.days.map((d) => d.items)).toEqual([
      [
        { id: 11, name: 'HVAC', scheduled: 0, target: 5 },
        { id: 10, name: 'Plumbing', scheduled: 1, target: 4 },
      ],
      [
        { id: 11, name: 'HVAC', scheduled: 1, target: 5 },
        { id: 10, name: 'Plumbing', scheduled: 1, target: 4 },
      ],
    ]);
    const day = await t.app.inject({
      method: 'GET',
      url: '/api/history/day?date=2025-06-10&viewType=businessUnit',
      headers: { cookie: member.cookie },
    });
    expect(day.json<HistoryDayDetail>().points.map((p) => [p.target, p.percent])).toEqual([
      [9, 11],
      [9, 22],
      [9, 22],
    ]);
  });

  it('writes a day whole: killed mid-day, the resumed backfill ends as an uninterrupted one', async () => {
    const killed = await createCompany(t.app, { name: 'Killed Mid-Day' });
    const whole = await createCompany(t.app, { name: 'Never Killed' });
    for (const id of [killed, whole]) await giveCompanyCredential(t.app, id);
    const reader = (await t.app.services.capacity.companyReader(killed))!;
    await claimTenant(t.app.db, killed, await reader.account());
    const progress = await takeBackfillLease(t.app.db, {
      companyId: killed,
      owner: 'doomed',
      at: NOW,
    });
    // The instance dies right after its second statement writing Tuesday 10 June (the day with
    // bookings), before anything else of that day is written.
    await expect(
      backfillCompany({
        db: dyingAfter(t.app.db, '2025-06-10', 2),
        companyId: killed,
        owner: 'doomed',
        reader,
        progress: progress!,
        now: () => NOW,
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow('instance killed');
    // Nothing of that day is kept; the days before it are.
    expect(await rowsOf(killed, '2025-06-10')).toEqual([]);
    expect((await rowsOf(killed, '2025-06-09')).length).toBeGreaterThan(0);
    // Its lease dies with it; the next pass resumes it and fills in the other company at once
    // (today's upkeep, which thins old days, counted as done for both so it changes neither).
    await renewLease(t.app.db, { companyId: killed, owner: 'doomed', until: new Date(0) });
    for (const id of [killed, whole]) {
      await ensureState(t.app.db, id);
      await t.app.db
        .update(historyState)
        .set({ maintainedOn: NOW.toISOString().slice(0, 10) })
        .where(eq(historyState.companyId, id));
    }
    await t.app.services.history.runOnce();
    const resumed = await rowsOf(killed);
    expect(resumed.length).toBeGreaterThan(65);
    expect(resumed).toEqual(await rowsOf(whole));
    expect(await rowsOf(killed, '2025-06-10')).toEqual(await rowsOf(whole, '2025-06-10'));
  });

  it('says a company without ServiceTitan is not connected', async () => {
    const other = await createCompany(t.app, { name: 'Beta Plumbing' });
    const someone = await createSignedInUser(t.app, { companyId: other });
    expect((await status(someone)).backfill.state).toBe('not_connected');
  });
});
