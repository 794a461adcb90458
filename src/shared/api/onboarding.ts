import { z } from 'zod';
import { PROVIDER_IDS } from '../providers/platforms.js';
import { can, type Actor } from '../permissions.js';
import { companyIdQuery } from './path-params.js';

/**
 * Onboarding (decision 16). Routes: src/server/routes/auth/ (`onboarding` in GET /api/auth/user)
 * and src/server/routes/onboarding/.
 *
 * Steps, decided by the server from the signed-in person:
 *   create_company        no company and not a master admin: POST /api/companies { name }
 *                         makes the company and the caller its account_admin.
 *   connect_servicetitan  an admin of a company whose ServiceTitan credential is not complete:
 *                         PATCH /api/companies/:id with the four values (answer carries the
 *                         connection check), or POST /api/connection-check to test first.
 *   choose_company        a master admin with no company of their own: the companies overview;
 *                         a company's board is opened with ?companyId= on POST /api/capacity and
 *                         GET /api/servicetitan/metadata (master admin only; others 404 on any
 *                         company but their own).
 *   done                  the board (a plain user of a company without a credential sees the
 *                         board's "ask an administrator" message).
 */
export const onboardingStepSchema = z.enum([
  'create_company',
  'connect_servicetitan',
  'choose_company',
  'done',
]);
export type OnboardingStep = z.infer<typeof onboardingStepSchema>;

export const onboardingStateSchema = z.object({
  step: onboardingStepSchema,
  /** The caller's company has all four ServiceTitan values (the Companies "Configured"). */
  companyConfigured: z.boolean(),
  /**
   * The bundled ServiceTitan simulator runs (never in production) and the caller may manage
   * credentials: the connect step may offer GET /api/onboarding/sample-credentials.
   */
  sampleTenantAvailable: z.boolean(),
  /**
   * The same for the bundled Housecall Pro stand-in: the connect step may offer "Use the sample
   * account" (GET /api/onboarding/sample-credentials?provider=housecallpro).
   */
  sampleAccountAvailable: z.boolean(),
});
export type OnboardingState = z.infer<typeof onboardingStateSchema>;

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

/**
 * `GET /api/onboarding/sample-credentials?provider=housecallpro` (issue 34): the Housecall Pro
 * stand-in's sample account ("Use the sample account"), while it runs; 404 otherwise.
 */
export const sampleCredentialsQuerySchema = z.object({
  provider: z
    .enum(PROVIDER_IDS)
    .optional()
    .describe("Whose sample account: ServiceTitan's tenant (default) or Housecall Pro's."),
});
export const sampleHousecallProSchema = z.object({ apiKey: z.string() });
export type SampleHousecallPro = z.infer<typeof sampleHousecallProSchema>;

/**
 * `?companyId=`: the company whose board (POST /api/capacity, GET /api/servicetitan/metadata, ...)
 * or configuration (preferences, item groups, target suggestions) a master admin opens. Anyone
 * else naming a company not their own gets 404; naming none (or their own) is their own.
 */
export const boardQuerySchema = z.object({
  companyId: companyIdQuery,
});

/** The step a person is at (pure; the server calls it for GET /api/auth/user). */
export function onboardingStepFor(
  actor: Actor,
  setup: { companyConfigured: boolean; hasOwnCredential: boolean },
): OnboardingStep {
  if (actor.kind !== 'person') return 'done';
  if (actor.companyId === null) {
    return can(actor, 'company.createOwn') ? 'create_company' : 'choose_company';
  }
  const target = { companyId: actor.companyId };
  if (!setup.companyConfigured && !setup.hasOwnCredential && can(actor, 'company.edit', target)) {
    return 'connect_servicetitan';
  }
  return 'done';
}
