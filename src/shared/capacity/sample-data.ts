/**
 * What a signed-out visitor (landing live preview, /customize) sees instead of live numbers:
 * business units Residential and Commercial, job types Installation, Maintenance and Repair,
 * with figures that show all three table colours.
 */

export interface SampleCapacityItem {
  id: number;
  name: string;
  scheduled: number;
  target: number;
  newToday: number;
  type: 'businessUnit' | 'jobType';
}

export interface SampleCapacityDay {
  data: SampleCapacityItem[];
}

/** [scheduled, target] for day 1, 2 and 3: the first day is fuller, as real boards are. */
const SAMPLE: {
  id: number;
  name: string;
  type: SampleCapacityItem['type'];
  days: [number, number][];
}[] = [
  {
    id: 1,
    name: 'Residential',
    type: 'businessUnit',
    days: [
      [19, 20],
      [14, 18],
      [9, 16],
    ],
  },
  {
    id: 2,
    name: 'Commercial',
    type: 'businessUnit',
    days: [
      [11, 12],
      [8, 10],
      [4, 10],
    ],
  },
  {
    id: 101,
    name: 'Installation',
    type: 'jobType',
    days: [
      [6, 6],
      [4, 5],
      [2, 5],
    ],
  },
  {
    id: 102,
    name: 'Maintenance',
    type: 'jobType',
    days: [
      [14, 15],
      [11, 14],
      [8, 12],
    ],
  },
  {
    id: 103,
    name: 'Repair',
    type: 'jobType',
    days: [
      [10, 11],
      [7, 9],
      [3, 9],
    ],
  },
];

/** Sample days for a view type (anything but businessUnit counts as job types, as in the seed). */
export function sampleCapacityDays(viewType: string, dayCount = 3): SampleCapacityDay[] {
  const type: SampleCapacityItem['type'] = viewType === 'businessUnit' ? 'businessUnit' : 'jobType';
  const items = SAMPLE.filter((s) => s.type === type);
  return Array.from({ length: Math.max(0, dayCount) }, (_, day) => ({
    data: items.map((s) => {
      // Beyond the third day, repeat the last day's shape so any N still looks plausible.
      const [scheduled, target] = s.days[Math.min(day, s.days.length - 1)] ?? [0, 0];
      return { id: s.id, name: s.name, scheduled, target, newToday: 0, type: s.type };
    }),
  }));
}
