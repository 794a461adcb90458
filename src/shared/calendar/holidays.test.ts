import { describe, expect, it } from 'vitest';
import { HOLIDAY_NAMES, holidayDate, holidaysOf, holidaysOn } from './holidays.js';

describe('holidays', () => {
  it('names the 11 holidays exactly as the seed writes them', () => {
    expect(HOLIDAY_NAMES).toEqual([
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
    ]);
  });

  it('computes the seed 2025 list by rule', () => {
    expect(Object.fromEntries(holidaysOf(2025).map((h) => [h.name, h.date]))).toEqual({
      "New Year's Day": '2025-01-01',
      'Martin Luther King Jr. Day': '2025-01-20',
      "Presidents' Day": '2025-02-17',
      'Memorial Day': '2025-05-26',
      Juneteenth: '2025-06-19',
      'Independence Day': '2025-07-04',
      'Labor Day': '2025-09-01',
      'Columbus Day': '2025-10-13',
      'Veterans Day': '2025-11-11',
      Thanksgiving: '2025-11-27',
      Christmas: '2025-12-25',
    });
  });

  it.each([
    // year, MLK, Presidents, Memorial, Labor, Columbus, Thanksgiving
    [2024, '01-15', '02-19', '05-27', '09-02', '10-14', '11-28'],
    [2026, '01-19', '02-16', '05-25', '09-07', '10-12', '11-26'],
    [2027, '01-18', '02-15', '05-31', '09-06', '10-11', '11-25'],
    [2028, '01-17', '02-21', '05-29', '09-04', '10-09', '11-23'],
  ])(
    'computes the moving holidays of %i',
    (year, mlk, presidents, memorial, labor, columbus, thanksgiving) => {
      expect(holidayDate('Martin Luther King Jr. Day', year)).toBe(`${year}-${mlk}`);
      expect(holidayDate("Presidents' Day", year)).toBe(`${year}-${presidents}`);
      expect(holidayDate('Memorial Day', year)).toBe(`${year}-${memorial}`);
      expect(holidayDate('Labor Day', year)).toBe(`${year}-${labor}`);
      expect(holidayDate('Columbus Day', year)).toBe(`${year}-${columbus}`);
      expect(holidayDate('Thanksgiving', year)).toBe(`${year}-${thanksgiving}`);
    },
  );

  it('keeps fixed-date holidays on their date whatever the weekday', () => {
    expect(holidayDate('Independence Day', 2026)).toBe('2026-07-04'); // a Saturday
    expect(holidayDate('Christmas', 2027)).toBe('2027-12-25');
    expect(holidayDate('Juneteenth', 2030)).toBe('2030-06-19');
  });

  it('finds the holidays on a date', () => {
    expect(holidaysOn('2025-11-27')).toEqual(['Thanksgiving']);
    expect(holidaysOn('2026-01-01')).toEqual(["New Year's Day"]);
    expect(holidaysOn('2025-11-26')).toEqual([]);
    expect(holidaysOn('not a date')).toEqual([]);
  });
});
