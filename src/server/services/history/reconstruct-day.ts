import type { ItemType } from '../../../shared/api/item-groups.js';
import type { LocalDay } from '../../../shared/calendar/display-days.js';
import {
  countedJobs,
  type CountableAppointment,
  type CountableJob,
} from '../../../shared/capacity/count-jobs.js';

/**
 * A past day rebuilt from the platform's bookings (issue 27 item 4, issue 33 items 1 and 3): per
 * item, its count as it grew, replayed from each counted job's booking time (`createdOn`), so
 * the pace model can read the day's fill at any moment of the 3 working days before it.
 *
 * - At `fromMs` (the start of the 3rd working day before the day) a row for every item the day
 *   counts: the jobs booked before then, and those whose booking time is not known (what can be
 *   known: they count as booked before).
 * - Then a row each time an item's count grew, at the booking's instant.
 * - At the day's end each item's final count: every counted job, whenever booked (one booked
 *   after the day counts only there).
 * - Every active item without bookings has zero rows at both ends, so a quiet day still shows
 *   and the day's count is known from the first moment (what the pace model reads).
 *
 * Cancellations are the platform's final state: a job canceled later is not in any row (the
 * platform does not say when it was canceled).
 */
export interface ReconstructedRow {
  itemType: ItemType;
  itemId: number;
  scheduled: number;
  atMs: number;
}

export function reconstructDay(input: {
  day: LocalDay;
  /** The start of the 3rd working day before the day (UTC ms): the first row's moment. */
  fromMs: number;
  bookings: { jobs: readonly CountableJob[]; appointments: readonly CountableAppointment[] };
  /** Every active item of each kind (a zero row at the day's end when nothing was booked). */
  active: Readonly<Record<ItemType, readonly number[]>>;
}): ReconstructedRow[] {
  const { day, fromMs } = input;
  const countingDay = {
    date: day.date,
    startMs: Date.parse(day.startUtc),
    endMs: Date.parse(day.endUtc),
  };
  const rows: ReconstructedRow[] = [];
  for (const itemType of ['businessUnit', 'jobType'] as const) {
    const [jobs] = countedJobs({
      days: [countingDay],
      appointments: input.bookings.appointments,
      jobs: input.bookings.jobs,
      viewType: itemType,
    });
    const byItem = new Map<number, (number | null)[]>();
    for (const job of jobs!) {
      const list = byItem.get(job.itemId) ?? [];
      list.push(job.createdOnMs);
      byItem.set(job.itemId, list);
    }
    for (const [itemId, created] of byItem) {
      const before = created.filter((at) => at === null || at < fromMs).length;
      rows.push({ itemType, itemId, scheduled: before, atMs: fromMs });
      const during = created
        .filter((at): at is number => at !== null && at >= fromMs && at < countingDay.endMs)
        .sort((a, b) => a - b);
      let count = before;
      for (let i = 0; i < during.length; i++) {
        count += 1;
        // Bookings at the same instant make one row.
        if (during[i + 1] === during[i]) continue;
        rows.push({ itemType, itemId, scheduled: count, atMs: during[i]! });
      }
      // Always a final row (booking instants are before the day's end, so it is a row of its own).
      rows.push({ itemType, itemId, scheduled: created.length, atMs: countingDay.endMs });
    }
    // An active item without bookings: zero from the first moment to the end, so the day's
    // count is known throughout (the pace model reads it at any moment) and a quiet day shows.
    for (const itemId of input.active[itemType]) {
      if (byItem.has(itemId)) continue;
      rows.push({ itemType, itemId, scheduled: 0, atMs: fromMs });
      rows.push({ itemType, itemId, scheduled: 0, atMs: countingDay.endMs });
    }
  }
  return rows;
}
