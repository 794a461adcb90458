/**
 * The 11 US holidays a board can skip, computed by rule for any year (product decision 1; the
 * seed's 2025 list is one instance of these rules). Dates are calendar dates, not instants.
 */

export const HOLIDAY_NAMES = [
  "New Year's Day",
  'Martin Luther King Jr. Day',
  "Presidents' Day",
  'Memorial Day',
  'Juneteenth',
  'Independence Day',
  'Labor Day',
  'Columbus Day',
  'Veterans Day',
  'Thanksgiving',
  'Christmas',
] as const;

export type HolidayName = (typeof HOLIDAY_NAMES)[number];

/**
 * The holidays a US field-service office closes on (product decision 25): a new company's board
 * skips them from the start; Settings › Schedule changes the choice. The other five (MLK Day,
 * Presidents' Day, Juneteenth, Columbus Day, Veterans Day) are usually working days for trades.
 */
export const OFFICE_CLOSED_HOLIDAYS: readonly HolidayName[] = [
  "New Year's Day",
  'Memorial Day',
  'Independence Day',
  'Labor Day',
  'Thanksgiving',
  'Christmas',
];

/** A calendar date as `YYYY-MM-DD`. */
export type IsoDate = string;

export function isHolidayName(value: unknown): value is HolidayName {
  return typeof value === 'string' && (HOLIDAY_NAMES as readonly string[]).includes(value);
}

function isoDate(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Day of week (0 = Sunday) of a calendar date; UTC arithmetic so the host zone cannot shift it. */
function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The n-th (1-based) given weekday of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  const first = weekdayOf(year, month, 1);
  return 1 + ((weekday - first + 7) % 7) + (n - 1) * 7;
}

/** The last given weekday of a month. */
function lastWeekday(year: number, month: number, weekday: number): number {
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = weekdayOf(year, month, daysInMonth);
  return daysInMonth - ((last - weekday + 7) % 7);
}

const MONDAY = 1;
const THURSDAY = 4;

/** The date a holiday falls on in a year (the observed-on-Friday/Monday shift is not applied). */
export function holidayDate(name: HolidayName, year: number): IsoDate {
  switch (name) {
    case "New Year's Day":
      return isoDate(year, 1, 1);
    case 'Martin Luther King Jr. Day':
      return isoDate(year, 1, nthWeekday(year, 1, MONDAY, 3));
    case "Presidents' Day":
      return isoDate(year, 2, nthWeekday(year, 2, MONDAY, 3));
    case 'Memorial Day':
      return isoDate(year, 5, lastWeekday(year, 5, MONDAY));
    case 'Juneteenth':
      return isoDate(year, 6, 19);
    case 'Independence Day':
      return isoDate(year, 7, 4);
    case 'Labor Day':
      return isoDate(year, 9, nthWeekday(year, 9, MONDAY, 1));
    case 'Columbus Day':
      return isoDate(year, 10, nthWeekday(year, 10, MONDAY, 2));
    case 'Veterans Day':
      return isoDate(year, 11, 11);
    case 'Thanksgiving':
      return isoDate(year, 11, nthWeekday(year, 11, THURSDAY, 4));
    case 'Christmas':
      return isoDate(year, 12, 25);
  }
}

/** Every holiday of a year with its date, in calendar order. */
export function holidaysOf(year: number): { name: HolidayName; date: IsoDate }[] {
  return HOLIDAY_NAMES.map((name) => ({ name, date: holidayDate(name, year) }));
}

/** The holidays that fall on a calendar date (`YYYY-MM-DD`); usually none or one. */
export function holidaysOn(date: IsoDate): HolidayName[] {
  const year = Number(date.slice(0, 4));
  if (!Number.isInteger(year)) return [];
  return HOLIDAY_NAMES.filter((name) => holidayDate(name, year) === date);
}
