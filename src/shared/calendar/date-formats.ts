/**
 * The 5 formats a day card's date cycles through on click (seed section 4): month-name day
 * year; MM/dd/yyyy; yyyy-MM-dd; full month name; weekday with short month and day.
 */
export const DATE_FORMATS = [
  'MMM d, yyyy',
  'MM/dd/yyyy',
  'yyyy-MM-dd',
  'MMMM d, yyyy',
  'EEEE, MMM d',
] as const;

export type DateFormat = (typeof DATE_FORMATS)[number];

export const DEFAULT_DATE_FORMAT: DateFormat = 'MMM d, yyyy';

export function isDateFormat(value: unknown): value is DateFormat {
  return typeof value === 'string' && (DATE_FORMATS as readonly string[]).includes(value);
}

/** The next format in the cycle; an unknown format restarts at the default. */
export function nextDateFormat(current: string): DateFormat {
  const index = (DATE_FORMATS as readonly string[]).indexOf(current);
  if (index < 0) return DEFAULT_DATE_FORMAT;
  return DATE_FORMATS[(index + 1) % DATE_FORMATS.length] ?? DEFAULT_DATE_FORMAT;
}

/**
 * The month-name formats, through the platform's own `Intl.DateTimeFormat` (en-US, read in UTC so
 * a calendar date never shifts): the same text as date-fns's `format` for these patterns (the
 * unit test compares them day by day), without its ~8 KB of locale and token code on the board's
 * and the TV's first load (decision 012). Built once each, on first use.
 */
const NAMED_PARTS: Partial<Record<DateFormat, Intl.DateTimeFormatOptions>> = {
  'MMM d, yyyy': { month: 'short', day: 'numeric', year: 'numeric' },
  'MMMM d, yyyy': { month: 'long', day: 'numeric', year: 'numeric' },
  'EEEE, MMM d': { weekday: 'long', month: 'short', day: 'numeric' },
};
const namedFormatters = new Map<DateFormat, Intl.DateTimeFormat>();

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/**
 * Formats a calendar day. A `YYYY-MM-DD` string is read as that calendar date (never shifted by
 * the viewer's zone); a Date is formatted in the runtime's zone. Unknown formats use the default.
 */
export function formatDay(date: string | Date, fmt: string): string {
  const pattern = isDateFormat(fmt) ? fmt : DEFAULT_DATE_FORMAT;
  let year: number, month: number, day: number;
  if (typeof date === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
    if (!match) return date;
    [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    if (Number.isNaN(date.getTime())) return '';
    [year, month, day] = [date.getFullYear(), date.getMonth() + 1, date.getDate()];
  }
  // The calendar date as midnight UTC, formatted in UTC: the same day whatever the runtime's zone.
  const value = new Date(Date.UTC(year, month - 1, day));
  if (Number.isNaN(value.getTime())) return '';
  if (pattern === 'MM/dd/yyyy') {
    return `${pad(value.getUTCMonth() + 1, 2)}/${pad(value.getUTCDate(), 2)}/${pad(value.getUTCFullYear(), 4)}`;
  }
  if (pattern === 'yyyy-MM-dd') {
    return `${pad(value.getUTCFullYear(), 4)}-${pad(value.getUTCMonth() + 1, 2)}-${pad(value.getUTCDate(), 2)}`;
  }
  let formatter = namedFormatters.get(pattern);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...NAMED_PARTS[pattern], timeZone: 'UTC' });
    namedFormatters.set(pattern, formatter);
  }
  return formatter.format(value);
}
