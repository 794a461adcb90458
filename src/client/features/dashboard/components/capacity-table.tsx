import type { CapacityItem } from '@shared/api/capacity';
import { hoursLine, sumHours } from '@shared/capacity/hours';
import { capacityLevel, type CapacityLevel } from '@shared/capacity/levels';
import { capacityPercent } from '@shared/capacity/percent';
import { sortRows, type SortKey, type SortState } from '@shared/capacity/sort-rows';
import { capacityTotals } from '@shared/capacity/totals';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

const LEVEL_CLASS: Record<CapacityLevel, string> = {
  red: 'text-level-low',
  yellow: 'text-level-mid',
  green: 'text-level-high',
};

/**
 * `short` is shown where the full labels would run into each other: the table's container is
 * measured in em (its own, scaled font), so the switch follows the text size, not the screen.
 */
const COLUMNS: {
  key: SortKey;
  label: string;
  short: string;
  numeric: boolean;
  /** Share of the table's width, sized to the label it must hold (the name takes the rest). */
  width?: string;
}[] = [
  { key: 'name', label: 'Name', short: 'Name', numeric: false },
  { key: 'scheduled', label: 'Scheduled', short: 'Sched', numeric: true, width: '23%' },
  { key: 'target', label: 'Target', short: 'Tgt', numeric: true, width: '16%' },
  { key: 'capacity', label: 'Capacity', short: 'Cap', numeric: true, width: '19%' },
];

/**
 * The full label is the name either way; where the short one shows, the full one is still read
 * out (visually hidden), and the short one is not.
 */
function ColumnLabel({ column }: { column: (typeof COLUMNS)[number] }) {
  return (
    <>
      <span className="sr-only @min-[36em]:not-sr-only @min-[36em]:truncate">{column.label}</span>
      <span className="truncate @min-[36em]:hidden" aria-hidden>
        {column.short}
      </span>
    </>
  );
}

/** An hours board's columns (issue 35): each row says its hours in words under its name. */
const HOURS_COLUMNS: typeof COLUMNS = [
  { key: 'name', label: 'Business unit', short: 'Unit', numeric: false },
  { key: 'capacity', label: 'Booked', short: 'Booked', numeric: true, width: '24%' },
];

export function CapacityTable({
  items,
  sort,
  onSort,
  hours = false,
}: {
  items: CapacityItem[];
  sort: SortState;
  /** Absent on a read-only board (a paired TV): plain headings, no sort buttons or arrows. */
  onSort?: ((key: SortKey) => void) | undefined;
  /** The board measures technician hours (issue 35): rows read hours of the crew's hours. */
  hours?: boolean;
}) {
  if (hours) return <HoursTable items={items} sort={sort} onSort={onSort} />;
  const rows = sortRows(items, sort);
  const totals = capacityTotals(items);
  return (
    <div className="@container">
      <table
        className="w-full table-fixed border-collapse text-[1.05em] tabular-nums"
        data-testid="capacity-table"
      >
        <TableHead columns={COLUMNS} sort={sort} onSort={onSort} />
        <tbody>
          {rows.length === 0 && <NothingRow columns={COLUMNS.length} />}
          {rows.map((row) => (
            <CapacityRow
              key={String(row.id)}
              percent={capacityPercent(row.scheduled, row.target)}
              padding="py-[0.45em]"
            >
              <td className="truncate py-[0.45em] pr-2 font-medium" title={row.name} data-fit-text>
                {row.name}
              </td>
              <td
                className="py-[0.45em] text-right font-semibold"
                title={`${row.newToday} of them booked today`}
              >
                {row.scheduled}
              </td>
              <td className="py-[0.45em] text-right text-muted-foreground">{row.target}</td>
            </CapacityRow>
          ))}
        </tbody>
        <tfoot>
          <TotalsRow percent={totals.percent}>
            <td className="py-[0.4em]">Total</td>
            <td className="py-[0.4em] text-right">{totals.scheduled}</td>
            <td className="py-[0.4em] text-right">{totals.target}</td>
          </TotalsRow>
        </tfoot>
      </table>
    </div>
  );
}

/** The one row of a day with nothing to show, across the table's `columns`. */
function NothingRow({ columns }: { columns: number }) {
  return (
    <tr>
      <td colSpan={columns} className="py-[0.8em] text-center text-muted-foreground">
        Nothing to show for this day
      </td>
    </tr>
  );
}

/**
 * A row of either table: its own cells (`children`), then the share booked in its level's
 * colour, padded as they are (`padding`).
 */
function CapacityRow({
  percent,
  padding,
  children,
}: {
  percent: number;
  padding: string;
  children: ReactNode;
}) {
  return (
    <tr className="border-b border-border/50" data-testid="capacity-row">
      {children}
      <td className={clsx(padding, 'text-right font-bold', LEVEL_CLASS[capacityLevel(percent)])}>
        {percent}%
      </td>
    </tr>
  );
}

/** The totals row of either table: its own cells, then the day's share booked. */
function TotalsRow({ percent, children }: { percent: number; children: ReactNode }) {
  return (
    <tr className="border-t-2 border-border font-bold" data-testid="capacity-totals">
      {children}
      <td className={clsx('py-[0.4em] text-right', LEVEL_CLASS[capacityLevel(percent)])}>
        {percent}%
      </td>
    </tr>
  );
}

function TableHead({
  columns,
  sort,
  onSort,
}: {
  columns: typeof COLUMNS;
  sort: SortState;
  onSort?: ((key: SortKey) => void) | undefined;
}) {
  return (
    <thead>
      <tr className="border-b border-border text-[0.8em] uppercase tracking-wide text-muted-foreground">
        {columns.map((column) => {
          const active = sort.key === column.key;
          const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
          return (
            <th
              key={column.key}
              style={{ width: column.width }}
              scope="col"
              aria-sort={
                active
                  ? sort.direction === 'asc'
                    ? 'ascending'
                    : 'descending'
                  : onSort
                    ? 'none'
                    : undefined
              }
              className={clsx(
                'py-[0.4em] font-semibold',
                // A gap on the left keeps a right-aligned label clear of the column before.
                column.numeric ? 'pl-[0.5em] text-right' : 'text-left',
              )}
            >
              {onSort ? (
                <button
                  type="button"
                  onClick={() => onSort(column.key)}
                  className={clsx(
                    'inline-flex max-w-full items-center gap-1 uppercase hover:text-foreground',
                    active && 'text-foreground',
                  )}
                >
                  <ColumnLabel column={column} />
                  <Icon
                    className={clsx('h-[0.9em] w-[0.9em] shrink-0', !active && 'opacity-40')}
                    aria-hidden
                  />
                </button>
              ) : (
                <span className="inline-flex max-w-full items-center uppercase">
                  <ColumnLabel column={column} />
                </span>
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

const NO_HOURS = { capacity: 0, booked: 0, open: 0 };

/**
 * An hours board's table (issue 35): each business unit's name, under it "34.5 of 48 h booked ·
 * 6 technicians", and the share of its hours booked; the total row the same for the day.
 */
function HoursTable({
  items,
  sort,
  onSort,
}: {
  items: CapacityItem[];
  sort: SortState;
  onSort?: ((key: SortKey) => void) | undefined;
}) {
  // Sorted on hours: booked against capacity.
  const rows = sortRows(
    items.map((item) => {
      const hours = item.hours ?? NO_HOURS;
      return { item, name: item.name, scheduled: hours.booked, target: hours.capacity };
    }),
    sort,
  );
  const total = sumHours(
    items.map((item) => ({ ...(item.hours ?? NO_HOURS), technicians: item.technicians ?? 0 })),
  );
  return (
    <div className="@container">
      <table
        className="w-full table-fixed border-collapse text-[1.05em] tabular-nums"
        data-testid="capacity-table"
        data-measure="hours"
      >
        <TableHead columns={HOURS_COLUMNS} sort={sort} onSort={onSort} />
        <tbody>
          {rows.length === 0 && <NothingRow columns={HOURS_COLUMNS.length} />}
          {rows.map(({ item, scheduled, target }) => (
            <CapacityRow
              key={String(item.id)}
              percent={capacityPercent(scheduled, target)}
              padding="py-[0.35em]"
            >
              <td className="py-[0.35em] pr-2" title={item.name}>
                <div className="truncate font-medium" data-fit-text>
                  {item.name}
                </div>
                <div
                  className="truncate text-[0.8em] text-muted-foreground"
                  data-testid="row-hours"
                >
                  {hoursLine(item.hours ?? NO_HOURS, item.technicians ?? 0)}
                </div>
              </td>
            </CapacityRow>
          ))}
        </tbody>
        <tfoot>
          <TotalsRow percent={capacityPercent(total.booked, total.capacity)}>
            <td className="py-[0.4em]">
              Total
              <div className="truncate text-[0.8em] font-normal text-muted-foreground">
                {hoursLine(total, total.technicians)}
              </div>
            </td>
          </TotalsRow>
        </tfoot>
      </table>
    </div>
  );
}
