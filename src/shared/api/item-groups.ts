import { z } from 'zod';
import { displayNameSchema } from './display-name.js';
import { MAX_SERIAL_ID, serialIdParamSchema } from './ids.js';

export { MAX_SERIAL_ID } from './ids.js';

export const itemTypeSchema = z.enum(['businessUnit', 'jobType']);
export type ItemType = z.infer<typeof itemTypeSchema>;

export const groupIdSchema = z
  .number()
  .int('must be a whole number')
  .positive('must be a positive id')
  .max(MAX_SERIAL_ID);

/** Group names are trimmed and must be non-empty (seed section 5). */
export const groupNameSchema = displayNameSchema;

/** An item group (seed "Item group"), owned by one user. */
export const itemGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: itemTypeSchema,
});
export type ItemGroup = z.infer<typeof itemGroupSchema>;

/** `GET /api/item-groups?type=` — without `type`, every group of the caller. */
export const listItemGroupsQuerySchema = z.object({ type: itemTypeSchema.optional() });
export const itemGroupListSchema = z.array(itemGroupSchema);

/** `POST /api/item-groups` */
export const createItemGroupBodySchema = z.object({ name: groupNameSchema, type: itemTypeSchema });
export type CreateItemGroupBody = z.infer<typeof createItemGroupBodySchema>;

/** `PATCH /api/item-groups/:id` */
export const renameItemGroupBodySchema = z.object({ name: groupNameSchema });
export type RenameItemGroupBody = z.infer<typeof renameItemGroupBodySchema>;

/** Path ids are plain digits: "%201", "1.5" and "abc" are refused, never coerced. */
export const itemGroupParamsSchema = z.object({ id: serialIdParamSchema });
