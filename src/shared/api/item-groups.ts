import { z } from 'zod';
import { displayNameSchema } from './display-name.js';
import { boardQuerySchema } from './onboarding.js';
import { MAX_SERIAL_ID, pathParams, serialIdParam } from './path-params.js';

export { MAX_SERIAL_ID } from './path-params.js';

export const itemTypeSchema = z.enum(['businessUnit', 'jobType']);
export type ItemType = z.infer<typeof itemTypeSchema>;

export const groupIdSchema = z
  .number()
  .int('must be a whole number')
  .positive('must be a positive id')
  .max(MAX_SERIAL_ID);

/** Most groups one company keeps per type (seed section 2; a bound, not a product limit). */
export const MAX_GROUPS_PER_TYPE = 100;

/** Group names are trimmed and must be non-empty (seed section 5). */
export const groupNameSchema = displayNameSchema;

/** An item group (seed "Item group"), owned by a company (decision 007). */
export const itemGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: itemTypeSchema,
});
export type ItemGroup = z.infer<typeof itemGroupSchema>;

/**
 * `GET /api/item-groups?type=[&companyId=]` — without `type`, every group of the company (the
 * caller's own, or the one a master admin names).
 */
export const listItemGroupsQuerySchema = boardQuerySchema.extend({
  type: itemTypeSchema.optional().meta({
    description: 'Only groups of business units or of job types. Absent: both kinds.',
    examples: ['jobType'],
  }),
});
export const itemGroupListSchema = z.array(itemGroupSchema);

/** `POST /api/item-groups` */
export const createItemGroupBodySchema = z.object({ name: groupNameSchema, type: itemTypeSchema });
export type CreateItemGroupBody = z.infer<typeof createItemGroupBodySchema>;

/** `PATCH /api/item-groups/:id` */
export const renameItemGroupBodySchema = z.object({ name: groupNameSchema });
export type RenameItemGroupBody = z.infer<typeof renameItemGroupBodySchema>;

export const itemGroupParamsSchema = pathParams({ id: serialIdParam });
