import { TZDate } from '@date-fns/tz';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capacityHistory } from '../../src/server/db/schema.js';
import type {
  HistoryDayDetail,
  HistoryResponse,
  HistoryStatus,
} from '../../src/shared/api/history.js';
import type { ServiceTitanClient } from '../../src/server/services/servicetitan/contract.js';
import {
  createFakeServiceTitan,
  giveCompanyCredential,
  type FakeServiceTitan,
} from '../helpers/fake-service-titan.js';
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

const ny = (date: string, hhmm: string, ms = 0) =>
  new Date(
    new TZDate(
      Number(date.slice(0, 4)),
      Number(date.slice(5, 7)) - 1,
      Number(date.slice(8, 10)),
      Number(hhmm.slice(0, 2)),
      Number(hhmm.slice(3, 5)),
      0,
      0,
      ZONE,
    ).getTime() + ms,
  ).toISOString();

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
    // Thursday starts (3 working days ahead) and is from Friday's start (2 ahead) on.
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
      [1, ny('2025-06-06', '00:00')],
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
    // a target of 5 + 5; Friday's start: job 1 too. Nothing changed after: no more points.
    expect(day.points).toEqual([
      { at: ny('2025-06-05', '00:00'), scheduled: 1, target: 10, percent: 10 },
      { at: ny('2025-06-06', '00:00'), scheduled: 2, target: 10, percent: 20 },
    ]);
    // The default pace curve (15 / 33 / 66 %) over Thursday, Friday and Monday's working hours,
    // then 100 % on the day itself.
    expect(day.pace).toEqual([
      { at: ny('2025-06-05', '08:00'), expectedPercent: 15 },
      { at: ny('2025-06-05', '17:00'), expectedPercent: 33 },
      { at: ny('2025-06-06', '08:00'), expectedPercent: 33 },
      { at: ny('2025-06-06', '17:00'), expectedPercent: 66 },
      { at: ny('2025-06-09', '08:00'), expectedPercent: 66 },
      { at: ny('2025-06-09', '17:00'), expectedPercent: 100 },
      { at: ny('2025-06-10', '00:00'), expectedPercent: 100 },
      { at: ny('2025-06-11', '00:00'), expectedPercent: 100 },
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

  it('says a company without ServiceTitan is not connected', async () => {
    const other = await createCompany(t.app, { name: 'Beta Plumbing' });
    const someone = await createSignedInUser(t.app, { companyId: other });
    expect((await status(someone)).backfill.state).toBe('not_connected');
  });
});
