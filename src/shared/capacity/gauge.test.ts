import { describe, expect, it } from 'vitest';
import {
  GAUGE_BANDS,
  dialArcPath,
  gaugeBandFor,
  needleAngle,
  pointOnDial,
  targetMarkerAngle,
} from './gauge.js';

describe('gauge', () => {
  it('has 7 distinct colour bands at 14.3 % steps covering 0-100', () => {
    expect(GAUGE_BANDS).toHaveLength(7);
    expect(GAUGE_BANDS.map((b) => b.from)).toEqual([0, 14.3, 28.6, 42.9, 57.2, 71.5, 85.8]);
    expect(GAUGE_BANDS[6]?.to).toBe(100);
    for (let i = 1; i < GAUGE_BANDS.length; i++)
      expect(GAUGE_BANDS[i]?.from).toBe(GAUGE_BANDS[i - 1]?.to);
    expect(new Set(GAUGE_BANDS.map((b) => b.color)).size).toBe(7);
  });

  it('points the needle from the left end to the right end, clamped at 100', () => {
    expect(needleAngle(0)).toBe(-90);
    expect(needleAngle(50)).toBe(0);
    expect(needleAngle(100)).toBe(90);
    expect(needleAngle(180)).toBe(90);
    expect(needleAngle(-20)).toBe(-90);
    expect(needleAngle(Number.NaN)).toBe(-90);
  });

  it('places the target marker on the same scale', () => {
    expect(targetMarkerAngle(90)).toBeCloseTo(72);
    expect(targetMarkerAngle(70)).toBeCloseTo(36);
  });

  it('finds the band a percent falls in', () => {
    expect(gaugeBandFor(0)).toBe(GAUGE_BANDS[0]);
    expect(gaugeBandFor(14.3)).toBe(GAUGE_BANDS[1]);
    expect(gaugeBandFor(99)).toBe(GAUGE_BANDS[6]);
    expect(gaugeBandFor(250)).toBe(GAUGE_BANDS[6]);
  });

  it('draws arcs on the dial', () => {
    const top = pointOnDial(100, 100, 80, 0);
    expect(top.x).toBeCloseTo(100);
    expect(top.y).toBeCloseTo(20);
    expect(dialArcPath(100, 100, 80, -90, 90)).toBe('M 20 100 A 80 80 0 0 1 180 100');
  });
});
