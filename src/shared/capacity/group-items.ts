import { sumHours, type ItemHours } from './hours.js';

/**
 * Seed section 4 grouping, generic over business units and job types: items whose preference
 * names a group merge into one row named after the group (scheduled and target summed); items
 * whose preference is disabled are hidden; an item with no preference is shown on its own. The
 * result is sorted by name.
 */

export interface GroupableItem {
  id: number | string;
  name: string;
  scheduled: number;
  target: number;
  /** Of `scheduled`, how many were booked today (summed in a group), when known. */
  newToday?: number;
  /** Its technician hours on an hours board (issue 35; summed in a group). */
  hours?: ItemHours;
  /** Its technicians on the same weekday a week before, when known (summed in a group). */
  techniciansLastWeek?: number;
}

/** The parts of a business-unit or job-type preference grouping reads, keyed by the item id. */
export interface GroupingPreference {
  itemId: number | string;
  enabled: boolean;
  groupId: number | null;
  customName?: string | null;
}

export interface GroupingGroup {
  id: number;
  name: string;
}

export interface GroupedItem {
  /** The item's own id, or `group:<id>` for a merged group row. */
  id: string;
  name: string;
  scheduled: number;
  target: number;
  newToday?: number;
  hours?: ItemHours;
  techniciansLastWeek?: number;
  /** The group merged into this row, or null for a single item. */
  groupId: number | null;
  /** Ids of the items that make up this row. */
  itemIds: (number | string)[];
}

/** The parts of an item only some boards have, copied when present. */
const optionalParts = (item: GroupableItem) => ({
  ...(item.newToday === undefined ? {} : { newToday: item.newToday }),
  ...(item.hours === undefined ? {} : { hours: item.hours }),
  ...(item.techniciansLastWeek === undefined
    ? {}
    : { techniciansLastWeek: item.techniciansLastWeek }),
});

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.name.localeCompare(b.name);

export function groupItems(
  items: readonly GroupableItem[],
  preferences: readonly GroupingPreference[],
  groups: readonly GroupingGroup[],
): GroupedItem[] {
  const preferenceOf = new Map(preferences.map((p) => [String(p.itemId), p]));
  const groupOf = new Map(groups.map((g) => [g.id, g]));
  const merged = new Map<number, GroupedItem>();
  const result: GroupedItem[] = [];
  for (const item of items) {
    const preference = preferenceOf.get(String(item.id));
    if (preference && !preference.enabled) continue;
    const group = preference?.groupId != null ? groupOf.get(preference.groupId) : undefined;
    if (group) {
      const row = merged.get(group.id);
      if (row) {
        row.scheduled += item.scheduled;
        row.target += item.target;
        if (item.newToday !== undefined) row.newToday = (row.newToday ?? 0) + item.newToday;
        if (item.hours) row.hours = row.hours ? sumHours([row.hours, item.hours]) : item.hours;
        if (item.techniciansLastWeek !== undefined)
          row.techniciansLastWeek = (row.techniciansLastWeek ?? 0) + item.techniciansLastWeek;
        row.itemIds.push(item.id);
      } else {
        const created: GroupedItem = {
          id: `group:${group.id}`,
          name: group.name,
          scheduled: item.scheduled,
          target: item.target,
          ...optionalParts(item),
          groupId: group.id,
          itemIds: [item.id],
        };
        merged.set(group.id, created);
        result.push(created);
      }
      continue;
    }
    // A group that no longer exists leaves its members ungrouped, as deleting a group does.
    const customName = preference?.customName?.trim();
    result.push({
      id: String(item.id),
      name: customName ? customName : item.name,
      scheduled: item.scheduled,
      target: item.target,
      ...optionalParts(item),
      groupId: null,
      itemIds: [item.id],
    });
  }
  return result.sort(byName);
}
