import { TZDate } from '@date-fns/tz';
import { remembered } from './remembered.js';
import { holidaysOn, type IsoDate } from './holidays.js';
import { isValidTimeZone } from './time-zone.js';

/** Which weekdays the company works (the settings' `workdays`). */
export type WorkdayFlags = Record<
  'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday',
  boolean
>;

type WeekdayKey = keyof WorkdayFlags;

/** Index = JavaScript day of week (0 = Sunday). */
export const WEEKDAY_KEYS: readonly WeekdayKey[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** One displayed day: a calendar date in the board's zone and the UTC instants bounding it. */
export interface LocalDay {
  /** Calendar date in the board's zone, `YYYY-MM-DD`. */
  date: IsoDate;
  /** "Monday" ... "Sunday". */
  weekday: (typeof WEEKDAY_NAMES)[number];
  /** "monday" ... "sunday", the key into `workdays`. */
  weekdayKey: WeekdayKey;
  /** Local midnight starting the day, as an ISO-8601 UTC instant (inclusive). */
  startUtc: string;
  /** Local midnight starting the next day, as an ISO-8601 UTC instant (exclusive). */
  endUtc: string;
}

export interface DisplayDaysInput {
  now: Date;
  /** IANA zone of the board; an unknown zone throws a RangeError (validate settings first). */
  timeZone: string;
  workdays: WorkdayFlags;
  /** Names of the holidays the company skips; unknown names are ignored. */
  holidays: readonly string[];
  /** How many days (3 on the board). */
  count?: number;
}

/** Looking further than two years ahead means the settings cannot produce a day. */
const MAX_DAYS_SEARCHED = 731;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Calendar date arithmetic in UTC so neither the host zone nor DST can shift it. */
function addCalendarDays(year: number, month: number, day: number, delta: number): Date {
  return new Date(Date.UTC(year, month - 1, day + delta));
}

/** A calendar date's local midnight in a zone, as an ISO instant: `<YYYY> <M> <D> <zone>` keys. */
const midnightOf = remembered(20_000, (key) => {
  const [year, month, day] = key.split(' ', 3);
  const timeZone = key.split(' ').slice(3).join(' ');
  const midnight = new TZDate(Number(year), Number(month), Number(day), 0, 0, 0, 0, timeZone);
  return new Date(midnight.getTime()).toISOString();
});

function localMidnightUtc(calendarDate: Date, timeZone: string): string {
  return midnightOf(
    `${calendarDate.getUTCFullYear()} ${calendarDate.getUTCMonth()} ${calendarDate.getUTCDate()} ${timeZone}`,
  );
}

/** Today's calendar date in a zone, as year/month/day numbers. */
export function todayIn(now: Date, timeZone: string): { year: number; month: number; day: number } {
  // By the minute: a zone's day starts on a whole minute (every offset in use is whole minutes).
  const [year, month, day] = dateAtMinute(`${Math.floor(now.getTime() / 60_000)} ${timeZone}`);
  return { year, month, day };
}

/** `<minutes since the epoch> <zone>` -> that minute's local [year, month, day]. */
const dateAtMinute = remembered(1_000, (key): [number, number, number] => {
  const space = key.indexOf(' ');
  const local = new TZDate(Number(key.slice(0, space)) * 60_000, key.slice(space + 1));
  return [local.getFullYear(), local.getMonth() + 1, local.getDate()];
});

/** The local midnight that started today in a zone, as a UTC instant (ms). */
export function startOfToday(now: Date, timeZone: string): number {
  const today = todayIn(now, timeZone);
  return Date.parse(
    localMidnightUtc(addCalendarDays(today.year, today.month, today.day, 0), timeZone),
  );
}

/** A calendar date as `YYYY-MM-DD` (UTC fields: no zone can shift it). */
function isoOf(calendarDate: Date): IsoDate {
  return `${pad(calendarDate.getUTCFullYear(), 4)}-${pad(calendarDate.getUTCMonth() + 1)}-${pad(calendarDate.getUTCDate())}`;
}

/** Today's calendar date in a zone, `YYYY-MM-DD`. */
export function todayDate(now: Date, timeZone: string): IsoDate {
  const today = todayIn(now, timeZone);
  return isoOf(addCalendarDays(today.year, today.month, today.day, 0));
}

/** A `YYYY-MM-DD` date moved by `delta` calendar days. */
export function addDays(date: IsoDate, delta: number): IsoDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return isoOf(addCalendarDays(year, month, day, delta));
}

/**
 * Whether a calendar date is a working day: its weekday is a workday and none of the selected
 * holidays (decision 1) falls on it.
 */
export function isWorkingDay(
  date: IsoDate,
  workdays: WorkdayFlags,
  holidays: readonly string[],
): boolean {
  const weekdayKey = WEEKDAY_KEYS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? 'sunday';
  return workdays[weekdayKey] && !holidaysOn(date).some((name) => holidays.includes(name));
}

/** A calendar date as a day of the board's zone: its local midnights as UTC instants. */
export function localDayOf(date: IsoDate, timeZone: string): LocalDay {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const calendarDate = addCalendarDays(year, month, day, 0);
  const weekdayIndex = calendarDate.getUTCDay();
  return {
    date,
    weekday: WEEKDAY_NAMES[weekdayIndex] ?? 'Sunday',
    weekdayKey: WEEKDAY_KEYS[weekdayIndex] ?? 'sunday',
    startUtc: localMidnightUtc(calendarDate, timeZone),
    endUtc: localMidnightUtc(addCalendarDays(year, month, day, 1), timeZone),
  };
}

/**
 * The next `count` working days AFTER today in the board's zone (product decision 2): days
 * whose weekday is not a workday, and selected holidays (decision 1), are skipped. Each day's
 * bounds are its local midnights, so a DST day is 23 or 25 hours long. No workdays at all
 * gives an empty list rather than an endless search.
 */
export function displayDays(input: DisplayDaysInput): LocalDay[] {
  return workingDaysFrom(input, 1);
}

/**
 * The last `count` working days BEFORE today in the board's zone, oldest first (history's
 * backfill, issue 27), by the same rules as `displayDays`.
 */
export function pastWorkingDays(input: DisplayDaysInput): LocalDay[] {
  return workingDaysFrom(input, -1).reverse();
}

function workingDaysFrom(input: DisplayDaysInput, step: 1 | -1): LocalDay[] {
  const { now, timeZone, workdays, holidays } = input;
  const count = Math.max(0, Math.floor(input.count ?? 3));
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const today = todayDate(now, timeZone);
  const days: LocalDay[] = [];
  for (let offset = 1; days.length < count && offset <= MAX_DAYS_SEARCHED; offset++) {
    const date = addDays(today, offset * step);
    if (isWorkingDay(date, workdays, holidays)) days.push(localDayOf(date, timeZone));
  }
  return days;
}

/** Every working day from `from` to `to` (inclusive, `YYYY-MM-DD`) in the board's zone. */
export function workingDaysBetween(input: {
  from: IsoDate;
  to: IsoDate;
  timeZone: string;
  workdays: WorkdayFlags;
  holidays: readonly string[];
}): LocalDay[] {
  const days: LocalDay[] = [];
  for (let date = input.from; date <= input.to; date = addDays(date, 1)) {
    if (isWorkingDay(date, input.workdays, input.holidays)) {
      days.push(localDayOf(date, input.timeZone));
    }
  }
  return days;
}

/** The UTC window spanning the given days (first start to last end), or null for none. */
export function utcWindow(
  days: readonly LocalDay[],
): { startsOnOrAfter: string; startsBefore: string } | null {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return null;
  return { startsOnOrAfter: first.startUtc, startsBefore: last.endUtc };
}

/** Which displayed day (index) an instant falls in, or -1 when it is in none of them. */
export function dayIndexOf(instant: string | Date, days: readonly LocalDay[]): number {
  const t = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (!Number.isFinite(t)) return -1;
  return days.findIndex((d) => t >= Date.parse(d.startUtc) && t < Date.parse(d.endUtc));
}
