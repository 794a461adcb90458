import { z } from 'zod';
import { CONNECT_PLATFORM_STEP, PROVIDER_IDS } from '../providers/platforms.js';
import { can, type Actor } from '../permissions.js';
import { companyIdQuery } from './path-params.js';

/**
 * Onboarding (decision 16). Routes: src/server/routes/auth/ (`onboarding` in GET /api/auth/user)
 * and src/server/routes/onboarding/.
 *
 * Steps, decided by the server from the signed-in person:
 *   create_company        no company and not a master admin: POST /api/companies { name }
 *                         makes the company and the caller its account_admin.
 *   CONNECT_PLATFORM_STEP an admin of a company whose platform is not connected (the step's
 *                         name is the seed's, whatever the platform): PATCH /api/companies/:id
 *                         with its values (answer carries the connection check), or
 *                         POST /api/connection-check to test first.
 *   choose_company        a master admin with no company of their own: the companies overview;
 *                         a company's board is opened with ?companyId= on POST /api/capacity and
 *                         the metadata routes (master admin only; others 404 on any company but
 *                         their own).
 *   done                  the board (a plain user of a company without a credential sees the
 *                         board's "ask an administrator" message).
 */
export const onboardingStepSchema = z.enum([
  'create_company',
  CONNECT_PLATFORM_STEP,
  'choose_company',
  'done',
]);
export type OnboardingStep = z.infer<typeof onboardingStepSchema>;

export const onboardingStateSchema = z.object({
  step: onboardingStepSchema,
  /** The caller's company has its platform's values (the Companies "Configured"). */
  companyConfigured: z.boolean(),
  /**
   * The default platform's bundled stand-in runs (never in production) and the caller may manage
   * credentials: the connect step may offer its sample tenant (GET /api/onboarding/sample-credentials).
   */
  sampleTenantAvailable: z.boolean(),
  /**
   * The same for another platform's bundled stand-in: the connect step may offer "Use the sample
   * account" (GET /api/onboarding/sample-credentials?provider=).
   */
  sampleAccountAvailable: z.boolean(),
});
export type OnboardingState = z.infer<typeof onboardingStateSchema>;

/** `GET /api/onboarding/sample-credentials[?provider=]`: which platform's sample values. */
export const sampleCredentialsQuerySchema = z.object({
  provider: z
    .enum(PROVIDER_IDS)
    .optional()
    .describe(
      "Whose sample account: the default platform's tenant, or another platform's account.",
    ),
});

/**
 * `?companyId=`: the company whose board (POST /api/capacity, the metadata routes, ...)
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
    return CONNECT_PLATFORM_STEP;
  }
  return 'done';
}
