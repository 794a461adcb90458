import crypto from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { capacitySnapshots } from '../../db/schema.js';
import { holdLease, leaseEnd, leaseFree, type LeaseTicker } from '../leases/lease.js';

/** Why the last refresh failed, in words for the office, and when. */
export interface SnapshotError {
  kind: string;
  message: string;
  at: string;
}

export interface Snapshot<T> {
  /** The last good data, or null when the platform has never answered for this key. */
  payload: T | null;
  /** When the last good data was fetched. */
  fetchedAt: Date | null;
  /** When the last refresh (good or failed) started. */
  attemptedAt: Date | null;
  /** Set when the last refresh failed; cleared by the next good one. */
  lastError: SnapshotError | null;
}

export interface SnapshotRequest<T> {
  key: string;
  /** The platform is asked at most once per interval per key, however many callers there are. */
  intervalMs: number;
  /** After a failed refresh, the next attempt waits this long instead (default: intervalMs). */
  failureRetryMs?: number;
  /**
   * Reads the platform; runs in at most one app instance at a time per key. The signal aborts
   * when the store closes (the app is shutting down): stop asking then.
   */
  fetch: (signal: AbortSignal) => Promise<T>;
  /** The stored (JSON) form of fetched data. */
  encode: (value: T) => unknown;
  /** Checks a stored payload (written by any app version); null discards it. */
  decode: (stored: unknown) => T | null;
  /** Turns a fetch failure into words for the office. */
  describeError: (error: unknown) => { kind: string; message: string };
  /** How long a caller with no data at all waits for the first fetch. */
  firstFetchWaitMs?: number;
  /**
   * Told by the instance that ran a refresh when it changed what a board shows: new data, or a
   * failure after good data (stale), or good data after a failure (recovered).
   */
  onChange?: () => void;
  /**
   * Told by the instance that ran a refresh when it succeeded and changed nothing a board shows:
   * the numbers are as current as `fetchedAt` (issue 33, item 2: "Data fetched" counts from the
   * last good read, not from the last change).
   */
  onFetched?: (fetchedAt: Date) => void;
}

export interface SnapshotStore {
  /**
   * The newest snapshot for a key, refreshing it when an interval has passed since the last
   * attempt. Callers never wait on a refresh when a snapshot exists, except the one caller that
   * started it (and only briefly); the very first fetch of a key is waited for, with a bound.
   */
  read<T>(request: SnapshotRequest<T>): Promise<Snapshot<T>>;
  /**
   * The stored snapshot of a key as it is now, never refreshing it (null: none stored): what a
   * refresh just wrote, for history (issue 27).
   */
  peek<T>(key: string, decode: (stored: unknown) => T | null): Promise<Snapshot<T> | null>;
  /**
   * False while the last read of a key saw a refresh still running (on this instance or another):
   * its result is on the way, so what was read must not be remembered beyond this request.
   */
  settled(key: string): boolean;
  /**
   * Another instance refreshed these keys (`capacity.updated`): what this instance remembers of
   * them, and any read of them already under way, is not used again; the next read goes to the
   * table. A board told of new numbers never gets the old ones from an instance's memory.
   */
  invalidate(keys: Iterable<string>): void;
  /**
   * Another instance read these keys again and found nothing new (`capacity.fetched`): what this
   * instance remembers of them is as current as `fetchedAt` (and next due an interval after it).
   * Only good data is moved forward; nothing is read.
   */
  touch(keys: Iterable<string>, fetchedAt: Date): void;
  /**
   * Events may have been missed (the listening connection came back): nothing this instance
   * remembers is used again; every key is read whole from the table next time.
   */
  invalidateAll(): void;
  /**
   * The platform said the data under these keys changed (a webhook, decision 041): each is read
   * again early, as soon as the early-read rule allows (`EARLY_READ_*`), whichever instance
   * holds it. Keys are named by their prefix. Returns how many stored snapshots it marked.
   */
  want(keyPrefix: string, at: Date): Promise<number>;
  /**
   * Aborts the refreshes still running (a board request may have returned before its refresh
   * finished) and waits until they have settled, so nothing talks to the platform or writes to
   * the database after the app has closed.
   */
  close(): Promise<void>;
}

/**
 * Early reads (decision 041): a snapshot the platform said changed is read again once its last
 * read started at least EARLY_READ_AFTER_MS ago, and at most once per EARLY_READ_SPACING_MS, so
 * a burst of webhooks (100 events in a few seconds) makes at most two reads: one at its start and
 * one after it. Polling at the interval stays the floor.
 */
export const EARLY_READ_AFTER_MS = 1_000;
export const EARLY_READ_SPACING_MS = 5_000;

interface Row {
  payload: unknown;
  fetchedAt: Date | null;
  attemptedAt: Date | null;
  lastError: unknown;
  leaseUntil: Date | null;
  /**
   * Set when the stored payload is the one this instance already holds (same `fetched_at`): it
   * was not sent again, and the memory's decoded copy stands for it.
   */
  reused?: Memo;
  wantedAt?: Date | null;
  earlyAt?: Date | null;
}

/**
 * When a wish for an early read (`wanted_at`) makes the row due (service clock, ms): never when
 * there is none or the last read started after it.
 */
function wantedDueAt(row: Row | undefined): number {
  const wanted = row?.wantedAt?.getTime();
  const attempted = row?.attemptedAt?.getTime();
  if (wanted === undefined || attempted === undefined || wanted <= attempted) {
    return Number.POSITIVE_INFINITY;
  }
  return Math.max(
    attempted + EARLY_READ_AFTER_MS,
    (row?.earlyAt?.getTime() ?? Number.NEGATIVE_INFINITY) + EARLY_READ_SPACING_MS,
  );
}

/** What the timing helpers need of a request. */
type Timing = Pick<SnapshotRequest<unknown>, 'key' | 'intervalMs' | 'failureRetryMs'>;

interface Memo {
  snapshot: Snapshot<unknown>;
  /** The stored payload as canonical JSON, when known without work (what a refresh compares). */
  text?: string | undefined;
  /** Service-clock time of the next refresh; until then this instance answers from memory. */
  dueAt: number;
  /**
   * Set while another instance holds the lease: monotonic time (performance.now) at which to
   * look for its result. Real time, because the refresh it waits for runs in real time.
   */
  leaseRecheckAt: number | null;
}

/** While another instance holds the lease, look again this soon for its result. */
const LEASE_RECHECK_MS = 250;
const FIRST_FETCH_POLL_MS = 100;
const DEFAULT_FIRST_FETCH_WAIT_MS = 20_000;
/** The caller that starts a refresh waits at most this long before taking the last snapshot. */
const STARTER_WAIT_MS = 3_000;
/**
 * A refresh that has not finished by this (or its interval, when longer) fails as a timeout, so
 * a hung read never blocks the next ones; its lease is short and renewed meanwhile (lease.ts).
 */
const MIN_REFRESH_LIMIT_MS = 30_000;
/**
 * Keys name a window of days, so yesterday's keys are never read again: rows and memo entries
 * untouched this long are dropped (by whichever instance starts a refresh).
 */
const FORGET_AFTER_MS = 2 * 24 * 60 * 60 * 1000;
/** Looking for them once every ten minutes is plenty: they are kept for two days. */
const FORGET_EVERY_MS = 10 * 60 * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** True when the promise settles within `ms`; the timer never outlives it. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * JSON with object keys sorted: PostgreSQL's jsonb hands keys back in its own order, so plain
 * JSON.stringify would call every refresh a change.
 */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

function toSnapshotError(value: unknown): SnapshotError | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.message !== 'string') return null;
  return {
    kind: typeof v.kind === 'string' ? v.kind : 'unknown',
    message: v.message,
    at: typeof v.at === 'string' ? v.at : '',
  };
}

/**
 * When the next refresh of a snapshot is due (service clock, ms): one interval after the last
 * attempt, or sooner after a failure. Whatever is built from a snapshot is current until then.
 */
export function snapshotDueAt(
  snapshot: Snapshot<unknown>,
  request: Pick<SnapshotRequest<unknown>, 'intervalMs' | 'failureRetryMs'>,
): number {
  if (!snapshot.attemptedAt) return Number.NEGATIVE_INFINITY;
  const wait = snapshot.lastError
    ? (request.failureRetryMs ?? request.intervalMs)
    : request.intervalMs;
  return snapshot.attemptedAt.getTime() + wait;
}

/**
 * Snapshots shared by every app instance through the `capacity_snapshots` table. Refreshes are
 * coordinated by a lease taken with one atomic insert-or-update, so exactly one instance asks
 * the platform per key and interval; a failed refresh keeps the last good data and is not
 * retried before the interval has passed (back-off). Memory holds only a cache of rows.
 */
export function createSnapshotStore(deps: {
  db: Database;
  now: () => Date;
  /** How long the caller that starts a refresh waits for it (default STARTER_WAIT_MS). */
  starterWaitMs?: number;
  /** What renews a running refresh's lease (tests: a manual ticker). */
  leaseTicker?: LeaseTicker;
}): SnapshotStore {
  const { db, now } = deps;
  const starterWaitMs = deps.starterWaitMs ?? STARTER_WAIT_MS;
  const owner = crypto.randomUUID();
  const memo = new Map<string, Memo>();
  /** The read of each key under way on this instance, and the key's epoch when it started. */
  const inflight = new Map<string, { promise: Promise<Snapshot<unknown>>; epoch: number }>();
  /** Bumped per key by `invalidate`: a read started before is neither reused nor remembered. */
  const epochs = new Map<string, number>();
  const epochOf = (key: string) => epochs.get(key) ?? 0;
  const shutdown = new AbortController();
  const running = new Set<Promise<unknown>>();

  /**
   * The key's row. The payload (thousands of bookings, decoded and checked on every load) comes
   * only when it is not the one this instance holds: a payload is written with its `fetched_at`,
   * so the same `fetched_at` is the same payload (issue 33, item 9: every due check of every
   * company loaded and decoded it again, on every instance, every interval).
   */
  async function loadRow(key: string, known = memo.get(key)): Promise<Row | undefined> {
    const knownAt = known?.snapshot.payload != null ? known.snapshot.fetchedAt : null;
    const [row] = await db
      .select({
        payload: knownAt
          ? sql<unknown>`case when ${capacitySnapshots.fetchedAt} is distinct from ${knownAt} then ${capacitySnapshots.payload} end`.mapWith(
              capacitySnapshots.payload,
            )
          : capacitySnapshots.payload,
        fetchedAt: capacitySnapshots.fetchedAt,
        attemptedAt: capacitySnapshots.attemptedAt,
        lastError: capacitySnapshots.lastError,
        leaseUntil: capacitySnapshots.leaseUntil,
        wantedAt: capacitySnapshots.wantedAt,
        earlyAt: capacitySnapshots.earlyAt,
      })
      .from(capacitySnapshots)
      .where(eq(capacitySnapshots.key, key))
      .limit(1);
    if (row && knownAt && row.payload == null && row.fetchedAt?.getTime() === knownAt.getTime()) {
      return { ...row, reused: known };
    }
    return row;
  }

  /** Canonical JSON of what the row stores (for a refresh to tell a change). */
  function storedText<T>(row: Row | undefined, request: SnapshotRequest<T>): string {
    if (row?.reused) {
      return (
        row.reused.text ??
        canonicalJson(
          row.reused.snapshot.payload === null
            ? null
            : request.encode(row.reused.snapshot.payload as T),
        )
      );
    }
    return canonicalJson(row?.payload ?? null);
  }

  function toSnapshot<T>(row: Row | undefined, decode: (stored: unknown) => T | null): Snapshot<T> {
    if (!row) return { payload: null, fetchedAt: null, attemptedAt: null, lastError: null };
    if (row.reused) {
      return {
        payload: row.reused.snapshot.payload as T,
        fetchedAt: row.fetchedAt,
        attemptedAt: row.attemptedAt,
        lastError: toSnapshotError(row.lastError),
      };
    }
    let payload: T | null = null;
    if (row.payload !== null && row.payload !== undefined) {
      try {
        payload = decode(row.payload);
      } catch {
        payload = null;
      }
    }
    return {
      payload,
      fetchedAt: payload === null ? null : row.fetchedAt,
      attemptedAt: row.attemptedAt,
      lastError: toSnapshotError(row.lastError),
    };
  }

  const dueAt = snapshotDueAt;

  function rememberSnapshot(
    request: Timing,
    row: Row | undefined,
    snapshot: Snapshot<unknown>,
    text: string | undefined = row?.reused?.text,
  ): void {
    const leaseHeld = !!row?.leaseUntil && row.leaseUntil.getTime() > now().getTime();
    memo.set(request.key, {
      snapshot,
      text,
      dueAt: Math.min(dueAt(snapshot, request), wantedDueAt(row)),
      leaseRecheckAt: leaseHeld ? performance.now() + LEASE_RECHECK_MS : null,
    });
  }

  function isFresh(entry: Memo): boolean {
    if (entry.dueAt <= now().getTime()) return false;
    return entry.leaseRecheckAt === null || performance.now() < entry.leaseRecheckAt;
  }

  /** One atomic statement: creates the row or takes an expired lease on an interval-old row. */
  async function tryAcquireLease(request: Timing): Promise<Date | null> {
    const { key, intervalMs } = request;
    const startedAt = now();
    const leaseUntil = leaseEnd(startedAt);
    const dueBefore = new Date(startedAt.getTime() - intervalMs);
    const failedDueBefore = new Date(startedAt.getTime() - (request.failureRetryMs ?? intervalMs));
    const wantedAfter = new Date(startedAt.getTime() - EARLY_READ_AFTER_MS);
    const wantedSpacing = new Date(startedAt.getTime() - EARLY_READ_SPACING_MS);
    const acquired = await db
      .insert(capacitySnapshots)
      .values({ key, leaseOwner: owner, leaseUntil, attemptedAt: startedAt, updatedAt: startedAt })
      .onConflictDoUpdate({
        target: capacitySnapshots.key,
        set: {
          leaseOwner: owner,
          leaseUntil,
          attemptedAt: startedAt,
          updatedAt: startedAt,
          // A read that serves a wish for an early read spaces the next one (decision 041).
          earlyAt: sql`case when ${capacitySnapshots.wantedAt} > ${capacitySnapshots.attemptedAt} then ${startedAt.toISOString()}::timestamptz else ${capacitySnapshots.earlyAt} end`,
        },
        setWhere: and(
          leaseFree(capacitySnapshots.leaseUntil, startedAt),
          or(
            isNull(capacitySnapshots.attemptedAt),
            // A lease that ran out unreleased: its holder died mid-refresh, so it is due again.
            isNotNull(capacitySnapshots.leaseUntil),
            lte(capacitySnapshots.attemptedAt, dueBefore),
            and(
              isNotNull(capacitySnapshots.lastError),
              lte(capacitySnapshots.attemptedAt, failedDueBefore),
            ),
            // The platform said it changed (a webhook): early, within the early-read rule.
            and(
              gt(capacitySnapshots.wantedAt, capacitySnapshots.attemptedAt),
              lte(capacitySnapshots.attemptedAt, wantedAfter),
              or(isNull(capacitySnapshots.earlyAt), lte(capacitySnapshots.earlyAt, wantedSpacing)),
            ),
          ),
        ),
      })
      .returning({ key: capacitySnapshots.key });
    return acquired.length > 0 ? startedAt : null;
  }

  /** Service-clock time this instance last looked for snapshots to forget. */
  let forgotAt = Number.NEGATIVE_INFINITY;

  /**
   * Drops snapshots nobody has refreshed for FORGET_AFTER_MS; best effort, at most every
   * FORGET_EVERY_MS per instance (it ran with every refresh: a DELETE over the table 40 times a
   * second at 200 companies and a 5 s interval, issue 33 item 9).
   */
  async function forgetOldSnapshots(at: Date): Promise<void> {
    if (at.getTime() - forgotAt < FORGET_EVERY_MS) return;
    forgotAt = at.getTime();
    const before = new Date(at.getTime() - FORGET_AFTER_MS);
    for (const [key, entry] of memo) {
      if (entry.dueAt < before.getTime()) {
        memo.delete(key);
        epochs.delete(key);
      }
    }
    await db
      .delete(capacitySnapshots)
      .where(lt(capacitySnapshots.updatedAt, before))
      .catch(() => undefined);
  }

  /** What a refresh wrote: this instance remembers it without reading it back. */
  interface Written<T> {
    payload: T;
    fetchedAt: Date;
    text: string;
  }

  async function runRefresh<T>(
    request: SnapshotRequest<T>,
    startedAt: Date,
    previous: Row | undefined,
  ): Promise<Written<T> | null> {
    const { key, intervalMs } = request;
    const wasFailing = toSnapshotError(previous?.lastError) !== null;
    await forgetOldSnapshots(startedAt);
    const limitMs = Math.max(intervalMs, MIN_REFRESH_LIMIT_MS) - 1_000;
    const mine = and(eq(capacitySnapshots.key, key), eq(capacitySnapshots.leaseOwner, owner));
    let timer: NodeJS.Timeout | undefined;
    /**
     * When the platform was asked: the next refresh is due an interval after it, not after the
     * lease was taken. The lease's statement and the steps before the read can wait on a busy
     * instance (a pool connection, the event loop), and a read asked late after a lease taken on
     * time came closer than an interval to the next (4.57 s apart at 5 s, 10,000 screens).
     */
    let askedAt = startedAt;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(Object.assign(new Error('refresh took too long'), { kind: 'timeout' })),
          limitMs,
        );
      });
      // The lease is renewed while the platform is read; lost (this instance stalled past it and
      // another took over), the read stops and the writes below find the row no longer ours.
      const payload = await holdLease({
        now,
        signal: shutdown.signal,
        ticker: deps.leaseTicker,
        renew: async (until) =>
          (
            await db
              .update(capacitySnapshots)
              .set({ leaseUntil: until })
              .where(mine)
              .returning({ key: capacitySnapshots.key })
          ).length > 0,
        work: (signal) => {
          askedAt = now();
          return Promise.race([request.fetch(signal), timeout]);
        },
      });
      const encoded = request.encode(payload);
      const text = canonicalJson(encoded);
      const same = text === storedText(previous, request);
      const written = await db
        .update(capacitySnapshots)
        .set({
          // The same data is not written again: only when it was read.
          ...(same ? {} : { payload: encoded }),
          fetchedAt: askedAt,
          attemptedAt: askedAt,
          lastError: null,
          leaseOwner: null,
          leaseUntil: null,
          updatedAt: now(),
        })
        .where(mine)
        .returning({ key: capacitySnapshots.key });
      if (written.length === 0) return null;
      // After a gap (no good read for two intervals), boards may have called the numbers old:
      // told as a change, so they take the whole answer again.
      const afterGap =
        !!previous?.fetchedAt && askedAt.getTime() - previous.fetchedAt.getTime() > 2 * intervalMs;
      if (wasFailing || afterGap || !same) request.onChange?.();
      else request.onFetched?.(askedAt);
      return { payload, fetchedAt: askedAt, text };
    } catch (error) {
      // Shutting down is not the platform's failure: leave the row for the next instance.
      if (shutdown.signal.aborted) return null;
      const described = request.describeError(error);
      const lastError: SnapshotError = { ...described, at: now().toISOString() };
      const written = await db
        .update(capacitySnapshots)
        .set({
          lastError,
          attemptedAt: askedAt,
          leaseOwner: null,
          leaseUntil: null,
          updatedAt: now(),
        })
        .where(mine)
        .returning({ key: capacitySnapshots.key });
      // Good numbers turned stale (or a new reason): the boards say so.
      const previousError = toSnapshotError(previous?.lastError);
      if (written.length > 0 && previousError?.message !== lastError.message) request.onChange?.();
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Reads the row; refreshes it when due; waits for a first fetch elsewhere when there is no data. */
  async function check<T>(request: SnapshotRequest<T>): Promise<Snapshot<T>> {
    const { key, decode } = request;
    const epoch = epochOf(key);
    // Invalidated while this read ran: its result answers this caller, but is not remembered.
    const remember: typeof rememberSnapshot = (...args) => {
      if (epochOf(key) === epoch) rememberSnapshot(...args);
    };
    let row = await loadRow(key);
    let snapshot = toSnapshot(row, decode);
    const at = now().getTime();
    const leaseHeld = !!row?.leaseUntil && row.leaseUntil.getTime() > at;
    // A lease that ran out unreleased: its holder died mid-refresh, so the refresh is due again.
    const abandoned = !!row?.leaseUntil && row.leaseUntil.getTime() < at;
    const due = abandoned || dueAt(snapshot, request) <= at || wantedDueAt(row) <= at;

    if (due && !leaseHeld) {
      const startedAt = await tryAcquireLease(request);
      if (startedAt) {
        const refresh = runRefresh(request, startedAt, row);
        running.add(refresh);
        void refresh.finally(() => running.delete(refresh));
        if (snapshot.payload !== null) {
          // The starter waits briefly so a quick refresh is served at once; otherwise the last data.
          if (!(await settlesWithin(refresh, starterWaitMs))) {
            refresh.catch(() => undefined);
            remember(request, { ...row!, leaseUntil: new Date(at + request.intervalMs) }, snapshot);
            return snapshot;
          }
        } else {
          await refresh;
        }
        const written = await refresh;
        if (written) {
          // What was just written, remembered as written (not read back and decoded again).
          snapshot = {
            payload: written.payload,
            fetchedAt: written.fetchedAt,
            attemptedAt: written.fetchedAt,
            lastError: null,
          };
          remember(request, undefined, snapshot, written.text);
          return snapshot;
        }
        row = await loadRow(key);
        snapshot = toSnapshot(row, decode);
        remember(request, row, snapshot);
        return snapshot;
      }
      row = await loadRow(key);
      snapshot = toSnapshot(row, decode);
    }

    if (snapshot.payload === null && !snapshot.lastError) {
      // First fetch running in another instance (or lost the race just now): wait, bounded.
      // Real time, not the service clock: this bounds how long an HTTP request hangs.
      const deadline = Date.now() + (request.firstFetchWaitMs ?? DEFAULT_FIRST_FETCH_WAIT_MS);
      while (snapshot.payload === null && !snapshot.lastError && Date.now() < deadline) {
        await sleep(FIRST_FETCH_POLL_MS);
        row = await loadRow(key);
        snapshot = toSnapshot(row, decode);
        if (row && !row.leaseUntil && snapshot.payload === null && !snapshot.lastError) break;
      }
    }
    remember(request, row, snapshot);
    return snapshot;
  }

  return {
    async close() {
      shutdown.abort(new Error('the app is shutting down'));
      await Promise.allSettled([...running]);
    },

    async peek<T>(key: string, decode: (stored: unknown) => T | null) {
      const row = await loadRow(key);
      return row ? toSnapshot(row, decode) : null;
    },

    async want(keyPrefix, at) {
      const marked = await db
        .update(capacitySnapshots)
        .set({ wantedAt: at })
        .where(
          and(
            sql`left(${capacitySnapshots.key}, ${keyPrefix.length}) = ${keyPrefix}`,
            or(isNull(capacitySnapshots.wantedAt), lt(capacitySnapshots.wantedAt, at)),
          ),
        )
        .returning({ key: capacitySnapshots.key });
      // This instance's memory of them is not used again: the next read looks at the rows.
      for (const { key } of marked) {
        memo.delete(key);
        epochs.set(key, epochOf(key) + 1);
      }
      return marked.length;
    },

    settled(key) {
      const entry = memo.get(key);
      return !!entry && entry.leaseRecheckAt === null && !inflight.has(key);
    },

    invalidate(keys) {
      for (const key of keys) {
        memo.delete(key);
        epochs.set(key, epochOf(key) + 1);
      }
    },

    invalidateAll() {
      for (const key of [...memo.keys()]) {
        memo.delete(key);
        epochs.set(key, epochOf(key) + 1);
      }
      for (const key of inflight.keys()) epochs.set(key, epochOf(key) + 1);
    },

    touch(keys, fetchedAt) {
      const at = fetchedAt.getTime();
      for (const key of keys) {
        const entry = memo.get(key);
        const { snapshot } = entry ?? {};
        if (!entry || !snapshot || snapshot.payload === null || snapshot.lastError) continue;
        if ((snapshot.fetchedAt?.getTime() ?? 0) >= at) continue;
        const attempted = snapshot.attemptedAt?.getTime() ?? at;
        const later = at > attempted;
        entry.snapshot = {
          ...snapshot,
          fetchedAt,
          attemptedAt: later ? fetchedAt : snapshot.attemptedAt,
        };
        if (later) entry.dueAt += at - attempted;
      }
    },

    async read<T>(request: SnapshotRequest<T>): Promise<Snapshot<T>> {
      const { key } = request;
      const cached = memo.get(key);
      if (cached && isFresh(cached)) return cached.snapshot as Snapshot<T>;
      const under = inflight.get(key);
      if (under && under.epoch === epochOf(key)) {
        // This instance is already checking or refreshing the key: serve the last data meanwhile.
        if (cached && cached.snapshot.payload !== null) return cached.snapshot as Snapshot<T>;
        return under.promise as Promise<Snapshot<T>>;
      }
      const promise: Promise<Snapshot<T>> = check(request).finally(() => {
        if (inflight.get(key)?.promise === promise) inflight.delete(key);
      });
      inflight.set(key, { promise, epoch: epochOf(key) });
      return promise;
    },
  };
}
