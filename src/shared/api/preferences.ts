import { z } from 'zod';
import { displayNameSchema } from './display-name.js';
import { groupIdSchema } from './item-groups.js';

/**
 * Per-user preferences for business units and job types (seed "Business-unit preference" and
 * "Job-type preference"). The two differ only in the name of their item id field.
 */

/** Default day target for an item with no preference record (seed section 9). */
export const DEFAULT_DAY_TARGET = 5;

/** ServiceTitan ids are 64-bit; JSON numbers stay exact up to 2^53. */
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

const preferenceChanges = {
  /** Optional; when sent it must be the caller's own id. */
  userId: z.string().max(200).optional(),
  enabled: z.boolean().optional(),
  customName: customNameSchema.optional(),
  groupId: groupIdSchema.nullable().optional(),
  targetCapacity: dayTargetSchema.optional(),
  day1Target: dayTargetSchema.optional(),
  day2Target: dayTargetSchema.optional(),
  day3Target: dayTargetSchema.optional(),
};

export const businessUnitPreferenceSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  businessUnitId: z.number().int(),
  ...preferenceValues,
});
export type BusinessUnitPreference = z.infer<typeof businessUnitPreferenceSchema>;

export const jobTypePreferenceSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  jobTypeId: z.number().int(),
  ...preferenceValues,
});
export type JobTypePreference = z.infer<typeof jobTypePreferenceSchema>;

/** `POST /api/business-unit-preferences`: upsert by (caller, businessUnitId); omitted fields keep their value. */
export const saveBusinessUnitPreferenceBodySchema = z.object({
  businessUnitId: itemIdSchema,
  ...preferenceChanges,
});
export type SaveBusinessUnitPreferenceBody = z.infer<typeof saveBusinessUnitPreferenceBodySchema>;

/** `POST /api/job-type-preferences`: upsert by (caller, jobTypeId). */
export const saveJobTypePreferenceBodySchema = z.object({
  jobTypeId: itemIdSchema,
  ...preferenceChanges,
});
export type SaveJobTypePreferenceBody = z.infer<typeof saveJobTypePreferenceBodySchema>;

export const businessUnitPreferenceListSchema = z.array(businessUnitPreferenceSchema);
export const jobTypePreferenceListSchema = z.array(jobTypePreferenceSchema);
