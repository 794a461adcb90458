import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { HousecallProStandin } from '../../../standins/housecall-pro/index.js';
import type { JobberStandin } from '../../../standins/jobber/index.js';
import { HOUSECALLPRO_WEBHOOK_PATH } from '../../shared/platforms/housecallpro/api.js';
import type { ProviderId } from '../../shared/providers/platforms.js';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import { notFound } from '../errors.js';
import { ensureHousecallProDemo } from './housecallpro/demo-seed.js';
import { JOBBER_DEMO_COMPANY_NAME, seedJobberDemo } from './jobber/demo-seed.js';
import { jwtExpiry, type JobberTokens } from './jobber/oauth-client.js';
import type { DemoTargets } from '../services/demo/seed-demo-data.js';
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

/** The platforms' stand-ins `main.ts` started for the embedded default, and what they give. */
export interface PlatformStandins {
  /** The configuration with each running stand-in's address in place of its platform's host. */
  config: Config;
  /** The demo companies' sample accounts, for buildApp. */
  demo: PlatformDemoOptions & { demoTargets?: DemoTargets; demoInstallBusinessUnits?: number[] };
  /** Logs each stand-in's address and closes it with the app. */
  attach(app: FastifyInstance): void;
  /** Sends each stand-in's webhooks to the app now listening on `port`, as an admin set them up. */
  listening(app: FastifyInstance, port: number): void;
}

/**
 * Starts each platform's stand-in the configuration asks for (issues 34 and 38, decision 040):
 * each speaks its platform's real API on a port of its own and is reached through the platform's
 * URL settings like the real host. Loaded only when they run.
 */
export async function startPlatformStandins(
  initial: Config,
  onStep: (step: string) => void,
): Promise<PlatformStandins> {
  let config = initial;
  const demo: PlatformStandins['demo'] = {};

  // The sample ServiceTitan tenant (the simulator).
  let simulator: { apiUrl: string; close(): Promise<void> } | undefined;
  if (config.serviceTitan.simulator.enabled) {
    onStep('starting the sample ServiceTitan tenant');
    const { startServiceTitanSimulator } =
      await import('../../../standins/servicetitan-simulator/index.js');
    const started = await startServiceTitanSimulator({
      host: '127.0.0.1',
      port: config.serviceTitan.simulator.port,
      seed: 1,
    });
    simulator = started;
    config = {
      ...config,
      serviceTitan: { ...config.serviceTitan, authUrl: started.authUrl, apiUrl: started.apiUrl },
    };
    demo.demoServiceTitanCredential = started.demoCredential;
    demo.demoTargets = started.data.typicalDailyJobs();
    demo.demoInstallBusinessUnits = started.data
      .businessUnits()
      .filter((unit) => unit.active && /install/i.test(unit.name))
      .map((unit) => unit.id);
  }

  // The sample Housecall Pro account (issue 34); "Demo Plumbing Co" runs on it.
  let housecallPro: HousecallProStandin | undefined;
  if (config.housecallPro.standin.enabled) {
    onStep('starting the sample Housecall Pro account');
    const { startHousecallProStandin } = await import('../../../standins/housecall-pro/index.js');
    const started = await startHousecallProStandin({
      host: '127.0.0.1',
      port: config.housecallPro.standin.port,
      seed: 1,
    });
    housecallPro = started;
    config = { ...config, housecallPro: { ...config.housecallPro, apiUrl: started.url } };
    demo.demoHousecallPro = {
      apiKey: started.demoAccount.apiKey,
      webhookSecret: crypto.randomBytes(24).toString('base64url'),
      targets: started.typicalDailyJobs(),
    };
  }

  // The sample Jobber account (issue 38), with an app registered for this server; "Demo Comfort
  // Services" runs on it. Its grants are kept beside the data, so the demo's stored tokens keep
  // working across restarts.
  let jobber: JobberStandin | undefined;
  if (!config.jobber && config.jobberStandin.enabled) {
    onStep('starting the sample Jobber account');
    const { startJobberStandin } = await import('../../../standins/jobber/index.js');
    fs.mkdirSync(config.database.dataDir, { recursive: true });
    const started = await startJobberStandin({
      host: '127.0.0.1',
      port: config.jobberStandin.port,
      stateFile: path.join(config.database.dataDir, 'jobber-standin.json'),
    });
    jobber = started;
    config = {
      ...config,
      jobber: {
        clientId: started.app.clientId,
        clientSecret: started.app.clientSecret,
        apiUrl: started.url,
      },
    };
    demo.demoJobber = {
      timeZone: started.account.timeZone,
      consent: (redirectUri) => {
        const given = started.connectSampleAccount(redirectUri);
        return {
          accountId: started.account.id,
          accountName: started.account.name,
          tokens: {
            accessToken: given.access_token,
            refreshToken: given.refresh_token,
            accessExpiresAt: jwtExpiry(given.access_token) ?? new Date(Date.now() + 3_600_000),
          },
        };
      },
    };
  }

  return {
    config,
    demo,
    attach(app) {
      const running: [string, { close(): Promise<void> } | undefined, string | undefined][] = [
        ['sample Jobber account (stand-in)', jobber, jobber?.url],
        ['sample Housecall Pro account (stand-in)', housecallPro, housecallPro?.url],
        ['sample ServiceTitan tenant (simulator)', simulator, simulator?.apiUrl],
      ];
      for (const [name, standin, url] of running) {
        if (!standin) continue;
        app.log.info(`${name} at ${url}`);
        app.addHook('onClose', () => standin.close());
      }
    },
    listening(app, port) {
      // Jobber's webhooks, as the app's are set up in Jobber's Developer Center.
      jobber?.setWebhookTarget(`http://127.0.0.1:${port}/api/providers/jobber/webhooks`);
      // Demo Plumbing Co's webhooks, as its admin set them up in Housecall Pro.
      if (housecallPro && app.housecallProDemo) {
        const { webhookKey, webhookSecret } = app.housecallProDemo;
        housecallPro.setWebhook(housecallPro.demoAccount.apiKey, {
          url: `http://127.0.0.1:${port}${HOUSECALLPRO_WEBHOOK_PATH}${webhookKey}`,
          secret: webhookSecret,
        });
      }
    },
  };
}
