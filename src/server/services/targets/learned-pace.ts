import type { ItemType } from '../../../shared/api/item-groups.js';
import type { LearnedPaceResponse } from '../../../shared/api/targets.js';
import {
  addDays,
  pastWorkingDays,
  todayDate,
  workingDaysBetween,
} from '../../../shared/calendar/display-days.js';
import {
  LEARNED_PACE_MIN_DAYS,
  LEARNED_PACE_RULE,
  LEARNED_PACE_WEEKS,
  learnedPaceCurve,
  pastDayFill,
  workingDayStartMs,
  type LearnedPace,
  type PastDayFill,
} from '../../../shared/capacity/learned-pace.js';
import type { CompanyBoardSettings } from '../../../shared/settings/dashboard-settings.js';
import type { Database } from '../../db/index.js';
import { readFillRows } from '../history/history-store.js';

/** The last `weeks` weeks before today (today excluded) in the zone, as dates. */
export function lastWeeks(
  now: Date,
  timeZone: string,
  weeks: number,
): { from: string; to: string } {
  const today = todayDate(now, timeZone);
  return { from: addDays(today, -weeks * 7), to: addDays(today, -1) };
}

/**
 * The pace curve a board's history teaches (decision 037): over the working days of the last
 * 8 weeks (the board's zone, workdays and holidays) with a fill curve, the median share of the
 * day's final count (all items of the view type) booked by the start of the 1st, 2nd and 3rd
 * working day before it.
 */
export async function learnedPaceFor(
  db: Database,
  input: {
    companyId: number;
    viewType: ItemType;
    settings: Pick<CompanyBoardSettings, 'timezone' | 'workdays' | 'holidays'>;
    now: Date;
  },
): Promise<{ learned: LearnedPace | null; days: number }> {
  const calendar = {
    timeZone: input.settings.timezone,
    workdays: input.settings.workdays,
    holidays: input.settings.holidays,
  };
  const { from, to } = lastWeeks(input.now, calendar.timeZone, LEARNED_PACE_WEEKS);
  const rows = await readFillRows(db, input.companyId, input.viewType, from, to);
  const byDay = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = byDay.get(row.day) ?? [];
    list.push(row);
    byDay.set(row.day, list);
  }
  const fills: PastDayFill[] = [];
  for (const day of workingDaysBetween({ from, to, ...calendar })) {
    const dayRows = byDay.get(day.date);
    if (!dayRows) continue;
    const before = pastWorkingDays({ now: new Date(day.startUtc), ...calendar, count: 3 });
    if (before.length < 3) continue;
    // Oldest first: [3rd, 2nd, 1st] before; the curve wants [1st, 2nd, 3rd].
    const moments = before.map((d) => workingDayStartMs(d.date, calendar.timeZone)).reverse() as [
      number,
      number,
      number,
    ];
    const fill = pastDayFill(
      dayRows.map((row) => ({
        itemId: row.itemId,
        scheduled: row.scheduled,
        atMs: row.recordedAt.getTime(),
      })),
      moments,
      dayRows.some((row) => row.source === 'reconstructed'),
    );
    if (fill && fill.final > 0) fills.push(fill);
  }
  return { learned: learnedPaceCurve(fills), days: fills.length };
}

/** The learned curve as the settings panel reads it. */
export function learnedPaceAnswer(result: {
  learned: LearnedPace | null;
  days: number;
}): LearnedPaceResponse {
  const { learned, days } = result;
  return {
    curve: learned
      ? { day1: learned.curve[0], day2: learned.curve[1], day3: learned.curve[2] }
      : null,
    days,
    required: LEARNED_PACE_MIN_DAYS,
    reason: learned
      ? null
      : `Needs ${LEARNED_PACE_MIN_DAYS} working days of history with bookings from the last ${LEARNED_PACE_WEEKS} weeks; ${days === 1 ? 'there is 1' : `there are ${days}`} so far.`,
    rule: LEARNED_PACE_RULE,
  };
}
