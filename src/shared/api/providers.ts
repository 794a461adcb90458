import { z } from 'zod';

/**
 * The platforms' own routes (issue 34, decision 041). Routes: src/server/routes/providers/.
 *   GET  /api/provider/metadata[?companyId=]                 -> ProviderMetadata (api/servicetitan.ts)
 *   POST /api/providers/housecallpro/webhooks/:key           Housecall Pro's signed events -> WebhookAnswer
 */

/** Where a company's Housecall Pro webhooks go; `:key` is its unguessable part. */
export const HOUSECALLPRO_WEBHOOK_PATH = '/api/providers/housecallpro/webhooks/';

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
