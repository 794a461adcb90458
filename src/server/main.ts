import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { prettyConsole } from './logging.js';
import { startPlatformStandins } from './platforms/demo.js';
import type { StripeStandin } from '../../standins/stripe/index.js';
import type { MailCatcher } from '../../standins/mail-catcher/index.js';
import type { TwilioStandin } from '../../standins/twilio/index.js';

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

  // Each platform's sample account of the embedded default: stand-ins speaking the platforms'
  // real APIs on ports of their own, reached through the platforms' URL settings (platforms/demo.ts).
  const platforms = await startPlatformStandins(config, (next) => (step = next));
  config = platforms.config;

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
    ...platforms.demo,
  });
  platforms.attach(app);
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
  platforms.listening(app, listening);
  app.log.info(`3-Day Call Board ready at ${config.publicUrl}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
