import { z } from 'zod';
import { isRealDate } from '../history/history-range.js';
import { itemTypeSchema } from './item-groups.js';
import { serialIdParam } from './path-params.js';
import { boardQuerySchema } from './onboarding.js';

/**
 * A board's history (issue 27, decision 026): `GET /api/history?boardId=&from=&to=[&viewType=]
 * [&format=csv]`. Each working day of the board in the range, with the final booked count and
 * target per item as the board shows its items; `source` says whether the day was recorded
 * while it was ahead or reconstructed from ServiceTitan afterwards (the backfill).
 */

/** The longest range one request may ask for, in days (from and to included). */
export const MAX_HISTORY_RANGE_DAYS = 400;
/** The CSV download's header line. */
export const HISTORY_CSV_HEADER = 'date,item_id,item_name,scheduled,target';

const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine(isRealDate, 'must be a date that exists');

export const historyQuerySchema = boardQuerySchema
  .extend({
    boardId: serialIdParam.optional(),
    from: dateParam,
    to: dateParam,
    viewType: itemTypeSchema.optional(),
    format: z.enum(['json', 'csv']).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.to < query.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
      return;
    }
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
    if (days > MAX_HISTORY_RANGE_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `must be at most ${MAX_HISTORY_RANGE_DAYS} days from from`,
      });
    }
  });
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const historySourceSchema = z.enum(['recorded', 'reconstructed']);
export type HistorySource = z.infer<typeof historySourceSchema>;

export const historyItemSchema = z.object({
  /** The ServiceTitan id, or `group:<id>` for a merged group (as on the board). */
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  scheduled: z.number().int(),
  target: z.number().int(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyDaySchema = z.object({
  date: z.string(),
  source: historySourceSchema,
  items: z.array(historyItemSchema),
});
export type HistoryDay = z.infer<typeof historyDaySchema>;

export const historyResponseSchema = z.object({ days: z.array(historyDaySchema) });
export type HistoryResponse = z.infer<typeof historyResponseSchema>;
