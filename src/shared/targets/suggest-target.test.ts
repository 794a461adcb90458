import { describe, expect, it } from 'vitest';
import { percentile, suggestTarget } from './suggest-target.js';

describe('percentile (PERCENTILE.INC)', () => {
  it('interpolates between the two nearest ranks', () => {
    // Sorted: 1 2 3 4 5 5 6 7 8 9; h = 9 * 0.8 = 7.2 -> 7 + 0.2 * (8 - 7) = 7.2
    expect(percentile([3, 5, 8, 2, 6, 4, 7, 5, 9, 1], 80)).toBeCloseTo(7.2, 10);
    // Sorted: 2 4 10; h = 2 * 0.5 = 1 -> exactly the middle value
    expect(percentile([10, 2, 4], 50)).toBe(4);
    // Sorted: 0 10; h = 1 * 0.8 = 0.8 -> 0 + 0.8 * 10 = 8
    expect(percentile([10, 0], 80)).toBeCloseTo(8, 10);
  });

  it('answers the value itself for one value, and null for none', () => {
    expect(percentile([6], 80)).toBe(6);
    expect(percentile([], 80)).toBeNull();
  });
});

describe('suggestTarget', () => {
  it('is the 80th percentile of the daily final counts, rounded', () => {
    expect(suggestTarget([3, 5, 8, 2, 6, 4, 7, 5, 9, 1])).toBe(7); // 7.2
    // 20 days: twelve 10s, four 12s, four 20s; sorted, h = 19 * 0.8 = 15.2 -> ranks 15 and 16
    // (0-based) are 12 and 20: 12 + 0.2 * 8 = 13.6 -> 14
    const days = [...Array(12).fill(10), ...Array(4).fill(12), ...Array(4).fill(20)] as number[];
    expect(suggestTarget(days)).toBe(14);
  });

  it('rounds half up and never suggests less than 1 for an item that books', () => {
    // Sorted 1 2 3; h = 2 * 0.8 = 1.6 -> 2 + 0.6 = 2.6 -> 3
    expect(suggestTarget([3, 1, 2])).toBe(3);
    // Sorted 0 0 0 0 1; h = 3.2 -> 0 + 0.2 * 1 = 0.2 -> rounds to 0, kept at 1
    expect(suggestTarget([0, 1, 0, 0, 0])).toBe(1);
  });

  it('suggests nothing for an item without a single job, or without days', () => {
    expect(suggestTarget([0, 0, 0])).toBeNull();
    expect(suggestTarget([])).toBeNull();
  });
});
