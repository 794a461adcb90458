import { z } from 'zod';
import { platformItemsSchema } from '../../api/providers.js';
import { providerValueSchema, secretStatusSchema, tenantIdSchema } from '../../api/secrets.js';

/**
 * `GET /api/servicetitan/metadata` (seed "Provider metadata"): the company's items as the seed
 * names the route. `error` is a sentence an office manager can act on, or null; a platform's
 * failure is reported here, never as a 5xx. `GET /api/provider/metadata` answers the same and
 * says which platform.
 */
export const serviceTitanMetadataSchema = platformItemsSchema;
export type ServiceTitanMetadata = z.infer<typeof serviceTitanMetadataSchema>;

/** ServiceTitan's four values (Settings › Integrations › API Application Access). */
export const SERVICETITAN_FIELDS = ['clientId', 'clientSecret', 'tenantId', 'appKey'] as const;

/** ServiceTitan's values as a company body carries them (seed "Company"). */
export const serviceTitanValuesShape = {
  clientId: providerValueSchema.optional(),
  clientSecret: providerValueSchema.optional(),
  tenantId: tenantIdSchema.optional(),
  appKey: providerValueSchema.optional(),
};

/** ServiceTitan's values as a company answer shows them: secrets by their last 4 only. */
export const serviceTitanStatusShape = {
  clientId: z.string().nullable(),
  tenantId: z.string().nullable(),
  clientSecret: secretStatusSchema,
  appKey: secretStatusSchema,
};

/**
 * `GET /api/onboarding/sample-credentials`: the simulator's sample tenant, to fill in the
 * connect form. 404 when the simulator does not run; 403 for non-admins.
 */
export const sampleCredentialsSchema = z.object({
  clientId: z.string(),
  clientSecret: z.string(),
  tenantId: z.string(),
  appKey: z.string(),
});
export type SampleCredentials = z.infer<typeof sampleCredentialsSchema>;
