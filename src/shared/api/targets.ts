import { z } from 'zod';
import { itemTypeSchema } from './item-groups.js';
import { boardQuerySchema } from './onboarding.js';
import { boardIdQuery } from './path-params.js';
import { itemIdSchema, MAX_PREFERENCES_PER_KIND } from './preferences.js';

/**
 * Targets that fit (issue 27, item 7; decision 036) and the learned pace curve (item 1;
 * decision 037). Routes: src/server/routes/targets/.
 *
 *   GET  /api/target-suggestions         each item's suggested target from its last 8 weeks,
 *                                        whether the history is there yet, and whether the
 *                                        company's targets are still the defaults
 *   POST /api/target-suggestions/apply   { items: 'all' | 'none' | [{ type, itemId }] }: sets
 *                                        the items' targets (all three days ahead) to their
 *                                        suggestions; 'none' accepts the targets as they are
 *   GET  /api/pace/learned[?boardId=]    the pace curve the board's history teaches, or why not
 */

/** Where a company's history for suggestions stands. */
export const SUGGESTIONS_STATUSES = ['ready', 'backfilling', 'not_connected'] as const;
export type SuggestionsStatus = (typeof SUGGESTIONS_STATUSES)[number];

export const targetSuggestionSchema = z.object({
  type: itemTypeSchema,
  itemId: z.number().int(),
  /** The item's name on the platform (its id when the platform could not be read). */
  name: z.string(),
  /** Its targets now, for the 1st / 2nd / 3rd day ahead (5 each by default). */
  day1Target: z.number().int(),
  day2Target: z.number().int(),
  day3Target: z.number().int(),
  /** Null when it had no job on any of the days. */
  suggested: z.number().int().nullable(),
  /** The working days the suggestion was read from. */
  days: z.number().int(),
});
export type TargetSuggestion = z.infer<typeof targetSuggestionSchema>;

export const targetSuggestionsResponseSchema = z.object({
  /**
   * `ready`: the history is filled in (suggestions below); `backfilling`: the platform's past
   * is still being read (`progress`); `not_connected`: no platform connection, no history.
   */
  status: z.enum(SUGGESTIONS_STATUSES),
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  /** The working days of the window with history (from, to: `YYYY-MM-DD`). */
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  /** The rule in one sentence, for the pages. */
  rule: z.string(),
  /**
   * True until someone sets or accepts the targets: nobody applied or accepted suggestions and
   * every item keeps the default target. The board says so in one line.
   */
  targetsAreDefaults: z.boolean(),
  /** The caller may apply them (preferences.edit). */
  canApply: z.boolean(),
  items: z.array(targetSuggestionSchema),
});
export type TargetSuggestionsResponse = z.infer<typeof targetSuggestionsResponseSchema>;

export const applyTargetsBodySchema = z.object({
  /**
   * `all`: every item with a suggestion; `none`: keep the targets as they are (accepted);
   * a list: those items, each of which must have a suggestion.
   */
  items: z.union(
    [
      z.literal('all'),
      z.literal('none'),
      z
        .array(z.object({ type: itemTypeSchema, itemId: itemIdSchema }))
        .min(1, 'must name at least one item')
        .max(MAX_PREFERENCES_PER_KIND * 2),
    ],
    { message: "must be 'all', 'none' or a list of { type, itemId }" },
  ),
});
export type ApplyTargetsBody = z.infer<typeof applyTargetsBodySchema>;

export const applyTargetsResponseSchema = targetSuggestionsResponseSchema.extend({
  /** How many items' targets changed. */
  applied: z.number().int(),
});

export const learnedPaceQuerySchema = boardQuerySchema.extend({
  boardId: boardIdQuery,
});

export const learnedPaceResponseSchema = z.object({
  /** Null when there is not enough history: `reason` says why. */
  curve: z
    .object({
      day1: z.number().int(),
      day2: z.number().int(),
      day3: z.number().int(),
    })
    .nullable(),
  /** Working days with a fill curve in the last 8 weeks, and how many a curve needs. */
  days: z.number().int(),
  required: z.number().int(),
  reason: z.string().nullable(),
  rule: z.string(),
});
export type LearnedPaceResponse = z.infer<typeof learnedPaceResponseSchema>;
