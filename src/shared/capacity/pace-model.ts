import { TZDate } from '@date-fns/tz';
import {
  isWorkingDay,
  localDayOf,
  pastWorkingDays,
  todayDate,
  type WorkdayFlags,
} from '../calendar/display-days.js';
import { remembered } from '../calendar/remembered.js';
import { percentile } from '../targets/suggest-target.js';
import { capacityPercent } from './percent.js';
import { expectedPercent, paceStatus, type PaceStatus } from './pace.js';

/**
 * The pace model (issue 33, item 1; decision 038): one model that a day's goal marker, its pace
 * pointer and its status tell together.
 *
 * - **With history** (the default once a board has it): the board's own working days of the last
 *   8 weeks, each read at the same moment before it as now is before the displayed day (the same
 *   number of working days ahead, the same clock time), those as many calendar days away (a
 *   Monday seen on a Friday against past Mondays). Their counts there are a distribution:
 *   the pointer is its median as % of the day's target; the day is **behind** when its count is
 *   below their 35th percentile (low for this moment: lower than about two in three of them),
 *   **at risk** below their 10th, and on track otherwise.
 * - **Without** (fewer than 20 such days): the set curve (pace.ts), pro-rated over working hours.
 * - Either way the pointer never sits above the day's goal, and a day at or past its pointer is
 *   on track: the three marks never contradict one another.
 */

/** How far back the board's own days are looked at. */
export const PACE_HISTORY_WEEKS = 8;
/** Past days known at this moment needed before they judge a day instead of the set curve. */
export const PACE_HISTORY_MIN_DAYS = 20;
/**
 * Behind: a count below the 35th percentile of the similar past days' counts at this moment
 * (lower than about two in three of them). Chosen by measurement (bench/pace-model.ts,
 * BENCH_PACE_SWEEP=1): the lowest threshold at which a day that will end in its bottom fifth
 * reads Behind by noon of the day before on tenants of every shape, while a day that will end
 * at its median still reads On track for most of the day before.
 */
export const BEHIND_BELOW_PERCENTILE = 35;
/** At risk: lower than nine in ten of them. */
export const AT_RISK_BELOW_PERCENTILE = 10;

export interface PaceCalendar {
  timeZone: string;
  workdays: WorkdayFlags;
  holidays: readonly string[];
}

/** One recorded change of an item's count for a day (history rows). */
export interface PaceRow {
  itemId: number;
  scheduled: number;
  atMs: number;
}

/**
 * A past working day as the model reads it: the board's total count over time (the board's items
 * only), from when it is known, and the working days before it.
 */
export interface PastDay {
  date: string;
  /**
   * The count is known from this instant on, its first row: a day rebuilt from the platform
   * from the start of the 3rd working day before it (every item has a row then); a day recorded
   * live from when the board first showed it (it records only what it shows, while in use); a
   * day older than 8 weeks, thinned to its final rows, only at its end.
   */
  knownFromMs: number;
  /** Ascending instants at which the total changed, and the total from each on. */
  times: number[];
  totals: number[];
  /** The 1st, 2nd and 3rd working day before it, nearest first (`YYYY-MM-DD`). */
  before: string[];
}

/** A past day's total over time from its rows, counting the items `counts` accepts. */
export function pastDayOf(input: {
  date: string;
  rows: readonly PaceRow[];
  counts?: (itemId: number) => boolean;
  calendar: PaceCalendar;
}): PastDay | null {
  const rows = input.rows
    .filter((row) => !input.counts || input.counts(row.itemId))
    .sort((a, b) => a.atMs - b.atMs);
  if (input.rows.length === 0) return null;
  const latest = new Map<number, number>();
  let total = 0;
  const times: number[] = [];
  const totals: number[] = [];
  for (const row of rows) {
    total += row.scheduled - (latest.get(row.itemId) ?? 0);
    latest.set(row.itemId, row.scheduled);
    if (times.at(-1) === row.atMs) totals[totals.length - 1] = total;
    else {
      times.push(row.atMs);
      totals.push(total);
    }
  }
  const day = localDayOf(input.date, input.calendar.timeZone);
  const before = pastWorkingDays({ now: new Date(day.startUtc), ...input.calendar, count: 3 })
    .map((d) => d.date)
    .reverse();
  let first = Number.POSITIVE_INFINITY;
  for (const row of input.rows) first = Math.min(first, row.atMs);
  return {
    date: input.date,
    knownFromMs: first,
    times,
    totals,
    before,
  };
}

/** The day's total at an instant; null when it is not known then. */
export function countAt(day: PastDay, atMs: number): number | null {
  if (atMs < day.knownFromMs) return null;
  // The last change at or before the instant (binary search).
  let low = 0;
  let high = day.times.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (day.times[mid]! <= atMs) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found < 0 ? 0 : day.totals[found]!;
}

/** "Now" as a past day's moment: which working day before it, at what local time, how far. */
export interface PaceMoment {
  /** 1 for the 1st working day ahead, 2, 3. */
  ahead: number;
  /** Local clock time of now, in hours (0-24); null on a day off (the end of the working day before). */
  hours: number | null;
  /**
   * Calendar days from today (on a day off, the last working day) to the displayed day: 1 for
   * Wednesday seen on Tuesday, 3 for Monday seen on Friday. Past days as far away are similar.
   */
  span: number;
}

/** Calendar days from one `YYYY-MM-DD` to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Now in the board's zone as a moment before the displayed day `date`, `ahead` working days away. */
export function momentOf(
  now: Date,
  date: string,
  ahead: number,
  calendar: PaceCalendar,
): PaceMoment {
  const today = todayDate(now, calendar.timeZone);
  if (!isWorkingDay(today, calendar.workdays, calendar.holidays)) {
    const [last] = pastWorkingDays({ now, ...calendar, count: 1 });
    return { ahead, hours: null, span: daysBetween(last?.date ?? today, date) };
  }
  const local = new TZDate(now.getTime(), calendar.timeZone);
  return {
    ahead,
    hours: local.getHours() + local.getMinutes() / 60 + local.getSeconds() / 3600,
    span: daysBetween(today, date),
  };
}

/**
 * The instant of a past day that matches `moment`: its `ahead`-th working day before, at the same
 * local clock time; on a day off, when that working day ended (its next local midnight).
 */
export function matchingInstant(day: PastDay, moment: PaceMoment, timeZone: string): number {
  const date = day.before[moment.ahead - 1];
  if (!date) return Number.NaN;
  if (moment.hours === null) return Date.parse(localDayOf(date, timeZone).endUtc);
  return localInstant(date, moment.hours, timeZone);
}

/** `<YYYY-MM-DD> <seconds into the day> <zone>` as UTC ms. */
const instantOf = remembered(5_000, (key) => {
  const [date = '', secondsText] = key.split(' ', 2);
  const timeZone = key.split(' ').slice(2).join(' ');
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  const seconds = Number(secondsText);
  return new TZDate(
    year,
    month - 1,
    dayOfMonth,
    Math.floor(seconds / 3600),
    Math.floor((seconds % 3600) / 60),
    seconds % 60,
    0,
    timeZone,
  ).getTime();
});

/**
 * A local date's clock time (`hours`, 0-24) in the zone, as UTC ms. Every item of a board asks
 * for the same past days' instants: remembered.
 */
export function localInstant(date: string, hours: number, timeZone: string): number {
  return instantOf(`${date} ${Math.round(hours * 3600)} ${timeZone}`);
}

/** Similar past days judged a day: at least this many (else the nearest others join them). */
export const PACE_SIMILAR_MIN_DAYS = 5;

/**
 * The past days' counts at the moment matching `moment`, of the days known then and similar to
 * the displayed day: as many calendar days away from the matching working day as it is from
 * today (a Monday seen on a Friday is compared with past Mondays seen on Fridays; a Wednesday
 * seen on Tuesday with the Tuesdays to Fridays seen the day before), since a weekend between
 * them lets more be booked. Fewer than PACE_SIMILAR_MIN_DAYS such days: the days nearest in
 * span join them. `known` is how many days were known at that moment at all.
 */
export function peerCounts(
  days: readonly PastDay[],
  moment: PaceMoment,
  timeZone: string,
): { counts: number[]; known: number } {
  const bySpan = new Map<number, number[]>();
  let known = 0;
  for (const day of days) {
    const before = day.before[moment.ahead - 1];
    const at = matchingInstant(day, moment, timeZone);
    if (!before || !Number.isFinite(at)) continue;
    const count = countAt(day, at);
    if (count === null) continue;
    known += 1;
    const span = daysBetween(before, day.date);
    const list = bySpan.get(span) ?? [];
    list.push(count);
    bySpan.set(span, list);
  }
  const spans = [...bySpan.keys()].sort(
    (a, b) => Math.abs(a - moment.span) - Math.abs(b - moment.span) || a - b,
  );
  const counts: number[] = [];
  for (let i = 0; i < spans.length && counts.length < PACE_SIMILAR_MIN_DAYS;) {
    // Spans as far from the day's on either side join together.
    const distance = Math.abs(spans[i]! - moment.span);
    while (i < spans.length && Math.abs(spans[i]! - moment.span) === distance) {
      counts.push(...bySpan.get(spans[i]!)!);
      i += 1;
    }
  }
  return { counts, known };
}

/** What a day's pace says now, and what it was judged by. */
export interface PaceJudgement {
  /** The pointer: the expected fill now, % of target, never above the goal. */
  expectedPercent: number;
  status: PaceStatus;
  /** `history`: the board's own past days; `curve`: the set curve. */
  basis: 'history' | 'curve';
  /**
   * With history: the usual range by now, % of target: from where Behind begins (the 35th
   * percentile of the similar past days) to as far above the median (their 65th).
   */
  usual: { low: number; high: number } | null;
  /** With history: how many similar past days it was judged against. */
  days: number;
}

/**
 * A day's pace by the board's own past days at this moment (`peers`), or null when fewer than
 * `minDays` are known then. The pointer is their median as % of the target, capped at the goal.
 */
export function judgeByHistory(input: {
  scheduled: number;
  target: number;
  goal: number;
  /** The similar past days' counts at this moment. */
  peers: readonly number[];
  /** How many past days were known at this moment at all (20 are needed). */
  known: number;
  minDays?: number;
  /** Behind below this percentile of the peers (measurement only; default BEHIND_BELOW_PERCENTILE). */
  behindBelowPercentile?: number;
}): PaceJudgement | null {
  const { scheduled, target, goal, peers } = input;
  if (peers.length === 0 || input.known < (input.minDays ?? PACE_HISTORY_MIN_DAYS)) return null;
  const asPercent = (count: number) => Math.min(goal, 100, capacityPercent(count, target));
  const median = percentile(peers, 50)!;
  const expected = asPercent(median);
  const percent = capacityPercent(scheduled, target);
  const behindPercentile = input.behindBelowPercentile ?? BEHIND_BELOW_PERCENTILE;
  const behindBelow = percentile(peers, behindPercentile)!;
  const atRiskBelow = percentile(peers, AT_RISK_BELOW_PERCENTILE)!;
  // At or past the pointer is on track whatever the spread: the marks never contradict.
  const status: PaceStatus =
    scheduled >= behindBelow || percent >= expected
      ? 'on_track'
      : scheduled >= atRiskBelow
        ? 'behind'
        : 'at_risk';
  return {
    expectedPercent: expected,
    status,
    basis: 'history',
    usual: {
      low: asPercent(behindBelow),
      high: asPercent(percentile(peers, 100 - behindPercentile)!),
    },
    days: peers.length,
  };
}

/** A day's pace by the set curve (pro-rated over today's working hours, capped at the goal). */
export function judgeByCurve(input: {
  scheduled: number;
  target: number;
  goal: number;
  curve: readonly number[];
  dayIndex: number;
  elapsed: number;
}): PaceJudgement {
  const expected = expectedPercent(input.curve, input.dayIndex, input.elapsed, input.goal);
  return {
    expectedPercent: expected,
    status: paceStatus(capacityPercent(input.scheduled, input.target), expected),
    basis: 'curve',
    usual: null,
    days: 0,
  };
}
