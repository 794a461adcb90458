import { describe, expect, it } from 'vitest';
import { capacityLevel } from './levels.js';
import { capacityPercent } from './percent.js';
import { capacityTotals } from './totals.js';

describe('capacityPercent', () => {
  it('is scheduled over target, rounded', () => {
    expect(capacityPercent(9, 10)).toBe(90);
    expect(capacityPercent(2, 3)).toBe(67);
    expect(capacityPercent(1, 8)).toBe(13); // 12.5 rounds up
    expect(capacityPercent(15, 10)).toBe(150);
  });

  it('is 0 when the target is 0', () => {
    expect(capacityPercent(5, 0)).toBe(0);
    expect(capacityPercent(0, 0)).toBe(0);
    expect(capacityPercent(Number.NaN, 4)).toBe(0);
  });
});

describe('capacityLevel', () => {
  it.each([
    [0, 'red'],
    [70, 'red'],
    [71, 'yellow'],
    [89, 'yellow'],
    [90, 'green'],
    [150, 'green'],
  ] as const)('colours %i%% %s', (percent, level) => {
    expect(capacityLevel(percent)).toBe(level);
  });
});

describe('capacityTotals', () => {
  it('sums scheduled and target across rows', () => {
    expect(
      capacityTotals([
        { scheduled: 9, target: 10 },
        { scheduled: 3, target: 10 },
      ]),
    ).toEqual({ scheduled: 12, target: 20, percent: 60 });
    expect(capacityTotals([])).toEqual({ scheduled: 0, target: 0, percent: 0 });
  });
});
