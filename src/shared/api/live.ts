import type { CapacityResponse } from './capacity.js';

/**
 * `GET /api/events`: a Server-Sent Events stream per open board and paired screen (issue 13).
 * Messages are small: they say what changed, and the board reads the data itself.
 *
 *   hello           first message: the server's build version and the board's company
 *   version         the build version (a page whose version differs reloads at a quiet moment)
 *   capacity        the company's numbers changed (new snapshot, stale or recovered): re-read;
 *                   a paired screen's message carries its board's new answer (`answer`, exactly
 *                   what POST /api/capacity would answer it), so it need not ask
 *   settings        the board's settings changed (only to the streams showing that board)
 *   boards          the company's boards changed (created, renamed, re-picked, reordered, deleted)
 *   board           this paired screen was moved to another board: show that one
 *   preferences     the company's business-unit / job-type preferences or groups changed
 *   alerts          an alert rule of the company started or stopped firing: re-read its lines
 *   screen-revoked  this paired screen was revoked (the stream then ends)
 *   session-ended   this session ended (the stream then ends)
 *   resync          events may have been missed: re-read everything shown
 *
 * Heartbeat comments keep proxies from closing an idle stream. Ids allow `Last-Event-ID`
 * resumption (or `?lastEventId=` for a client that opens a new EventSource itself).
 */
export type LiveMessage =
  | { event: 'hello'; data: { version: string; companyId: number | null; boardId?: number } }
  | { event: 'version'; data: { version: string } }
  | {
      event: 'capacity';
      data: { companyId: number; boardId?: number | null; answer?: CapacityResponse };
    }
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
  'version',
  'capacity',
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
