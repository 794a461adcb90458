import { describe, expect, it } from 'vitest';
import { dayIndexOf, displayDays, utcWindow, type WorkdayFlags } from './display-days.js';

const MON_FRI: WorkdayFlags = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: false,
  sunday: false,
};
const EVERY_DAY: WorkdayFlags = { ...MON_FRI, saturday: true, sunday: true };

const dates = (input: Parameters<typeof displayDays>[0]) =>
  displayDays(input).map((d) => `${d.weekday} ${d.date}`);

describe('displayDays', () => {
  it('shows the next three working days after today, skipping the weekend', () => {
    // Friday 2025-06-13, 11:00 in New York.
    expect(
      dates({
        now: new Date('2025-06-13T15:00:00Z'),
        timeZone: 'America/New_York',
        workdays: MON_FRI,
        holidays: [],
      }),
    ).toEqual(['Monday 2025-06-16', 'Tuesday 2025-06-17', 'Wednesday 2025-06-18']);
  });

  it('never includes today', () => {
    expect(
      dates({
        now: new Date('2025-06-16T13:00:00Z'),
        timeZone: 'America/New_York',
        workdays: MON_FRI,
        holidays: [],
      }),
    ).toEqual(['Tuesday 2025-06-17', 'Wednesday 2025-06-18', 'Thursday 2025-06-19']);
  });

  it('skips selected holidays and keeps unselected ones', () => {
    const now = new Date('2025-11-25T15:00:00Z'); // Tuesday before Thanksgiving
    expect(
      dates({ now, timeZone: 'America/Chicago', workdays: MON_FRI, holidays: ['Thanksgiving'] }),
    ).toEqual(['Wednesday 2025-11-26', 'Friday 2025-11-28', 'Monday 2025-12-01']);
    expect(
      dates({ now, timeZone: 'America/Chicago', workdays: MON_FRI, holidays: ['Christmas'] }),
    ).toEqual(['Wednesday 2025-11-26', 'Thursday 2025-11-27', 'Friday 2025-11-28']);
  });

  it('skips a run of holidays and weekends across the new year', () => {
    const now = new Date('2025-12-24T15:00:00Z'); // Wednesday
    expect(
      dates({
        now,
        timeZone: 'America/New_York',
        workdays: MON_FRI,
        holidays: ['Christmas', "New Year's Day", 'Bogus Day'],
      }),
    ).toEqual(['Friday 2025-12-26', 'Monday 2025-12-29', 'Tuesday 2025-12-30']);
  });

  it('uses the board zone for "today" late in the evening, when UTC is already tomorrow', () => {
    // Monday 2025-06-09 22:30 in New York is Tuesday 02:30 UTC.
    const now = new Date('2025-06-10T02:30:00Z');
    expect(dates({ now, timeZone: 'America/New_York', workdays: MON_FRI, holidays: [] })).toEqual([
      'Tuesday 2025-06-10',
      'Wednesday 2025-06-11',
      'Thursday 2025-06-12',
    ]);
    expect(dates({ now, timeZone: 'UTC', workdays: MON_FRI, holidays: [] })).toEqual([
      'Wednesday 2025-06-11',
      'Thursday 2025-06-12',
      'Friday 2025-06-13',
    ]);
    // Friday 23:30 in Los Angeles is Saturday in UTC: the board still counts from Friday.
    expect(
      dates({
        now: new Date('2025-06-14T06:30:00Z'),
        timeZone: 'America/Los_Angeles',
        workdays: MON_FRI,
        holidays: [],
      }),
    ).toEqual(['Monday 2025-06-16', 'Tuesday 2025-06-17', 'Wednesday 2025-06-18']);
  });

  it('bounds each day by local midnights in UTC', () => {
    const [day] = displayDays({
      now: new Date('2025-01-06T18:00:00Z'),
      timeZone: 'America/Phoenix',
      workdays: MON_FRI,
      holidays: [],
    });
    expect(day).toEqual({
      date: '2025-01-07',
      weekday: 'Tuesday',
      weekdayKey: 'tuesday',
      startUtc: '2025-01-07T07:00:00.000Z',
      endUtc: '2025-01-08T07:00:00.000Z',
    });
  });

  it('makes the spring-forward day 23 hours and the fall-back day 25 hours long', () => {
    const spring = displayDays({
      now: new Date('2025-03-08T15:00:00Z'),
      timeZone: 'America/New_York',
      workdays: EVERY_DAY,
      holidays: [],
      count: 2,
    });
    expect(spring[0]).toMatchObject({
      date: '2025-03-09',
      startUtc: '2025-03-09T05:00:00.000Z',
      endUtc: '2025-03-10T04:00:00.000Z',
    });
    expect(spring[1]).toMatchObject({
      date: '2025-03-10',
      startUtc: '2025-03-10T04:00:00.000Z',
      endUtc: '2025-03-11T04:00:00.000Z',
    });

    const fall = displayDays({
      now: new Date('2025-11-01T15:00:00Z'),
      timeZone: 'America/Denver',
      workdays: EVERY_DAY,
      holidays: [],
      count: 1,
    });
    expect(fall[0]).toMatchObject({
      date: '2025-11-02',
      startUtc: '2025-11-02T06:00:00.000Z',
      endUtc: '2025-11-03T07:00:00.000Z',
    });
  });

  it('follows each zone: Honolulu, Anchorage and UTC', () => {
    const now = new Date('2025-07-01T12:00:00Z'); // Tuesday everywhere listed
    const first = (timeZone: string) =>
      displayDays({ now, timeZone, workdays: MON_FRI, holidays: [], count: 1 })[0];
    expect(first('Pacific/Honolulu')).toMatchObject({
      date: '2025-07-02',
      startUtc: '2025-07-02T10:00:00.000Z',
    });
    expect(first('America/Anchorage')).toMatchObject({
      date: '2025-07-02',
      startUtc: '2025-07-02T08:00:00.000Z',
    });
    expect(first('UTC')).toMatchObject({
      date: '2025-07-02',
      startUtc: '2025-07-02T00:00:00.000Z',
    });
  });

  it('works a weekend when the company does, and honours count', () => {
    const now = new Date('2025-06-13T15:00:00Z');
    expect(
      dates({
        now,
        timeZone: 'America/New_York',
        workdays: { ...MON_FRI, saturday: true },
        holidays: [],
        count: 2,
      }),
    ).toEqual(['Saturday 2025-06-14', 'Monday 2025-06-16']);
  });

  it('gives no days when no weekday is a workday', () => {
    const none: WorkdayFlags = {
      ...MON_FRI,
      monday: false,
      tuesday: false,
      wednesday: false,
      thursday: false,
      friday: false,
    };
    expect(displayDays({ now: new Date(), timeZone: 'UTC', workdays: none, holidays: [] })).toEqual(
      [],
    );
  });

  it('refuses an unknown time zone', () => {
    expect(() =>
      displayDays({ now: new Date(), timeZone: 'Nowhere/Land', workdays: MON_FRI, holidays: [] }),
    ).toThrow(RangeError);
  });
});

describe('utcWindow and dayIndexOf', () => {
  const days = displayDays({
    now: new Date('2025-06-13T15:00:00Z'),
    timeZone: 'America/New_York',
    workdays: MON_FRI,
    holidays: [],
  });

  it('spans from the first day start to the last day end', () => {
    expect(utcWindow(days)).toEqual({
      startsOnOrAfter: '2025-06-16T04:00:00.000Z',
      startsBefore: '2025-06-19T04:00:00.000Z',
    });
    expect(utcWindow([])).toBeNull();
  });

  it('places an instant in its local day, with the end exclusive', () => {
    expect(dayIndexOf('2025-06-16T04:00:00.000Z', days)).toBe(0);
    expect(dayIndexOf('2025-06-17T03:59:59.999Z', days)).toBe(0);
    expect(dayIndexOf('2025-06-17T04:00:00.000Z', days)).toBe(1);
    expect(dayIndexOf('2025-06-19T04:00:00.000Z', days)).toBe(-1);
    expect(dayIndexOf('garbage', days)).toBe(-1);
  });
});
