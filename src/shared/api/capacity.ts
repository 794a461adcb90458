import { z } from 'zod';
import { PACE_STATUSES } from '../capacity/pace.js';
import { itemTypeSchema } from './item-groups.js';
import { boardQuerySchema } from './onboarding.js';
import { boardIdQuery } from './path-params.js';
import { DEFAULT_PROVIDER, providerName } from '../providers/platforms.js';

// Kept with the time-zone rules, free of the schema library (the board reads it too).
export { DEFAULT_CAPACITY_TIME_ZONE } from '../calendar/time-zone.js';

/** A board whose company has not connected its platform ("{provider}": its name). */
export const noCredentialsError = (providerName: string): string =>
  `No ${providerName} credentials configured. Ask an administrator to add them in the Admin panel.`;
/** The same for a company on the default platform. */
export const NO_CREDENTIALS_ERROR = noCredentialsError(providerName(DEFAULT_PROVIDER));

/**
 * `POST /api/capacity` body: only the person's view type. The displayed days are the server's
 * to decide, from the board company's stored settings (time zone, workdays, holidays; issue 11,
 * decision 009). Older clients still send `timezone`, `workdays` and `holidays`: unknown fields
 * are stripped, not refused, so they keep working and change nothing.
 */
/** `POST /api/capacity?companyId=&boardId=`: whose board, and which of its boards (issue 26). */
export const capacityQuerySchema = boardQuerySchema.extend({
  boardId: boardIdQuery,
});

export const capacityRequestSchema = z.object({
  viewType: itemTypeSchema.optional(),
});
export type CapacityRequest = z.infer<typeof capacityRequestSchema>;

/** Technician hours (issue 35): what the crew can hold, what is booked, what is still open. */
export const hoursSchema = z.object({
  capacity: z.number().min(0),
  booked: z.number().min(0),
  open: z.number().min(0),
});
export type Hours = z.infer<typeof hoursSchema>;

/** Where an hours board's capacity came from: the platform's capacity planning, or its shifts. */
export const HOURS_SOURCES = ['capacity', 'shifts'] as const;

/** Seed "Capacity item". A merged group carries the group's name and a `group:<id>` id. */
export const capacityItemSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  scheduled: z.number().int(),
  target: z.number(),
  type: itemTypeSchema,
  /**
   * Of `scheduled`, the jobs booked today: the platform's creation time (`createdOnMs`) at or after the local start
   * of today in the board's zone (issue 27).
   */
  newToday: z.number().int().min(0),
  /** On an hours board (issue 35): its technician hours that day. */
  hours: hoursSchema.optional(),
  /** On an hours board: distinct technicians on shift that day. */
  technicians: z.number().int().min(0).optional(),
});
export type CapacityItem = z.infer<typeof capacityItemSchema>;

export const capacityDaySchema = z.object({
  /** Calendar date in the board's zone, `YYYY-MM-DD`. */
  date: z.string(),
  data: z.array(capacityItemSchema),
  /**
   * The expected fill of the day now, % of target (the pace pointer, decision 038): the median of
   * the board's own past days at this moment, or the set curve; never above the day's goal.
   */
  expectedPercent: z.number().int().min(0).max(100),
  /**
   * The day's pace: by the board's similar past days, behind below their 35th percentile at this
   * moment, at risk below their 10th; by the set curve, behind within 20 points below the
   * pointer, at risk further below. At or past the pointer it is always on track.
   */
  pace: z.enum(PACE_STATUSES),
  /** On an hours board (issue 35): the day's hours, its items' summed. */
  hours: hoursSchema.optional(),
  /** On an hours board: the day's technicians on shift. */
  technicians: z.number().int().min(0).optional(),
  /**
   * On an hours board: the technicians on shift on the same weekday a week before ("2 fewer
   * technicians than last Thursday"); null when not known.
   */
  techniciansLastWeek: z.number().int().min(0).nullable().optional(),
  /** What the pace was judged by (decision 038). */
  paceBy: z.object({
    /** `history`: the board's own working days of the last 8 weeks; `curve`: the set curve. */
    basis: z.enum(['history', 'curve']),
    /** Past days known at this moment (20 are needed before they judge). */
    days: z.number().int().min(0),
    /** With history: the usual range by now (35th to 65th percentile), % of target. */
    usual: z
      .object({ low: z.number().int().min(0).max(100), high: z.number().int().min(0).max(100) })
      .nullable(),
  }),
});
export type CapacityDay = z.infer<typeof capacityDaySchema>;

/**
 * Always 200. `error` set means the client shows it as the error (seed: "either {error} or
 * {days}"); then `days` may still hold the last good numbers when there are some.
 */
export const capacityResponseSchema = z.object({
  days: z.array(capacityDaySchema),
  /** When the platform was last read successfully for these numbers (ISO-8601), or null. */
  fetchedAt: z.string().nullable(),
  /** True when the numbers are older than one refresh interval because the platform failed. */
  stale: z.boolean(),
  /** Plain-words reason the numbers are not newer, when stale. */
  staleReason: z.string().nullable(),
  /** How often the server asks the platform; screens need not poll faster. */
  refreshIntervalSeconds: z.number().int(),
  /**
   * What the numbers are (issue 35): booked jobs against targets, or technician hours (the
   * board measures hours, and they could be read). Absent: jobs.
   */
  measure: z.enum(['jobs', 'hours']).optional(),
  /** On hours: where capacity came from, the platform's capacity planning or technician shifts. */
  hoursSource: z.enum(HOURS_SOURCES).nullable().optional(),
  /**
   * A board set to measure hours, in words: which source its hours came from, or why it counts
   * jobs instead (what to ask the platform's admin for).
   */
  measureNote: z.string().nullable().optional(),
  error: z.string().optional(),
});
export type CapacityResponse = z.infer<typeof capacityResponseSchema>;
