import type { CapacityDay } from '../../../shared/api/capacity.js';
import type { ItemType } from '../../../shared/api/item-groups.js';
import { DEFAULT_DAY_TARGET } from '../../../shared/api/preferences.js';
import type { NamedItem } from '../../../shared/api/providers.js';
import type { DayCounts } from '../../../shared/capacity/count-jobs.js';
import { groupItems, type GroupingGroup } from '../../../shared/capacity/group-items.js';
import { sumHours, type ItemHours } from '../../../shared/capacity/hours.js';
import type { ItemPreference } from '../preferences/preference-store.js';

const FALLBACK_NAME: Record<ItemType, string> = {
  businessUnit: 'Business unit',
  jobType: 'Job type',
};

const NO_HOURS: ItemHours = { capacity: 0, booked: 0, open: 0, technicians: 0 };

function targetFor(preference: ItemPreference | undefined, dayIndex: number): number {
  if (!preference) return DEFAULT_DAY_TARGET;
  if (dayIndex === 0) return preference.day1Target;
  if (dayIndex === 1) return preference.day2Target;
  return preference.day3Target;
}

/**
 * The items a board shows (issue 26): every item when it picked none; else the items it picked
 * and the members of the groups it picked. An item picked on its own whose group was not picked
 * is shown on its own (its group would bring in items the board did not pick).
 */
function pickItems(
  ids: number[],
  preferences: ItemPreference[],
  itemIds: readonly (number | string)[] | null,
): { ids: number[]; ungrouped: Set<number> } {
  if (itemIds === null || itemIds.length === 0) return { ids, ungrouped: new Set() };
  const picked = new Set(itemIds.map(String));
  const groupOf = new Map(preferences.map((p) => [String(p.itemId), p.groupId]));
  const groupPicked = (id: number) => {
    const groupId = groupOf.get(String(id));
    return groupId != null && picked.has(`group:${groupId}`);
  };
  const shown = ids.filter((id) => picked.has(String(id)) || groupPicked(id));
  return { ids: shown, ungrouped: new Set(shown.filter((id) => !groupPicked(id))) };
}

/**
 * Whether an item counts in the board's totals: shown (every item when the board picked none;
 * else picked, on its own or in a picked group) and not hidden. The pace model (decision 038)
 * reads the board's past days by it, so they add up as the board's days do.
 */
export function countsOnBoard(
  preferences: ItemPreference[],
  itemIds: readonly (number | string)[] | null,
): (itemId: number) => boolean {
  const hidden = new Set(preferences.filter((p) => !p.enabled).map((p) => Number(p.itemId)));
  const known = new Map<number, boolean>();
  return (itemId) => {
    let counts = known.get(itemId);
    if (counts === undefined) {
      counts = !hidden.has(itemId) && pickItems([itemId], preferences, itemIds).ids.length === 1;
      known.set(itemId, counts);
    }
    return counts;
  };
}

/**
 * The board's rows for each day: every active item of the view (zero when nothing is booked),
 * plus any item with bookings that the platform no longer lists as active, so totals match.
 * Targets come from the user's preference for that day (day1Target for the first displayed
 * day...); hidden items are dropped and groups merged by the shared grouping rule.
 */
export function buildBoardDays(options: {
  counts: DayCounts[];
  items: NamedItem[];
  viewType: ItemType;
  preferences: ItemPreference[];
  groups: GroupingGroup[];
  /** The items and groups the board picked; null: every item. */
  itemIds?: readonly (number | string)[] | null;
  /** Each item's target on a day when it is known otherwise (history: as recorded). */
  targetOf?: (dayIndex: number, itemId: number) => number;
  /**
   * An hours board (issue 35): each business unit's hours per day (none: zero), and its
   * technicians on the same weekday a week before (null for the day: not known).
   */
  hours?: {
    of: (dayIndex: number) => ReadonlyMap<number, ItemHours>;
    lastWeekOf: (dayIndex: number) => ReadonlyMap<number, ItemHours> | null;
  };
}): Omit<CapacityDay, 'expectedPercent' | 'pace' | 'paceBy'>[] {
  const { counts, items, viewType, preferences, groups } = options;
  const nameOf = new Map(items.map((item) => [item.id, item.name]));
  const ids = items.map((item) => item.id);
  for (const day of counts) {
    for (const id of day.counts.keys()) {
      if (!nameOf.has(id)) {
        nameOf.set(id, `${FALLBACK_NAME[viewType]} ${id}`);
        ids.push(id);
      }
    }
  }
  const { hours } = options;
  if (hours) {
    // Units with hours but no bookings and no listing still show (their crew is real).
    for (let dayIndex = 0; dayIndex < counts.length; dayIndex++) {
      for (const id of hours.of(dayIndex).keys()) {
        if (!nameOf.has(id)) {
          nameOf.set(id, `${FALLBACK_NAME[viewType]} ${id}`);
          ids.push(id);
        }
      }
    }
  }
  const preferenceOf = new Map(preferences.map((p) => [p.itemId, p]));
  const shown = pickItems(ids, preferences, options.itemIds ?? null);
  const groupingPreferences = preferences.map((p) => ({
    itemId: p.itemId,
    enabled: p.enabled,
    groupId: shown.ungrouped.has(Number(p.itemId)) ? null : p.groupId,
    customName: p.customName,
  }));

  return counts.map((day, dayIndex) => {
    const dayHours = hours?.of(dayIndex);
    const lastWeek = hours?.lastWeekOf(dayIndex);
    const rows = groupItems(
      shown.ids.map((id) => ({
        id,
        name: nameOf.get(id) ?? String(id),
        scheduled: day.counts.get(id) ?? 0,
        target: options.targetOf
          ? options.targetOf(dayIndex, id)
          : targetFor(preferenceOf.get(id), dayIndex),
        newToday: day.newToday.get(id) ?? 0,
        ...(dayHours ? { hours: dayHours.get(id) ?? NO_HOURS } : {}),
        ...(lastWeek ? { techniciansLastWeek: lastWeek.get(id)?.technicians ?? 0 } : {}),
      })),
      groupingPreferences,
      groups,
    );
    const data = rows.map((row) => ({
      // A single item keeps its platform id; a merged group is named by its group id.
      id: row.groupId === null && row.itemIds.length === 1 ? row.itemIds[0]! : row.id,
      name: row.name,
      scheduled: row.scheduled,
      target: row.target,
      newToday: row.newToday ?? 0,
      type: viewType,
      ...(row.hours
        ? {
            hours: { capacity: row.hours.capacity, booked: row.hours.booked, open: row.hours.open },
            technicians: row.hours.technicians,
          }
        : {}),
    }));
    if (!dayHours) return { date: day.date, data };
    const total = sumHours(rows.map((row) => row.hours ?? NO_HOURS));
    return {
      date: day.date,
      data,
      hours: { capacity: total.capacity, booked: total.booked, open: total.open },
      technicians: total.technicians,
      techniciansLastWeek: lastWeek
        ? rows.reduce((sum, row) => sum + (row.techniciansLastWeek ?? 0), 0)
        : null,
    };
  });
}
