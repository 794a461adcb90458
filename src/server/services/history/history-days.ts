import type { FillPoint, HistoryDay } from '../../../shared/api/history.js';
import type { ItemType } from '../../../shared/api/item-groups.js';
import type { NamedItem } from '../../../shared/api/providers.js';
import { localDayOf, type LocalDay } from '../../../shared/calendar/display-days.js';
import { capacityPercent } from '../../../shared/capacity/percent.js';
import { roundHours, type ItemHours } from '../../../shared/capacity/hours.js';
import { DEFAULT_DAY_TARGET } from '../../../shared/api/preferences.js';
import type { HistorySource } from '../../db/schema.js';
import type { GroupingGroup } from '../../../shared/capacity/group-items.js';
import { buildBoardDays } from '../capacity/build-board-days.js';
import type { ItemPreference } from '../preferences/preference-store.js';
import type { HistoryFinal } from './history-store.js';

/**
 * The target a history row is judged by (issue 33, item 3): a recorded row keeps the target the
 * board had when it was written; a reconstructed row (rebuilt from the platform after the fact,
 * when no target judged the day) takes the item's day-1 target in force now, the target a day
 * ends against.
 */
export function historyTargetOf(
  row: { target: number; source: HistorySource } | undefined,
  preference: ItemPreference | undefined,
): number {
  if (row && row.source === 'recorded') return row.target;
  return preference?.day1Target ?? DEFAULT_DAY_TARGET;
}

/**
 * A board's history days from each day's final rows (issue 27): only the board's working days
 * that have history, its view type's items as the board shows them (picked items, groups
 * merged, hidden items left out, custom names) by the same rule as the live board, with the
 * numbers as recorded. Recorded days keep the targets they had; reconstructed days are judged by
 * today's targets (`historyTargetOf`). A day is `reconstructed` when any of its rows is.
 */
export function historyDays(input: {
  finals: readonly HistoryFinal[];
  workingDays: readonly LocalDay[];
  viewType: ItemType;
  items: NamedItem[];
  preferences: ItemPreference[];
  groups: GroupingGroup[];
  itemIds: readonly (number | string)[] | null;
}): HistoryDay[] {
  const byDay = new Map<string, HistoryFinal[]>();
  for (const row of input.finals) {
    if (row.itemType !== input.viewType) continue;
    const rows = byDay.get(row.day) ?? [];
    rows.push(row);
    byDay.set(row.day, rows);
  }
  const days = input.workingDays.filter((day) => byDay.has(day.date));
  if (days.length === 0) return [];
  // The items that have history in the range (an item listed today but unknown then is not).
  const known = new Set<number>();
  for (const day of days) for (const row of byDay.get(day.date)!) known.add(row.itemId);
  const rowsOf = days.map(
    (day) => new Map(byDay.get(day.date)!.map((row) => [row.itemId, row] as const)),
  );
  const preferenceOf = new Map(input.preferences.map((p) => [p.itemId, p] as const));
  const hoursOf = rowsOf.map(recordedHours);
  const reconstructed = days.map((day) =>
    byDay.get(day.date)!.some((row) => row.source === 'reconstructed'),
  );
  const built = buildBoardDays({
    counts: days.map((day, index) => ({
      date: day.date,
      counts: new Map([...rowsOf[index]!].map(([id, row]) => [id, row.scheduled])),
      newToday: new Map(),
    })),
    // Items the platform no longer lists are named by their id (buildBoardDays' rule).
    items: input.items.filter((item) => known.has(item.id)),
    viewType: input.viewType,
    preferences: input.preferences,
    groups: input.groups,
    itemIds: input.itemIds,
    // A recorded day's item without a row had no target then; a reconstructed day's takes today's.
    targetOf: (dayIndex, id) => {
      const row = rowsOf[dayIndex]?.get(id);
      if (!row && !reconstructed[dayIndex]) return 0;
      return historyTargetOf(row, preferenceOf.get(id));
    },
    // Hours recorded beside the counts (issue 35), grouped and summed as the board does.
    hours: { of: (index) => hoursOf[index]!, lastWeekOf: () => null },
  });
  return built.map((day, index) => {
    const withHours = hoursOf[index]!.size > 0;
    return {
      date: day.date,
      source: reconstructed[index] ? 'reconstructed' : 'recorded',
      items: day.data.map((item) => ({
        id: item.id,
        name: item.name,
        scheduled: item.scheduled,
        target: item.target,
        ...(withHours && item.hours ? { hours: bookedOf(item.hours) } : {}),
      })),
      ...(withHours && day.hours ? { hours: bookedOf(day.hours) } : {}),
    };
  });
}

/** History's hours: booked of capacity. */
const bookedOf = (hours: { booked: number; capacity: number }) => ({
  booked: roundHours(hours.booked),
  capacity: roundHours(hours.capacity),
});

/** Each item's recorded hours on a day (none: the day recorded no hours). */
function recordedHours(rows: ReadonlyMap<number, HistoryFinal>): Map<number, ItemHours> {
  const hours = new Map<number, ItemHours>();
  for (const [id, row] of rows) {
    if (row.capacityHours == null || row.bookedHours == null) continue;
    hours.set(id, {
      capacity: row.capacityHours,
      booked: row.bookedHours,
      open: Math.max(0, row.capacityHours - row.bookedHours),
      technicians: 0,
    });
  }
  return hours;
}

/** One row of a day's history for one item, as `readDayRows` answers it. */
export interface HistoryDayRow {
  itemId: number;
  scheduled: number;
  target: number;
  recordedAt: Date;
  source: HistorySource;
}

/**
 * A day's fill curve (issue 27, History page): at each moment a row was written, the board's
 * total booked and target from every item's latest row by then, the items counted as the board
 * shows them (the same rule as `historyDays`, so the last point is the table's total).
 */
export function fillCurve(input: {
  date: string;
  rows: readonly HistoryDayRow[];
  viewType: ItemType;
  items: NamedItem[];
  preferences: ItemPreference[];
  groups: GroupingGroup[];
  itemIds: readonly (number | string)[] | null;
  timeZone: string;
}): FillPoint[] {
  const moments = [...new Set(input.rows.map((row) => row.recordedAt.getTime()))].sort(
    (a, b) => a - b,
  );
  const day = localDayOf(input.date, input.timeZone);
  const latest = new Map<number, HistoryDayRow>();
  const sorted = [...input.rows].sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime());
  let next = 0;
  const points: FillPoint[] = [];
  for (const moment of moments) {
    while (next < sorted.length && sorted[next]!.recordedAt.getTime() <= moment) {
      latest.set(sorted[next]!.itemId, sorted[next]!);
      next += 1;
    }
    const [built] = historyDays({
      finals: [...latest.values()].map((row) => ({
        day: input.date,
        itemType: input.viewType,
        itemId: row.itemId,
        scheduled: row.scheduled,
        target: row.target,
        source: row.source,
      })),
      workingDays: [day],
      viewType: input.viewType,
      items: input.items,
      preferences: input.preferences,
      groups: input.groups,
      itemIds: input.itemIds,
    });
    const scheduled = built?.items.reduce((sum, item) => sum + item.scheduled, 0) ?? 0;
    const target = built?.items.reduce((sum, item) => sum + item.target, 0) ?? 0;
    points.push({
      at: new Date(moment).toISOString(),
      scheduled,
      target,
      percent: capacityPercent(scheduled, target),
    });
  }
  return points;
}
