import { z } from 'zod';
import { providerValueSchema, secretStatusSchema } from '../../api/secrets.js';

/**
 * Housecall Pro's own values and route (issue 34, decision 041); its route is in
 * src/server/platforms/housecallpro/:
 *   POST /api/providers/housecallpro/webhooks/:key   its signed events -> WebhookAnswer
 */

/** Where a company's Housecall Pro webhooks go; `:key` is its unguessable part. */
export const HOUSECALLPRO_WEBHOOK_PATH = '/api/providers/housecallpro/webhooks/';

/** Housecall Pro's values: the Company API key and the webhooks' signing secret. */
export const HOUSECALLPRO_FIELDS = ['apiKey', 'webhookSecret'] as const;

/** Housecall Pro's values as a company body carries them. */
export const housecallProValuesShape = {
  /** Housecall Pro's Company API key. */
  apiKey: providerValueSchema.optional(),
  /** The signing secret Housecall Pro shows for the webhooks; null turns them off. */
  webhookSecret: providerValueSchema.nullable().optional(),
};

/** Housecall Pro's values as a company answer shows them (write-only). */
export const housecallProStatusShape = {
  /** Housecall Pro's Company API key (write-only). */
  apiKey: secretStatusSchema,
  /** The signing secret of the company's Housecall Pro webhooks (write-only); unset: webhooks off. */
  webhookSecret: secretStatusSchema,
};

/**
 * `GET /api/onboarding/sample-credentials?provider=housecallpro` (issue 34): the Housecall Pro
 * stand-in's sample account ("Use the sample account"), while it runs; 404 otherwise.
 */
export const sampleHousecallProSchema = z.object({ apiKey: z.string() });
export type SampleHousecallPro = z.infer<typeof sampleHousecallProSchema>;
