import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { prettyConsole } from './logging.js';
import type { DemoTargets } from './services/demo/seed-demo-data.js';
import type { StripeStandin } from '../../standins/stripe/index.js';
import type { MailCatcher } from '../../standins/mail-catcher/index.js';
import type { HousecallProStandin } from '../../standins/housecall-pro/index.js';
import type { JobberStandin } from '../../standins/jobber/index.js';
import type { TwilioStandin } from '../../standins/twilio/index.js';
import { jwtExpiry } from './platforms/jobber/oauth-client.js';
import { HOUSECALLPRO_WEBHOOK_PATH } from '../shared/platforms/housecallpro/api.js';

/** A start slower than this is reported, with what it is waiting for, until it is ready. */
const SLOW_START_REPORT_MS = 20_000;

/** Process entry: parse configuration, start the stand-ins it asks for, build the app, listen. */
async function main(): Promise<void> {
  // A start that hangs says where (a silent one left a CI run with nothing to go on).
  const startedAt = Date.now();
  let step = 'reading the configuration';
  const slowStart = setInterval(() => {
    const seconds = Math.round((Date.now() - startedAt) / 1000);
    console.warn(`3-Day Call Board is still starting after ${seconds} s: ${step}`);
  }, SLOW_START_REPORT_MS);
  slowStart.unref();
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // The sample ServiceTitan tenant of the embedded default: a stand-in speaking the real API on
  // its own port; the product reaches it through SERVICETITAN_AUTH_URL/API_URL like any host.
  let simulator:
    | {
        authUrl: string;
        apiUrl: string;
        demoCredential: {
          clientId: string;
          clientSecret: string;
          tenantId: string;
          appKey: string;
        };
        data: {
          typicalDailyJobs(): DemoTargets;
          businessUnits(): { id: number; name: string; active: boolean }[];
        };
        close(): Promise<void>;
      }
    | undefined;
  if (config.serviceTitan.simulator.enabled) {
    step = 'starting the sample ServiceTitan tenant';
    const { startServiceTitanSimulator } =
      await import('../../standins/servicetitan-simulator/index.js');
    simulator = await startServiceTitanSimulator({
      host: '127.0.0.1',
      port: config.serviceTitan.simulator.port,
      seed: 1,
    });
    config = {
      ...config,
      serviceTitan: {
        ...config.serviceTitan,
        authUrl: simulator.authUrl,
        apiUrl: simulator.apiUrl,
      },
    };
  }

  // The sample Housecall Pro account (issue 34): a stand-in speaking its API on its own port,
  // reached through HOUSECALLPRO_API_URL like the real host; "Demo Plumbing Co" runs on it.
  let housecallPro: HousecallProStandin | undefined;
  if (config.housecallPro.standin.enabled) {
    step = 'starting the sample Housecall Pro account';
    const { startHousecallProStandin } = await import('../../standins/housecall-pro/index.js');
    housecallPro = await startHousecallProStandin({
      host: '127.0.0.1',
      port: config.housecallPro.standin.port,
      seed: 1,
    });
    config = { ...config, housecallPro: { ...config.housecallPro, apiUrl: housecallPro.url } };
  }

  // The sample Jobber account (issue 38): a stand-in speaking Jobber's OAuth and GraphQL on its
  // own port, reached through JOBBER_API_URL like the real host, with an app registered for this
  // server; "Demo Comfort Services" runs on it. Its grants are kept beside the data, so the demo's
  // stored tokens keep working across restarts.
  let jobber: JobberStandin | undefined;
  if (!config.jobber && config.jobberStandin.enabled) {
    step = 'starting the sample Jobber account';
    const { startJobberStandin } = await import('../../standins/jobber/index.js');
    fs.mkdirSync(config.database.dataDir, { recursive: true });
    jobber = await startJobberStandin({
      host: '127.0.0.1',
      port: config.jobberStandin.port,
      stateFile: path.join(config.database.dataDir, 'jobber-standin.json'),
    });
    config = {
      ...config,
      jobber: {
        clientId: jobber.app.clientId,
        clientSecret: jobber.app.clientSecret,
        apiUrl: jobber.url,
      },
    };
  }

  // Stripe for the embedded default when no key is set: a local stand-in on a free port that
  // the product's SDK reaches through STRIPE_API_URL like any Stripe host, so a newcomer can
  // click through the whole purchase. It sends its webhooks to this app once it listens.
  let stripeStandin: StripeStandin | undefined;
  if (!config.stripe && config.stripeStandin.enabled) {
    step = 'starting the Stripe stand-in';
    const { startStripeStandin } = await import('../../standins/stripe/index.js');
    stripeStandin = await startStripeStandin({
      host: config.host,
      port: config.stripeStandin.port,
      publicHost: new URL(config.publicUrl).hostname,
    });
    config = {
      ...config,
      stripe: {
        secretKey: stripeStandin.secretKey,
        webhookSecret: stripeStandin.webhookSecret,
        priceId: stripeStandin.priceId,
        apiUrl: stripeStandin.url,
      },
    };
  }

  // Alert e-mail for the embedded default when no SMTP server is set: a mail catcher on loopback
  // that keeps the messages and shows them on a page the Alerts page links to.
  let mailCatcher: MailCatcher | undefined;
  if (!config.alerts.smtpUrl && config.alerts.mailCatcher.enabled) {
    step = 'starting the mail catcher';
    const { startMailCatcher } = await import('../../standins/mail-catcher/index.js');
    mailCatcher = await startMailCatcher({ smtpPort: config.alerts.mailCatcher.port });
    config = {
      ...config,
      alerts: {
        ...config.alerts,
        smtpUrl: mailCatcher.smtpUrl,
        mailCatcherUrl: mailCatcher.pageUrl,
      },
    };
  }

  // Text messages for the embedded default when no Twilio account is set: a stand-in speaking
  // the Messages API on loopback, reached by the SDK through TWILIO_API_URL, that keeps the texts
  // and shows them on a page the Alerts page links to (nothing reaches a phone).
  let twilioStandin: TwilioStandin | undefined;
  if (!config.twilio && config.twilioStandin.enabled) {
    step = 'starting the Twilio stand-in';
    const { startTwilioStandin } = await import('../../standins/twilio/index.js');
    twilioStandin = await startTwilioStandin({ port: config.twilioStandin.port });
    config = {
      ...config,
      twilio: {
        accountSid: twilioStandin.accountSid,
        authToken: twilioStandin.authToken,
        messagingServiceSid: undefined,
        from: twilioStandin.from,
        apiUrl: twilioStandin.url,
      },
      alerts: { ...config.alerts, smsStandinUrl: twilioStandin.pageUrl },
    };
  }

  const app = await buildApp({
    config,
    ...(config.logFormat === 'pretty' ? { logStream: await prettyConsole() } : {}),
    onStartupStep: (next) => (step = next),
    ...(simulator
      ? {
          demoServiceTitanCredential: simulator.demoCredential,
          demoTargets: simulator.data.typicalDailyJobs(),
          demoInstallBusinessUnits: simulator.data
            .businessUnits()
            .filter((unit) => unit.active && /install/i.test(unit.name))
            .map((unit) => unit.id),
        }
      : {}),
    ...(jobber
      ? {
          demoJobber: {
            timeZone: jobber.account.timeZone,
            consent: (redirectUri: string) => {
              const given = jobber.connectSampleAccount(redirectUri);
              return {
                accountId: jobber.account.id,
                accountName: jobber.account.name,
                tokens: {
                  accessToken: given.access_token,
                  refreshToken: given.refresh_token,
                  accessExpiresAt:
                    jwtExpiry(given.access_token) ?? new Date(Date.now() + 3_600_000),
                },
              };
            },
          },
        }
      : {}),
    ...(housecallPro
      ? {
          demoHousecallPro: {
            apiKey: housecallPro.demoAccount.apiKey,
            webhookSecret: crypto.randomBytes(24).toString('base64url'),
            targets: housecallPro.typicalDailyJobs(),
          },
        }
      : {}),
  });
  if (jobber) {
    const standin = jobber;
    app.log.info(`sample Jobber account (stand-in) at ${standin.url}`);
    app.addHook('onClose', () => standin.close());
  }
  if (housecallPro) {
    const standin = housecallPro;
    app.log.info(`sample Housecall Pro account (stand-in) at ${standin.url}`);
    app.addHook('onClose', () => standin.close());
  }
  if (simulator) {
    app.log.info(`sample ServiceTitan tenant (simulator) at ${simulator.apiUrl}`);
    app.addHook('onClose', () => simulator.close());
  }
  if (stripeStandin) {
    const standin = stripeStandin;
    app.log.info(`Stripe stand-in (test mode, no real charges) at ${standin.publicUrl}`);
    app.addHook('onClose', () => standin.close());
  }
  if (mailCatcher) {
    const catcher = mailCatcher;
    app.log.info(`mail catcher (alert e-mails stay on this machine) at ${catcher.pageUrl}`);
    app.addHook('onClose', () => catcher.close());
  }
  if (twilioStandin) {
    const standin = twilioStandin;
    app.log.info(`Twilio stand-in (texts stay on this machine) at ${standin.pageUrl}`);
    app.addHook('onClose', () => standin.close());
  }
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  step = `listening on ${config.host}:${config.port}`;
  await app.listen({
    host: config.host,
    port: config.port,
    // The address to open is publicUrl (where sign-in works), not the socket's 127.0.0.1.
    listenTextResolver: (address) => `Server listening at ${address} (open ${config.publicUrl})`,
  });
  clearInterval(slowStart);
  const address = app.server.address();
  const listening = typeof address === 'object' && address ? address.port : config.port;
  if (stripeStandin) {
    stripeStandin.setWebhookTarget(`http://127.0.0.1:${listening}/api/stripe/webhook`);
  }
  // Twilio's callbacks are signed over PUBLIC_URL; the stand-in reaches this process directly,
  // and a reply from a phone goes to the number's incoming webhook, as set up in Twilio.
  twilioStandin?.setReach(`http://127.0.0.1:${listening}`);
  twilioStandin?.setInboundTarget(`${config.publicUrl}/api/providers/twilio/inbound`);
  // Jobber's webhooks, as the app's are set up in Jobber's Developer Center.
  jobber?.setWebhookTarget(`http://127.0.0.1:${listening}/api/providers/jobber/webhooks`);
  // Demo Plumbing Co's webhooks, as its admin set them up in Housecall Pro.
  if (housecallPro && app.housecallProDemo) {
    const { webhookKey, webhookSecret } = app.housecallProDemo;
    housecallPro.setWebhook(housecallPro.demoAccount.apiKey, {
      url: `http://127.0.0.1:${listening}${HOUSECALLPRO_WEBHOOK_PATH}${webhookKey}`,
      secret: webhookSecret,
    });
  }
  app.log.info(`3-Day Call Board ready at ${config.publicUrl}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
