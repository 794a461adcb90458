import { TZDate } from '@date-fns/tz';
import {
  isWorkingDay,
  localDayOf,
  pastWorkingDays,
  todayDate,
  type WorkdayFlags,
} from '../calendar/display-days.js';

/**
 * Booking pace (issue 27): how full each displayed day should be by now. A curve gives the
 * expected % of target at the start of today's working day for the 1st, 2nd and 3rd working day
 * ahead; through the working day it rises linearly to the next step (the 1st day ahead to 100 %),
 * which it reaches when the working day ends and keeps until the next one starts.
 */

export const PACE_STATUSES = ['on_track', 'behind', 'at_risk'] as const;
export type PaceStatus = (typeof PACE_STATUSES)[number];

/** The office's working day, local time: pace rises between these hours. */
export const WORKING_DAY_HOURS = { start: 8, end: 17 } as const;
/** "Behind" is this many points below the expected fill at most; further below is "at risk". */
export const BEHIND_WITHIN_POINTS = 20;

export const PACE_LABELS: Record<PaceStatus, string> = {
  on_track: 'On track',
  behind: 'Behind',
  at_risk: 'At risk',
};

/**
 * How much of today's working day has passed in the board's zone, 0 to 1. A day off (not a
 * workday, or a selected holiday) counts as passed: the last working day's end holds.
 */
export function workingDayElapsed(input: {
  now: Date;
  timeZone: string;
  workdays: WorkdayFlags;
  holidays: readonly string[];
}): number {
  const local = new TZDate(input.now.getTime(), input.timeZone);
  const date = todayDate(input.now, input.timeZone);
  if (!isWorkingDay(date, input.workdays, input.holidays)) return 1;
  const hours = local.getHours() + local.getMinutes() / 60 + local.getSeconds() / 3600;
  const { start, end } = WORKING_DAY_HOURS;
  return Math.min(1, Math.max(0, (hours - start) / (end - start)));
}

/**
 * Expected % of target for the day `dayIndex` working days ahead minus one (0 = the 1st day
 * ahead), `elapsed` of today's working day gone: rounded, 0-100.
 */
export function expectedPercent(
  curve: readonly number[],
  dayIndex: number,
  elapsed: number,
): number {
  const from = curve[dayIndex] ?? 0;
  const to = dayIndex === 0 ? 100 : (curve[dayIndex - 1] ?? 100);
  const value = from + (to - from) * Math.min(1, Math.max(0, elapsed));
  return Math.round(Math.min(100, Math.max(0, value)));
}

/** On track at or above the expected fill, behind within 20 points below it, at risk further. */
export function paceStatus(percent: number, expected: number): PaceStatus {
  if (percent >= expected) return 'on_track';
  return expected - percent <= BEHIND_WITHIN_POINTS ? 'behind' : 'at_risk';
}

/**
 * The pace curve drawn against a past day's fill (issue 27, History page): the expected % of
 * target over the 3 working days before `date` — at each working day's start the step for that
 * many days ahead, rising to the next step by its end — and 100 % once the day itself begins.
 * Between working days the value holds. Instants are UTC ISO strings, oldest first.
 */
export function paceLine(input: {
  date: string;
  curve: readonly number[];
  timeZone: string;
  workdays: WorkdayFlags;
  holidays: readonly string[];
}): { at: string; expectedPercent: number }[] {
  const { date, curve, timeZone, workdays, holidays } = input;
  const day = localDayOf(date, timeZone);
  const before = pastWorkingDays({ now: new Date(day.startUtc), timeZone, workdays, holidays });
  const points: { at: string; expectedPercent: number }[] = [];
  before.forEach((working, index) => {
    const dayIndex = before.length - 1 - index; // 0: the last working day before `date`
    const [year, month, dayOfMonth] = working.date.split('-').map(Number) as [
      number,
      number,
      number,
    ];
    const at = (hour: number) =>
      new Date(
        new TZDate(year, month - 1, dayOfMonth, hour, 0, 0, timeZone).getTime(),
      ).toISOString();
    points.push({
      at: at(WORKING_DAY_HOURS.start),
      expectedPercent: expectedPercent(curve, dayIndex, 0),
    });
    points.push({
      at: at(WORKING_DAY_HOURS.end),
      expectedPercent: expectedPercent(curve, dayIndex, 1),
    });
  });
  points.push({ at: day.startUtc, expectedPercent: 100 });
  points.push({ at: day.endUtc, expectedPercent: 100 });
  return points;
}
