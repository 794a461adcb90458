import type { CapacityResponse } from '../../../shared/api/capacity.js';
import type { ItemType } from '../../../shared/api/item-groups.js';
import { addDays, localDayOf, type LocalDay } from '../../../shared/calendar/display-days.js';
import {
  hoursByDay,
  type DayHours,
  type HoursReading,
  type ItemHours,
} from '../../../shared/capacity/hours.js';
import { countJobs, type DayCounts } from '../../../shared/capacity/count-jobs.js';
import {
  judgeByCurve,
  judgeByHistory,
  momentOf,
  peerCounts,
  type PaceCalendar,
  type PastDay,
} from '../../../shared/capacity/pace-model.js';
import { capacityTotals } from '../../../shared/capacity/totals.js';
import type { GroupingGroup } from '../../../shared/capacity/group-items.js';
import type { ItemPreference } from '../preferences/preference-store.js';
import type { Bookings } from './bookings-snapshot.js';
import { buildBoardDays } from './build-board-days.js';
import type { TenantMetadata } from './metadata-snapshot.js';
import type { Snapshot } from './snapshot-store.js';

/** Before the company's platform has answered once. */
export const notReadYet = (providerName: string): string =>
  `${providerName} has not answered yet. The board will show numbers as soon as it does.`;

export interface BoardAnswerInput {
  /** The company's platform by its name (the "{provider}" of the words). */
  providerName: string;
  bookings: Snapshot<Bookings>;
  metadata: Snapshot<TenantMetadata>;
  days: LocalDay[];
  viewType: ItemType;
  preferences: ItemPreference[];
  groups: GroupingGroup[];
  /** The service clock's now (how old the numbers are). */
  at: Date;
  /** The local start of today in the board's zone (UTC ms): what "new today" counts from. */
  todayStartMs: number;
  /** The items and groups (`group:<id>`) the board picked; null: every item (issue 26). */
  itemIds?: readonly (number | string)[] | null;
  /**
   * The pace model's inputs (decision 038): the set curve (% of target per day ahead) and how much
   * of today's working day is gone, each day's goal (the target marker, % per day ahead), and the
   * board's own past days (null: judged by the set curve only).
   */
  pace: {
    curve: readonly number[];
    elapsed: number;
    goals: readonly number[];
    history: readonly PastDay[] | null;
    calendar: PaceCalendar;
  };
  /**
   * A board that measures hours, read in business units (issue 35): its hours snapshot (null: the
   * platform has no hours) and the board's zone (last week's days are local days too).
   */
  hours?: { snapshot: Snapshot<HoursReading> | null; timeZone: string } | undefined;
}

export interface BoardAnswers {
  /** The board's answer (days, freshness) from the snapshots it is made of. */
  answer(input: BoardAnswerInput): CapacityResponse;
  /** The answer of a board that has no numbers to show (yet), with why in `error`. */
  empty(error?: string): CapacityResponse;
  /** Each item's count per day by the board's counting rule (cached per bookings snapshot). */
  counts(
    bookings: Bookings,
    days: LocalDay[],
    viewType: 'businessUnit' | 'jobType',
    newSinceMs: number,
  ): DayCounts[];
}

/**
 * Turning snapshots into a board's answer: counting by the board's rule (cached per bookings
 * snapshot), naming items, and saying whether the numbers are stale. Pure apart from the cache.
 */
export function createBoardAnswers(deps: { refreshMs: number }): BoardAnswers {
  const { refreshMs } = deps;
  const refreshIntervalSeconds = Math.round(refreshMs / 1000);
  /** Counting is cheap, but a TV wall of screens asks for the same numbers again and again. */
  const countCache = new WeakMap<Bookings, Map<string, DayCounts[]>>();

  function countFor(
    bookings: Bookings,
    days: LocalDay[],
    viewType: 'businessUnit' | 'jobType',
    newSinceMs: number,
  ): DayCounts[] {
    const cacheKey = `${viewType}|${newSinceMs}|${days.map((d) => `${d.date}@${d.startUtc}`).join(',')}`;
    let perBookings = countCache.get(bookings);
    if (!perBookings) {
      perBookings = new Map();
      countCache.set(bookings, perBookings);
    }
    let counts = perBookings.get(cacheKey);
    if (!counts) {
      counts = countJobs({
        days: days.map((d) => ({
          date: d.date,
          startMs: Date.parse(d.startUtc),
          endMs: Date.parse(d.endUtc),
        })),
        appointments: bookings.appointments,
        jobs: bookings.jobs,
        viewType,
        newSinceMs,
      });
      if (perBookings.size > 50) perBookings.clear();
      perBookings.set(cacheKey, counts);
    }
    return counts;
  }

  /** Each day's hours and the same weekday's a week before, cached per reading and bookings. */
  const hoursCache = new WeakMap<HoursReading, WeakMap<Bookings, Map<string, HoursOfDays>>>();
  function hoursFor(
    reading: HoursReading,
    bookings: Bookings,
    days: LocalDay[],
    timeZone: string,
  ): HoursOfDays {
    const key = `${timeZone}|${days.map((d) => `${d.date}@${d.startUtc}`).join(',')}`;
    let perReading = hoursCache.get(reading);
    if (!perReading) {
      perReading = new WeakMap();
      hoursCache.set(reading, perReading);
    }
    let perBookings = perReading.get(bookings);
    if (!perBookings) {
      perBookings = new Map();
      perReading.set(bookings, perBookings);
    }
    let result = perBookings.get(key);
    if (!result) {
      const counting = (list: LocalDay[]) =>
        list.map((d) => ({
          date: d.date,
          startMs: Date.parse(d.startUtc),
          endMs: Date.parse(d.endUtc),
        }));
      const lastWeekDays = days.map((d) => localDayOf(addDays(d.date, -7), timeZone));
      result = {
        days: hoursByDay({ reading, days: counting(days), bookings }),
        // Only the crew is compared, so last week's bookings are not needed.
        lastWeek: hoursByDay({ reading, days: counting(lastWeekDays) }),
      };
      if (perBookings.size > 50) perBookings.clear();
      perBookings.set(key, result);
    }
    return result;
  }

  function staleness(
    snapshot: Snapshot<unknown>,
    at: Date,
  ): { stale: boolean; staleReason: string | null } {
    if (snapshot.lastError) return { stale: true, staleReason: snapshot.lastError.message };
    const age = snapshot.fetchedAt ? at.getTime() - snapshot.fetchedAt.getTime() : 0;
    if (age > 3 * refreshMs) {
      return {
        stale: true,
        staleReason: 'The numbers have not been refreshed for a while. The board keeps trying.',
      };
    }
    return { stale: false, staleReason: null };
  }

  function empty(error?: string): CapacityResponse {
    return {
      days: [],
      fetchedAt: null,
      stale: false,
      staleReason: null,
      refreshIntervalSeconds,
      ...(error === undefined ? {} : { error }),
    };
  }

  return {
    empty,
    counts: countFor,
    answer(input) {
      const {
        providerName,
        bookings,
        metadata,
        days,
        viewType,
        preferences,
        groups,
        at,
        todayStartMs,
        pace,
        itemIds,
      } = input;
      if (!bookings.payload) {
        return empty(bookings.lastError?.message ?? notReadYet(providerName));
      }
      const items = metadata.payload
        ? viewType === 'businessUnit'
          ? metadata.payload.businessUnits
          : metadata.payload.jobTypes
        : [];
      let freshness = staleness(bookings, at);
      const measured = measureOf(input, providerName);
      if (measured.hours && !freshness.stale && measured.hours.snapshot.lastError) {
        freshness = { stale: true, staleReason: measured.hours.snapshot.lastError.message };
      }
      const hoursOfDays =
        measured.hours && measured.hours.snapshot.payload
          ? hoursFor(
              measured.hours.snapshot.payload,
              bookings.payload,
              days,
              measured.hours.timeZone,
            )
          : null;
      // Numbers without names are still numbers, but the board must say why rows show ids.
      const namesMissing = metadata.payload
        ? null
        : `${viewType === 'businessUnit' ? 'Business unit' : 'Job type'} names could not be read from ${providerName}, so rows show their ids: ${metadata.lastError?.message ?? 'no answer yet'}`;
      return {
        days: buildBoardDays({
          counts: countFor(bookings.payload, days, viewType, todayStartMs),
          items,
          viewType,
          preferences,
          groups,
          itemIds: itemIds ?? null,
          ...(hoursOfDays
            ? {
                hours: {
                  of: (index: number) => hoursOfDays.days[index]?.items ?? NO_ITEMS,
                  lastWeekOf: (index: number) => {
                    const items = hoursOfDays.lastWeek[index]?.items;
                    // A week the platform told nothing of (no frames, no shifts): not known.
                    return items && items.size > 0 ? items : null;
                  },
                },
              }
            : {}),
        }).map((day, index) => {
          // Pace works on what the board measures: hours booked of capacity (by the set curve: the
          // board's history is of jobs), or jobs of target.
          const { scheduled, target } = day.hours
            ? { scheduled: day.hours.booked, target: day.hours.capacity }
            : capacityTotals(day.data);
          const goal = pace.goals[index] ?? 100;
          const peers =
            pace.history && !day.hours
              ? peerCounts(
                  pace.history,
                  momentOf(at, day.date, index + 1, pace.calendar),
                  pace.calendar.timeZone,
                )
              : { counts: [], known: 0 };
          const judged =
            judgeByHistory({ scheduled, target, goal, peers: peers.counts, known: peers.known }) ??
            judgeByCurve({
              scheduled,
              target,
              goal,
              curve: pace.curve,
              dayIndex: index,
              elapsed: pace.elapsed,
            });
          return {
            ...day,
            expectedPercent: judged.expectedPercent,
            pace: judged.status,
            paceBy: {
              basis: judged.basis,
              days: peers.known,
              usual: judged.usual,
            },
          };
        }),
        fetchedAt: bookings.fetchedAt?.toISOString() ?? null,
        ...(namesMissing && !freshness.stale
          ? { stale: true, staleReason: namesMissing }
          : freshness),
        refreshIntervalSeconds,
        ...(input.hours
          ? {
              measure: hoursOfDays ? ('hours' as const) : ('jobs' as const),
              hoursSource: hoursOfDays ? measured.source : null,
              measureNote: measured.note,
            }
          : {}),
      };
    },
  };
}

const NO_ITEMS: ReadonlyMap<number, ItemHours> = new Map();

interface HoursOfDays {
  days: DayHours[];
  lastWeek: DayHours[];
}

/**
 * What an hours board can show (issue 35): its hours when they were read, else why it counts
 * jobs; and in words where the hours came from.
 */
function measureOf(
  input: BoardAnswerInput,
  providerName: string,
): {
  hours: { snapshot: Snapshot<HoursReading>; timeZone: string } | null;
  source: 'capacity' | 'shifts' | null;
  note: string | null;
} {
  if (!input.hours) return { hours: null, source: null, note: null };
  const { snapshot, timeZone } = input.hours;
  if (!snapshot) {
    return {
      hours: null,
      source: null,
      note: `${providerName} does not give technician hours, so this board counts jobs.`,
    };
  }
  const reading = snapshot.payload;
  // Refused (a permission taken away) is not a passing failure: the last hours would never
  // refresh, so the board counts jobs and says what to ask for.
  if (!reading || snapshot.lastError?.kind === 'forbidden') {
    return {
      hours: null,
      source: null,
      note:
        snapshot.lastError?.message ??
        `${providerName} has not given the technician hours yet, so this board counts jobs until it does.`,
    };
  }
  if (reading.source === 'capacity') {
    return {
      hours: { snapshot, timeZone },
      source: 'capacity',
      note: `Hours from ${providerName}'s capacity planning.`,
    };
  }
  return {
    hours: { snapshot, timeZone },
    source: 'shifts',
    note:
      reading.why === 'not_set_up'
        ? `Hours from technician shifts: capacity planning is not set up in ${providerName}.`
        : `Hours from technician shifts: ${providerName} does not let the app read its capacity planning${reading.refusedScope ? ` (ask your ${providerName} admin to allow the "${reading.refusedScope}" API scope for this app)` : ''}.`,
  };
}
