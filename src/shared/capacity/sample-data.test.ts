import { describe, expect, it } from 'vitest';
import { capacityLevel } from './levels.js';
import { capacityPercent } from './percent.js';
import { sampleCapacityDays } from './sample-data.js';

describe('sampleCapacityDays', () => {
  it('shows Residential and Commercial for business units, on each of 3 days', () => {
    const days = sampleCapacityDays('businessUnit');
    expect(days).toHaveLength(3);
    for (const day of days) {
      expect(day.data.map((i) => i.name)).toEqual(['Residential', 'Commercial']);
      expect(day.data.every((i) => i.type === 'businessUnit')).toBe(true);
    }
  });

  it('shows Installation, Maintenance and Repair for job types (any other view type too)', () => {
    for (const view of ['jobType', 'whatever']) {
      expect(sampleCapacityDays(view)[0]?.data.map((i) => i.name)).toEqual([
        'Installation',
        'Maintenance',
        'Repair',
      ]);
    }
  });

  it('has plausible numbers that show every table colour', () => {
    const items = [...sampleCapacityDays('businessUnit'), ...sampleCapacityDays('jobType')].flatMap(
      (d) => d.data,
    );
    for (const item of items) {
      expect(Number.isInteger(item.scheduled) && item.scheduled >= 0).toBe(true);
      expect(item.target).toBeGreaterThan(0);
    }
    const levels = new Set(items.map((i) => capacityLevel(capacityPercent(i.scheduled, i.target))));
    expect(levels).toEqual(new Set(['red', 'yellow', 'green']));
  });

  it('gives as many days as asked', () => {
    expect(sampleCapacityDays('jobType', 5)).toHaveLength(5);
    expect(sampleCapacityDays('jobType', 0)).toEqual([]);
  });
});
