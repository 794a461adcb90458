import { z } from 'zod';

/**
 * Zod schemas of the Housecall Pro answers the board reads (its OpenAPI export, research section
 * 1). Only the fields used are checked; extra fields pass. An answer that fails them is a
 * HousecallProError of kind 'bad_response'.
 */

/** The paging envelope every list answers with (`PaginatedList`: all four are required). */
const paging = {
  page: z.coerce.number().int(),
  page_size: z.coerce.number().int(),
  total_pages: z.coerce.number().int().min(0),
  total_items: z.coerce.number().int().min(0),
};

const named = z
  .object({ id: z.coerce.string(), name: z.string() })
  .nullish()
  .transform((v) => v ?? null);

export const jobTypesPageSchema = z.object({
  ...paging,
  job_types: z.array(z.object({ id: z.coerce.string(), name: z.string() })),
});

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

export const appointmentSchema = z.object({
  id: z.coerce.string(),
  start_date: text,
  start_time: text,
  anytime: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});

export const jobSchema = z.object({
  id: z.coerce.string(),
  work_status: text,
  created_at: text,
  canceled_at: text,
  deleted_at: text,
  schedule: z
    .object({
      scheduled_start: text,
      appointments: z
        .array(appointmentSchema)
        .nullish()
        .transform((v) => v ?? []),
    })
    .nullish()
    .transform((v) => v ?? { scheduled_start: null, appointments: [] }),
  job_fields: z
    .object({ job_type: named, business_unit: named })
    .nullish()
    .transform((v) => v ?? { job_type: null, business_unit: null }),
});
export type HcpJob = z.infer<typeof jobSchema>;

export const jobsPageSchema = z.object({ ...paging, jobs: z.array(jobSchema) });

export const companySchema = z.object({
  id: z.coerce.string(),
  name: z.string().nullish(),
  time_zone: text,
});
export type HcpCompany = z.infer<typeof companySchema>;
