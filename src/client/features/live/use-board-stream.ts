import type { CapacityResponse } from '@shared/api/capacity';
import { LIVE_STREAM_PATH, type LiveMessage } from '@shared/api/live';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { setStreamOpen } from './poll-interval';
import { noteServerVersion, reloadIfQuiet } from './reload-on-version';
import { withQuery } from '@/lib/with-query';

/** Reconnect back-off after a stream fails: 1 s doubling to 60 s, with jitter. */
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 60_000;

/** Query keys each message makes stale (prefixes: every company, view type and day set). */
const CAPACITY = ['/api/capacity'];
const BOARD_SETTINGS = ['/api/board-settings'];
const BOARDS = ['/api/boards'];
const SCREEN_STATUS = ['/api/screen'];
const ALERT_LINES = ['/api/alert-lines'];
const PREFERENCE_KEYS = [
  ['/api/business-unit-preferences'],
  ['/api/job-type-preferences'],
  ['/api/item-groups'],
  ['/api/servicetitan/metadata'],
];

function invalidate(client: QueryClient, keys: string[][]): void {
  for (const queryKey of keys) void client.invalidateQueries({ queryKey });
}

export interface BoardStreamOptions {
  enabled: boolean;
  /** A master admin's stream of another company's board (as `/api/capacity?companyId=`). */
  companyId?: number | undefined;
  /** The board shown (issue 26): its settings events reach this stream; absent, the first. */
  boardId?: number | undefined;
  /** A paired screen learns of its own revocation here (issue 11). */
  onScreenRevoked?: () => void;
  /**
   * A paired screen's new numbers, carried in the `capacity` message (issue 26, item 6): shown
   * as they are, with no request. Without it (or without an answer) the numbers are re-read.
   */
  onCapacityAnswer?: (answer: CapacityResponse, boardId: number | null | undefined) => void;
}

/**
 * The board's live connection (issue 13): one EventSource on `GET /api/events` that makes the
 * board's queries stale when the server says their data changed, reconnects with back-off (and
 * the last event id, so the server replays or asks for a re-read), stretches the 60-second poll
 * while it is open and restores it while it is not (blocked streams), and hands build versions
 * to reload-on-version.ts. Mounted by the signed-in board; a paired screen mounts it too.
 */
export function useBoardStream({
  enabled,
  companyId,
  boardId,
  onScreenRevoked,
  onCapacityAnswer,
}: BoardStreamOptions): void {
  const client = useQueryClient();
  const revoked = useRef(onScreenRevoked);
  const answered = useRef(onCapacityAnswer);
  useEffect(() => {
    revoked.current = onScreenRevoked;
    answered.current = onCapacityAnswer;
  }, [onScreenRevoked, onCapacityAnswer]);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let lastEventId: string | null = null;
    let stopped = false;
    let open = false;

    // After a successful board fetch is a quiet moment to reload for a new version.
    const unsubscribeCache = client.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'success' &&
        event.query.queryKey[0] === CAPACITY[0]
      ) {
        void reloadIfQuiet();
      }
    });

    const setOpen = (now: boolean) => {
      const wasOpen = open;
      open = now;
      setStreamOpen(now);
      // Back to polling every minute: fetch now, which also schedules the shorter interval.
      if (wasOpen && !now) invalidate(client, [CAPACITY]);
    };

    const onVersion = (version: string) => {
      // Fetch now: its success is the quiet moment the reload waits for.
      if (noteServerVersion(version)) invalidate(client, [CAPACITY]);
    };

    const handlers: {
      [E in LiveMessage['event']]: (data: Extract<LiveMessage, { event: E }>['data']) => void;
    } = {
      hello: (data) => onVersion(data.version),
      version: (data) => onVersion(data.version),
      capacity: (data) => {
        if (data.answer && answered.current) answered.current(data.answer, data.boardId);
        else invalidate(client, [CAPACITY]);
      },
      settings: () => invalidate(client, [BOARD_SETTINGS, CAPACITY]),
      // A board was created, renamed, re-picked, reordered or deleted (issue 26).
      boards: () => invalidate(client, [BOARDS, BOARD_SETTINGS, CAPACITY]),
      // This paired screen was moved to another board: the server answers with that one now.
      board: () => invalidate(client, [SCREEN_STATUS, BOARDS, BOARD_SETTINGS, CAPACITY]),
      preferences: () => invalidate(client, [CAPACITY, ...PREFERENCE_KEYS]),
      alerts: () => invalidate(client, [ALERT_LINES]),
      resync: () =>
        invalidate(client, [CAPACITY, BOARD_SETTINGS, BOARDS, ALERT_LINES, ...PREFERENCE_KEYS]),
      // The next request learns it is signed out, and the board's 401 handling takes over.
      'session-ended': () => invalidate(client, [CAPACITY]),
      'screen-revoked': () => revoked.current?.(),
    };

    const connect = () => {
      // A new EventSource cannot send Last-Event-ID itself; the server reads it from here.
      const next = new EventSource(
        withQuery(LIVE_STREAM_PATH, { companyId, boardId, lastEventId: lastEventId || undefined }),
      );
      source = next;
      for (const name of Object.keys(handlers) as LiveMessage['event'][]) {
        next.addEventListener(name, (event) => {
          const message = event as MessageEvent<string>;
          if (message.lastEventId) lastEventId = message.lastEventId;
          let data: unknown;
          try {
            data = JSON.parse(message.data);
          } catch {
            return;
          }
          (handlers[name] as (value: unknown) => void)(data);
        });
      }
      next.onopen = () => {
        failures = 0;
        setOpen(true);
      };
      // Any failure: close it and reconnect ourselves, with back-off and jitter (a restarted
      // server is not met by every screen at the same instant).
      next.onerror = () => {
        next.close();
        if (source !== next || stopped) return;
        setOpen(false);
        source = null;
        failures += 1;
        const ceiling = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (failures - 1));
        retryTimer = setTimeout(connect, ceiling / 2 + Math.random() * (ceiling / 2));
      };
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
      source = null;
      setStreamOpen(false);
      unsubscribeCache();
    };
  }, [client, enabled, companyId, boardId]);
}
