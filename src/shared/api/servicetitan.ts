import { z } from 'zod';

export const namedItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type NamedItem = z.infer<typeof namedItemSchema>;

/**
 * `GET /api/servicetitan/metadata` (seed "Provider metadata"). `error` is a sentence an office
 * manager can act on, or null; a ServiceTitan failure is reported here, never as a 5xx.
 */
export const serviceTitanMetadataSchema = z.object({
  hasCredentials: z.boolean(),
  error: z.string().nullable(),
  businessUnits: z.array(namedItemSchema),
  jobTypes: z.array(namedItemSchema),
});
export type ServiceTitanMetadata = z.infer<typeof serviceTitanMetadataSchema>;
