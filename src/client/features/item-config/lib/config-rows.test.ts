import { describe, expect, it } from 'vitest';
import {
  buildConfigRows,
  customNameToSave,
  filterConfigRows,
  nextConfigSort,
  parseDayTarget,
  sortConfigRows,
} from './config-rows';

const items = [
  { id: 1, name: 'beta' },
  { id: 2, name: 'Alpha' },
  { id: 3, name: 'gamma' },
  { id: 4, name: 'Delta' },
];
const groups = [
  { id: 10, name: 'zone', type: 'jobType' as const },
  { id: 11, name: 'Area', type: 'jobType' as const },
];
const pref = (itemId: number, values: object) => ({
  id: itemId,
  companyId: 1,
  type: 'jobType' as const,
  itemId,
  enabled: true,
  customName: null,
  groupId: null,
  targetCapacity: 5,
  day1Target: 5,
  day2Target: 5,
  day3Target: 5,
  ...values,
});
const rows = buildConfigRows(
  items,
  [
    pref(1, { groupId: 10 }),
    pref(3, { groupId: 11, customName: 'aardvark' }),
    pref(4, { groupId: 99 }),
  ],
  groups,
);
const names = (list: { displayName: string }[]) => list.map((r) => r.displayName);

describe('configuration rows', () => {
  it('applies the seed defaults and ignores a group that no longer exists', () => {
    expect(rows.find((r) => r.id === 2)).toMatchObject({
      enabled: true,
      customName: null,
      displayName: 'Alpha',
      groupId: null,
      day1Target: 5,
    });
    expect(rows.find((r) => r.id === 4)!.groupId).toBeNull();
  });

  it('sorts by display name case-insensitively, both ways', () => {
    expect(names(sortConfigRows(rows, { key: 'name', direction: 'asc' }))).toEqual([
      'aardvark',
      'Alpha',
      'beta',
      'Delta',
    ]);
    expect(names(sortConfigRows(rows, { key: 'name', direction: 'desc' }))).toEqual([
      'Delta',
      'beta',
      'Alpha',
      'aardvark',
    ]);
  });

  it('sorts by group with ungrouped last ascending and first descending', () => {
    expect(names(sortConfigRows(rows, { key: 'group', direction: 'asc' }))).toEqual([
      'aardvark',
      'beta',
      'Alpha',
      'Delta',
    ]);
    expect(names(sortConfigRows(rows, { key: 'group', direction: 'desc' }))).toEqual([
      'Alpha',
      'Delta',
      'beta',
      'aardvark',
    ]);
  });

  it('flips the active column and starts another ascending', () => {
    expect(nextConfigSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({
      key: 'name',
      direction: 'desc',
    });
    expect(nextConfigSort({ key: 'name', direction: 'desc' }, 'group')).toEqual({
      key: 'group',
      direction: 'asc',
    });
  });

  it('filters by display or provider name', () => {
    expect(names(filterConfigRows(rows, ' GAM '))).toEqual(['aardvark']);
    expect(names(filterConfigRows(rows, 'ph'))).toEqual(['Alpha']);
    expect(filterConfigRows(rows, '')).toHaveLength(4);
  });

  it('accepts only whole day targets above 0', () => {
    expect(parseDayTarget('12')).toBe(12);
    expect(parseDayTarget(' 7 ')).toBe(7);
    for (const bad of ['0', '', '2.5', '-3', 'abc', '1e3', '100001']) {
      expect(parseDayTarget(bad), bad).toBeNull();
    }
  });

  it('stores null for the provider name and nothing for empty or unchanged names', () => {
    const alpha = rows.find((r) => r.id === 2)!;
    const gamma = rows.find((r) => r.id === 3)!;
    expect(customNameToSave(alpha, '  Front  ')).toBe('Front');
    expect(customNameToSave(alpha, '   ')).toBeUndefined();
    expect(customNameToSave(alpha, 'Alpha')).toBeUndefined();
    expect(customNameToSave(gamma, 'gamma')).toBeNull();
    expect(customNameToSave(gamma, 'aardvark')).toBeUndefined();
  });
});
