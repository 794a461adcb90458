import { z } from 'zod';
import { boardIdQuery, companyIdQuery } from './path-params.js';

/** `GET /api/events` query (src/shared/api/live.ts; apart so the board's bundle needs no Zod). */
export const liveStreamQuerySchema = z.object({
  /** A master admin's stream of another company's board (as `/api/capacity?companyId=`). */
  companyId: companyIdQuery,
  /** The board shown (issue 26); without it, the company's first (a screen: always its own). */
  boardId: boardIdQuery,
  /** The last event id seen, for a client that cannot send the Last-Event-ID header. */
  lastEventId: z.string().max(64).optional().meta({
    description:
      'The id of the last message received, to catch up after a dropped connection (as the `Last-Event-ID` header).',
  }),
});
