import { describe, expect, it } from 'vitest';
import { displayDays, type WorkdayFlags } from '../calendar/display-days.js';
import {
  countJobs,
  isCanceledStatus,
  parseUtcInstant,
  type CountableAppointment,
  type CountableJob,
  type CountingDay,
} from './count-jobs.js';

const ALL_DAYS: WorkdayFlags = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: true,
  sunday: true,
};
const MON_FRI: WorkdayFlags = { ...ALL_DAYS, saturday: false, sunday: false };

function days(
  now: string,
  timeZone: string,
  workdays = ALL_DAYS,
  holidays: string[] = [],
): CountingDay[] {
  return displayDays({ now: new Date(now), timeZone, workdays, holidays, count: 3 }).map((d) => ({
    date: d.date,
    startMs: Date.parse(d.startUtc),
    endMs: Date.parse(d.endUtc),
  }));
}

const job = (
  id: number,
  businessUnitId: number | null,
  jobTypeId: number | null = 900,
  canceled = false,
): CountableJob => ({
  id,
  businessUnitId,
  jobTypeId,
  canceled,
});
const appt = (jobId: number, start: string, canceled = false): CountableAppointment => ({
  jobId,
  startMs: Date.parse(start),
  canceled,
});

/** Counts as plain objects: { date: { itemId: n } }. */
function asTable(result: ReturnType<typeof countJobs>): Record<string, Record<number, number>> {
  return Object.fromEntries(result.map((d) => [d.date, Object.fromEntries(d.counts)]));
}

describe('countJobs', () => {
  // Wednesday 2025-06-11, noon in Chicago: the board shows Thu 12, Fri 13, Sat 14 with all days worked.
  const chicago = days('2025-06-11T17:00:00Z', 'America/Chicago');

  it('counts a job with several appointments on one day once, and once on each day it has one', () => {
    const result = countJobs({
      days: chicago,
      viewType: 'businessUnit',
      jobs: [job(1, 10), job(2, 10)],
      appointments: [
        appt(1, '2025-06-12T14:00:00Z'),
        appt(1, '2025-06-12T18:00:00Z'),
        appt(1, '2025-06-13T15:00:00Z'),
        appt(2, '2025-06-12T20:00:00Z'),
      ],
    });
    expect(asTable(result)).toEqual({
      '2025-06-12': { 10: 2 },
      '2025-06-13': { 10: 1 },
      '2025-06-14': {},
    });
  });

  it('ignores canceled appointments and canceled jobs', () => {
    const result = countJobs({
      days: chicago,
      viewType: 'businessUnit',
      jobs: [job(1, 10), job(2, 10), job(3, 10, 900, true)],
      appointments: [
        // Job 1: one canceled and one live appointment on the 12th -> counted.
        appt(1, '2025-06-12T14:00:00Z', true),
        appt(1, '2025-06-12T16:00:00Z'),
        // Job 2: only a canceled appointment on the 13th -> not counted.
        appt(2, '2025-06-13T14:00:00Z', true),
        // Job 3 is canceled: its live appointment does not count.
        appt(3, '2025-06-13T15:00:00Z'),
      ],
    });
    expect(asTable(result)).toEqual({
      '2025-06-12': { 10: 1 },
      '2025-06-13': {},
      '2025-06-14': {},
    });
  });

  it('puts appointments near local midnight on the local day, not the UTC day', () => {
    // Chicago is UTC-5 in June: local midnight starting the 13th is 05:00Z.
    const result = countJobs({
      days: chicago,
      viewType: 'businessUnit',
      jobs: [job(1, 10), job(2, 10), job(3, 10), job(4, 10)],
      appointments: [
        appt(1, '2025-06-13T04:59:59Z'), // 23:59:59 on the 12th
        appt(2, '2025-06-13T05:00:00Z'), // 00:00 on the 13th
        appt(3, '2025-06-12T04:59:00Z'), // 23:59 on the 11th (today): not displayed
        appt(4, '2025-06-15T05:00:00Z'), // 00:00 on the 15th: after the last displayed day
      ],
    });
    expect(asTable(result)).toEqual({
      '2025-06-12': { 10: 1 },
      '2025-06-13': { 10: 1 },
      '2025-06-14': {},
    });
  });

  it('keeps 23-hour and 25-hour daylight-saving days whole', () => {
    // Spring forward: Sunday 2025-03-09 in New York lasts 23 hours (05:00Z to 04:00Z next day).
    const spring = days('2025-03-07T15:00:00Z', 'America/New_York');
    expect(spring.map((d) => d.date)).toEqual(['2025-03-08', '2025-03-09', '2025-03-10']);
    const springResult = countJobs({
      days: spring,
      viewType: 'businessUnit',
      jobs: [job(1, 10), job(2, 10)],
      appointments: [
        appt(1, '2025-03-10T03:30:00Z'), // 23:30 EDT on the 9th
        appt(2, '2025-03-10T04:30:00Z'), // 00:30 EDT on the 10th (a naive 24-hour day would say the 9th)
      ],
    });
    expect(asTable(springResult)).toEqual({
      '2025-03-08': {},
      '2025-03-09': { 10: 1 },
      '2025-03-10': { 10: 1 },
    });

    // Fall back: Sunday 2025-11-02 lasts 25 hours (04:00Z to 05:00Z next day).
    const fall = days('2025-10-31T15:00:00Z', 'America/New_York');
    expect(fall.map((d) => d.date)).toEqual(['2025-11-01', '2025-11-02', '2025-11-03']);
    const fallResult = countJobs({
      days: fall,
      viewType: 'businessUnit',
      jobs: [job(1, 10), job(2, 10)],
      appointments: [
        appt(1, '2025-11-03T04:30:00Z'), // 23:30 EST on the 2nd (a naive 24-hour day would say the 3rd)
        appt(2, '2025-11-03T05:00:00Z'), // 00:00 EST on the 3rd
      ],
    });
    expect(asTable(fallResult)).toEqual({
      '2025-11-01': {},
      '2025-11-02': { 10: 1 },
      '2025-11-03': { 10: 1 },
    });
  });

  it('counts nothing on weekends and selected holidays, which are not displayed', () => {
    // Wednesday 2025-07-02: Thu 3, (Fri 4 Independence Day skipped), (weekend skipped), Mon 7, Tue 8.
    const board = days('2025-07-02T16:00:00Z', 'America/New_York', MON_FRI, ['Independence Day']);
    expect(board.map((d) => d.date)).toEqual(['2025-07-03', '2025-07-07', '2025-07-08']);
    const result = countJobs({
      days: board,
      viewType: 'businessUnit',
      jobs: [job(1, 10), job(2, 10), job(3, 10), job(4, 10)],
      appointments: [
        appt(1, '2025-07-03T14:00:00Z'),
        appt(2, '2025-07-04T14:00:00Z'), // holiday
        appt(3, '2025-07-05T14:00:00Z'), // Saturday
        appt(4, '2025-07-07T14:00:00Z'),
      ],
    });
    expect(asTable(result)).toEqual({
      '2025-07-03': { 10: 1 },
      '2025-07-07': { 10: 1 },
      '2025-07-08': {},
    });
  });

  it('groups by job type in the job-type view and skips jobs without the item', () => {
    const input = {
      days: chicago,
      jobs: [job(1, 10, 500), job(2, null, 500), job(3, 11, null), job(4, 11, 501)],
      appointments: [
        appt(1, '2025-06-12T14:00:00Z'),
        appt(2, '2025-06-12T15:00:00Z'),
        appt(3, '2025-06-12T16:00:00Z'),
        appt(4, '2025-06-12T17:00:00Z'),
        appt(99, '2025-06-12T17:00:00Z'), // no such job in the list: cannot be attributed
      ],
    };
    expect(asTable(countJobs({ ...input, viewType: 'businessUnit' }))['2025-06-12']).toEqual({
      10: 1,
      11: 2,
    });
    expect(asTable(countJobs({ ...input, viewType: 'jobType' }))['2025-06-12']).toEqual({
      500: 2,
      501: 1,
    });
  });
});

describe('new today', () => {
  it('counts the counted jobs created at or after the local start of today, not canceled ones', () => {
    const chicago = days('2025-06-11T17:00:00Z', 'America/Chicago');
    const midnight = Date.parse('2025-06-11T05:00:00Z'); // 00:00 Wednesday in Chicago
    const booked = (id: number, createdOnMs: number | null, canceled = false): CountableJob => ({
      ...job(id, 10),
      canceled,
      createdOnMs,
    });
    const result = countJobs({
      days: chicago,
      jobs: [
        booked(1, midnight), // new
        booked(2, midnight - 1), // booked yesterday
        booked(3, midnight + 60_000, true), // canceled job: not counted at all
        booked(4, midnight + 60_000), // its only appointment that day is canceled
        booked(5, null), // createdOn unknown: never new
      ],
      appointments: [
        appt(1, '2025-06-12T15:00:00Z'),
        appt(2, '2025-06-12T15:00:00Z'),
        appt(3, '2025-06-12T15:00:00Z'),
        appt(4, '2025-06-12T15:00:00Z', true),
        appt(4, '2025-06-13T05:00:00Z'), // Friday's first instant
        appt(5, '2025-06-12T15:00:00Z'),
      ],
      viewType: 'businessUnit',
      newSinceMs: midnight,
    });
    expect(
      result.map((d) => [d.date, Object.fromEntries(d.counts), Object.fromEntries(d.newToday)]),
    ).toEqual([
      ['2025-06-12', { 10: 3 }, { 10: 1 }],
      ['2025-06-13', { 10: 1 }, { 10: 1 }],
      ['2025-06-14', {}, {}],
    ]);
  });
});

describe('ServiceTitan field reading', () => {
  it('reads a timestamp without a zone designator as UTC', () => {
    expect(parseUtcInstant('2025-06-12T14:00:00')).toBe(Date.parse('2025-06-12T14:00:00Z'));
    expect(parseUtcInstant('2025-06-12T14:00:00.123Z')).toBe(
      Date.parse('2025-06-12T14:00:00.123Z'),
    );
    expect(parseUtcInstant('2025-06-12T09:00:00-05:00')).toBe(Date.parse('2025-06-12T14:00:00Z'));
    expect(Number.isNaN(parseUtcInstant('not a date'))).toBe(true);
  });

  it('treats Canceled (any casing, either spelling) as canceled and other statuses as live', () => {
    expect(['Canceled', 'canceled', 'Cancelled'].map(isCanceledStatus)).toEqual([true, true, true]);
    expect(['Scheduled', 'Done', 'Completed', 'Hold', '', null].map(isCanceledStatus)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
