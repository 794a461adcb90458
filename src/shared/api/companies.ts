import { z } from 'zod';
import { displayName } from './display-name.js';
import { adminUserRowSchema, subscriptionStatusSchema } from './admin.js';
import { serialIdParamSchema } from './ids.js';
import { DEFAULT_PROVIDER, PROVIDER_IDS } from '../providers/platforms.js';
import {
  defaultPlatformStatusShape,
  foreignFields,
  foreignValueMessage,
  otherPlatformStatusShape,
  platformValuesShape,
  providerOfBody,
} from '../platforms/index.js';

export { providerOfBody };

/**
 * Companies (seed "Company", section 7). Routes: src/server/routes/companies/ and
 * src/server/routes/admin/ (overview).
 *   GET    /api/companies          -> Company[]  (master: all; account admin: their own)
 *   POST   /api/companies          CompanyBody -> 201 CompanyWriteResult
 *            master admin: any new company; a signed-in person with no company (onboarding,
 *            decision 16): their own, and they become its account_admin.
 *   PATCH  /api/companies/:id      UpdateCompanyBody -> CompanyWriteResult
 *            master admin: any; account admin: their own (the onboarding connect step).
 *   DELETE /api/companies/:id      -> Company (the deleted row; master admin only). Its users
 *            are unassigned (seed), its invitations and credentials removed.
 *   GET    /api/admin/companies    -> CompanyOverview[] (master admin only)
 * Write results carry the connection check of the company's platform connection when it is
 * complete after the write (else null). A company runs on one platform at a time (decision 040):
 * each platform's values are its own (src/shared/platforms/).
 */

/** The platform a company runs on. */
export const providerIdSchema = z.enum(PROVIDER_IDS);

export const companyNameSchema = displayName({ empty: 'Company name is required' });

/** Seed "Company". Secrets are write-only: only whether they are set and their last 4. */
export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ...defaultPlatformStatusShape,
  /** The platform the company runs on (decision 040); its own values decide `configured`. */
  provider: providerIdSchema,
  ...otherPlatformStatusShape,
  /**
   * "Configured" when the company's platform has what it needs (its values, or its connection
   * made), else "Missing".
   */
  configured: z.boolean(),
  userCount: z.number().int(),
  subscriptionStatus: subscriptionStatusSchema,
  /** ISO-8601. */
  createdAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;
export const companyListSchema = z.array(companySchema);

export const companyParamsSchema = z.object({ id: serialIdParamSchema });

/**
 * `POST /api/companies` (seed section 5): name required, platform values optional. An empty
 * string means "not set". `provider` names the platform the values are for: the default
 * platform's values work as the seed says, `provider` defaulting to it; another platform's are
 * `{ provider, ...its values }`.
 */
export const companyBodySchema = z.object({
  name: companyNameSchema,
  provider: providerIdSchema.optional(),
  ...platformValuesShape,
});
export type CompanyBody = z.input<typeof companyBodySchema>;

/** One platform's values per body: another platform's are a 400 naming the field. */
function checkPlatformValues(body: Partial<CompanyBody>, ctx: z.RefinementCtx): void {
  const provider = providerOfBody(body) ?? DEFAULT_PROVIDER;
  const values = body as Record<string, unknown>;
  for (const field of foreignFields(provider)) {
    if (values[field] === undefined) continue;
    ctx.addIssue({ code: 'custom', path: [field], message: foreignValueMessage(provider, field) });
  }
}

/** What `POST /api/companies` accepts: one platform's values at a time. */
export const createCompanyRequestSchema = companyBodySchema.superRefine(checkPlatformValues);

/**
 * `PATCH /api/companies/:id`: the same body, every field optional. A field left out keeps its
 * value. Secrets left blank ("" or absent) keep the stored secret (they are never shown, so the
 * form cannot prefill them); `clientId` / `tenantId` sent as "" are cleared. Naming another
 * `provider` switches the company's platform (decision 040): boards, settings and the targets of
 * items that still exist stay; each platform keeps its own stored values.
 */
export const updateCompanyBodySchema = companyBodySchema.partial();
export type UpdateCompanyBody = z.input<typeof updateCompanyBodySchema>;
export const updateCompanyRequestSchema = updateCompanyBodySchema.superRefine(checkPlatformValues);

/** What the platform said when asked with a credential. */
export const connectionStepNameSchema = z.enum([
  'token',
  'businessUnits',
  'jobTypes',
  'jobs',
  'appointments',
  /** Boards that measure hours (issue 35); counting jobs works without them. */
  'capacity',
  'technicianShifts',
  'technicians',
]);
export type ConnectionStepName = z.infer<typeof connectionStepNameSchema>;

export const connectionProblemCodeSchema = z.enum([
  /** Not all of the platform's values are set. */
  'incomplete',
  /** The platform refused the client id / client secret pair. */
  'invalid_client',
  /** No such tenant (or the tenant id is mistyped). */
  'wrong_tenant',
  /** The app key does not belong to the app the client id was made for. */
  'app_key_mismatch',
  /** The app is not connected to this tenant (not installed, or access was removed). */
  'tenant_not_connected',
  /** The app lacks an API scope the board needs; `scope` names it. */
  'missing_scope',
  /** The platform refused the API key (mistyped, deleted, another company's). */
  'invalid_key',
  /** The platform refused API access for the account's plan (a higher plan needed). */
  'plan_required',
  /** The platform did not answer (network, timeout, 5xx, rate limit). */
  'unreachable',
  /** Anything else the platform answered that we did not expect. */
  'unexpected',
]);
export type ConnectionProblemCode = z.infer<typeof connectionProblemCodeSchema>;

export const connectionStepSchema = z.object({
  name: connectionStepNameSchema,
  /** "Sign in to <the platform>", "Read business units", ... */
  label: z.string(),
  status: z.enum(['ok', 'failed', 'skipped']),
});

export const connectionProblemSchema = z.object({
  code: connectionProblemCodeSchema,
  /** A sentence an office manager can act on. */
  message: z.string(),
  /** The step that failed, when one did. */
  step: connectionStepNameSchema.nullable(),
  /** For `missing_scope`: the platform's API scope to enable, e.g. "jpm.jobs:read". */
  scope: z.string().nullable(),
});
export type ConnectionProblem = z.infer<typeof connectionProblemSchema>;

/** The connection check (setup diagnostics): a token, then one small read per API the board needs. */
export const connectionCheckSchema = z.object({
  ok: z.boolean(),
  /** ISO-8601. */
  checkedAt: z.string(),
  steps: z.array(connectionStepSchema),
  /** Every problem found (empty when ok). The first one is the one to fix first. */
  problems: z.array(connectionProblemSchema),
  /**
   * What boards that measure hours also need and could not read (issue 35): missing API scopes
   * in plain words. Boards that count jobs work without them, so they do not make `ok` false.
   */
  hoursProblems: z.array(connectionProblemSchema).optional(),
});
export type ConnectionCheck = z.infer<typeof connectionCheckSchema>;

export const companyWriteResultSchema = z.object({
  company: companySchema,
  connectionCheck: connectionCheckSchema.nullable(),
});
export type CompanyWriteResult = z.infer<typeof companyWriteResultSchema>;

/** Seed "Overview form: name with admins list and users list" (`GET /api/admin/companies`). */
export const companyOverviewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  configured: z.boolean(),
  subscriptionStatus: subscriptionStatusSchema,
  admins: z.array(adminUserRowSchema),
  users: z.array(adminUserRowSchema),
});
export type CompanyOverview = z.infer<typeof companyOverviewSchema>;
export const companyOverviewListSchema = z.array(companyOverviewSchema);
