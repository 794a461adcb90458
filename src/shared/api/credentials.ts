import { z } from 'zod';
import { providerName } from '../providers/platforms.js';
import { foreignFields, platformValuesShape, providerOfBody } from '../platforms/index.js';
import { connectionCheckSchema, providerIdSchema } from './companies.js';
import { serialIdParamSchema, serialIdSchema, userIdSchema } from './ids.js';
import { providerValueSchema, secretStatusSchema, tenantIdSchema } from './secrets.js';

/**
 * Users' own credentials (seed "Credential", section 7): the default platform's values. Routes:
 * src/server/routes/credentials/.
 *   GET    /api/credentials?userId=          -> Credential[] (default: the caller's own)
 *   POST   /api/credentials                  CreateCredentialBody -> 201 CredentialWriteResult
 *   DELETE /api/credentials/:id              -> Credential (the deleted row)
 *   POST   /api/credentials/:id/check        -> ConnectionCheck (tests a stored credential)
 *   POST   /api/connection-check             ConnectionCheckBody -> ConnectionCheck
 * Admins manage the credentials of users of their own company (master admin: any); a userId
 * or id outside that answers 404.
 */

export const credentialSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  clientId: z.string(),
  tenantId: z.string().nullable(),
  isActive: z.boolean(),
  clientSecret: secretStatusSchema,
  appKey: secretStatusSchema,
  /** ISO-8601. */
  createdAt: z.string(),
});
export type Credential = z.infer<typeof credentialSchema>;
export const credentialListSchema = z.array(credentialSchema);

export const listCredentialsQuerySchema = z.object({ userId: userIdSchema.optional() });
export const credentialParamsSchema = z.object({ id: serialIdParamSchema });

/** `POST /api/credentials` (seed section 5). `userId` defaults to the caller. */
export const createCredentialBodySchema = z.object({
  clientId: providerValueSchema.pipe(z.string().min(1, 'Client ID is required')),
  clientSecret: providerValueSchema.pipe(z.string().min(1, 'Client Secret is required')),
  tenantId: tenantIdSchema.optional(),
  appKey: providerValueSchema.optional(),
  isActive: z.boolean().default(true),
  userId: userIdSchema.optional(),
});
export type CreateCredentialBody = z.input<typeof createCredentialBodySchema>;

export const credentialWriteResultSchema = z.object({
  credential: credentialSchema,
  /** Null when the credential lacks a tenant id or app key (it cannot be checked). */
  connectionCheck: connectionCheckSchema.nullable(),
});
export type CredentialWriteResult = z.infer<typeof credentialWriteResultSchema>;

/**
 * `POST /api/connection-check`: test values before (or without) saving them. Values given
 * override the stored ones of `companyId` (a company's credential) when named, so an edit form
 * with a blank secret tests the stored secret. Without `companyId` the four values are tested
 * as given. Needs credentials.manage in that company (the caller's own when none is named).
 */
export const connectionCheckBodySchema = z
  .object({
    companyId: serialIdSchema.optional(),
    /**
     * The platform to check (decision 040): default, the one the values are for (the default
     * platform's when it carries its values), else the named company's.
     */
    provider: providerIdSchema.optional(),
    /** Any platform's values, as a company body carries them (a webhook secret is not checked). */
    ...platformValuesShape,
  })
  .superRefine((body, ctx) => {
    const provider = providerOfBody(body);
    if (provider === undefined) return;
    const values = body as Record<string, unknown>;
    for (const field of foreignFields(provider)) {
      if (values[field] !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `is not a value of ${providerName(provider)}`,
        });
      }
    }
  });
export type ConnectionCheckBody = z.input<typeof connectionCheckBodySchema>;
