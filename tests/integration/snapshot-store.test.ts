import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/index.js';
import { capacitySnapshots } from '../../src/server/db/schema.js';
import {
  createSnapshotStore,
  type SnapshotRequest,
} from '../../src/server/services/capacity/snapshot-store.js';
import { LEASE_MS, type LeaseTicker } from '../../src/server/services/leases/lease.js';
import { openSharedDatabase, openTestDatabase } from '../helpers/database.js';

/** The snapshot table's own housekeeping, seen in the database. */
describe('capacity snapshot store', () => {
  let database: DatabaseHandle;
  let clock = new Date('2026-03-02T12:00:00Z');

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const request = (key: string, value: number): SnapshotRequest<number> => ({
    key,
    intervalMs: 60_000,
    fetch: () => Promise.resolve(value),
    encode: (v) => v,
    decode: (stored) => (typeof stored === 'number' ? stored : null),
    describeError: () => ({ kind: 'unknown', message: 'failed' }),
  });

  it("forgets snapshots of windows nobody has asked about for two days, keeping today's", async () => {
    const store = createSnapshotStore({ db: database.db, now: () => clock });
    expect((await store.read(request('window:2026-03-03', 1))).payload).toBe(1);
    expect((await store.read(request('window:2026-03-04', 2))).payload).toBe(2);

    clock = new Date('2026-03-03T12:00:00Z'); // a day later: both kept
    expect((await store.read(request('window:2026-03-04', 3))).payload).toBe(3);
    const keys = async () =>
      (await database.db.select({ key: capacitySnapshots.key }).from(capacitySnapshots))
        .map((r) => r.key)
        .sort();
    expect(await keys()).toEqual(['window:2026-03-03', 'window:2026-03-04']);

    clock = new Date('2026-03-05T11:00:00Z'); // over two days since the first window's last refresh, under for the second
    expect((await store.read(request('window:2026-03-06', 4))).payload).toBe(4);
    expect(await keys()).toEqual(['window:2026-03-04', 'window:2026-03-06']);
  });

  it('stops a refresh still running when it closes, and leaves the last data for the next instance', async () => {
    const store = createSnapshotStore({ db: database.db, now: () => clock });
    const key = 'window:closing';
    expect((await store.read(request(key, 1))).payload).toBe(1);

    clock = new Date(clock.getTime() + 60_000); // due again
    let aborted = false;
    let started!: () => void;
    const fetchStarted = new Promise<void>((resolve) => (started = resolve));
    const hanging: SnapshotRequest<number> = {
      ...request(key, 2),
      fetch: (signal) =>
        new Promise<number>((_, reject) => {
          started();
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(signal.reason);
          });
        }),
    };
    const answer = store.read(hanging);
    await fetchStarted;
    await store.close();
    expect(aborted).toBe(true);
    // The caller that started it gets the last data; shutting down is not recorded as a failure.
    expect((await answer).payload).toBe(1);
    const [row] = await database.db
      .select({ lastError: capacitySnapshots.lastError, payload: capacitySnapshots.payload })
      .from(capacitySnapshots)
      .where(eq(capacitySnapshots.key, key));
    expect(row).toEqual({ lastError: null, payload: 1 });
  });
  it('keeps a running refresh leased while its instance lives, and lets another take over within seconds after it dies', async () => {
    const shared = await openSharedDatabase();
    let at = Date.parse('2026-03-02T12:00:00Z');
    const now = () => new Date(at);
    const key = 'window:lease';
    // The holder's renewals run when the test says (its clock moves only when the test moves it).
    const renewals = new Set<() => Promise<void>>();
    const ticker: LeaseTicker = (_ms, renew) => {
      renewals.add(renew);
      return () => renewals.delete(renew);
    };
    const renewNow = () => Promise.all([...renewals].map((renew) => renew()));
    const holder = createSnapshotStore({
      db: shared.first.db,
      now,
      starterWaitMs: 0,
      leaseTicker: ticker,
    });
    const fetched: string[] = [];
    const counted = (who: string, value: number): SnapshotRequest<number> => ({
      ...request(key, value),
      fetch: () => {
        fetched.push(who);
        return Promise.resolve(value);
      },
    });
    try {
      expect((await holder.read(counted('holder', 1))).payload).toBe(1);

      at += 60_000; // due: the holder starts a refresh that does not come back
      let started!: () => void;
      const fetchStarted = new Promise<void>((resolve) => (started = resolve));
      const hanging: SnapshotRequest<number> = {
        ...request(key, 2),
        fetch: (signal) =>
          new Promise<number>((_, reject) => {
            started();
            signal.addEventListener('abort', () => reject(signal.reason));
          }),
      };
      expect((await holder.read(hanging)).payload).toBe(1);
      await fetchStarted;

      // Alive, it renews its lease: past a first lease, another instance still leaves it alone.
      at += 8_000;
      await renewNow();
      at += 8_000;
      const other = createSnapshotStore({ db: shared.second.db, now, starterWaitMs: 0 });
      expect((await other.read(counted('other', 3))).payload).toBe(1);
      expect(fetched).toEqual(['holder']);
      await other.close();

      // It dies mid-fetch (its lease stays in the row, nobody renews it).
      await holder.close();
      expect(renewals.size).toBe(0);
      const diedAt = at;
      at = diedAt + 2_000; // within its last lease: not yet
      const early = createSnapshotStore({ db: shared.second.db, now, starterWaitMs: 0 });
      expect((await early.read(counted('early', 4))).payload).toBe(1);
      expect(fetched).toEqual(['holder']);
      await early.close();

      // Seconds later (not an interval later, as before issue 27): a second instance takes over.
      at = diedAt + 11_000;
      expect(LEASE_MS).toBeLessThan(11_000);
      const successor = createSnapshotStore({ db: shared.second.db, now, starterWaitMs: 10_000 });
      expect((await successor.read(counted('successor', 5))).payload).toBe(5);
      expect(fetched).toEqual(['holder', 'successor']);
      await successor.close();
    } finally {
      await holder.close();
      await shared.close();
    }
  });
});
