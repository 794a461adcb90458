import type { FillPoint, HistoryDay } from '../../../shared/api/history.js';
import type { ItemType } from '../../../shared/api/item-groups.js';
import type { NamedItem } from '../../../shared/api/servicetitan.js';
import { localDayOf, type LocalDay } from '../../../shared/calendar/display-days.js';
import { capacityPercent } from '../../../shared/capacity/percent.js';
import type { HistorySource } from '../../db/schema.js';
import type { GroupingGroup } from '../../../shared/capacity/group-items.js';
import { buildBoardDays } from '../capacity/build-board-days.js';
import type { ItemPreference } from '../preferences/preference-store.js';
import type { HistoryFinal } from './history-store.js';

/**
 * A board's history days from each day's final rows (issue 27): only the board's working days
 * that have history, its view type's items as the board shows them (picked items, groups
 * merged, hidden items left out, custom names) by the same rule as the live board, with the
 * numbers and targets as recorded. A day is `reconstructed` when any of its rows is.
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
  const built = buildBoardDays({
    counts: days.map((day, index) => ({
      date: day.date,
      counts: new Map([...rowsOf[index]!].map(([id, row]) => [id, row.scheduled])),
      newToday: new Map(),
    })),
    // Items ServiceTitan no longer lists are named by their id (buildBoardDays' rule).
    items: input.items.filter((item) => known.has(item.id)),
    viewType: input.viewType,
    preferences: input.preferences,
    groups: input.groups,
    itemIds: input.itemIds,
    targetOf: (dayIndex, id) => rowsOf[dayIndex]?.get(id)?.target ?? 0,
  });
  return built.map((day) => ({
    date: day.date,
    source: byDay.get(day.date)!.some((row) => row.source === 'reconstructed')
      ? 'reconstructed'
      : 'recorded',
    items: day.data.map((item) => ({
      id: item.id,
      name: item.name,
      scheduled: item.scheduled,
      target: item.target,
    })),
  }));
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
