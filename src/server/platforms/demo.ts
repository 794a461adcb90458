import type { FastifyInstance } from 'fastify';
import type { ProviderId } from '../../shared/providers/platforms.js';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import { notFound } from '../errors.js';
import { ensureHousecallProDemo } from './housecallpro/demo-seed.js';
import { JOBBER_DEMO_COMPANY_NAME, seedJobberDemo } from './jobber/demo-seed.js';
import type { JobberTokens } from './jobber/oauth-client.js';
import type { ServiceTitanCredential } from './servicetitan/contract.js';

/**
 * The platforms' sample accounts on the embedded default (decision 040): what `main.ts` gets from
 * each stand-in it starts, the connect step's "Use the sample tenant/account" values, and each
 * platform's demo company. Never in production.
 */
export interface PlatformDemoOptions {
  /** Credentials of the sample ServiceTitan tenant the demo company is seeded with. */
  demoServiceTitanCredential?: Omit<ServiceTitanCredential, 'environment'>;
  /**
   * The sample Housecall Pro account "Demo Plumbing Co" is seeded with (issue 34): its API key,
   * the signing secret of its webhooks, and day targets by Housecall Pro's item ids.
   */
  demoHousecallPro?: {
    apiKey: string;
    webhookSecret: string;
    targets?: { businessUnits: Record<string, number>; jobTypes: Record<string, number> };
  };
  /**
   * The Jobber stand-in's sample account (issue 38): "Demo Comfort Services" is seeded connected
   * to it, as if its owner had allowed access.
   */
  demoJobber?: {
    timeZone: string;
    consent: (redirectUri: string) => {
      accountId: string;
      accountName: string;
      tokens: JobberTokens;
    };
  };
}

/** The values a platform's connect step can fill in from its running stand-in. */
interface PlatformSamples {
  servicetitan?: Omit<ServiceTitanCredential, 'environment'>;
  housecallpro?: { apiKey: string };
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Each bundled stand-in's sample values while it runs (never in production), offered to
     * admins in the connect step; a platform without one running is absent.
     */
    platformSamples: PlatformSamples;
    /**
     * "Demo Plumbing Co" as seeded (issue 34): its webhook address part and signing secret, so
     * main.ts can tell the stand-in where to send its events; null without it.
     */
    housecallProDemo: { webhookKey: string; webhookSecret: string } | null;
  }
}

/** Decorates the app with the stand-ins' samples (none in production). */
export function decoratePlatformSamples(
  app: FastifyInstance,
  config: Config,
  options: PlatformDemoOptions,
): void {
  const samples: PlatformSamples = {};
  if (!config.isProduction && options.demoServiceTitanCredential) {
    samples.servicetitan = options.demoServiceTitanCredential;
  }
  if (!config.isProduction && options.demoHousecallPro) {
    samples.housecallpro = { apiKey: options.demoHousecallPro.apiKey };
  }
  app.decorate('platformSamples', samples);
  app.decorate('housecallProDemo', null);
}

/**
 * Which samples the connect step may offer (`onboarding` in GET /api/auth/user): the sample
 * tenant (ServiceTitan's simulator) and the sample account (Housecall Pro's stand-in).
 */
export function sampleAvailability(
  app: FastifyInstance,
  mayManage: boolean,
): { sampleTenantAvailable: boolean; sampleAccountAvailable: boolean } {
  return {
    sampleTenantAvailable: mayManage && app.platformSamples.servicetitan !== undefined,
    sampleAccountAvailable: mayManage && app.platformSamples.housecallpro !== undefined,
  };
}

/** A platform's sample values (GET /api/onboarding/sample-credentials); 404 when none runs. */
export function sampleValues(
  app: FastifyInstance,
  provider: ProviderId | undefined,
): NonNullable<PlatformSamples[keyof PlatformSamples]> {
  if (provider === 'housecallpro') {
    const account = app.platformSamples.housecallpro;
    if (!account) throw notFound('Sample account');
    return account;
  }
  const sample = app.platformSamples.servicetitan;
  if (!sample) throw notFound('Sample tenant');
  return sample;
}

/** The sample account of the default platform the demo company is seeded with. */
export const demoCredential = (options: PlatformDemoOptions) => options.demoServiceTitanCredential;

/** Each other platform's demo company on its stand-in's sample account, made once. */
export async function seedPlatformDemos(
  app: FastifyInstance,
  db: Database,
  options: PlatformDemoOptions,
): Promise<void> {
  const issuer = `${app.config.publicUrl}/oidc`;
  if (options.demoJobber) {
    const demo = options.demoJobber;
    const seeded = await seedJobberDemo(db, {
      issuer,
      tokens: app.services.jobber.tokens,
      timeZone: demo.timeZone,
      consent: async () => demo.consent(`${app.config.publicUrl}/api/providers/jobber/callback`),
    });
    if (seeded) app.log.info(`seeded ${JOBBER_DEMO_COMPANY_NAME} on the sample Jobber account`);
  }
  if (options.demoHousecallPro) {
    app.housecallProDemo = await ensureHousecallProDemo(db, {
      secretBox: app.secretBox,
      issuer,
      ...options.demoHousecallPro,
    });
  }
}
