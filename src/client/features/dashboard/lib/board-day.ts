import type { CapacityDay, CapacityItem, CapacityResponse, Hours } from '@shared/api/capacity';
import type { PaceStatus } from '@shared/capacity/pace';

/** One day card's content, whether the numbers are live or sample. */
export interface BoardDay {
  /** Calendar date in the board's zone, `YYYY-MM-DD`. */
  date: string;
  items: CapacityItem[];
  /**
   * The day's expected fill now and its status (live numbers only; issue 27), and what they were
   * judged by (decision 038).
   */
  pace?: { expectedPercent: number; status: PaceStatus; by?: CapacityDay['paceBy'] | undefined };
  /**
   * On a board measuring hours (issue 35): the day's technician hours, its technicians on shift
   * and those of the same weekday a week before (null: not known).
   */
  hours?: { hours: Hours; technicians: number; lastWeek: number | null } | undefined;
}

/** What a board's numbers are (issue 35): jobs against targets, or technician hours. */
export interface BoardMeasure {
  /** The numbers shown are technician hours. */
  hours: boolean;
  /** Where the hours came from, when they are hours. */
  source: 'capacity' | 'shifts' | null;
  /**
   * In words: where the hours came from, or why a board set to hours counts jobs (what to ask
   * the platform's admin for).
   */
  note: string | null;
}

/** The measure an answer reports; null for a board that counts jobs as it always did. */
export function boardMeasureOf(answer: CapacityResponse | undefined): BoardMeasure | null {
  if (!answer?.measure) return null;
  return {
    hours: answer.measure === 'hours',
    source: answer.hoursSource ?? null,
    note: answer.measureNote ?? null,
  };
}

/** The day cards of a live answer: items, and each day's expected fill now and status. */
export function boardDaysOf(days: readonly CapacityDay[] | undefined): BoardDay[] {
  return (days ?? []).map((d) => ({
    date: d.date,
    items: d.data,
    // `paceBy` is absent in an answer from a server before decision 038.
    pace: { expectedPercent: d.expectedPercent, status: d.pace, by: d.paceBy },
    ...(d.hours
      ? {
          hours: {
            hours: d.hours,
            technicians: d.technicians ?? 0,
            lastWeek: d.techniciansLastWeek ?? null,
          },
        }
      : {}),
  }));
}

const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Weekday name of a `YYYY-MM-DD` calendar date, independent of the viewer's zone. */
export function weekdayOf(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return '';
  const day = new Date(
    Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])),
  ).getUTCDay();
  return WEEKDAYS[day] ?? '';
}
