import { isNull, lt, or, type Column } from 'drizzle-orm';

/**
 * Database leases: one app instance of all runs a piece of background work (a snapshot refresh,
 * a company's history backfill) at a time. A lease is short and renewed while the work runs, so
 * it dies with its holder within seconds (issue 27: a 30-60 s lease left boards two minutes
 * without new numbers when an instance died mid-fetch).
 *
 * The lease lives in the row of what it guards (`lease_owner`, `lease_until`): taking it is the
 * caller's one atomic insert-or-update (with its own conditions, such as "due"), keeping it is
 * `holdLease`, which renews it through the caller's `renew` until the work settles.
 */

/** A lease not renewed lasts this long on the service clock. */
export const LEASE_MS = 10_000;
/** While the work runs the holder renews its lease this often (real time): three tries per lease. */
export const LEASE_RENEW_MS = 3_000;

/** When a lease taken or renewed at `at` ends. */
export function leaseEnd(at: Date): Date {
  return new Date(at.getTime() + LEASE_MS);
}

/** SQL: the lease in this column is free at `at` (never taken, released, or expired). */
export function leaseFree(leaseUntil: Column, at: Date) {
  return or(isNull(leaseUntil), lt(leaseUntil, at));
}

/** Runs `renew` every `ms` until the returned function is called (tests pass a manual ticker). */
export type LeaseTicker = (ms: number, renew: () => Promise<void>) => () => void;

export const realTicker: LeaseTicker = (ms, renew) => {
  const timer = setInterval(() => void renew(), ms);
  timer.unref();
  return () => clearInterval(timer);
};

/**
 * Runs `work` while renewing the lease taken just before: every LEASE_RENEW_MS `renew(until)`
 * extends it (true) or finds it lost (false: another instance took it after a stall), and then
 * the work's signal aborts, so nothing is written by an instance that no longer holds the lease.
 * The signal also aborts with `signal` (the app shutting down).
 */
export async function holdLease<T>(options: {
  now: () => Date;
  /** Extends the lease to `until` if this instance still holds it; false when it does not. */
  renew: (until: Date) => Promise<boolean>;
  work: (signal: AbortSignal) => Promise<T>;
  signal?: AbortSignal;
  ticker?: LeaseTicker;
}): Promise<T> {
  const lost = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, lost.signal]) : lost.signal;
  const stop = (options.ticker ?? realTicker)(LEASE_RENEW_MS, async () => {
    if (lost.signal.aborted) return;
    const kept = await options.renew(leaseEnd(options.now())).catch(() => true);
    if (!kept) lost.abort(new Error('the lease was lost to another instance'));
  });
  try {
    return await options.work(signal);
  } finally {
    stop();
  }
}
