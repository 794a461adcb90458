import { z } from 'zod';
import { itemTypeSchema } from './item-groups.js';

/** `?viewType=`: business units or job types. */
const viewTypeQuery = itemTypeSchema.optional().meta({
  description: "Count by business unit or by job type. Absent: the board's own view type.",
  examples: ['businessUnit'],
});
import { boardIdQuery, dateQuery } from './path-params.js';
import { boardQuerySchema } from './onboarding.js';

/**
 * A board's history (issue 27, decision 026): `GET /api/history?boardId=&from=&to=[&viewType=]
 * [&format=csv]`. Each working day of the board in the range, with the final booked count and
 * target per item as the board shows its items; `source` says whether the day was recorded
 * while it was ahead or reconstructed from the company's platform afterwards (the backfill).
 */

/** The longest range one request may ask for, in days (from and to included). */
export const MAX_HISTORY_RANGE_DAYS = 400;
/** The CSV download's header line. */
export const HISTORY_CSV_HEADER =
  'date,item_id,item_name,scheduled,target,source,booked_hours,capacity_hours';

export const historyQuerySchema = boardQuerySchema
  .extend({
    boardId: boardIdQuery,
    from: dateQuery("The first day, `YYYY-MM-DD`, in the board's time zone."),
    to: dateQuery('The last day, `YYYY-MM-DD`, included; at most 400 days after `from`.'),
    viewType: viewTypeQuery,
    format: z
      .enum(['json', 'csv'])
      .optional()
      .meta({
        description:
          '`csv`: a CSV file (`text/csv`) with the header `date,item_id,item_name,scheduled,target,source,booked_hours,capacity_hours`, one row per day and item (the hours empty where none were recorded). Absent or `json`: JSON.',
        examples: ['csv'],
      }),
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

/** Technician hours as history keeps them (issue 35): booked of capacity. */
export const historyHoursSchema = z.object({
  booked: z.number().min(0),
  capacity: z.number().min(0),
});

export const historyItemSchema = z.object({
  /** The item's id on the platform, or `group:<id>` for a merged group (as on the board). */
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  scheduled: z.number().int(),
  target: z.number().int(),
  /**
   * A business unit's technician hours that day (issue 35), recorded while a board of the
   * company measured hours: booked and capacity. Absent when none were recorded.
   */
  hours: historyHoursSchema.optional(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyDaySchema = z.object({
  date: z.string(),
  source: historySourceSchema,
  items: z.array(historyItemSchema),
  /** The day's technician hours, its items' summed, when hours were recorded that day. */
  hours: historyHoursSchema.optional(),
});
export type HistoryDay = z.infer<typeof historyDaySchema>;

export const historyResponseSchema = z.object({ days: z.array(historyDaySchema) });
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

/**
 * `GET /api/history/status?boardId=`: whether the company's last 13 weeks are being filled in
 * from the company's platform (issue 27, item 4), how many working days of how many, and when it
 * finished. `not_connected`: no platform connection yet; `waiting`: connected, the backfill has not
 * started (the background loop takes it within a minute).
 */
export const backfillStateSchema = z.enum([
  'not_connected',
  'waiting',
  'running',
  'done',
  'failed',
]);
export type BackfillState = z.infer<typeof backfillStateSchema>;

export const historyStatusQuerySchema = boardQuerySchema.extend({
  boardId: boardIdQuery,
});

export const historyStatusSchema = z.object({
  backfill: z.object({
    state: backfillStateSchema,
    /** Working days filled in so far, of `daysTotal` (65: 13 weeks of working days). */
    daysDone: z.number().int(),
    daysTotal: z.number().int(),
    /** The last day filled in (`YYYY-MM-DD`), oldest first; null before the first page. */
    through: z.string().nullable(),
    /** When the backfill finished (ISO 8601); null while it has not. */
    finishedAt: z.string().nullable(),
  }),
  /** The board's time zone: the day's moments are shown in it. */
  timeZone: z.string(),
  /** Days older than this many days keep only each item's final count (no fill curve). */
  detailDays: z.number().int(),
});
export type HistoryStatus = z.infer<typeof historyStatusSchema>;

/**
 * `GET /api/history/day?boardId=&date=[&viewType=]`: one day's fill curve — the board's total
 * booked and target at each recorded (or reconstructed) change before and on the day, as the
 * board shows its items — against the pace the board would have shown (the expected % of target
 * by then).
 */
export const historyDayQuerySchema = boardQuerySchema.extend({
  boardId: boardIdQuery,
  date: dateQuery("The day, `YYYY-MM-DD`, in the board's time zone."),
  viewType: viewTypeQuery,
});
export type HistoryDayQuery = z.infer<typeof historyDayQuerySchema>;

export const fillPointSchema = z.object({
  /** When the numbers were read (recorded) or are known from `createdOn` (reconstructed). */
  at: z.string(),
  scheduled: z.number().int(),
  target: z.number().int(),
  /** Booked as a whole % of target (0 when the target is 0). */
  percent: z.number().int(),
});
export type FillPoint = z.infer<typeof fillPointSchema>;

export const pacePointSchema = z.object({
  at: z.string(),
  /** What the board's pace pointer said then, % of target (never above the day's goal). */
  expectedPercent: z.number().int(),
  /** Judged by history: the usual range then (where Behind began, and as far above), % of target. */
  usualLow: z.number().int().optional(),
  usualHigh: z.number().int().optional(),
});
export type PacePoint = z.infer<typeof pacePointSchema>;

export const historyDayDetailSchema = z.object({
  date: z.string(),
  /** Null when the day has no history. */
  source: historySourceSchema.nullable(),
  timeZone: z.string(),
  /** The 3 working days before the day (oldest first): the board showed it on them. */
  before: z.array(z.string()),
  points: z.array(fillPointSchema),
  /**
   * The pace the board would have shown over those days (decision 038): by the board's own
   * similar days of the 8 weeks before each (`history`: every working hour, with the usual
   * range) or by the set curve (`curve`: each working day's start and end, then the day itself).
   */
  paceBy: z.enum(['history', 'curve']),
  pace: z.array(pacePointSchema),
});
export type HistoryDayDetail = z.infer<typeof historyDayDetailSchema>;
