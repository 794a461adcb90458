import { describe, expect, it } from 'vitest';
import {
  fillAt,
  learnedPaceCurve,
  LEARNED_PACE_MIN_DAYS,
  pastDayFill,
  workingDayStartMs,
} from './learned-pace.js';
import { expectedPercent } from './pace.js';

describe('learnedPaceCurve', () => {
  // Shares of the final count booked by the start of the 1st / 2nd / 3rd working day before:
  //   A 10: 7 4 2 -> 70 40 20     B 20: 12 6 2 -> 60 30 10
  //   C  5: 4 2 1 -> 80 40 20     D  8: 8 2 0 -> 100 25 0      E 0: says nothing
  // medians of four: (70 + 80) / 2 = 75; (30 + 40) / 2 = 35; (10 + 20) / 2 = 15
  const days = [
    { final: 10, before: [7, 4, 2] },
    { final: 20, before: [12, 6, 2] },
    { final: 5, before: [4, 2, 1] },
    { final: 8, before: [8, 2, 0] },
    { final: 0, before: [0, 0, 0] },
  ] as const;

  it('is the median share per day ahead over the days with a final count', () => {
    expect(learnedPaceCurve(days, 4)).toEqual({ curve: [75, 35, 15], days: 4 });
  });

  it('is not offered with fewer days than asked for (20 by default)', () => {
    expect(learnedPaceCurve(days, 5)).toBeNull();
    expect(LEARNED_PACE_MIN_DAYS).toBe(20);
    expect(learnedPaceCurve(days)).toBeNull();
    const twenty = Array.from({ length: 20 }, () => ({ final: 4, before: [2, 1, 1] as const }));
    expect(learnedPaceCurve(twenty)).toEqual({ curve: [50, 25, 25], days: 20 });
  });

  it('caps a share at 100 % and never lets a later point rise above an earlier one', () => {
    // 12 of 10 booked a day before (two canceled since): 100, not 120. The 3rd day's median
    // (60) above the 2nd's (50) is held at 50.
    expect(
      learnedPaceCurve(
        [
          { final: 10, before: [12, 5, 6] },
          { final: 10, before: [12, 5, 6] },
        ],
        2,
      ),
    ).toEqual({ curve: [100, 50, 50], days: 2 });
  });

  it('drives the expected fill as a hand-set curve does, pro-rated through the working day', () => {
    const { curve } = learnedPaceCurve(days, 4)!;
    // Half through today's working day, the 2nd day ahead is between 35 and the 1st's 75: 55.
    expect(expectedPercent(curve, 1, 0.5)).toBe(55);
    expect(expectedPercent(curve, 0, 0)).toBe(75);
  });
});

describe('fillAt', () => {
  const rows = [
    { itemId: 1, scheduled: 2, atMs: 100 },
    { itemId: 1, scheduled: 5, atMs: 300 },
    { itemId: 2, scheduled: 4, atMs: 200 },
    { itemId: 2, scheduled: 3, atMs: 400 },
  ];
  it("sums each item's latest count at or before the instant", () => {
    expect(fillAt(rows, 50)).toBe(0);
    expect(fillAt(rows, 100)).toBe(2);
    expect(fillAt(rows, 250)).toBe(6); // 2 + 4
    expect(fillAt(rows, 300)).toBe(9); // 5 + 4
    expect(fillAt(rows, 1_000)).toBe(8); // 5 + 3
  });
});

describe('pastDayFill', () => {
  const rows = [
    { itemId: 1, scheduled: 1, atMs: 10 },
    { itemId: 2, scheduled: 2, atMs: 20 },
    { itemId: 1, scheduled: 3, atMs: 30 },
    { itemId: 2, scheduled: 6, atMs: 40 },
  ];
  it('reads the final count and the count at the start of each working day before', () => {
    // moments: 1st day before at 35 (3 + 2), 2nd at 25 (1 + 2), 3rd at 15 (1); final 3 + 6
    expect(pastDayFill(rows, [35, 25, 15], false)).toEqual({ final: 9, before: [5, 3, 1] });
  });
  it('skips a recorded day first seen after the 3rd working day before it began', () => {
    expect(pastDayFill(rows, [35, 25, 5], false)).toBeNull();
    // Reconstructed: nothing booked yet at 5.
    expect(pastDayFill(rows, [35, 25, 5], true)).toEqual({ final: 9, before: [5, 3, 0] });
    expect(pastDayFill([], [3, 2, 1], true)).toBeNull();
  });
});

describe('workingDayStartMs', () => {
  it('is 8:00 local in the zone, daylight saving included', () => {
    expect(new Date(workingDayStartMs('2026-01-15', 'America/New_York')).toISOString()).toBe(
      '2026-01-15T13:00:00.000Z',
    );
    expect(new Date(workingDayStartMs('2026-07-15', 'America/New_York')).toISOString()).toBe(
      '2026-07-15T12:00:00.000Z',
    );
  });
});
