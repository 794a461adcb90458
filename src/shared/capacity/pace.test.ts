import { describe, expect, it } from 'vitest';
import { expectedPercent, paceStatus, workingDayElapsed } from './pace.js';

const MON_FRI = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: false,
  sunday: false,
};
const curve = [66, 33, 15];

describe('pace', () => {
  it('starts each day ahead on its step; the 1st rises halfway to 100 % over today, the others to the next step', () => {
    expect([0, 1, 2].map((i) => expectedPercent(curve, i, 0))).toEqual([66, 33, 15]);
    // 66 + 34 * 0.5 / 2 = 74.5; 33 + 33 * 0.5 = 49.5; 15 + 18 * 0.5 = 24.
    expect([0, 1, 2].map((i) => expectedPercent(curve, i, 0.5))).toEqual([75, 50, 24]);
    // Today's end: the 1st day ahead is not expected full before its own working day (a day
    // after a weekend is not "expected 100 %" all weekend).
    expect([0, 1, 2].map((i) => expectedPercent(curve, i, 1))).toEqual([83, 66, 33]);
  });

  it('never expects more than the day’s goal', () => {
    expect(expectedPercent(curve, 0, 1, 80)).toBe(80);
    expect(expectedPercent([95, 60, 30], 0, 0, 90)).toBe(90);
    expect(expectedPercent(curve, 1, 1, 70)).toBe(66);
  });

  it("pro-rates through the board zone's working day; a day off holds the last step", () => {
    const at = (iso: string, holidays: string[] = []) =>
      workingDayElapsed({
        now: new Date(iso),
        timeZone: 'America/Chicago',
        workdays: MON_FRI,
        holidays,
      });
    expect(at('2025-06-11T12:00:00Z')).toBe(0); // 07:00 Wednesday in Chicago
    expect(at('2025-06-11T17:30:00Z')).toBe(0.5); // 12:30
    expect(at('2025-06-11T23:00:00Z')).toBe(1); // 18:00
    expect(at('2025-06-14T17:30:00Z')).toBe(1); // Saturday
    expect(at('2025-07-04T17:30:00Z', ['Independence Day'])).toBe(1);
  });

  it('is on track at or above expected, behind within 20 points below, at risk further below', () => {
    expect(paceStatus(50, 50)).toBe('on_track');
    expect(paceStatus(80, 50)).toBe('on_track');
    expect(paceStatus(30, 50)).toBe('behind');
    expect(paceStatus(29, 50)).toBe('at_risk');
  });
});
