import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import { createBillingService, type BillingService } from './billing/billing-service.js';
import { createStripeGateway, type StripeGateway } from './billing/stripe-gateway.js';
import { createSubscriptionStore } from './billing/subscription-store.js';
import { createCapacityService, type CapacityService } from './capacity/capacity-service.js';
import {
  createHistoryService,
  DEFAULT_HISTORY_TICK_MS,
  type HistoryService,
} from './history/history-service.js';
import { createTargetsService, type TargetsService } from './targets/targets-service.js';
import type { EventBus } from './events/contract.js';
import { createBoardStreams, type BoardStreams } from './live/board-streams.js';
import { createOidcSignIn, type OidcSettings, type OidcSignIn } from './identity/oidc-sign-in.js';
import {
  createPlatformServices,
  type PlatformOverrides,
  type PlatformServices,
} from '../platforms/index.js';
import { createWeatherService, type WeatherService } from './weather/index.js';
import { createScreenStore, type ScreenStore } from './screens/screen-store.js';
import { createApiKeyStore, type ApiKeyStore } from './api-keys/api-key-store.js';
import { createBoardStore, type BoardStore } from './boards/board-store.js';
import { createAlertStore, type AlertStore } from './alerts/alert-store.js';
import {
  DEFAULT_TICK_MS as DEFAULT_ALERT_TICK_MS,
  createAlertService,
  type AlertService,
} from './alerts/alert-service.js';
import {
  createChannelSender,
  createSmtpMailer,
  type ChannelSender,
  type Mailer,
} from './alerts/channels.js';
import { createOutgoingClient, type OutgoingClient } from './alerts/outgoing-guard.js';
import { createBoardReader } from './alerts/board-reading.js';
import { createMessageBudget, type MessageBudget } from './limits/message-budget.js';
import { createPushService, type PushService } from './push/push-service.js';
import { createRecipients, type Recipients } from './alerts/recipients.js';
import { createEmailRecipients } from './alerts/email-recipients.js';
import { createSmsChannel, createSmsRecipients } from './sms/sms-channel.js';
import { createTwilioGateway, type SmsGateway } from './sms/twilio-gateway.js';

/**
 * Services behind small interfaces. Each outside-facing one can be replaced through
 * `ServiceOverrides` (tests point them at local fakes); product code only sees the interface.
 */
export interface Services extends PlatformServices {
  /** The clock every service reads, so tests can move time. */
  now: () => Date;
  /** The HTTP client for outside services. */
  fetch: typeof fetch;
  /** Sign-in against the configured OpenID Connect provider. */
  identity: OidcSignIn;
  /** Forecast per ZIP code from Open-Meteo, cached 10 minutes, placeholder on failure. */
  weather: WeatherService;
  /** Board numbers and the platform's items from snapshots shared by all app instances. */
  capacity: CapacityService;
  /** The company subscription: Stripe Checkout, the portal, webhooks (decision 13). */
  billing: BillingService;
  /** Changes told to every instance and every open board and screen (issues 11 and 13). */
  events: EventBus;
  /** Paired TV screens, screen links and pending pairings (decision 010). */
  screens: ScreenStore;
  /** A company's API keys (issue 37, decision 050): hashes only. */
  apiKeys: ApiKeyStore;
  /** A company's boards (issue 26, decision 014). */
  boards: BoardStore;
  /** The open board and screen streams of this instance (`GET /api/events`). */
  streams: BoardStreams & { close(): void };
  /** The one HTTP client for URLs people type (alert webhooks): guarded (decision 023). */
  outgoing: OutgoingClient;
  /** Alert rules and their delivery log (issue 23). */
  alertRules: AlertStore;
  /** Alert evaluation and delivery on every instance (issue 23). */
  alerts: AlertService;
  /** E-mail out (SMTP_URL; the mail catcher on the embedded default); undefined: none set up. */
  mailer: Mailer | undefined;
  /** The kinds of alert channel, each a driver (decision 046): the push work adds its own. */
  alertSender: ChannelSender;
  /** Who has agreed to receive alerts, and their one confirmation message (decision 30). */
  alertRecipients: Recipients;
  /** Limits on messages sent on a person's say-so, shared by every instance (issue 33). */
  messageBudget: MessageBudget;
  /** People's devices with push notifications on, the VAPID keys, push sending (issue 36). */
  push: PushService;
  /**
   * Text messages through Twilio (issue 36, decision 053): undefined when no account is set up
   * (the embedded default's stand-in is one).
   */
  sms: SmsGateway | undefined;
  /** Board history: recorded as numbers change, kept in shape daily (issue 27, decision 026). */
  history: HistoryService;
  /** Targets suggested from history, applied; the learned pace curve (issue 27, decision 036). */
  targets: TargetsService;
}

export interface ServiceOverrides extends PlatformOverrides {
  now?: () => Date;
  fetch?: typeof fetch;
  /** Sign-in at an identity provider tests cannot reach over https. */
  identity?: OidcSignIn;
  weather?: WeatherService;
  /**
   * How long a board request that started a refresh waits for it (default 3 s). Tests that
   * check what a refresh reports wait for it whole, so a busy machine cannot change the answer.
   */
  refreshWaitMs?: number;
  /** How often the server's refresh schedule looks for due snapshots (default 1 s; 0: off). */
  scheduleTickMs?: number;
  /** Stripe; by default the SDK at the configured host, absent when Stripe is not configured. */
  stripe?: StripeGateway;
  /** The guarded client for typed URLs (default: ALERTS_ALLOW_PRIVATE_URLS decides). */
  outgoing?: OutgoingClient;
  /** Alert e-mail (default: nodemailer over SMTP_URL, none without it). */
  mailer?: Mailer;
  /** Text messages (default: the Twilio SDK with TWILIO_*, none without them). */
  sms?: SmsGateway;
  /** How often the alert loop runs (default 15 s; 0: off, tests call `alerts.runOnce()`). */
  alertTickMs?: number;
  /** How often history's upkeep loop runs (default 60 s; 0: off, tests call `history.runOnce()`). */
  historyTickMs?: number;
  /** How often every board stream gets a heartbeat (default 20 s). */
  liveHeartbeatMs?: number;
}

export function createServices(deps: {
  app: FastifyInstance;
  config: Config;
  db: Database;
  events: EventBus;
  overrides: ServiceOverrides | undefined;
  oidc: OidcSettings;
}): Services {
  const now = deps.overrides?.now ?? (() => new Date());
  const fetchImpl = deps.overrides?.fetch ?? globalThis.fetch;
  const platforms = createPlatformServices({
    config: deps.config,
    db: deps.db,
    secretBox: deps.app.secretBox,
    fetch: fetchImpl,
    now,
    log: deps.app.log,
    overrides: deps.overrides,
  });
  const { providers } = platforms;
  const weather =
    deps.overrides?.weather ??
    createWeatherService({
      fetch: fetchImpl,
      now,
      log: deps.app.log.child({ service: 'weather' }),
      openMeteoUrl: deps.config.weather.openMeteoUrl,
      apiKey: deps.config.weather.apiKey,
    });
  const boards = createBoardStore(deps.db, deps.events);
  const capacity = createCapacityService({
    db: deps.db,
    secretBox: deps.app.secretBox,
    providers,
    now,
    refreshMs: deps.config.capacityRefreshMs,
    refreshWaitMs: deps.overrides?.refreshWaitMs,
    events: deps.events,
    scheduleTickMs: deps.overrides?.scheduleTickMs,
    logger: deps.app.log.child({ service: 'capacity' }),
    boards,
  });
  const stripeConfig = deps.config.stripe;
  const billing = createBillingService({
    config: deps.config,
    store: createSubscriptionStore(deps.db),
    gateway:
      deps.overrides?.stripe ??
      (stripeConfig
        ? createStripeGateway({
            secretKey: stripeConfig.secretKey,
            webhookSecret: stripeConfig.webhookSecret,
            apiUrl: stripeConfig.apiUrl,
            now,
          })
        : undefined),
    logger: deps.app.log.child({ service: 'billing' }),
  });
  const outgoing =
    deps.overrides?.outgoing ??
    createOutgoingClient({ allowPrivate: deps.config.alerts.allowPrivateUrls });
  const alertRules = createAlertStore({ db: deps.db, secretBox: deps.app.secretBox });
  const messageBudget = createMessageBudget(deps.db);
  const push = createPushService({
    db: deps.db,
    secretBox: deps.app.secretBox,
    outgoing,
    now,
    publicUrl: deps.config.publicUrl,
    configuredKeys: deps.config.push.keys,
    subject: deps.config.push.subject,
    logger: deps.app.log.child({ service: 'push' }),
  });
  const smtpUrl = deps.config.alerts.smtpUrl;
  const mailer =
    deps.overrides?.mailer ??
    (smtpUrl ? createSmtpMailer({ smtpUrl, from: deps.config.alerts.mailFrom }) : undefined);
  const emailRecipients = createEmailRecipients({ db: deps.db, mailer });
  const twilioConfig = deps.config.twilio;
  const sms = deps.overrides?.sms ?? (twilioConfig ? createTwilioGateway(twilioConfig) : undefined);
  // A number that replied STOP is opted out in every company (the sender is one for all).
  const numberOptedOut = (number: string) => alertRecipients.setNumberOptedOut(number, true);
  const smsRecipients = createSmsRecipients({ gateway: sms, optedOut: numberOptedOut });
  const alertRecipients = createRecipients({
    db: deps.db,
    secretBox: deps.app.secretBox,
    kinds: new Map([
      [emailRecipients.kind, emailRecipients],
      [smsRecipients.kind, smsRecipients],
    ]),
    publicUrl: deps.config.publicUrl,
    now,
  });
  const alertSender = createChannelSender({
    outgoing,
    mailer,
    push,
    drivers: [
      createSmsChannel({
        gateway: sms,
        publicUrl: deps.config.publicUrl,
        optedOut: numberOptedOut,
        logger: deps.app.log.child({ service: 'sms' }),
      }),
    ],
  });
  const alerts = createAlertService({
    store: alertRules,
    sender: alertSender,
    recipients: alertRecipients,
    events: deps.events,
    now,
    readBoard: createBoardReader({ db: deps.db, boards, capacity }),
    budget: messageBudget,
    publicUrl: deps.config.publicUrl,
    logger: deps.app.log.child({ service: 'alerts' }),
    tickMs:
      deps.overrides?.alertTickMs ?? (deps.config.alerts.evaluate ? DEFAULT_ALERT_TICK_MS : 0),
  });
  const history = createHistoryService({
    db: deps.db,
    capacity,
    now,
    retentionDays: deps.config.historyRetentionDays,
    events: deps.events,
    tickMs: deps.overrides?.historyTickMs ?? DEFAULT_HISTORY_TICK_MS,
    logger: deps.app.log.child({ service: 'history' }),
  });
  const targets = createTargetsService({ db: deps.db, capacity, events: deps.events, now });
  return {
    history,
    targets,
    outgoing,
    alertRules,
    alerts,
    alertRecipients,
    alertSender,
    mailer,
    messageBudget,
    push,
    sms,
    now,
    fetch: fetchImpl,
    identity: deps.overrides?.identity ?? createOidcSignIn(deps.oidc),
    ...platforms,
    weather,
    capacity,
    billing,
    events: deps.events,
    screens: createScreenStore(deps.db),
    apiKeys: createApiKeyStore(deps.db),
    boards,
    streams: createBoardStreams({
      events: deps.events,
      screenAnswer: (companyId, boardId) => capacity.screenAnswer(companyId, boardId),
      buildVersion: deps.app.buildVersion,
      logger: deps.app.log.child({ service: 'streams' }),
      heartbeatMs: deps.overrides?.liveHeartbeatMs,
    }),
  };
}
