import { z } from 'zod';
import { PROVIDER_IDS } from '../providers/platforms.js';

/**
 * The company's platform (issue 34, decision 040). Routes: src/server/routes/providers/.
 *   GET  /api/provider/metadata[?companyId=]   -> ProviderMetadata
 * Each platform's own routes (its webhooks, its connection) are in its folder under
 * src/server/platforms/, their schemas under src/shared/platforms/.
 */

export const namedItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type NamedItem = z.infer<typeof namedItemSchema>;

/**
 * The company's items of both views as its platform lists them. `error` is a sentence an office
 * manager can act on, or null; a platform's failure is reported here, never as a 5xx.
 */
export const platformItemsSchema = z.object({
  hasCredentials: z.boolean(),
  error: z.string().nullable(),
  businessUnits: z.array(namedItemSchema),
  jobTypes: z.array(namedItemSchema),
});

/**
 * `GET /api/provider/metadata[?companyId=]` (issue 34): the company's platform, its name, and its
 * items as the seed's metadata route answers them (which keeps answering as the seed says).
 * `webhookUrl` is the company's webhook address to paste into its platform: shown to its admins
 * only, null for everyone else and for platforms without one. `timeZone` is the platform's own
 * zone for the company, offered as a board's default (null when it has none).
 */
export const providerMetadataSchema = platformItemsSchema.extend({
  provider: z.enum(PROVIDER_IDS),
  providerName: z.string(),
  webhookUrl: z.string().nullable(),
  timeZone: z.string().nullable(),
});
export type ProviderMetadata = z.infer<typeof providerMetadataSchema>;

export const webhookParamsSchema = z.object({
  key: z.string().min(1).max(200).describe("The unguessable part of the company's address."),
});

/** A delivery accepted (answered at once; an early refresh follows when it is a booking's). */
export const webhookAnswerSchema = z.object({
  received: z.literal(true),
  /** The same event came before (the platform sent it again): not acted on twice. */
  duplicate: z.boolean(),
});
export type WebhookAnswer = z.infer<typeof webhookAnswerSchema>;
