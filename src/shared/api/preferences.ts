import { z } from 'zod';
import { displayNameSchema } from './display-name.js';
import { groupIdSchema, type ItemType } from './item-groups.js';

/**
 * A company's preferences for its business units and job types (seed "Business-unit preference"
 * and "Job-type preference"; decision 007: they belong to the company). The two kinds differ only
 * in the name of their item id field and their path, written once in ITEM_KINDS.
 */

/** Default day target for an item with no preference record (seed section 9). */
export const DEFAULT_DAY_TARGET = 5;

/** Most preferences one company keeps per kind (generous: real tenants have tens to hundreds). */
export const MAX_PREFERENCES_PER_KIND = 5_000;

/** What differs between the two kinds of preference, and nothing else. */
export const ITEM_KINDS = {
  businessUnit: { idField: 'businessUnitId', path: '/api/business-unit-preferences' },
  jobType: { idField: 'jobTypeId', path: '/api/job-type-preferences' },
} as const satisfies Record<ItemType, { idField: string; path: string }>;
export type ItemIdField<T extends ItemType> = (typeof ITEM_KINDS)[T]['idField'];

/** Platform ids are 64-bit; JSON numbers stay exact up to 2^53. */
export const itemIdSchema = z
  .number()
  .int('must be a whole number')
  .positive('must be a positive id')
  .max(Number.MAX_SAFE_INTEGER);

/** Targets are accepted only as whole numbers greater than 0 (seed section 5). */
export const dayTargetSchema = z
  .number()
  .int('must be a whole number')
  .gt(0, 'must be greater than 0')
  .max(100_000, 'must be at most 100000');

/** Trimmed; empty is refused; null clears the custom name. */
export const customNameSchema = displayNameSchema.nullable();

const preferenceValues = {
  enabled: z.boolean(),
  customName: z.string().nullable(),
  groupId: z.number().int().nullable(),
  targetCapacity: z.number().int(),
  day1Target: z.number().int(),
  day2Target: z.number().int(),
  day3Target: z.number().int(),
};

/** The fields a save may change; omitted ones keep their stored (or default) value. */
export const preferenceChangesSchema = z.object({
  enabled: z.boolean().optional(),
  customName: customNameSchema.optional(),
  groupId: groupIdSchema.nullable().optional(),
  targetCapacity: dayTargetSchema.optional(),
  day1Target: dayTargetSchema.optional(),
  day2Target: dayTargetSchema.optional(),
  day3Target: dayTargetSchema.optional(),
});
export type PreferenceChanges = z.infer<typeof preferenceChangesSchema>;

/** One preference in the kind-neutral shape the store, the board and the pages share. */
export const itemPreferenceSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  type: z.enum(['businessUnit', 'jobType']),
  itemId: z.number().int(),
  ...preferenceValues,
});
export type ItemPreference = z.infer<typeof itemPreferenceSchema>;

function idShape<F extends string>(field: F) {
  return { [field]: itemIdSchema } as Record<F, typeof itemIdSchema>;
}

/** The wire schemas of one kind: its record, list and save body, named by its id field. */
export function preferenceSchemasFor<T extends ItemType>(type: T) {
  const idField: ItemIdField<T> = ITEM_KINDS[type].idField;
  const record = z.object({
    id: z.number().int(),
    companyId: z.number().int(),
    ...idShape(idField),
    ...preferenceValues,
  });
  return {
    idField,
    record,
    list: z.array(record),
    /**
     * `POST` body: upsert by (company, item id); omitted fields keep their value. The seed's
     * `userId` is accepted and ignored (decision 007): the preference is the company's.
     */
    saveBody: preferenceChangesSchema.extend({
      ...idShape(idField),
      userId: z.string().max(200).optional(),
    }),
  };
}

export const businessUnitPreferenceSchemas = preferenceSchemasFor('businessUnit');
export const jobTypePreferenceSchemas = preferenceSchemasFor('jobType');
export type BusinessUnitPreference = z.infer<typeof businessUnitPreferenceSchemas.record>;
export type JobTypePreference = z.infer<typeof jobTypePreferenceSchemas.record>;

/** The wire record of a kind from the kind-neutral one. */
export function toWirePreference(preference: ItemPreference): Record<string, unknown> {
  const { itemId, type, ...rest } = preference;
  return { ...rest, [ITEM_KINDS[type].idField]: itemId };
}

/** The kind-neutral preference from a wire record (the client reads both pages' lists with it). */
export function fromWirePreference(
  type: ItemType,
  record: Record<string, unknown>,
): ItemPreference {
  const { [ITEM_KINDS[type].idField]: itemId, ...rest } = record;
  return { ...(rest as Omit<ItemPreference, 'itemId' | 'type'>), type, itemId: itemId as number };
}
