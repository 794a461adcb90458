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
  it('starts each day ahead on its step and reaches the next one when the working day ends', () => {
    expect([0, 1, 2].map((i) => expectedPercent(curve, i, 0))).toEqual([66, 33, 15]);
    expect([0, 1, 2].map((i) => expectedPercent(curve, i, 0.5))).toEqual([83, 50, 24]);
    expect([0, 1, 2].map((i) => expectedPercent(curve, i, 1))).toEqual([100, 66, 33]);
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
