import type { FastifyBaseLogger } from 'fastify';
import type { SnapshotRequest, SnapshotStore } from './snapshot-store.js';

/**
 * A company's board counts as in use while a stream of it is open on this instance, or for this
 * long after its last board request (a TV whose stream is blocked polls every minute; one whose
 * stream is open still asks every few minutes, see use-board-stream.ts).
 */
export const WATCH_MS = 10 * 60 * 1000;
/**
 * How often the schedule looks for due snapshots: cheap, a due check is a memory read. A refresh
 * starts at most this late, so a company's period is the interval plus an eighth of a second on
 * average (with a 1 s tick, 5 s intervals ran 5.6 s apart: 0.89 fetches per interval).
 */
export const TICK_MS = 250;

interface Watched {
  /** The snapshot reads that make up the company's board, by snapshot key. */
  reads: Map<string, { request: SnapshotRequest<unknown>; lastWanted: number }>;
  /** Open streams of this company on this instance. */
  streams: number;
  lastWanted: number;
}

export interface RefreshSchedule {
  /**
   * A board request of `companyId` read this snapshot: keep refreshing it on the schedule while
   * the board is in use. Returns the request to read now, told when a refresh changed it (and,
   * with `announceFetched`, when one found nothing new: the snapshot the board's "Data fetched"
   * counts from).
   */
  watch<T>(
    companyId: number,
    request: SnapshotRequest<T>,
    options?: { announceFetched?: boolean },
  ): SnapshotRequest<T>;
  /** A stream of the company opened on this instance; the returned function closes it. */
  hold(companyId: number): () => void;
  /**
   * The company's snapshot of this kind (the key's first part) is no longer part of any board:
   * stop refreshing it (an hours snapshot once no board measures hours, issue 35).
   */
  forget(companyId: number, kind: string): void;
  /** Reads the company's snapshots now (each refreshes only if due), not at the next tick. */
  nudge(companyId: number): void;
  /** Whether this instance knows which snapshots make up the company's board. */
  knows(companyId: number): boolean;
  /** The snapshot keys of the company's board, as far as this instance knows them. */
  keysOf(companyId: number): string[];
  /** Of those, the keys whose unchanged reads are announced (`announceFetched`). */
  fetchAnnouncedKeysOf(companyId: number): string[];
  close(): void;
}

/**
 * The server's own refresh schedule (issue 13): every company whose board is in use gets its
 * snapshots read once per interval whether or not anyone asks, so the platform is asked on time
 * and open screens are told of new numbers. Reading goes through the snapshot store, whose
 * database lease lets exactly one instance of all fetch per key and interval; the others find
 * the snapshot fresh. Companies nobody looks at are forgotten and cost nothing.
 */
export function createRefreshSchedule(deps: {
  snapshots: SnapshotStore;
  /** The service clock (tests move it). */
  now: () => Date;
  /** Told which companies' boards a refresh changed. */
  onChange: (companyId: number) => void;
  /** Told which companies' numbers a refresh found unchanged, as of when (announced keys only). */
  onFetched?: (companyId: number, fetchedAt: Date) => void;
  /** How often it looks for due snapshots; 0 turns the schedule off (tests of the request path). */
  tickMs?: number;
  logger?: FastifyBaseLogger;
}): RefreshSchedule {
  const { snapshots, now, onChange, onFetched, logger } = deps;
  const companies = new Map<number, Watched>();

  const watchedOf = (companyId: number): Watched => {
    let watched = companies.get(companyId);
    if (!watched) {
      watched = { reads: new Map(), streams: 0, lastWanted: now().getTime() };
      companies.set(companyId, watched);
    }
    return watched;
  };

  /** Every company reading this key is told (two companies may share a credential). */
  const changed = (key: string) => {
    for (const [companyId, watched] of companies) {
      if (watched.reads.has(key)) onChange(companyId);
    }
  };
  const fetched = (key: string, fetchedAt: Date) => {
    for (const [companyId, watched] of companies) {
      if (watched.reads.has(key)) onFetched?.(companyId, fetchedAt);
    }
  };

  /**
   * Starts every due read on its own and waits for none: a refresh that takes seconds (or a
   * starter waiting for it) never holds back another company's. The store reads one key at a
   * time, so a key still being read when the next tick comes is not read twice.
   */
  function tick(): void {
    const at = now().getTime();
    for (const [companyId, watched] of companies) {
      for (const [key, read] of watched.reads) {
        // Without an open stream, a snapshot nobody asked for lately is no longer in use.
        if (watched.streams === 0 && at - read.lastWanted > WATCH_MS) watched.reads.delete(key);
      }
      if (watched.streams === 0 && (at - watched.lastWanted > WATCH_MS || !watched.reads.size)) {
        companies.delete(companyId);
        continue;
      }
      readAll(watched);
    }
  }

  function readAll(watched: Watched): void {
    for (const { request } of watched.reads.values()) {
      snapshots.read(request).catch((error: unknown) => {
        logger?.warn({ err: error }, 'a scheduled snapshot refresh could not run');
      });
    }
  }

  const tickMs = deps.tickMs ?? TICK_MS;
  const timer = tickMs > 0 ? setInterval(tick, tickMs) : undefined;
  timer?.unref();

  return {
    watch<T>(
      companyId: number,
      request: SnapshotRequest<T>,
      options?: { announceFetched?: boolean },
    ) {
      const watched = watchedOf(companyId);
      const at = now().getTime();
      watched.lastWanted = at;
      const scheduled: SnapshotRequest<T> = {
        ...request,
        onChange: () => changed(request.key),
        ...(options?.announceFetched
          ? { onFetched: (fetchedAt: Date) => fetched(request.key, fetchedAt) }
          : {}),
      };
      // One snapshot of each kind per company: the newest window asked for is the board's
      // (yesterday's days, or another time zone asked for before, are not refreshed on schedule).
      const kind = request.key.split(':')[0];
      for (const key of watched.reads.keys()) {
        if (key !== request.key && key.split(':')[0] === kind) watched.reads.delete(key);
      }
      watched.reads.set(request.key, {
        request: scheduled as SnapshotRequest<unknown>,
        lastWanted: at,
      });
      return scheduled;
    },
    hold(companyId) {
      const watched = watchedOf(companyId);
      watched.streams += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        watched.streams -= 1;
        watched.lastWanted = Math.max(watched.lastWanted, now().getTime());
      };
    },
    forget(companyId, kind) {
      const watched = companies.get(companyId);
      if (!watched) return;
      for (const key of watched.reads.keys())
        if (key.split(':')[0] === kind) watched.reads.delete(key);
    },
    nudge(companyId) {
      const watched = companies.get(companyId);
      if (watched) readAll(watched);
    },
    keysOf(companyId) {
      return [...(companies.get(companyId)?.reads.keys() ?? [])];
    },
    fetchAnnouncedKeysOf(companyId) {
      const keys: string[] = [];
      for (const [key, read] of companies.get(companyId)?.reads ?? []) {
        if (read.request.onFetched) keys.push(key);
      }
      return keys;
    },
    knows(companyId) {
      return (companies.get(companyId)?.reads.size ?? 0) > 0;
    },
    close() {
      clearInterval(timer);
      companies.clear();
    },
  };
}
