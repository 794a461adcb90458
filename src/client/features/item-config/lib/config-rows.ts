import type { ItemGroup } from '../../../../shared/api/item-groups';
import {
  DEFAULT_DAY_TARGET,
  dayTargetSchema,
  type ItemPreference,
} from '../../../../shared/api/preferences';
import type { NamedItem } from '../../../../shared/api/providers';

/** One table row: a provider item with its preference or the seed's defaults (section 4). */
export interface ConfigRow {
  id: number;
  providerName: string;
  customName: string | null;
  /** The custom name, else the provider's. */
  displayName: string;
  enabled: boolean;
  groupId: number | null;
  groupName: string | null;
  day1Target: number;
  day2Target: number;
  day3Target: number;
}

export type ConfigSortKey = 'name' | 'group';
export interface ConfigSort {
  key: ConfigSortKey;
  direction: 'asc' | 'desc';
}
export const DEFAULT_CONFIG_SORT: ConfigSort = { key: 'name', direction: 'asc' };

export function buildConfigRows(
  items: readonly NamedItem[],
  preferences: readonly ItemPreference[],
  groups: readonly ItemGroup[],
): ConfigRow[] {
  const preferenceOf = new Map(preferences.map((p) => [p.itemId, p]));
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  return items.map((item) => {
    const p = preferenceOf.get(item.id);
    const groupId = p?.groupId != null && groupName.has(p.groupId) ? p.groupId : null;
    return {
      id: item.id,
      providerName: item.name,
      customName: p?.customName ?? null,
      displayName: p?.customName ?? item.name,
      enabled: p?.enabled ?? true,
      groupId,
      groupName: groupId === null ? null : groupName.get(groupId)!,
      day1Target: p?.day1Target ?? DEFAULT_DAY_TARGET,
      day2Target: p?.day2Target ?? DEFAULT_DAY_TARGET,
      day3Target: p?.day3Target ?? DEFAULT_DAY_TARGET,
    };
  });
}

const byName = (a: ConfigRow, b: ConfigRow) =>
  a.displayName.toLowerCase().localeCompare(b.displayName.toLowerCase()) || a.id - b.id;

/**
 * Seed section 2: by name, case-insensitive on the display name; by group, on the group name
 * with ungrouped rows last ascending and first descending (ties by name, ascending).
 */
export function sortConfigRows(rows: readonly ConfigRow[], sort: ConfigSort): ConfigRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (sort.key === 'name') return sign * byName(a, b);
    if (a.groupName === null || b.groupName === null) {
      if (a.groupName === b.groupName) return byName(a, b);
      return sign * (a.groupName === null ? 1 : -1);
    }
    return (
      sign * a.groupName.toLowerCase().localeCompare(b.groupName.toLowerCase()) || byName(a, b)
    );
  });
}

/** Clicking the active column flips its direction; another column sorts ascending. */
export function nextConfigSort(current: ConfigSort, key: ConfigSortKey): ConfigSort {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}

/** Rows whose display or provider name contains the search text (case-insensitive). */
export function filterConfigRows(rows: readonly ConfigRow[], search: string): ConfigRow[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter(
    (r) =>
      r.displayName.toLowerCase().includes(needle) || r.providerName.toLowerCase().includes(needle),
  );
}

/** Seed section 5: a day target is saved only as a whole number greater than 0. */
export function parseDayTarget(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return dayTargetSchema.safeParse(n).success ? n : null;
}

/**
 * Seed section 4: the custom name saved from an edit. `undefined`: nothing to save (empty, or
 * unchanged); `null`: back to the provider's name; otherwise the new custom name.
 */
export function customNameToSave(row: ConfigRow, draft: string): string | null | undefined {
  const name = draft.trim();
  if (!name) return undefined;
  const next = name === row.providerName ? null : name;
  return next === row.customName ? undefined : next;
}
