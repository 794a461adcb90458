import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, filterRows, nextSort, sortRows } from './sort-rows.js';

const rows = [
  { name: 'beta', scheduled: 5, target: 10 }, // 50 %
  { name: 'Alpha', scheduled: 9, target: 10 }, // 90 %
  { name: 'gamma', scheduled: 2, target: 1 }, // 200 %
  { name: 'Delta', scheduled: 5, target: 0 }, // 0 %
];
const names = (r: { name: string }[]) => r.map((x) => x.name);

describe('sortRows', () => {
  it('sorts by name case-insensitively, ascending by default', () => {
    expect(DEFAULT_SORT).toEqual({ key: 'name', direction: 'asc' });
    expect(names(sortRows(rows, DEFAULT_SORT))).toEqual(['Alpha', 'beta', 'Delta', 'gamma']);
    expect(names(sortRows(rows, { key: 'name', direction: 'desc' }))).toEqual([
      'gamma',
      'Delta',
      'beta',
      'Alpha',
    ]);
  });

  it('sorts numbers numerically, ties by name', () => {
    expect(names(sortRows(rows, { key: 'scheduled', direction: 'asc' }))).toEqual([
      'gamma',
      'beta',
      'Delta',
      'Alpha',
    ]);
    expect(names(sortRows(rows, { key: 'target', direction: 'desc' }))).toEqual([
      'Alpha',
      'beta',
      'gamma',
      'Delta',
    ]);
    expect(names(sortRows(rows, { key: 'capacity', direction: 'desc' }))).toEqual([
      'gamma',
      'Alpha',
      'beta',
      'Delta',
    ]);
  });

  it('leaves the input untouched', () => {
    const copy = [...rows];
    sortRows(rows, { key: 'capacity', direction: 'asc' });
    expect(rows).toEqual(copy);
  });
});

describe('nextSort', () => {
  it('flips the active column and starts a new column ascending', () => {
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({
      key: 'name',
      direction: 'desc',
    });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'name')).toEqual({
      key: 'name',
      direction: 'asc',
    });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'capacity')).toEqual({
      key: 'capacity',
      direction: 'asc',
    });
  });
});

describe('filterRows', () => {
  it('keeps rows whose name contains the search text, ignoring case', () => {
    expect(names(filterRows(rows, ' ALP '))).toEqual(['Alpha']);
    expect(filterRows(rows, '')).toHaveLength(4);
  });
});
