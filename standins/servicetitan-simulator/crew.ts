import { BUSINESS_UNITS } from './catalog.js';
import {
  HOUR_MS,
  MINUTE_MS,
  isoUtc,
  localDayNumber,
  localTimeToUtcMs,
  weekdayOf,
} from './local-time.js';
import { createRandom, mixSeed } from './random.js';

/**
 * The sample tenant's crew (issue 35): technicians, each in one business unit, and their shifts
 * (ServiceTitan's `Normal`, `OnCall` and `TimeOff`), all on the clock as bookings are: a day's
 * shifts exist from four weeks before it, time off from when it was asked for (a sick call the
 * same morning), and one technician moves between business units every two weeks. Records carry
 * every field ServiceTitan's OpenAPI documents mark as required.
 */

export type ShiftType = 'Normal' | 'OnCall' | 'TimeOff';

export interface SimTechnician {
  id: number;
  userId: number;
  name: string;
  roleIds: number[];
  businessUnitId: number | null;
  mainZoneId: null;
  zoneIds: number[];
  createdOn: string;
  modifiedOn: string;
  email: string;
  phoneNumber: string;
  loginName: string;
  home: null;
  dailyGoal: number;
  isManagedTech: boolean;
  customFields: [];
  active: boolean;
  aadUserId: null;
  burdenRate: number;
  team: string | null;
  jobFilter: null;
  permissions: [];
  accountLocked: boolean;
}

export interface SimShift {
  id: number;
  shiftType: ShiftType;
  title: string;
  note: string | null;
  active: boolean;
  technicianId: number;
  start: string;
  end: string;
  timesheetCodeId: null;
  createdOn: string;
  modifiedOn: string;
}

/** A shift as planned: it exists from `createdOnMs` on. */
interface ShiftPlan {
  id: number;
  type: ShiftType;
  title: string;
  technicianId: number;
  startMs: number;
  endMs: number;
  createdOnMs: number;
  active: boolean;
}

/** How a technician works; `slot` numbers them for shift ids. */
interface Profile {
  id: number;
  slot: number;
  name: string;
  /** Home business unit (the mover's is the one of its even fortnights). */
  businessUnitId: number;
  active: boolean;
  /** Day: weekdays from `startMinute` for `hours`; night: overnight on the listed weekdays. */
  pattern:
    | { kind: 'day'; startMinute: number; hours: number; saturday: boolean }
    | { kind: 'night'; startMinute: number; hours: number; weekdays: number[] };
  /** Moves between these two business units every fortnight (Mondays 6:00 AM local). */
  moves?: [number, number];
}

const FIRST_NAMES = [
  'Alex',
  'Blake',
  'Casey',
  'Dana',
  'Eli',
  'Frankie',
  'Gabe',
  'Harper',
  'Isa',
  'Jamie',
  'Kai',
  'Logan',
  'Morgan',
  'Noel',
  'Owen',
  'Parker',
  'Quinn',
  'Riley',
  'Sam',
  'Taylor',
  'Uma',
  'Val',
  'Wes',
  'Yuri',
  'Zoe',
  'Avery',
  'Brook',
  'Cody',
  'Drew',
];
const LAST_NAMES = [
  'Alvarez',
  'Brooks',
  'Chen',
  'Diaz',
  'Evans',
  'Foster',
  'Garcia',
  'Hughes',
  'Ito',
  'Jensen',
  'Kim',
  'Lopez',
  'Morris',
  'Nguyen',
  'Ortiz',
  'Patel',
];

/** Day technicians per active business unit. */
const CREW_SIZE: Record<number, number> = { 1001: 8, 1002: 4, 1003: 6, 1004: 3, 1005: 4 };
/** Shift lengths in hours, by a technician's place in the crew (lunch included). */
const DAY_HOURS = [9, 8.5, 9, 8, 9, 8.5, 9, 8];
/** The Monday (1970-based local day number of 2024-01-01) the mover's fortnights count from. */
const MOVE_ANCHOR_DAY = 19_723;
/** Normal and on-call shifts exist this long before their day (a recurring schedule). */
const SCHEDULE_LEAD_DAYS = 28;
export const NIGHT_TECHNICIAN_ID = 4109;
export const WEEKEND_NIGHT_TECHNICIAN_ID = 4307;
export const MOVING_TECHNICIAN_ID = 4900;
export const INACTIVE_TECHNICIAN_ID = 4599;

function buildProfiles(): Profile[] {
  const profiles: Profile[] = [];
  let slot = 0;
  const name = () =>
    `${FIRST_NAMES[slot % FIRST_NAMES.length]} ${LAST_NAMES[(slot * 7) % LAST_NAMES.length]}`;
  for (const [unit, size] of Object.entries(CREW_SIZE)) {
    const businessUnitId = Number(unit);
    for (let i = 0; i < size; i++) {
      profiles.push({
        id: 4000 + (businessUnitId - 1000) * 100 + i + 1,
        slot,
        name: name(),
        businessUnitId,
        active: true,
        pattern: {
          kind: 'day',
          startMinute: i % 2 === 0 ? 7 * 60 : 8 * 60,
          hours: DAY_HOURS[i % DAY_HOURS.length]!,
          saturday: i === 1 && businessUnitId !== 1002 && businessUnitId !== 1004,
        },
      });
      slot++;
    }
  }
  const special: Omit<Profile, 'slot' | 'name'>[] = [
    // After-hours HVAC: overnight 9 PM to 5 AM, starting Sunday to Thursday evenings.
    {
      id: NIGHT_TECHNICIAN_ID,
      businessUnitId: 1001,
      active: true,
      pattern: { kind: 'night', startMinute: 21 * 60, hours: 8, weekdays: [0, 1, 2, 3, 4] },
    },
    // Weekend plumbing emergencies: overnight 10 PM to 6 AM from Friday, Saturday and Sunday
    // evenings (the night the clocks change is one of them).
    {
      id: WEEKEND_NIGHT_TECHNICIAN_ID,
      businessUnitId: 1003,
      active: true,
      pattern: { kind: 'night', startMinute: 22 * 60, hours: 8, weekdays: [5, 6, 0] },
    },
    // Helps HVAC Service and Plumbing Service by turns: moves every other Monday at 6 AM.
    {
      id: MOVING_TECHNICIAN_ID,
      businessUnitId: 1001,
      active: true,
      pattern: { kind: 'day', startMinute: 8 * 60, hours: 8.5, saturday: false },
      moves: [1001, 1003],
    },
    // Left the company: inactive, but the recurring schedule still holds shifts for them.
    {
      id: INACTIVE_TECHNICIAN_ID,
      businessUnitId: 1005,
      active: false,
      pattern: { kind: 'day', startMinute: 7 * 60, hours: 9, saturday: false },
    },
  ];
  for (const profile of special) {
    profiles.push({ ...profile, slot, name: name() });
    slot++;
  }
  return profiles;
}

const PROFILES = buildProfiles();
const PROFILE_OF = new Map(PROFILES.map((p) => [p.id, p]));
const UNIT_NAME = new Map(BUSINESS_UNITS.map((u) => [u.id, u.name]));
const CREW_CREATED_MS = Date.parse('2022-05-02T13:00:00Z');
const INACTIVE_SINCE_MS = Date.parse('2025-08-29T21:00:00Z');

/** A shift asked for on demand (`addShift` / POST /__control/shifts). */
export interface ShiftRequest {
  technicianId: number;
  shiftType: ShiftType;
  start: Date;
  end: Date;
  title?: string;
}

/** Ids of shifts added on demand start here (generated ids are day * 100,000 + ..., far below). */
const ADDED_SHIFT_IDS_FROM = 9_000_000_000;

export function createCrew(options: { seed: number; timeZone: string }) {
  const { seed, timeZone } = options;
  const plans = new Map<number, ShiftPlan[]>();
  const added: ShiftPlan[] = [];

  /** The mover's fortnight at `atMs`: its index, and when it began. */
  function fortnightAt(atMs: number): { index: number; sinceMs: number } {
    const day = localDayNumber(atMs, timeZone);
    let index = Math.floor((day - MOVE_ANCHOR_DAY) / 14);
    let sinceMs = localTimeToUtcMs(MOVE_ANCHOR_DAY + index * 14, 6 * 60, timeZone);
    if (atMs < sinceMs) {
      index -= 1;
      sinceMs = localTimeToUtcMs(MOVE_ANCHOR_DAY + index * 14, 6 * 60, timeZone);
    }
    return { index, sinceMs };
  }

  /** A technician's business unit as ServiceTitan lists it at `atMs`. */
  function unitAt(profile: Profile, atMs: number): number {
    if (!profile.moves) return profile.businessUnitId;
    const { index } = fortnightAt(atMs);
    return profile.moves[((index % 2) + 2) % 2]!;
  }

  function technicianAt(profile: Profile, atMs: number): SimTechnician {
    const businessUnitId = unitAt(profile, atMs);
    const modifiedMs = profile.moves
      ? fortnightAt(atMs).sinceMs
      : profile.active
        ? CREW_CREATED_MS
        : INACTIVE_SINCE_MS;
    const login = profile.name.toLowerCase().replace(/[^a-z]+/g, '.');
    return {
      id: profile.id,
      userId: profile.id + 50_000,
      name: profile.name,
      roleIds: [3],
      businessUnitId,
      mainZoneId: null,
      zoneIds: [],
      createdOn: isoUtc(CREW_CREATED_MS),
      modifiedOn: isoUtc(modifiedMs),
      email: `${login}@demo-heating-air.test`,
      phoneNumber: `94155501${String(profile.slot).padStart(2, '0')}`,
      loginName: login,
      home: null,
      dailyGoal: 1800,
      isManagedTech: true,
      customFields: [],
      active: profile.active,
      aadUserId: null,
      burdenRate: 0,
      team: UNIT_NAME.get(businessUnitId) ?? null,
      jobFilter: null,
      permissions: [],
      accountLocked: false,
    };
  }

  /** Every shift planned on local day `day` (starting that day), whenever each was created. */
  function planDay(day: number): ShiftPlan[] {
    const shifts: ShiftPlan[] = [];
    const weekday = weekdayOf(day);
    const at = (minute: number, dayNumber = day) => localTimeToUtcMs(dayNumber, minute, timeZone);
    const scheduledOn = at(0, day - SCHEDULE_LEAD_DAYS);
    for (const profile of PROFILES) {
      const random = createRandom(mixSeed(seed, profile.id * 100_003 + day));
      let k = 0;
      const push = (plan: Omit<ShiftPlan, 'id' | 'technicianId' | 'active'>, active = true) => {
        shifts.push({
          ...plan,
          id: day * 100_000 + profile.slot * 10 + k++,
          technicianId: profile.id,
          active,
        });
      };
      const { pattern } = profile;
      let workStart: number | null = null;
      let workEnd: number | null = null;
      if (pattern.kind === 'day') {
        const weekdayShift = weekday >= 1 && weekday <= 5;
        const saturdayShift = weekday === 6 && pattern.saturday;
        if (weekdayShift || saturdayShift) {
          workStart = at(pattern.startMinute);
          workEnd = saturdayShift
            ? at(13 * 60)
            : at(pattern.startMinute + Math.round(pattern.hours * 60));
          push({
            type: 'Normal',
            title: saturdayShift ? 'Saturday half day' : 'Day shift',
            startMs: workStart,
            endMs: workEnd,
            createdOnMs: scheduledOn,
          });
        }
      } else if (pattern.weekdays.includes(weekday)) {
        // Overnight: local wall times on this day and the next, so the real length changes on
        // the night the clocks do.
        workStart = at(pattern.startMinute);
        workEnd = at(pattern.startMinute + pattern.hours * 60 - 24 * 60, day + 1);
        push({
          type: 'Normal',
          title: 'Night shift',
          startMs: workStart,
          endMs: workEnd,
          createdOnMs: scheduledOn,
        });
      }
      // A disabled shift left on the calendar: listed only when asked for inactive ones.
      if (workStart !== null && random.chance(0.02)) {
        push(
          {
            type: 'Normal',
            title: 'Cancelled overtime',
            startMs: at(18 * 60),
            endMs: at(21 * 60),
            createdOnMs: scheduledOn,
          },
          false,
        );
      }
      // On call: one technician of each unit per evening, in turns (not bookable capacity).
      if (
        profile.active &&
        pattern.kind === 'day' &&
        weekday >= 1 &&
        weekday <= 5 &&
        (day + profile.slot) % (CREW_SIZE[profile.businessUnitId] ?? 4) === 0
      ) {
        push({
          type: 'OnCall',
          title: 'On call',
          startMs: at(17 * 60),
          endMs: at(22 * 60),
          createdOnMs: scheduledOn,
        });
      }
      // Weekend on call, overnight from Saturday noon to Sunday noon.
      if (profile.active && pattern.kind === 'day' && weekday === 6 && profile.slot % 9 === 0) {
        push({
          type: 'OnCall',
          title: 'Weekend on call',
          startMs: at(12 * 60),
          endMs: at(12 * 60, day + 1),
          createdOnMs: scheduledOn,
        });
      }
      // A week off, from Monday to Saturday, asked for three weeks ahead.
      if (weekday === 1 && random.chance(0.03)) {
        push({
          type: 'TimeOff',
          title: 'Vacation',
          startMs: at(0),
          endMs: at(0, day + 5),
          createdOnMs: at(9 * 60, day - 21),
        });
      }
      if (workStart === null || workEnd === null) continue;
      const roll = random.next();
      if (roll < 0.035) {
        // Called in sick that morning, before the shift.
        push({
          type: 'TimeOff',
          title: 'Sick',
          startMs: workStart,
          endMs: workEnd,
          createdOnMs: workStart - random.int(30, 120) * MINUTE_MS,
        });
      } else if (roll < 0.06) {
        // A day off, asked for a few days to two weeks ahead: the whole local day.
        push({
          type: 'TimeOff',
          title: 'Day off',
          startMs: at(0),
          endMs: at(0, day + 1),
          createdOnMs: at(10 * 60, day - random.int(3, 14)),
        });
      } else if (roll < 0.09) {
        // An afternoon off (an appointment of their own), from noon to the end of the shift.
        push({
          type: 'TimeOff',
          title: 'Afternoon off',
          startMs: Math.max(workStart, workEnd - 4 * HOUR_MS),
          endMs: workEnd,
          createdOnMs: at(15 * 60, day - random.int(1, 7)),
        });
      }
    }
    return shifts;
  }

  const plansOf = (day: number): ShiftPlan[] => {
    let list = plans.get(day);
    if (!list) {
      list = planDay(day);
      plans.set(day, list);
    }
    return list;
  };

  /** Shifts planned to start on local days `from`..`to` (and any added ones), as planned. */
  function planned(from: number, to: number): ShiftPlan[] {
    const result: ShiftPlan[] = [];
    for (let day = from; day <= to; day++) result.push(...plansOf(day));
    const fromMs = localTimeToUtcMs(from, 0, timeZone);
    const toMs = localTimeToUtcMs(to + 1, 0, timeZone);
    for (const plan of added) if (plan.startMs >= fromMs && plan.startMs < toMs) result.push(plan);
    return result;
  }

  const toShift = (plan: ShiftPlan): SimShift => ({
    id: plan.id,
    shiftType: plan.type,
    title: plan.title,
    note: null,
    active: plan.active,
    technicianId: plan.technicianId,
    start: isoUtc(plan.startMs),
    end: isoUtc(plan.endMs),
    timesheetCodeId: null,
    createdOn: isoUtc(plan.createdOnMs),
    modifiedOn: isoUtc(plan.createdOnMs),
  });

  return {
    /** Every technician, active or not, as listed at `now`. */
    technicians(now: Date): SimTechnician[] {
      return PROFILES.map((profile) => technicianAt(profile, now.getTime()));
    },
    /**
     * Shifts existing at `now` whose start lies in [startsFrom, startsBefore) (default: a week
     * back to four weeks ahead), enabled or not, by id.
     */
    shifts(now: Date, startsFrom?: number, startsBefore?: number): SimShift[] {
      const nowMs = now.getTime();
      const today = localDayNumber(nowMs, timeZone);
      const from = startsFrom === undefined ? today - 7 : localDayNumber(startsFrom, timeZone);
      const to =
        startsBefore === undefined
          ? today + SCHEDULE_LEAD_DAYS
          : localDayNumber(startsBefore - 1, timeZone);
      const lowest = startsFrom ?? Number.NEGATIVE_INFINITY;
      const highest = startsBefore ?? Number.POSITIVE_INFINITY;
      // A year at most: a request without bounds on one side does not plan centuries.
      return planned(Math.max(from, today - 400), Math.min(to, today + 400))
        .filter((p) => p.createdOnMs <= nowMs && p.startMs >= lowest && p.startMs < highest)
        .sort((a, b) => a.id - b.id)
        .map(toShift);
    },
    /** Adds a shift that exists from `createdOn` on (time off called in, overtime added). */
    addShift(request: ShiftRequest, createdOn: Date): SimShift {
      if (!PROFILE_OF.has(request.technicianId))
        throw new RangeError(`Technician ${request.technicianId} not found`);
      const plan: ShiftPlan = {
        id: ADDED_SHIFT_IDS_FROM + added.length,
        type: request.shiftType,
        title: request.title ?? (request.shiftType === 'TimeOff' ? 'Time off' : 'Added shift'),
        technicianId: request.technicianId,
        startMs: request.start.getTime(),
        endMs: request.end.getTime(),
        createdOnMs: createdOn.getTime(),
        active: true,
      };
      added.push(plan);
      return toShift(plan);
    },
  };
}

export type Crew = ReturnType<typeof createCrew>;

/** Half-open intervals [start, end) in ms, merged and sorted. */
export type Intervals = [number, number][];

export function mergeIntervals(intervals: Intervals): Intervals {
  const sorted = intervals.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const merged: Intervals = [];
  for (const [a, b] of sorted) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

/** `from` minus `minus`, both merged. */
export function subtractIntervals(from: Intervals, minus: Intervals): Intervals {
  const result: Intervals = [];
  for (const [a, b] of from) {
    let pieces: Intervals = [[a, b]];
    for (const [c, d] of minus) {
      pieces = pieces.flatMap(([x, y]): Intervals => {
        if (d <= x || c >= y) return [[x, y]];
        const left: Intervals = c > x ? [[x, c]] : [];
        const right: Intervals = d < y ? [[d, y]] : [];
        return [...left, ...right];
      });
    }
    result.push(...pieces);
  }
  return result;
}

export function overlapMs(intervals: Intervals, from: number, to: number): number {
  let total = 0;
  for (const [a, b] of intervals) total += Math.max(0, Math.min(b, to) - Math.max(a, from));
  return total;
}
