import { z } from 'zod';

/**
 * Zod schemas of the ServiceTitan answers the board reads. Only the fields we use are checked;
 * unknown extra fields pass through untouched (ServiceTitan adds fields without notice). An
 * answer that fails these schemas becomes a ServiceTitanError of kind 'bad_response'.
 */

/** ServiceTitan sometimes omits the zone designator on UTC timestamps; treat those as UTC. */
export const utcInstant = z.string().transform((value, ctx) => {
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value);
  const ms = Date.parse(hasZone ? value : `${value}Z`);
  if (Number.isNaN(ms)) {
    ctx.addIssue({ code: 'custom', message: 'not a date-time' });
    return z.NEVER;
  }
  return new Date(ms).toISOString();
});

export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
  token_type: z.string().optional(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** The paging envelope every list endpoint answers with. */
export function pageEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
    totalCount: z.number().int().nullish(),
    data: z.array(item),
  });
}

export const businessUnitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
});

export const jobTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  // Documented as required; a job type missing it is treated as active, as the filter asked.
  active: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
  businessUnitIds: z
    .array(z.number().int())
    .nullish()
    .transform((v) => v ?? []),
});

export const appointmentSchema = z.object({
  id: z.number().int(),
  jobId: z.number().int(),
  start: utcInstant,
  end: utcInstant,
  status: z.string(),
});

export const jobSchema = z.object({
  id: z.number().int(),
  jobStatus: z.string(),
  businessUnitId: z
    .number()
    .int()
    .nullish()
    .transform((v) => v ?? null),
  jobTypeId: z
    .number()
    .int()
    .nullish()
    .transform((v) => v ?? null),
  createdOn: utcInstant.nullish().transform((v) => v ?? null),
});

/** Capacity planning's answer (`POST /dispatch/v2/tenant/{t}/capacity`), in hours. */
export const capacityAnswerSchema = z.object({
  availabilities: z
    .array(
      z.object({
        // Required in the 2025 documents; an older tenant's answer without them falls back to
        // `start`/`end`, which ServiceTitan writes as local wall time.
        startUtc: utcInstant.nullish(),
        endUtc: utcInstant.nullish(),
        start: utcInstant,
        end: utcInstant,
        businessUnitIds: z
          .array(z.number().int())
          .nullish()
          .transform((v) => v ?? []),
        totalAvailability: z.number(),
        openAvailability: z.number(),
        technicians: z
          .array(z.object({ id: z.number().int(), status: z.string().nullish() }))
          .nullish()
          .transform((v) => v ?? []),
      }),
    )
    .nullish()
    .transform((v) => v ?? []),
});

export const technicianSchema = z.object({
  id: z.number().int(),
  businessUnitId: z
    .number()
    .int()
    .nullish()
    .transform((v) => v ?? null),
  active: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
});

export const technicianShiftSchema = z.object({
  id: z.number().int(),
  technicianId: z.number().int(),
  shiftType: z.string(),
  start: utcInstant,
  end: utcInstant,
  active: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
});
