import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { ItemType } from '../../../shared/api/item-groups.js';
import type { Database } from '../../db/index.js';
import { capacityHistory, companies, historyState, type HistorySource } from '../../db/schema.js';
import { leaseEnd, leaseFree } from '../leases/lease.js';
import { hasPlatformAccountSql, platformAccountSql } from '../../platforms/stored.js';

/**
 * The one module that reads and writes `capacity_history` and `history_state` (issue 27,
 * decision 026): changes recorded as they happen, each day's final numbers for a range, and
 * the per-company bookkeeping of the background work (retention and thinning, the backfill)
 * with its lease.
 */

/** One item's numbers on one working day. */
export interface HistoryCount {
  day: string;
  itemType: ItemType;
  itemId: number;
  scheduled: number;
  target: number;
  /**
   * A business unit's technician hours (issue 35), recorded beside its counts while a board of
   * the company measures hours; absent (null) otherwise.
   */
  bookedHours?: number | null;
  capacityHours?: number | null;
}

/** A day's final numbers for one item: its latest row. */
export interface HistoryFinal extends HistoryCount {
  source: HistorySource;
}

/** Rows written per statement (PostgreSQL takes at most 65,535 parameters). */
const CHUNK = 1_000;

/**
 * Writes a row for every count that differs from the item's latest row for that day before
 * `recordedAt` (or has none): nothing for what did not change. `recordedAt` is when the numbers
 * were read (the snapshot's fetch), so instances recording the same read write one row (the
 * primary key ends with it). Returns the rows written.
 */
export async function recordChanges(
  db: Database,
  companyId: number,
  counts: readonly HistoryCount[],
  recordedAt: Date,
  source: HistorySource = 'recorded',
): Promise<number> {
  let written = 0;
  for (let start = 0; start < counts.length; start += CHUNK) {
    const chunk = counts.slice(start, start + CHUNK);
    const values = sql.join(
      chunk.map(
        (c) =>
          sql`(${c.day}::date, ${c.itemType}::text, ${c.itemId}::bigint, ${c.scheduled}::integer, ${c.target}::integer, ${c.bookedHours ?? null}::double precision, ${c.capacityHours ?? null}::double precision)`,
      ),
      sql`, `,
    );
    const at = recordedAt.toISOString();
    const result = await db.execute(sql`
      insert into capacity_history (company_id, day, item_type, item_id, scheduled, target, recorded_at, source, booked_hours, capacity_hours)
      select ${companyId}, v.day, v.item_type, v.item_id, v.scheduled, v.target, ${at}::timestamptz, ${source}, v.booked_hours, v.capacity_hours
      from (values ${values}) as v(day, item_type, item_id, scheduled, target, booked_hours, capacity_hours)
      where not exists (
        select 1 from (
          select h.scheduled, h.target, h.booked_hours, h.capacity_hours from capacity_history h
          where h.company_id = ${companyId} and h.day = v.day and h.item_type = v.item_type
            and h.item_id = v.item_id and h.recorded_at <= ${at}::timestamptz
          order by h.recorded_at desc limit 1
        ) last
        where last.scheduled = v.scheduled and last.target = v.target
          and last.booked_hours is not distinct from v.booked_hours
          and last.capacity_hours is not distinct from v.capacity_hours
      )
      on conflict (company_id, day, item_type, item_id, recorded_at) do update
        set booked_hours = excluded.booked_hours, capacity_hours = excluded.capacity_hours
        -- The same read recorded before its hours were in (the bookings announced first).
        where capacity_history.capacity_hours is null and excluded.capacity_hours is not null
      returning 1`);
    written += rowCount(result);
  }
  if (written > 0) await ensureState(db, companyId);
  return written;
}

/** postgres-js answers an array, PGlite `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

function rowCount(result: unknown): number {
  return rowsOf(result).length;
}

/** Each day's final numbers per item (its latest row) for days `from` to `to` inclusive. */
export async function readFinals(
  db: Database,
  companyId: number,
  from: string,
  to: string,
): Promise<HistoryFinal[]> {
  const result = await db.execute(sql`
    select distinct on (day, item_type, item_id)
      to_char(day, 'YYYY-MM-DD') as day, item_type, item_id, scheduled, target, source,
      booked_hours, capacity_hours
    from capacity_history
    where company_id = ${companyId} and day >= ${from}::date and day <= ${to}::date
    order by day, item_type, item_id, recorded_at desc`);
  return rowsOf<{
    day: string;
    item_type: ItemType;
    item_id: string | number;
    scheduled: number;
    target: number;
    source: HistorySource;
    booked_hours: number | string | null;
    capacity_hours: number | string | null;
  }>(result).map((row) => ({
    day: row.day,
    itemType: row.item_type,
    itemId: Number(row.item_id),
    scheduled: Number(row.scheduled),
    target: Number(row.target),
    source: row.source,
    bookedHours: row.booked_hours === null ? null : Number(row.booked_hours),
    capacityHours: row.capacity_hours === null ? null : Number(row.capacity_hours),
  }));
}

/** Every row of one day (its fill curve), oldest first. */
export async function readDayRows(
  db: Database,
  companyId: number,
  day: string,
  itemType: ItemType,
): Promise<
  { itemId: number; scheduled: number; target: number; recordedAt: Date; source: HistorySource }[]
> {
  const rows = await db
    .select({
      itemId: capacityHistory.itemId,
      scheduled: capacityHistory.scheduled,
      target: capacityHistory.target,
      recordedAt: capacityHistory.recordedAt,
      source: capacityHistory.source,
    })
    .from(capacityHistory)
    .where(
      and(
        eq(capacityHistory.companyId, companyId),
        eq(capacityHistory.day, day),
        eq(capacityHistory.itemType, itemType),
      ),
    )
    .orderBy(capacityHistory.recordedAt);
  return rows;
}

/** The company's bookkeeping row, made when its first history is written. */
export async function ensureState(db: Database, companyId: number): Promise<void> {
  await db.insert(historyState).values({ companyId }).onConflictDoNothing();
}

/**
 * Takes the company's history lease for its daily upkeep if it is due (not yet done `today`)
 * and free. One atomic statement: two instances never both get it. True when taken.
 */
export async function takeUpkeepLease(
  db: Database,
  input: { companyId: number; owner: string; at: Date; today: string },
): Promise<boolean> {
  const rows = await db
    .update(historyState)
    .set({ leaseOwner: input.owner, leaseUntil: leaseEnd(input.at) })
    .where(
      and(
        eq(historyState.companyId, input.companyId),
        leaseFree(historyState.leaseUntil, input.at),
        or(isNull(historyState.maintainedOn), lt(historyState.maintainedOn, input.today)),
      ),
    )
    .returning({ companyId: historyState.companyId });
  return rows.length > 0;
}

/** Extends the lease while this instance still holds it; false when it was lost. */
export async function renewLease(
  db: Database,
  input: { companyId: number; owner: string; until: Date },
): Promise<boolean> {
  const rows = await db
    .update(historyState)
    .set({ leaseUntil: input.until })
    .where(
      and(eq(historyState.companyId, input.companyId), eq(historyState.leaseOwner, input.owner)),
    )
    .returning({ companyId: historyState.companyId });
  return rows.length > 0;
}

/** Companies whose upkeep is due `today` and whose lease is free at `at`. */
export async function companiesDueForUpkeep(
  db: Database,
  input: { at: Date; today: string; limit: number },
): Promise<number[]> {
  const rows = await db
    .select({ companyId: historyState.companyId })
    .from(historyState)
    .where(
      and(
        leaseFree(historyState.leaseUntil, input.at),
        or(isNull(historyState.maintainedOn), lt(historyState.maintainedOn, input.today)),
      ),
    )
    .limit(input.limit);
  return rows.map((row) => row.companyId);
}

/**
 * The daily upkeep of one company's history, idempotent: rows of days older than the retention
 * go; for days older than `detailBefore`, only each item's latest row of the day stays. Marks
 * the company done for `today` and releases the lease, only while this instance holds it.
 */
export async function upkeep(
  db: Database,
  input: {
    companyId: number;
    owner: string;
    today: string;
    keepFrom: string;
    detailFrom: string;
    at: Date;
  },
): Promise<{ expired: number; thinned: number } | null> {
  const { companyId } = input;
  return db.transaction(async (tx) => {
    const held = await tx
      .select({ companyId: historyState.companyId })
      .from(historyState)
      .where(and(eq(historyState.companyId, companyId), eq(historyState.leaseOwner, input.owner)))
      .for('update');
    if (held.length === 0) return null;
    const expired = await tx.execute(sql`
      delete from capacity_history
      where company_id = ${companyId} and day < ${input.keepFrom}::date
      returning 1`);
    const thinned = await tx.execute(sql`
      delete from capacity_history h
      where h.company_id = ${companyId} and h.day < ${input.detailFrom}::date
        and exists (
          select 1 from capacity_history n
          where n.company_id = h.company_id and n.day = h.day and n.item_type = h.item_type
            and n.item_id = h.item_id and n.recorded_at > h.recorded_at
        )
      returning 1`);
    await tx
      .update(historyState)
      .set({ maintainedOn: input.today, leaseOwner: null, leaseUntil: null, updatedAt: input.at })
      .where(eq(historyState.companyId, companyId));
    return { expired: rowCount(expired), thinned: rowCount(thinned) };
  });
}

/**
 * The platform account (a tenant, say; decision 040) the company's history belongs to
 * (issue 27): the first read claims it; a read from another account deletes the history (it
 * described another business) and claims the new one, in one transaction. A rotated secret of
 * the same account changes nothing.
 * Returns whether the history was dropped.
 */
export async function claimTenant(
  db: Database,
  companyId: number,
  tenant: string,
): Promise<'same' | 'claimed' | 'rebuilt'> {
  return db.transaction(async (tx) => {
    await tx.insert(historyState).values({ companyId }).onConflictDoNothing();
    const [state] = await tx
      .select({ tenant: historyState.tenant })
      .from(historyState)
      .where(eq(historyState.companyId, companyId))
      .for('update');
    if (state?.tenant === tenant) return 'same';
    const rebuilt = state?.tenant != null;
    if (rebuilt) await tx.delete(capacityHistory).where(eq(capacityHistory.companyId, companyId));
    await tx
      .update(historyState)
      .set({
        tenant,
        ...(rebuilt ? { backfillStatus: null, backfillProgress: null } : {}),
      })
      .where(eq(historyState.companyId, companyId));
    return rebuilt ? 'rebuilt' : 'claimed';
  });
}

/** A backfill's progress (issue 27, item 4): how many past working days, done through which. */
export interface BackfillProgress {
  total: number;
  done: number;
  /** The last day done (`YYYY-MM-DD`); the next run starts after it. */
  through: string | null;
  /** When the backfill finished (ISO 8601), saved with its last page. */
  finishedAt?: string;
}

/** Companies connected to their platform whose backfill is not done and whose lease is free. */
export async function companiesDueForBackfill(
  db: Database,
  input: { at: Date; limit: number },
): Promise<number[]> {
  const result = await db.execute(sql`
    select c.id as company_id from companies c
    left join history_state s on s.company_id = c.id
    where ${hasPlatformAccountSql}
      and (s.company_id is null or (
        (s.backfill_status is null or s.backfill_status in ('pending', 'running'))
        and (s.lease_until is null or s.lease_until < ${input.at.toISOString()}::timestamptz)))
    order by c.id
    limit ${input.limit}`);
  return rowsOf<{ company_id: number }>(result).map((row) => Number(row.company_id));
}

/** Takes the company's lease for its backfill if it is not done and the lease is free. */
export async function takeBackfillLease(
  db: Database,
  input: { companyId: number; owner: string; at: Date },
): Promise<BackfillProgress | null> {
  await ensureState(db, input.companyId);
  const rows = await db
    .update(historyState)
    .set({ leaseOwner: input.owner, leaseUntil: leaseEnd(input.at), backfillStatus: 'running' })
    .where(
      and(
        eq(historyState.companyId, input.companyId),
        leaseFree(historyState.leaseUntil, input.at),
        or(
          isNull(historyState.backfillStatus),
          inArray(historyState.backfillStatus, ['pending', 'running']),
        ),
      ),
    )
    .returning({ progress: historyState.backfillProgress });
  if (rows.length === 0) return null;
  const stored = rows[0]!.progress as Partial<BackfillProgress> | null;
  return {
    total: Number(stored?.total ?? 0),
    done: Number(stored?.done ?? 0),
    through: typeof stored?.through === 'string' ? stored.through : null,
  };
}

/** Saves progress (and at the end the status, releasing the lease) while this instance holds it. */
export async function saveBackfill(
  db: Database,
  input: {
    companyId: number;
    owner: string;
    progress: BackfillProgress;
    finished?: 'done' | 'failed';
    at: Date;
  },
): Promise<boolean> {
  const rows = await db
    .update(historyState)
    .set({
      backfillProgress: input.finished
        ? { ...input.progress, finishedAt: input.at.toISOString() }
        : input.progress,
      updatedAt: input.at,
      ...(input.finished
        ? { backfillStatus: input.finished, leaseOwner: null, leaseUntil: null }
        : {}),
    })
    .where(
      and(eq(historyState.companyId, input.companyId), eq(historyState.leaseOwner, input.owner)),
    )
    .returning({ companyId: historyState.companyId });
  return rows.length > 0;
}

/**
 * The days from `from` to `to` that have rows recorded live (a backfill leaves them alone: what
 * the board showed is kept as it was).
 */
export async function daysRecordedLive(
  db: Database,
  companyId: number,
  from: string,
  to: string,
): Promise<Set<string>> {
  const result = await db.execute(sql`
    select distinct to_char(day, 'YYYY-MM-DD') as day from capacity_history
    where company_id = ${companyId} and day >= ${from}::date and day <= ${to}::date
      and source = 'recorded'`);
  return new Set(rowsOf<{ day: string }>(result).map((row) => row.day));
}

/** One row of a day rebuilt from the platform (`reconstruct-day.ts`). */
export interface ReconstructedDayRow {
  itemType: ItemType;
  itemId: number;
  scheduled: number;
  target: number;
  recordedAt: Date;
}

/**
 * Writes a rebuilt day whole, in one transaction (issue 33, item 3): its reconstructed rows are
 * replaced by `rows`, so a backfill killed mid-day leaves the day as it was and the resumed one
 * writes it again, and a day left partial by an earlier version is made whole. A day with rows
 * recorded live is left alone (checked in the same transaction). Returns the rows written.
 */
export async function writeReconstructedDay(
  db: Database,
  companyId: number,
  day: string,
  rows: readonly ReconstructedDayRow[],
): Promise<number> {
  return db.transaction(async (tx) => {
    const live = await tx.execute(sql`
      select 1 from capacity_history
      where company_id = ${companyId} and day = ${day}::date and source = 'recorded' limit 1`);
    if (rowCount(live) > 0) return 0;
    await tx.execute(sql`
      delete from capacity_history
      where company_id = ${companyId} and day = ${day}::date and source = 'reconstructed'`);
    let written = 0;
    for (let start = 0; start < rows.length; start += CHUNK) {
      const values = sql.join(
        rows
          .slice(start, start + CHUNK)
          .map(
            (r) =>
              sql`(${companyId}::integer, ${day}::date, ${r.itemType}::text, ${r.itemId}::bigint, ${r.scheduled}::integer, ${r.target}::integer, ${r.recordedAt.toISOString()}::timestamptz, 'reconstructed')`,
          ),
        sql`, `,
      );
      const result = await tx.execute(sql`
        insert into capacity_history (company_id, day, item_type, item_id, scheduled, target, recorded_at, source)
        values ${values}
        on conflict do nothing
        returning 1`);
      written += rowCount(result);
    }
    return written;
  });
}

/** The company's backfill as the History page shows it, and whether it has a credential. */
export async function readBackfill(
  db: Database,
  companyId: number,
): Promise<{
  connected: boolean;
  status: 'pending' | 'running' | 'done' | 'failed' | null;
  progress: BackfillProgress | null;
}> {
  const [row] = await db
    .select({
      account: platformAccountSql,
      status: historyState.backfillStatus,
      progress: historyState.backfillProgress,
    })
    .from(companies)
    .leftJoin(historyState, eq(historyState.companyId, companies.id))
    .where(eq(companies.id, companyId));
  const stored = row?.progress as Partial<BackfillProgress> | null | undefined;
  return {
    connected: row ? row.account != null : false,
    status: row?.status ?? null,
    progress: stored
      ? {
          total: Number(stored.total ?? 0),
          done: Number(stored.done ?? 0),
          through: typeof stored.through === 'string' ? stored.through : null,
          ...(typeof stored.finishedAt === 'string' ? { finishedAt: stored.finishedAt } : {}),
        }
      : null,
  };
}

/** Every row of the company's days `from` to `to` for one kind of item (fill curves), by day. */
export async function readFillRows(
  db: Database,
  companyId: number,
  itemType: ItemType,
  from: string,
  to: string,
): Promise<
  { day: string; itemId: number; scheduled: number; recordedAt: Date; source: HistorySource }[]
> {
  const result = await db.execute(sql`
    select to_char(day, 'YYYY-MM-DD') as day, item_id, scheduled, recorded_at, source
    from capacity_history
    where company_id = ${companyId} and day >= ${from}::date and day <= ${to}::date
      and item_type = ${itemType}
    order by day, recorded_at`);
  return rowsOf<{
    day: string;
    item_id: string | number;
    scheduled: number;
    recorded_at: string | Date;
    source: HistorySource;
  }>(result).map((row) => ({
    day: row.day,
    itemId: Number(row.item_id),
    scheduled: Number(row.scheduled),
    recordedAt: new Date(row.recorded_at),
    source: row.source,
  }));
}
