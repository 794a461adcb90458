import { TZDate } from '@date-fns/tz';
import type { WorkdayFlags } from '../../../../shared/calendar/display-days';
import { paceLine } from '../../../../shared/capacity/pace';
import { describe, expect, it } from 'vitest';
import { onWorkingAxis, workingPosition, workingSpans, workingTicks } from './working-axis';

const ZONE = 'America/New_York';
const MON_FRI: WorkdayFlags = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: false,
  sunday: false,
};
/** An instant in New York, `2025-06-07 13:30` style. */
const ny = (date: string, hour: number, minute = 0) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, hour, minute, 0, ZONE).getTime();
};

// Tuesday June 10, 2025: the 3 working days before it are Thu 5, Fri 6 and Mon 9 (a weekend
// between), each 8 AM to 5 PM: 9 hours each, 36 with the day itself.
const detail = {
  date: '2025-06-10',
  timeZone: ZONE,
  before: ['2025-06-05', '2025-06-06', '2025-06-09'],
  pace: paceLine({
    date: '2025-06-10',
    curve: [66, 33, 15],
    timeZone: ZONE,
    workdays: MON_FRI,
    holidays: [],
  }),
};
const spans = workingSpans(detail);

describe('the fill curve’s working-hours axis', () => {
  it('has the 3 working days before the day and the day itself, by their working hours', () => {
    expect(spans.map((span) => span.label)).toEqual([
      'Thu, Jun 5',
      'Fri, Jun 6',
      'Mon, Jun 9',
      'Tue, Jun 10',
    ]);
    expect(spans.map((span) => [span.start, span.end])).toEqual([
      [ny('2025-06-05', 8), ny('2025-06-05', 17)],
      [ny('2025-06-06', 8), ny('2025-06-06', 17)],
      [ny('2025-06-09', 8), ny('2025-06-09', 17)],
      [ny('2025-06-10', 8), ny('2025-06-10', 17)],
    ]);
  });

  it('gives a weekend and a night no width', () => {
    // Friday 5 PM, all of Saturday and Sunday and Monday before 8 AM are one place: 18 hours in.
    for (const at of [
      ny('2025-06-06', 17),
      ny('2025-06-07', 12),
      ny('2025-06-08', 23, 59),
      ny('2025-06-09', 7, 30),
      ny('2025-06-09', 8),
    ])
      expect(workingPosition(spans, at)).toBe(18);
    expect(workingPosition(spans, ny('2025-06-09', 9, 30))).toBe(19.5);
    // Thursday night is where Friday's working hours begin.
    expect(workingPosition(spans, ny('2025-06-05', 22))).toBe(9);
    // Before the first working day: its start; after the day's working hours: the end.
    expect(workingPosition(spans, ny('2025-05-20', 10))).toBe(0);
    expect(workingPosition(spans, ny('2025-06-11', 0))).toBe(36);
  });

  it('labels each working day in its middle, with a separator at each start', () => {
    expect(workingTicks(spans)).toEqual({
      starts: [0, 9, 18, 27],
      middles: [
        { at: 4.5, label: 'Thu, Jun 5' },
        { at: 13.5, label: 'Fri, Jun 6' },
        { at: 22.5, label: 'Mon, Jun 9' },
        { at: 31.5, label: 'Tue, Jun 10' },
      ],
      end: 36,
    });
  });

  it('keeps, of several moments at one place, the last: what held from there', () => {
    const placed = onWorkingAxis(spans, [
      { t: ny('2025-05-20', 10), fill: 5 },
      { t: ny('2025-06-01', 10), fill: 10 },
      { t: ny('2025-06-05', 8), fill: 12 },
      { t: ny('2025-06-06', 12), fill: 20 },
      { t: ny('2025-06-07', 12), fill: 25 },
      { t: ny('2025-06-08', 12), fill: 30 },
      { t: ny('2025-06-11', 0), fill: 90 },
    ]);
    expect(placed.map(({ x, fill }) => [x, fill])).toEqual([
      [0, 12],
      [13, 20],
      [18, 30],
      [36, 90],
    ]);
  });
});
