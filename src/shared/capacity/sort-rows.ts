import { capacityPercent } from './percent.js';

/** Sortable columns of a day card's table. */
export const SORT_KEYS = ['name', 'scheduled', 'target', 'capacity'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

export const DEFAULT_SORT: SortState = { key: 'name', direction: 'asc' };

export interface SortableRow {
  name: string;
  scheduled: number;
  target: number;
}

/** Clicking the active column flips the direction; a different column sorts ascending. */
export function nextSort(current: SortState, clicked: SortKey): SortState {
  if (current.key === clicked)
    return { key: clicked, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key: clicked, direction: 'asc' };
}

function compareNames(a: string, b: string): number {
  return a.localeCompare(b, undefined, { sensitivity: 'base' });
}

function valueOf(row: SortableRow, key: Exclude<SortKey, 'name'>): number {
  if (key === 'capacity') return capacityPercent(row.scheduled, row.target);
  return row[key];
}

/**
 * A sorted copy: names case-insensitively, numbers numerically; ties fall back to the name
 * (ascending) so the order is stable whichever way the column points.
 */
export function sortRows<T extends SortableRow>(rows: readonly T[], sort: SortState): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (sort.key === 'name') return sign * compareNames(a.name, b.name);
    const diff = valueOf(a, sort.key) - valueOf(b, sort.key);
    return diff !== 0 ? sign * diff : compareNames(a.name, b.name);
  });
}

/** Keeps rows whose name contains the search text, case-insensitively; blank keeps all. */
export function filterRows<T extends { name: string }>(rows: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) => row.name.toLowerCase().includes(needle));
}
