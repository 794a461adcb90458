import { z } from 'zod';
import { serialIdParamSchema } from './ids.js';

/** `GET /api/events` query (src/shared/api/live.ts; apart so the board's bundle needs no Zod). */
export const liveStreamQuerySchema = z.object({
  /** A master admin's stream of another company's board (as `/api/capacity?companyId=`). */
  companyId: serialIdParamSchema.optional(),
  /** The board shown (issue 26); without it, the company's first (a screen: always its own). */
  boardId: serialIdParamSchema.optional(),
  /** The last event id seen, for a client that cannot send the Last-Event-ID header. */
  lastEventId: z.string().max(64).optional(),
});
