import { addDays, format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { DATE_FORMATS, formatDay, nextDateFormat } from './date-formats.js';
import { isValidTimeZone } from './time-zone.js';

describe('date formats', () => {
  it('cycles through the 5 seed formats and back to the start', () => {
    expect(DATE_FORMATS).toHaveLength(5);
    const seen: string[] = [DATE_FORMATS[0]];
    let current: string = DATE_FORMATS[0];
    for (let i = 0; i < 5; i++) {
      current = nextDateFormat(current);
      seen.push(current);
    }
    expect(seen).toEqual([
      'MMM d, yyyy',
      'MM/dd/yyyy',
      'yyyy-MM-dd',
      'MMMM d, yyyy',
      'EEEE, MMM d',
      'MMM d, yyyy',
    ]);
  });

  it('restarts an unknown format at the default', () => {
    expect(nextDateFormat('dd.MM.yy')).toBe('MMM d, yyyy');
  });

  it('formats a calendar date in each format without shifting it', () => {
    expect(DATE_FORMATS.map((f) => formatDay('2025-03-09', f))).toEqual([
      'Mar 9, 2025',
      '03/09/2025',
      '2025-03-09',
      'March 9, 2025',
      'Sunday, Mar 9',
    ]);
  });

  it('uses the default for an unknown format and leaves a non-date string alone', () => {
    expect(formatDay('2025-12-25', 'yyyy')).toBe('Dec 25, 2025');
    expect(formatDay('soon', 'MM/dd/yyyy')).toBe('soon');
  });
});

describe('formatDay against date-fns', () => {
  it("gives date-fns's text for every format on every day of 1999-2001 and 2024-2030", () => {
    const mismatches: string[] = [];
    for (const [from, days] of [
      [new Date(1999, 0, 1), 3 * 366],
      [new Date(2024, 0, 1), 7 * 366],
    ] as const) {
      for (let i = 0; i < days; i++) {
        const day = addDays(from, i);
        const iso = format(day, 'yyyy-MM-dd');
        for (const pattern of DATE_FORMATS) {
          const expected = format(day, pattern);
          if (formatDay(iso, pattern) !== expected) mismatches.push(`${iso} ${pattern}`);
          if (formatDay(day, pattern) !== expected) mismatches.push(`Date ${iso} ${pattern}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("formats a Date by its calendar day in the runtime's zone, and an invalid one as empty", () => {
    expect(formatDay(new Date(2025, 2, 9, 23, 59), 'MMM d, yyyy')).toBe('Mar 9, 2025');
    expect(formatDay(new Date(Number.NaN), 'MMM d, yyyy')).toBe('');
  });
});

describe('isValidTimeZone', () => {
  it('accepts IANA zones and refuses anything else', () => {
    expect(isValidTimeZone('America/Chicago')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(42)).toBe(false);
  });
});
