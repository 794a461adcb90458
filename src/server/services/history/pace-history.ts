import type { ItemType } from '../../../shared/api/item-groups.js';
import { addDays, workingDaysBetween } from '../../../shared/calendar/display-days.js';
import {
  PACE_HISTORY_WEEKS,
  pastDayOf,
  type PaceCalendar,
  type PastDay,
} from '../../../shared/capacity/pace-model.js';
import type { Database } from '../../db/index.js';
import { readFillRows } from './history-store.js';

/**
 * The board's own past days as the pace model reads them (decision 038): each working day of the
 * board's calendar from `from` to `to` that has history, its total over time counting only the
 * board's items (`counts`), known from its first row on.
 */
export async function readPastDays(
  db: Database,
  input: {
    companyId: number;
    viewType: ItemType;
    calendar: PaceCalendar;
    from: string;
    to: string;
    counts: (itemId: number) => boolean;
  },
): Promise<PastDay[]> {
  const { calendar } = input;
  const rows = await readFillRows(db, input.companyId, input.viewType, input.from, input.to);
  const byDay = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = byDay.get(row.day) ?? [];
    list.push(row);
    byDay.set(row.day, list);
  }
  const days: PastDay[] = [];
  for (const day of workingDaysBetween({ from: input.from, to: input.to, ...calendar })) {
    const dayRows = byDay.get(day.date);
    if (!dayRows) continue;
    const past = pastDayOf({
      date: day.date,
      rows: dayRows.map((row) => ({
        itemId: row.itemId,
        scheduled: row.scheduled,
        atMs: row.recordedAt.getTime(),
      })),
      counts: input.counts,
      calendar,
    });
    if (past) days.push(past);
  }
  return days;
}

/** The dates the pace model looks at for a moment on `today`: the 8 weeks before it. */
export function paceWindow(today: string): { from: string; to: string } {
  return { from: addDays(today, -PACE_HISTORY_WEEKS * 7), to: addDays(today, -1) };
}
