import type { CapacityResponse } from '@shared/api/capacity';
import { LIVE_STREAM_PATH } from '@shared/api/live';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { openBoardStream, type LiveHandlers } from './board-stream-connection';
import { setStreamOpen } from './poll-interval';
import { noteServerVersion, reloadIfQuiet } from './reload-on-version';
import { withQuery } from '@/lib/with-query';

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
  ['/api/provider/metadata'],
];

function invalidate(client: QueryClient, keys: string[][]): void {
  for (const queryKey of keys) void client.invalidateQueries({ queryKey });
}

/**
 * The numbers on screen were read again and found unchanged at `fetchedAt` (the `fetched`
 * message, issue 33 item 2): "Data fetched" and "Numbers of" count from it, with no request.
 * Only answers that are current and this stream's company's: numbers the board calls stale stay
 * stale, with their reason and their time, until the server says otherwise.
 */
export function noteFetched(
  client: QueryClient,
  companyId: number | undefined,
  fetchedAt: string,
): void {
  const at = Date.parse(fetchedAt);
  if (!Number.isFinite(at)) return;
  client.setQueriesData<CapacityResponse>(
    {
      queryKey: CAPACITY,
      // A person's board names its company (null: their own); a paired screen has only its own.
      predicate: (query) =>
        query.queryKey[1] === 'screen' || (query.queryKey[2] ?? null) === (companyId ?? null),
    },
    (answer) =>
      answer &&
      !answer.stale &&
      answer.error === undefined &&
      answer.fetchedAt !== null &&
      Date.parse(answer.fetchedAt) < at
        ? { ...answer, fetchedAt }
        : answer,
  );
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
 * The board's live connection (issue 13): one stream on `GET /api/events`
 * (board-stream-connection.ts: reconnects with back-off and the last event id, and after a
 * silence of two heartbeats) that makes the board's queries stale when the server says their
 * data changed, stretches the 60-second poll while it is open and restores it while it is not
 * (blocked streams), and hands build versions to reload-on-version.ts. Mounted by the signed-in
 * board; a paired screen mounts it too.
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

    const handlers: Required<LiveHandlers> = {
      hello: (data) => onVersion(data.version),
      version: (data) => onVersion(data.version),
      capacity: (data) => {
        if (data.answer && answered.current) answered.current(data.answer, data.boardId);
        else invalidate(client, [CAPACITY]);
      },
      fetched: (data) => noteFetched(client, companyId, data.fetchedAt),
      // Heard, and that is all it is for (a silent stream is reconnected).
      heartbeat: () => undefined,
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

    const connection = openBoardStream({
      url: (lastEventId) => withQuery(LIVE_STREAM_PATH, { companyId, boardId, lastEventId }),
      handlers,
      onOpenChange: setOpen,
    });
    return () => {
      connection.close();
      setStreamOpen(false);
      unsubscribeCache();
    };
  }, [client, enabled, companyId, boardId]);
}
