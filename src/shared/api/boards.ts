import { z } from 'zod';
import { displayName } from './display-name.js';
import { serialIdSchema } from './ids.js';
import { itemTypeSchema } from './item-groups.js';
import { companyIdQuery, pathParams, serialIdParam } from './path-params.js';

/**
 * A company's boards (issue 26, decision 014): `/api/boards`. Each board has a name, a view type,
 * the items it shows (null = every item, so new ones on the platform appear) and its own board
 * settings (`/api/board-settings?boardId=`). Items, targets and groups stay the company's.
 */

/** Most boards one company keeps. */
export const MAX_BOARDS_PER_COMPANY = 50;
/** Most items one board picks (a company's business units or job types and groups). */
export const MAX_BOARD_ITEMS = 2_000;

export const boardNameSchema = displayName({ max: 80 });

/** A business unit or job type id (the platform's, 64-bit) or an item group as `group:<id>`. */
export const boardItemIdSchema = z.union(
  [
    z
      .number()
      .int('must be a whole number')
      .positive('must be a positive id')
      .max(Number.MAX_SAFE_INTEGER),
    z.string().regex(/^group:[1-9][0-9]{0,9}$/, 'must be an item id or group:<id>'),
  ],
  { message: 'must be an item id (a number) or a group as group:<id>' },
);
export type BoardItemId = z.infer<typeof boardItemIdSchema>;

export const boardItemIdsSchema = z
  .array(boardItemIdSchema)
  .max(MAX_BOARD_ITEMS, `must list at most ${MAX_BOARD_ITEMS} items`)
  .nullable();

/**
 * What a board measures (issue 35): booked jobs against the targets the company typed, or
 * technician hours from the platform (capacity, booked and open hours, technicians on shift).
 * Hours apply to business-unit boards; a job-type board counts jobs.
 */
export const BOARD_MEASURES = ['jobs', 'hours'] as const;
export type BoardMeasure = (typeof BOARD_MEASURES)[number];
export const boardMeasureSchema = z.enum(BOARD_MEASURES, "must be 'jobs' or 'hours'");

/** The 400 for hours asked of a job-type board. */
export const HOURS_NEED_BUSINESS_UNITS =
  'measure: hours are measured per business unit; a job-type board counts jobs';

/** A board as `GET /api/boards` lists it. */
export const boardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  viewType: itemTypeSchema,
  measure: boardMeasureSchema,
  itemIds: z.array(z.union([z.number(), z.string()])).nullable(),
  screenCount: z.number().int(),
});
export type Board = z.infer<typeof boardSchema>;

export const boardListSchema = z.object({
  boards: z.array(boardSchema),
  /** The caller may create, rename, reorder and delete boards and move screens. */
  canManage: z.boolean(),
});
export type BoardList = z.infer<typeof boardListSchema>;

/** `?companyId=` on the list and create: a master admin's other company. */
export const boardsQuerySchema = z.object({ companyId: companyIdQuery });

/** `POST /api/boards` */
export const createBoardBodySchema = z.object({
  name: boardNameSchema,
  viewType: itemTypeSchema.optional(),
  measure: boardMeasureSchema.optional(),
  itemIds: boardItemIdsSchema.optional(),
});
export type CreateBoardBody = z.input<typeof createBoardBodySchema>;

/** `PATCH /api/boards/:id`: any of name, view type, measure, items, and its place (0 = first). */
export const updateBoardBodySchema = z
  .object({
    name: boardNameSchema.optional(),
    viewType: itemTypeSchema.optional(),
    measure: boardMeasureSchema.optional(),
    itemIds: boardItemIdsSchema.optional(),
    position: z
      .number()
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(MAX_BOARDS_PER_COMPANY - 1, `must be below ${MAX_BOARDS_PER_COMPANY}`)
      .optional(),
  })
  .refine(
    (b) =>
      b.name !== undefined ||
      b.viewType !== undefined ||
      b.measure !== undefined ||
      b.itemIds !== undefined ||
      b.position !== undefined,
    {
      message: 'name: give a name, a view type, a measure, items or a position',
      path: ['name'],
    },
  );
export type UpdateBoardBody = z.input<typeof updateBoardBodySchema>;

export const boardParamsSchema = pathParams({ id: serialIdParam });

/** `DELETE /api/boards/:id?moveScreensTo=` */
export const deleteBoardQuerySchema = z.object({
  moveScreensTo: serialIdParam.optional().meta({
    description:
      'Another board of the company that the TVs showing this board move to; needed when TVs show it.',
    examples: ['7'],
  }),
});

/** `?boardId=` on every route that reads or writes one board; without it, the first board. */
export const boardIdQueryField = serialIdParam.optional();

/** `boardId` in a JSON body (pairing, screen links, moving a screen). */
export const boardIdBodyField = serialIdSchema;

export const LAST_BOARD_MESSAGE =
  'This is the only board of the company, and a company always has one. Create another board before deleting this one.';
export const BOARD_HAS_SCREENS_MESSAGE =
  'moveScreensTo: screens show this board; choose the board they move to.';
export const BOARD_LIMIT_MESSAGE = `A company has at most ${MAX_BOARDS_PER_COMPANY} boards.`;
