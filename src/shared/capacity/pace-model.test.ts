import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { addDays } from '../calendar/display-days.js';
import {
  countAt,
  judgeByCurve,
  judgeByHistory,
  matchingInstant,
  momentOf,
  pastDayOf,
  peerCounts,
  type PaceCalendar,
  type PastDay,
} from './pace-model.js';

const ZONE = 'America/New_York';
const calendar: PaceCalendar = {
  timeZone: ZONE,
  workdays: {
    monday: true,
    tuesday: true,
    wednesday: true,
    thursday: true,
    friday: true,
    saturday: false,
    sunday: false,
  },
  holidays: [],
};
/** A New York clock time as UTC ms. */
const ny = (date: string, hour: number, minute = 0) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, hour, minute, 0, ZONE).getTime();
};

/** A past day whose total was `count` from each given moment on (first: when it is known). */
function day(date: string, steps: [number, number][]): PastDay {
  return pastDayOf({
    date,
    rows: steps.map(([atMs, scheduled]) => ({ itemId: 1, scheduled, atMs })),
    calendar,
  })!;
}

describe('a past day as the pace model reads it', () => {
  it('adds its items up over time, counting only the board’s items, from its first row on', () => {
    const past = pastDayOf({
      date: '2025-06-12',
      rows: [
        { itemId: 1, scheduled: 2, atMs: ny('2025-06-09', 0) },
        { itemId: 2, scheduled: 1, atMs: ny('2025-06-09', 0) },
        { itemId: 3, scheduled: 9, atMs: ny('2025-06-09', 0) },
        { itemId: 1, scheduled: 3, atMs: ny('2025-06-10', 10) },
        { itemId: 2, scheduled: 4, atMs: ny('2025-06-11', 9) },
      ],
      counts: (itemId) => itemId !== 3,
      calendar,
    })!;
    expect(past.before).toEqual(['2025-06-11', '2025-06-10', '2025-06-09']);
    expect(countAt(past, ny('2025-06-08', 23))).toBeNull();
    expect(countAt(past, ny('2025-06-09', 0))).toBe(3);
    expect(countAt(past, ny('2025-06-10', 9, 59))).toBe(3);
    expect(countAt(past, ny('2025-06-10', 10))).toBe(4);
    expect(countAt(past, ny('2025-06-11', 12))).toBe(7);
  });
});

describe('now as a moment before a displayed day', () => {
  it('is the clock time, working days ahead and calendar days away; a day off is the last working day’s end', () => {
    // Wednesday 11 June 13:30 in New York: Thursday 1 away, Monday 16 five.
    expect(momentOf(new Date(ny('2025-06-11', 13, 30)), '2025-06-12', 1, calendar)).toEqual({
      ahead: 1,
      hours: 13.5,
      span: 1,
    });
    expect(momentOf(new Date(ny('2025-06-11', 13, 30)), '2025-06-16', 3, calendar).span).toBe(5);
    // Saturday: Monday is 1 working day ahead, 3 calendar days from Friday, the last working day.
    expect(momentOf(new Date(ny('2025-06-14', 11)), '2025-06-16', 1, calendar)).toEqual({
      ahead: 1,
      hours: null,
      span: 3,
    });
    const monday = day('2025-06-09', [[ny('2025-06-04', 0), 1]]);
    expect(matchingInstant(monday, { ahead: 1, hours: 13.5, span: 3 }, ZONE)).toBe(
      ny('2025-06-06', 13, 30),
    );
    expect(matchingInstant(monday, { ahead: 1, hours: null, span: 3 }, ZONE)).toBe(
      ny('2025-06-07', 0),
    );
  });
});

describe('similar past days', () => {
  // Seen at 12:00 the working day before: Tuesdays to Fridays 1 calendar day away, Mondays 3.
  const tuesdays = [3, 4, 5, 6, 7].map((n, i) => day(addDays('2025-05-06', 7 * i), [[0, n]]));
  const mondays = [10, 11].map((n, i) => day(addDays('2025-05-05', 7 * i), [[0, n]]));

  it('are those as many calendar days away at the same moment', () => {
    const moment = { ahead: 1, hours: 12, span: 1 };
    expect(peerCounts([...tuesdays, ...mondays], moment, ZONE)).toEqual({
      counts: [3, 4, 5, 6, 7],
      known: 7,
    });
  });

  it('take in the nearest others when fewer than 5 are that far away', () => {
    const moment = { ahead: 1, hours: 12, span: 3 };
    expect(peerCounts([...tuesdays, ...mondays], moment, ZONE).counts).toEqual([
      10, 11, 3, 4, 5, 6, 7,
    ]);
  });
});

describe('a day judged by its similar past days', () => {
  const peers = [10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30];

  it('points at their median (as % of target), behind below the 35th percentile, at risk below the 10th', () => {
    // Target 50: median 20 = 40 %; 35th percentile 17 (between 16 and 18) = 34 %, 65th 23 =
    // 46 %; 10th 12.
    const judge = (scheduled: number) =>
      judgeByHistory({ scheduled, target: 50, goal: 90, peers, known: 20 })!;
    expect(judge(17)).toMatchObject({
      expectedPercent: 40,
      status: 'on_track',
      basis: 'history',
      usual: { low: 34, high: 46 },
      days: 11,
    });
    expect(judge(16).status).toBe('behind');
    expect(judge(12).status).toBe('behind');
    expect(judge(11).status).toBe('at_risk');
  });

  it('never points above the goal, and is on track at or past the pointer', () => {
    // Target 10: the median 20 would be 200 %; the goal caps it at 90 %. 9 of 10 reaches it.
    const capped = judgeByHistory({ scheduled: 9, target: 10, goal: 90, peers, known: 20 })!;
    expect(capped.expectedPercent).toBe(90);
    expect(capped.status).toBe('on_track');
  });

  it('needs 20 past days known at this moment, else the set curve judges', () => {
    expect(judgeByHistory({ scheduled: 5, target: 40, goal: 90, peers, known: 19 })).toBeNull();
    expect(
      judgeByCurve({
        scheduled: 20,
        target: 40,
        goal: 90,
        curve: [66, 33, 15],
        dayIndex: 0,
        elapsed: 0,
      }),
    ).toEqual({ expectedPercent: 66, status: 'behind', basis: 'curve', usual: null, days: 0 });
  });
});
