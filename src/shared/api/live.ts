import type { CapacityResponse } from './capacity.js';

/**
 * `GET /api/events`: a Server-Sent Events stream per open board and paired screen (issue 13).
 * Messages are small: they say what changed, and the board reads the data itself.
 *
 *   hello           first message: the server's build version, the board's company and how often
 *                   heartbeats come
 *   heartbeat       nothing new, the stream is alive (every 20 s; issue 33: a stream silent for
 *                   two of them is taken for dead and opened again by the client)
 *   version         the build version (a page whose version differs reloads at a quiet moment)
 *   capacity        the company's numbers changed (new snapshot, stale or recovered): re-read;
 *                   a paired screen's message carries its board's new answer (`answer`, exactly
 *                   what POST /api/capacity would answer it), so it need not ask
 *   fetched         the company's numbers were read again and nothing changed: they are as
 *                   current as `fetchedAt` ("Data fetched" counts from it; no id, not replayed)
 *   settings        the board's settings changed (only to the streams showing that board)
 *   boards          the company's boards changed (created, renamed, re-picked, reordered, deleted)
 *   board           this paired screen was moved to another board: show that one
 *   preferences     the company's business-unit / job-type preferences or groups changed
 *   alerts          an alert rule of the company started or stopped firing: re-read its lines
 *   screen-revoked  this paired screen was revoked (the stream then ends)
 *   session-ended   this session ended (the stream then ends)
 *   resync          events may have been missed: re-read everything shown
 *
 * Heartbeats keep proxies from closing an idle stream, and are messages (not comments, which a
 * browser's EventSource never shows) so the client can tell a live stream from one a proxy
 * keeps open after its server died. Ids allow `Last-Event-ID`
 * resumption (or `?lastEventId=` for a client that opens a new EventSource itself).
 */
export type LiveMessage =
  | {
      event: 'hello';
      data: {
        version: string;
        companyId: number | null;
        boardId?: number;
        /** How often `heartbeat` comes: a client that hears nothing for long reconnects. */
        heartbeatSeconds?: number;
      };
    }
  | { event: 'heartbeat'; data: Record<string, never> }
  | { event: 'version'; data: { version: string } }
  | {
      event: 'capacity';
      data: { companyId: number; boardId?: number | null; answer?: CapacityResponse };
    }
  | { event: 'fetched'; data: { companyId: number; fetchedAt: string } }
  | { event: 'settings'; data: { companyId: number; version: number; boardId?: number } }
  | { event: 'boards'; data: { companyId: number } }
  | { event: 'board'; data: { boardId: number } }
  | { event: 'preferences'; data: { companyId: number } }
  | { event: 'alerts'; data: { companyId: number } }
  | { event: 'screen-revoked'; data: { screenId: number } }
  | { event: 'session-ended'; data: Record<string, never> }
  | { event: 'resync'; data: Record<string, never> };

export type LiveEventName = LiveMessage['event'];

export const LIVE_EVENT_NAMES = [
  'hello',
  'heartbeat',
  'version',
  'capacity',
  'fetched',
  'settings',
  'boards',
  'board',
  'preferences',
  'alerts',
  'screen-revoked',
  'session-ended',
  'resync',
] as const satisfies readonly LiveEventName[];

export const LIVE_STREAM_PATH = '/api/events';

/** How long the browser waits before reconnecting a dropped stream (SSE `retry:`). */
export const LIVE_RETRY_MS = 2_000;
