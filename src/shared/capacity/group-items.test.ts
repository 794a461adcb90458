import { describe, expect, it } from 'vitest';
import { groupItems } from './group-items.js';

const items = [
  { id: 1, name: 'Plumbing Service', scheduled: 4, target: 5 },
  { id: 2, name: 'plumbing install', scheduled: 2, target: 5 },
  { id: 3, name: 'HVAC Service', scheduled: 7, target: 8 },
  { id: 4, name: 'Electrical', scheduled: 1, target: 5 },
  { id: 5, name: 'Drains', scheduled: 3, target: 4 },
];
const groups = [{ id: 10, name: 'Plumbing' }];

describe('groupItems', () => {
  it('merges grouped items into one row named after the group, summing scheduled and target', () => {
    const result = groupItems(
      items,
      [
        { itemId: 1, enabled: true, groupId: 10 },
        { itemId: 2, enabled: true, groupId: 10 },
        { itemId: 5, enabled: true, groupId: 10 },
      ],
      groups,
    );
    expect(result.map((r) => [r.name, r.scheduled, r.target])).toEqual([
      ['Electrical', 1, 5],
      ['HVAC Service', 7, 8],
      ['Plumbing', 9, 14],
    ]);
    expect(result[2]).toMatchObject({ id: 'group:10', groupId: 10, itemIds: [1, 2, 5] });
  });

  it('hides disabled items, even inside a group, and shows items with no preference', () => {
    const result = groupItems(
      items,
      [
        { itemId: 3, enabled: false, groupId: null },
        { itemId: 1, enabled: false, groupId: 10 },
        { itemId: 2, enabled: true, groupId: 10 },
      ],
      groups,
    );
    expect(result.map((r) => [r.name, r.scheduled])).toEqual([
      ['Drains', 3],
      ['Electrical', 1],
      ['Plumbing', 2],
    ]);
  });

  it('uses a custom name for a single item and leaves members of a deleted group alone', () => {
    const result = groupItems(
      items,
      [
        { itemId: 4, enabled: true, groupId: null, customName: '  Sparky  ' },
        { itemId: 5, enabled: true, groupId: 99 },
        { itemId: 3, enabled: true, groupId: null, customName: '' },
      ],
      groups,
    );
    expect(result.map((r) => r.name)).toEqual([
      'Drains',
      'HVAC Service',
      'plumbing install',
      'Plumbing Service',
      'Sparky',
    ]);
  });

  it('matches preferences to items whether ids are numbers or strings', () => {
    const result = groupItems(items, [{ itemId: '4', enabled: false, groupId: null }], []);
    expect(result.map((r) => r.id)).not.toContain('4');
    expect(result).toHaveLength(4);
  });

  it('gives an empty list for no items', () => {
    expect(groupItems([], [], groups)).toEqual([]);
  });
});
