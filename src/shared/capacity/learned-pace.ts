import { TZDate } from '@date-fns/tz';
import { percentile } from '../targets/suggest-target.js';
import { WORKING_DAY_HOURS } from './pace.js';

/**
 * A pace curve learned from the company's own history (issue 27, item 1; decision 037). For
 * each past working day of the last 8 weeks that has a fill curve, how much of its final count
 * had been booked at the start of the working day 1, 2 and 3 working days before it, as % of
 * that final count; the curve is the median of each over those days (one unusual week moves a
 * median less than a mean). It then drives the board's pace as a hand-set curve does
 * (pace.ts: pro-rated through the working day).
 */

/** Working days with a fill curve needed before a learned curve is offered. */
export const LEARNED_PACE_MIN_DAYS = 20;
/** How far back the curve looks. */
export const LEARNED_PACE_WEEKS = 8;

export const LEARNED_PACE_RULE =
  'Each displayed day is compared with this board’s similar working days of the last 8 weeks at the same moment before them: the pointer is where they were by now, and the day reads Behind when lower than about two in three of them.';

/** One past day: its final count and its count at the start of the 1st, 2nd and 3rd working day before it. */
export interface PastDayFill {
  final: number;
  /** [1st working day before (the day just before), 2nd, 3rd]. */
  before: readonly [number, number, number];
}

export interface LearnedPace {
  /** Expected % for the 1st, 2nd and 3rd working day ahead at the start of today's working day. */
  curve: [number, number, number];
  /** The days it was learned from. */
  days: number;
}

/**
 * The learned curve, or null when fewer than `minDays` days can teach it (a day with a final
 * count of 0 says nothing about shares). Each day's share is capped at 100 % (a day can lose
 * bookings after they were made); a later point is never above an earlier one.
 */
export function learnedPaceCurve(
  days: readonly PastDayFill[],
  minDays: number = LEARNED_PACE_MIN_DAYS,
): LearnedPace | null {
  const usable = days.filter((day) => day.final > 0);
  if (usable.length === 0 || usable.length < minDays) return null;
  const share = (index: 0 | 1 | 2) =>
    Math.round(
      percentile(
        usable.map((day) => Math.min(100, (day.before[index] / day.final) * 100)),
        50,
      )!,
    );
  const day1 = share(0);
  const day2 = Math.min(day1, share(1));
  const day3 = Math.min(day2, share(2));
  return { curve: [day1, day2, day3], days: usable.length };
}

/** One recorded change of an item's count for a day. */
export interface FillRow {
  itemId: number;
  scheduled: number;
  atMs: number;
}

/**
 * The total count at an instant from a day's rows: each item's latest row at or before it (an
 * item without one had nothing booked yet).
 */
export function fillAt(rows: readonly FillRow[], atMs: number): number {
  const latest = new Map<number, FillRow>();
  for (const row of rows) {
    if (row.atMs > atMs) continue;
    const seen = latest.get(row.itemId);
    if (!seen || row.atMs >= seen.atMs) latest.set(row.itemId, row);
  }
  let total = 0;
  for (const row of latest.values()) total += row.scheduled;
  return total;
}

/** The start of a date's working day in the zone (WORKING_DAY_HOURS.start local), as ms. */
export function workingDayStartMs(date: string, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day, WORKING_DAY_HOURS.start, 0, 0, 0, timeZone).getTime();
}

/**
 * A past day's fill curve from its rows: the final count (each item's last row) and the count
 * at each of the given instants (the starts of the 1st, 2nd and 3rd working day before it).
 * Null when the rows cannot tell the earliest point: a recorded day (the board only records
 * what it displays) whose first row came after the start of the 3rd working day before it.
 * Reconstructed days know every point (no row yet means nothing was booked yet).
 */
export function pastDayFill(
  rows: readonly FillRow[],
  moments: readonly [number, number, number],
  reconstructed: boolean,
): PastDayFill | null {
  if (rows.length === 0) return null;
  const earliest = Math.min(...rows.map((row) => row.atMs));
  if (!reconstructed && earliest > moments[2]) return null;
  return {
    final: fillAt(rows, Number.POSITIVE_INFINITY),
    before: [fillAt(rows, moments[0]), fillAt(rows, moments[1]), fillAt(rows, moments[2])],
  };
}
