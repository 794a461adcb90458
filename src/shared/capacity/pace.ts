import { TZDate } from '@date-fns/tz';
import {
  isWorkingDay,
  localDayOf,
  pastWorkingDays,
  todayDate,
  type WorkdayFlags,
} from '../calendar/display-days.js';

/**
 * Booking pace (issue 27; decision 038): how full each displayed day should be by now. This file
 * is the set curve, used until a board has history (pace-model.ts judges by the board's own past
 * days once it has). The curve gives the expected % of target at the start of today's working
 * day for the 1st, 2nd and 3rd working day ahead; through today's working hours the 2nd and 3rd
 * rise to the step before theirs, and the 1st rises toward 100 %, which it would reach when its
 * own working day ends (work booked on the day itself fills it too), so it is halfway there when
 * today's working day ends. Only working hours move it: over a day off it holds. It never passes
 * the day's goal (the gauge's target marker).
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
 * ahead), `elapsed` of today's working day gone, never above `goal` (the day's target marker;
 * 100 when not given): rounded, 0-100.
 */
export function expectedPercent(
  curve: readonly number[],
  dayIndex: number,
  elapsed: number,
  goal = 100,
): number {
  const from = curve[dayIndex] ?? 0;
  const gone = Math.min(1, Math.max(0, elapsed));
  // The 1st day ahead has today's working hours and its own to reach 100 %: half of it today.
  const value =
    dayIndex === 0
      ? from + ((100 - from) * gone) / 2
      : from + ((curve[dayIndex - 1] ?? 100) - from) * gone;
  return Math.round(Math.min(goal, 100, Math.max(0, value)));
}

/** On track at or above the expected fill, behind within 20 points below it, at risk further. */
export function paceStatus(percent: number, expected: number): PaceStatus {
  if (percent >= expected) return 'on_track';
  return expected - percent <= BEHIND_WITHIN_POINTS ? 'behind' : 'at_risk';
}

/**
 * The set curve drawn against a past day's fill (issue 27, History page): the expected % of
 * target over the 3 working days before `date` — at each working day's start the step for that
 * many days ahead, rising through its working hours — and on the day itself from halfway to
 * 100 %, reached when its working day ends; each capped by the goal of its days ahead (`goals`:
 * 1st, 2nd, 3rd). Between working days the value holds. Instants are UTC ISO strings, oldest
 * first.
 */
export function paceLine(input: {
  date: string;
  curve: readonly number[];
  goals?: readonly number[];
  timeZone: string;
  workdays: WorkdayFlags;
  holidays: readonly string[];
}): { at: string; expectedPercent: number }[] {
  const { date, curve, timeZone, workdays, holidays } = input;
  const goals = input.goals ?? [100, 100, 100];
  const day = localDayOf(date, timeZone);
  const before = pastWorkingDays({ now: new Date(day.startUtc), timeZone, workdays, holidays });
  const at = (working: string, hour: number) => {
    const [year, month, dayOfMonth] = working.split('-').map(Number) as [number, number, number];
    return new Date(
      new TZDate(year, month - 1, dayOfMonth, hour, 0, 0, timeZone).getTime(),
    ).toISOString();
  };
  const points: { at: string; expectedPercent: number }[] = [];
  before.forEach((working, index) => {
    const dayIndex = before.length - 1 - index; // 0: the last working day before `date`
    const goal = goals[dayIndex] ?? 100;
    points.push({
      at: at(working.date, WORKING_DAY_HOURS.start),
      expectedPercent: expectedPercent(curve, dayIndex, 0, goal),
    });
    points.push({
      at: at(working.date, WORKING_DAY_HOURS.end),
      expectedPercent: expectedPercent(curve, dayIndex, 1, goal),
    });
  });
  const halfway = expectedPercent(curve, 0, 1, goals[0] ?? 100);
  points.push({ at: at(date, WORKING_DAY_HOURS.start), expectedPercent: halfway });
  points.push({
    at: at(date, WORKING_DAY_HOURS.end),
    expectedPercent: Math.round(Math.min(100, goals[0] ?? 100)),
  });
  return points;
}
