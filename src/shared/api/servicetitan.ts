import { z } from 'zod';
import { PROVIDER_IDS } from '../providers/platforms.js';

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

/**
 * `GET /api/provider/metadata[?companyId=]` (issue 34): the company's platform, its name, and its
 * items as `GET /api/servicetitan/metadata` answers them (which keeps answering as the seed says).
 * `webhookUrl` is the company's webhook address to paste into its platform: shown to its admins
 * only, null for everyone else and for platforms without one. `timeZone` is the platform's own
 * zone for the company, offered as a board's default (null when it has none).
 */
export const providerMetadataSchema = serviceTitanMetadataSchema.extend({
  provider: z.enum(PROVIDER_IDS),
  providerName: z.string(),
  webhookUrl: z.string().nullable(),
  timeZone: z.string().nullable(),
});
export type ProviderMetadata = z.infer<typeof providerMetadataSchema>;
