import type { CapacityResponse } from '../../../shared/api/capacity.js';
import type { ItemType } from '../../../shared/api/item-groups.js';
import type { LocalDay } from '../../../shared/calendar/display-days.js';
import { countJobs, type DayCounts } from '../../../shared/capacity/count-jobs.js';
import { expectedPercent, paceStatus } from '../../../shared/capacity/pace.js';
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
  /** The company's platform, as its words name it ("ServiceTitan"). */
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
  /** The pace curve (% of target per day ahead) and how much of today's working day is gone. */
  pace: { curve: readonly number[]; elapsed: number };
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
      const freshness = staleness(bookings, at);
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
        }).map((day, index) => {
          const expected = expectedPercent(pace.curve, index, pace.elapsed);
          return {
            ...day,
            expectedPercent: expected,
            pace: paceStatus(capacityTotals(day.data).percent, expected),
          };
        }),
        fetchedAt: bookings.fetchedAt?.toISOString() ?? null,
        ...(namesMissing && !freshness.stale
          ? { stale: true, staleReason: namesMissing }
          : freshness),
        refreshIntervalSeconds,
      };
    },
  };
}
