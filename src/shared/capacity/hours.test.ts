import { describe, expect, it } from 'vitest';
import { localDayOf } from '../calendar/display-days.js';
import { crewChangeLine, formatHours, hoursByDay, hoursLine, type HoursReading } from './hours.js';

const ZONE = 'America/New_York';
const day = (date: string) => {
  const local = localDayOf(date, ZONE);
  return { date, startMs: Date.parse(local.startUtc), endMs: Date.parse(local.endUtc) };
};
const at = (iso: string) => Date.parse(iso);

describe('hours from shifts', () => {
  const reading: HoursReading = {
    source: 'shifts',
    why: 'not_set_up',
    technicians: [
      { id: 1, businessUnitId: 10 },
      { id: 2, businessUnitId: 10 },
      { id: 3, businessUnitId: 20 },
    ],
    shifts: [
      // Saturday 10 PM EDT to Sunday 6 AM EST, the night the clocks go back: 3 h + 6 h... of
      // which Sunday holds 7 real hours (1 AM happens twice).
      {
        technicianId: 1,
        startMs: at('2026-11-01T02:00:00Z'),
        endMs: at('2026-11-01T11:00:00Z'),
        kind: 'work',
      },
      // Sunday 8 AM to 4 PM, with the afternoon off twice over (overlapping records).
      {
        technicianId: 2,
        startMs: at('2026-11-01T13:00:00Z'),
        endMs: at('2026-11-01T21:00:00Z'),
        kind: 'work',
      },
      {
        technicianId: 2,
        startMs: at('2026-11-01T17:00:00Z'),
        endMs: at('2026-11-01T21:00:00Z'),
        kind: 'timeOff',
      },
      {
        technicianId: 2,
        startMs: at('2026-11-01T18:00:00Z'),
        endMs: at('2026-11-01T19:00:00Z'),
        kind: 'timeOff',
      },
      // A technician no longer listed (inactive): their shift is not capacity.
      {
        technicianId: 9,
        startMs: at('2026-11-01T13:00:00Z'),
        endMs: at('2026-11-01T21:00:00Z'),
        kind: 'work',
      },
      // Unit 20's only technician is off all day.
      {
        technicianId: 3,
        startMs: at('2026-11-01T13:00:00Z'),
        endMs: at('2026-11-01T21:00:00Z'),
        kind: 'work',
      },
      {
        technicianId: 3,
        startMs: at('2026-11-01T04:00:00Z'),
        endMs: at('2026-11-02T05:00:00Z'),
        kind: 'timeOff',
      },
    ],
  };
  const bookings = {
    jobs: [
      { id: 100, businessUnitId: 10, jobTypeId: 1, canceled: false },
      { id: 101, businessUnitId: 10, jobTypeId: 1, canceled: true },
      { id: 102, businessUnitId: 20, jobTypeId: 1, canceled: false },
    ],
    appointments: [
      {
        jobId: 100,
        startMs: at('2026-11-01T14:00:00Z'),
        endMs: at('2026-11-01T16:30:00Z'),
        canceled: false,
      },
      {
        jobId: 100,
        startMs: at('2026-11-01T17:00:00Z'),
        endMs: at('2026-11-01T18:00:00Z'),
        canceled: true,
      },
      {
        jobId: 101,
        startMs: at('2026-11-01T14:00:00Z'),
        endMs: at('2026-11-01T18:00:00Z'),
        canceled: false,
      },
      {
        jobId: 102,
        startMs: at('2026-11-01T15:00:00Z'),
        endMs: at('2026-11-01T17:00:00Z'),
        canceled: false,
      },
    ],
  };

  it('splits an overnight shift at local midnight, across the clock change, and takes time off out once', () => {
    const [saturday, sunday] = hoursByDay({
      reading,
      days: [day('2026-10-31'), day('2026-11-01')],
      bookings,
    });
    expect(saturday!.items.get(10)).toEqual({ capacity: 2, booked: 0, open: 2, technicians: 1 });
    // 7 h of the night shift plus 4 h of the day shift (its afternoon off); 2.5 h booked.
    expect(sunday!.items.get(10)).toEqual({ capacity: 11, booked: 2.5, open: 8.5, technicians: 2 });
    // No capacity, but booked work still shows, with nothing open.
    expect(sunday!.items.get(20)).toEqual({ capacity: 0, booked: 2, open: 0, technicians: 0 });
  });
});

describe('hours from capacity planning', () => {
  it("sums a day's frames by their UTC start, shares a group's frame, and counts distinct available technicians", () => {
    const frame = (
      start: string,
      units: number[],
      total: number,
      open: number,
      available: number[],
    ) => ({
      startMs: at(start),
      endMs: at(start) + 7_200_000,
      businessUnitIds: units,
      total,
      open,
      available,
    });
    const reading: HoursReading = {
      source: 'capacity',
      frames: [
        frame('2026-11-02T13:00:00Z', [10], 8, 2, [1, 2]),
        frame('2026-11-02T15:00:00Z', [10], 8, 6, [2, 3]),
        frame('2026-11-02T13:00:00Z', [20, 30], 6, 6, [7]),
        // 11:30 PM local on Monday is Tuesday in UTC: it is Monday's.
        frame('2026-11-03T04:30:00Z', [10], 1, 1, [4]),
      ],
    };
    const [monday] = hoursByDay({ reading, days: [day('2026-11-02')] });
    expect(monday!.items.get(10)).toEqual({ capacity: 17, booked: 8, open: 9, technicians: 4 });
    expect(monday!.items.get(20)).toEqual({ capacity: 3, booked: 0, open: 3, technicians: 1 });
    expect(monday!.items.get(30)).toEqual({ capacity: 3, booked: 0, open: 3, technicians: 1 });
  });
});

describe('the words of hours', () => {
  it('writes hours to one decimal and the crew against last week', () => {
    expect(formatHours(34.5)).toBe('34.5');
    expect(formatHours(48)).toBe('48');
    expect(formatHours(7.96)).toBe('8');
    expect(hoursLine({ booked: 34.5, capacity: 48 }, 6)).toBe(
      '34.5 of 48 h booked · 6 technicians',
    );
    expect(hoursLine({ booked: 0, capacity: 8 }, 1)).toBe('0 of 8 h booked · 1 technician');
    expect(crewChangeLine({ technicians: 4, lastWeek: 6, weekday: 'Thursday' })).toBe(
      '2 fewer technicians than last Thursday',
    );
    expect(crewChangeLine({ technicians: 5, lastWeek: 6, weekday: 'Monday' })).toBe(
      '1 fewer technician than last Monday',
    );
    expect(crewChangeLine({ technicians: 6, lastWeek: 6, weekday: 'Monday' })).toBeNull();
    expect(crewChangeLine({ technicians: 2, lastWeek: null, weekday: 'Monday' })).toBeNull();
  });
});
