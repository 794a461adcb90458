import { describe, expect, it } from 'vitest';
import { weekdayOf } from './board-day';

describe('weekdayOf', () => {
  it('names the weekday of a calendar date', () => {
    expect(weekdayOf('2025-07-04')).toBe('Friday');
    expect(weekdayOf('2025-03-09')).toBe('Sunday'); // US DST starts that day; the date must not shift
    expect(weekdayOf('2024-02-29')).toBe('Thursday');
  });

  it('answers empty for something that is not a date', () => {
    expect(weekdayOf('soon')).toBe('');
  });
});
