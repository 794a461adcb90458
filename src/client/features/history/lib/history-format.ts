import type { HistoryDay, HistoryItem } from '@shared/api/history';
import { capacityPercent } from '@shared/capacity/percent';

/**
 * The History page's words and sums (issue 27): dates as a reader says them, each day's total
 * and the items of a range as table columns.
 */

const DATE = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** `2025-06-09` → `Mon, Jun 9` (a calendar date: no zone moves it). */
export const dayLabel = (date: string) => DATE.format(new Date(`${date}T12:00:00Z`));

/** An instant in the board's zone: `Thu, Jun 5, 8:00 AM`. */
export function momentLabel(at: string | number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(at));
}

/** A day's total over the items the board shows, as the board's own total is made. */
export function dayTotal(day: Pick<HistoryDay, 'items'>): {
  scheduled: number;
  target: number;
  percent: number;
} {
  const scheduled = day.items.reduce((sum, item) => sum + item.scheduled, 0);
  const target = day.items.reduce((sum, item) => sum + item.target, 0);
  return { scheduled, target, percent: capacityPercent(scheduled, target) };
}

/** The items of a range, in the order they first appear (a column each). */
export function itemColumns(days: readonly HistoryDay[]): { key: string; name: string }[] {
  const columns = new Map<string, string>();
  for (const day of days) {
    for (const item of day.items) {
      const key = String(item.id);
      if (!columns.has(key)) columns.set(key, item.name);
    }
  }
  return [...columns].map(([key, name]) => ({ key, name }));
}

/** One item's numbers on a day, by its column key. */
export const itemOf = (day: HistoryDay, key: string): HistoryItem | undefined =>
  day.items.find((item) => String(item.id) === key);
