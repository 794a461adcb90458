import { DEFAULT_DAY_TARGET } from '../../../shared/api/preferences.js';
import type { ItemType } from '../../../shared/api/item-groups.js';
import { pastWorkingDays, utcWindow } from '../../../shared/calendar/display-days.js';
import type { Database } from '../../db/index.js';
import { readCompanySettings } from '../board-settings/board-settings-store.js';
import type { ProviderReader } from '../providers/port.js';
import { listPreferences } from '../preferences/preference-store.js';
import {
  daysRecordedLive,
  saveBackfill,
  writeReconstructedDay,
  type BackfillProgress,
} from './history-store.js';
import { reconstructDay } from './reconstruct-day.js';

/** History from day one (issue 27, item 4): this many weeks of past working days. */
export const BACKFILL_WEEKS = 13;
/** Working days read from the platform per page (one window of bookings). */
export const BACKFILL_PAGE_DAYS = 5;

const ITEM_TYPES: ItemType[] = ['businessUnit', 'jobType'];

/**
 * Fills in a company's last 13 weeks of working days (by its first board's settings) from its
 * platform, oldest first, a page of days per read, saving progress after each page so a
 * restart resumes after the last day done. Each day gets, per item, its count from the start of
 * the 3rd working day before it as it grew with each booking (`createdOn`: reconstruct-day.ts)
 * and its final count at the day's end, by the board's counting rule, marked `reconstructed`,
 * written whole in one transaction (a kill mid-day leaves nothing of it; the resumed run, which
 * starts again at the page not saved, writes it). Days recorded live are left alone. Returns
 * false when the lease was lost (another instance goes on).
 */
export async function backfillCompany(input: {
  db: Database;
  companyId: number;
  owner: string;
  /** The company's platform (provider port, decision 040). */
  reader: ProviderReader;
  progress: BackfillProgress;
  now: () => Date;
  signal: AbortSignal;
}): Promise<boolean> {
  const { db, companyId, owner, reader, now, signal } = input;
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
  const recorded = await daysRecordedLive(db, companyId, first.date, last.date);
  const targets = new Map<ItemType, Map<number, number>>();
  for (const itemType of ITEM_TYPES) {
    const preferences = await listPreferences(db, companyId, itemType);
    targets.set(itemType, new Map(preferences.map((p) => [p.itemId, p.day1Target])));
  }
  // A rebuilt day is judged by the targets in force when it is read (history-days.ts); the row
  // keeps the day-1 target of the moment it was rebuilt.
  const targetOf = (itemType: ItemType, itemId: number) =>
    targets.get(itemType)?.get(itemId) ?? DEFAULT_DAY_TARGET;

  // Every active item gets its final count, zero included, so a quiet day still shows.
  const items =
    todo.length > 0 ? await reader.items({ signal }) : { businessUnits: [], jobTypes: [] };
  const active: Record<ItemType, number[]> = {
    businessUnit: items.businessUnits.map((b) => b.id),
    jobType: items.jobTypes.map((j) => j.id),
  };

  let done = days.length - todo.length;
  for (let start = 0; start < todo.length; start += BACKFILL_PAGE_DAYS) {
    signal.throwIfAborted();
    const page = todo.slice(start, start + BACKFILL_PAGE_DAYS);
    const window = utcWindow(page)!;
    const bookings = await reader.bookings(window, { signal });
    for (const day of page) {
      if (recorded.has(day.date)) continue;
      // From the start of the 3rd working day before it: what the board shows of a day.
      const [third] = pastWorkingDays({ now: new Date(day.startUtc), ...calendar, count: 3 });
      const rows = reconstructDay({
        day,
        fromMs: Date.parse((third ?? day).startUtc),
        bookings,
        active,
      });
      // Written whole, in one transaction: a kill mid-day leaves it for the resumed run.
      await writeReconstructedDay(
        db,
        companyId,
        day.date,
        rows.map((row) => ({
          itemType: row.itemType,
          itemId: row.itemId,
          scheduled: row.scheduled,
          target: targetOf(row.itemType, row.itemId),
          recordedAt: new Date(row.atMs),
        })),
      );
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
