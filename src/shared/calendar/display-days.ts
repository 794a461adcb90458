import { TZDate } from '@date-fns/tz';
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

function localMidnightUtc(calendarDate: Date, timeZone: string): string {
  const midnight = new TZDate(
    calendarDate.getUTCFullYear(),
    calendarDate.getUTCMonth(),
    calendarDate.getUTCDate(),
    0,
    0,
    0,
    0,
    timeZone,
  );
  return new Date(midnight.getTime()).toISOString();
}

/** Today's calendar date in a zone, as year/month/day numbers. */
export function todayIn(now: Date, timeZone: string): { year: number; month: number; day: number } {
  const local = new TZDate(now.getTime(), timeZone);
  return { year: local.getFullYear(), month: local.getMonth() + 1, day: local.getDate() };
}

/** The local midnight that started today in a zone, as a UTC instant (ms). */
export function startOfToday(now: Date, timeZone: string): number {
  const today = todayIn(now, timeZone);
  return Date.parse(
    localMidnightUtc(addCalendarDays(today.year, today.month, today.day, 0), timeZone),
  );
}

/**
 * The next `count` working days AFTER today in the board's zone (product decision 2): days
 * whose weekday is not a workday, and selected holidays (decision 1), are skipped. Each day's
 * bounds are its local midnights, so a DST day is 23 or 25 hours long. No workdays at all
 * gives an empty list rather than an endless search.
 */
export function displayDays(input: DisplayDaysInput): LocalDay[] {
  const { now, timeZone, workdays, holidays } = input;
  const count = Math.max(0, Math.floor(input.count ?? 3));
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const skipped = new Set(holidays);
  const today = todayIn(now, timeZone);
  const days: LocalDay[] = [];
  for (let offset = 1; days.length < count && offset <= MAX_DAYS_SEARCHED; offset++) {
    const calendarDate = addCalendarDays(today.year, today.month, today.day, offset);
    const weekdayIndex = calendarDate.getUTCDay();
    const weekdayKey = WEEKDAY_KEYS[weekdayIndex] ?? 'sunday';
    if (!workdays[weekdayKey]) continue;
    const date = `${pad(calendarDate.getUTCFullYear(), 4)}-${pad(calendarDate.getUTCMonth() + 1)}-${pad(calendarDate.getUTCDate())}`;
    if (holidaysOn(date).some((name) => skipped.has(name))) continue;
    const nextDate = addCalendarDays(
      calendarDate.getUTCFullYear(),
      calendarDate.getUTCMonth() + 1,
      calendarDate.getUTCDate(),
      1,
    );
    days.push({
      date,
      weekday: WEEKDAY_NAMES[weekdayIndex] ?? 'Sunday',
      weekdayKey,
      startUtc: localMidnightUtc(calendarDate, timeZone),
      endUtc: localMidnightUtc(nextDate, timeZone),
    });
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
