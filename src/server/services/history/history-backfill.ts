import { DEFAULT_DAY_TARGET } from '../../../shared/api/preferences.js';
import type { ItemType } from '../../../shared/api/item-groups.js';
import {
  pastWorkingDays,
  utcWindow,
  type LocalDay,
} from '../../../shared/calendar/display-days.js';
import { countJobs } from '../../../shared/capacity/count-jobs.js';
import type { Database } from '../../db/index.js';
import { readCompanySettings } from '../board-settings/board-settings-store.js';
import { bookingsFromServiceTitan } from '../capacity/bookings-snapshot.js';
import type { ServiceTitanClient } from '../servicetitan/contract.js';
import { listPreferences } from '../preferences/preference-store.js';
import {
  daysWithHistory,
  recordChanges,
  saveBackfill,
  type BackfillProgress,
  type HistoryCount,
} from './history-store.js';

/** History from day one (issue 27, item 4): this many weeks of past working days. */
export const BACKFILL_WEEKS = 13;
/** Working days read from ServiceTitan per page (one window of appointments and jobs). */
export const BACKFILL_PAGE_DAYS = 5;

const ITEM_TYPES: ItemType[] = ['businessUnit', 'jobType'];

/**
 * Fills in a company's last 13 weeks of working days (by its first board's settings) from
 * ServiceTitan, oldest first, a page of days per read, saving progress after each page so a
 * restart resumes after the last day done. Each day gets, per item, its count at the start of
 * each of the 3 working days before it (jobs counted on the day and created before then: what
 * `createdOn` can tell) and its final count at the day's end, by the board's counting rule,
 * marked `reconstructed`. Days that already have history are left alone. Returns false when the
 * lease was lost (another instance goes on).
 */
export async function backfillCompany(input: {
  db: Database;
  companyId: number;
  owner: string;
  client: ServiceTitanClient;
  progress: BackfillProgress;
  now: () => Date;
  signal: AbortSignal;
}): Promise<boolean> {
  const { db, companyId, owner, client, now, signal } = input;
  const settings = await readCompanySettings(db, companyId);
  const calendar = {
    timeZone: settings.timezone,
    workdays: settings.workdays,
    holidays: settings.holidays,
  };
  const days = pastWorkingDays({ now: now(), ...calendar, count: BACKFILL_WEEKS * 5 });
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) {
    return saveBackfill(db, {
      companyId,
      owner,
      progress: { total: 0, done: 0, through: null },
      finished: 'done',
      at: now(),
    });
  }
  const through = input.progress.through;
  const todo = days.filter((day) => through === null || day.date > through);
  const recorded = await daysWithHistory(db, companyId, first.date, last.date);
  const targets = new Map<ItemType, Map<number, [number, number, number]>>();
  for (const itemType of ITEM_TYPES) {
    const preferences = await listPreferences(db, companyId, itemType);
    targets.set(
      itemType,
      new Map(preferences.map((p) => [p.itemId, [p.day1Target, p.day2Target, p.day3Target]])),
    );
  }
  const targetOf = (itemType: ItemType, itemId: number, ahead: number) =>
    targets.get(itemType)?.get(itemId)?.[ahead - 1] ?? DEFAULT_DAY_TARGET;

  // Every active item gets its final count, zero included, so a quiet day still shows.
  const [businessUnits, jobTypes] =
    todo.length > 0
      ? await Promise.all([client.listBusinessUnits({ signal }), client.listJobTypes({ signal })])
      : [[], []];
  const active: Record<ItemType, number[]> = {
    businessUnit: businessUnits.filter((b) => b.active).map((b) => b.id),
    jobType: jobTypes.filter((j) => j.active).map((j) => j.id),
  };

  let done = days.length - todo.length;
  for (let start = 0; start < todo.length; start += BACKFILL_PAGE_DAYS) {
    signal.throwIfAborted();
    const page = todo.slice(start, start + BACKFILL_PAGE_DAYS);
    const window = utcWindow(page)!;
    const [appointments, jobs] = await Promise.all([
      client.listAppointments(window, { signal }),
      client.listJobs(window, { signal }),
    ]);
    const bookings = bookingsFromServiceTitan(appointments, jobs);
    for (const day of page) {
      if (recorded.has(day.date)) continue;
      await reconstructDay(day);
    }
    done += page.length;
    const kept = await saveBackfill(db, {
      companyId,
      owner,
      progress: { total: days.length, done, through: page[page.length - 1]!.date },
      ...(start + BACKFILL_PAGE_DAYS >= todo.length ? { finished: 'done' as const } : {}),
      at: now(),
    });
    if (!kept) return false;

    async function reconstructDay(day: LocalDay) {
      const countingDay = {
        date: day.date,
        startMs: Date.parse(day.startUtc),
        endMs: Date.parse(day.endUtc),
      };
      // The moments the day was 3, 2 and 1 working days ahead: each one's start, oldest first.
      const before = pastWorkingDays({ now: new Date(day.startUtc), ...calendar, count: 3 });
      const moments: { at: number; ahead: number; final?: boolean }[] = before.map((d, index) => ({
        at: Date.parse(d.startUtc),
        ahead: before.length - index,
      }));
      // Then the day's final count, at its end: every job counted, whenever it was created.
      for (const moment of [...moments, { at: countingDay.endMs, ahead: 1, final: true }]) {
        const counts: HistoryCount[] = [];
        for (const itemType of ITEM_TYPES) {
          const [counted] = countJobs({
            days: [countingDay],
            appointments: bookings.appointments,
            jobs: bookings.jobs,
            viewType: itemType,
            ...(moment.final ? {} : { newSinceMs: moment.at }),
          });
          const ids = new Set(counted!.counts.keys());
          if (moment.final) for (const id of active[itemType]) ids.add(id);
          for (const itemId of ids) {
            const scheduled = counted!.counts.get(itemId) ?? 0;
            counts.push({
              day: day.date,
              itemType,
              itemId,
              // Booked before the moment: counted now and not created at or after it.
              scheduled: scheduled - (counted!.newToday.get(itemId) ?? 0),
              target: targetOf(itemType, itemId, moment.ahead),
            });
          }
        }
        await recordChanges(db, companyId, counts, new Date(moment.at), 'reconstructed');
      }
    }
  }
  if (todo.length === 0) {
    await saveBackfill(db, {
      companyId,
      owner,
      progress: { total: days.length, done, through: last.date },
      finished: 'done',
      at: now(),
    });
  }
  return true;
}
