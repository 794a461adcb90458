import { format } from 'date-fns';

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
 * Formats a calendar day. A `YYYY-MM-DD` string is read as that calendar date (never shifted by
 * the viewer's zone); a Date is formatted in the runtime's zone. Unknown formats use the default.
 */
export function formatDay(date: string | Date, fmt: string): string {
  const pattern = isDateFormat(fmt) ? fmt : DEFAULT_DATE_FORMAT;
  let value: Date;
  if (typeof date === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
    if (!match) return date;
    value = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  } else {
    value = date;
  }
  if (Number.isNaN(value.getTime())) return '';
  return format(value, pattern);
}
