import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** Every environment variable the server reads. `.env.example` documents each one. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    // Loopback unless told otherwise: the embedded defaults (development sign-in with one-click
    // master admin) must not be reachable from the network by accident.
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    PUBLIC_URL: optionalUrl,
    ALLOWED_ORIGINS: optionalString,
    FRAME_ANCESTORS: optionalString,
    DEV_IDENTITY_ALLOW_REMOTE: booleanFromEnv.default(false),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
    DATABASE_URL: optionalString,
    DATA_DIR: z.string().default('./data'),
    ENCRYPTION_KEY: optionalString,
    SESSION_IDLE_DAYS: z.coerce.number().positive().default(30),
    SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(90),
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_SCOPES: z.string().default('openid email profile'),
    OIDC_TRUST_EMAIL_WITHOUT_VERIFIED_CLAIM: booleanFromEnv.default(false),
    PROTECTED_ADMIN_EMAIL: z.email().default('master@callboard.test'),
    SEED_DEMO_DATA: booleanFromEnv.optional(),
    SERVICETITAN_AUTH_URL: optionalUrl,
    SERVICETITAN_API_URL: optionalUrl,
    SERVICETITAN_SIMULATOR: booleanFromEnv.optional(),
    SERVICETITAN_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    SERVICETITAN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(20),
    HOUSECALLPRO_API_URL: optionalUrl,
    HOUSECALLPRO_STANDIN: booleanFromEnv.optional(),
    HOUSECALLPRO_STANDIN_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    /** Jobber (issue 38): the app's OAuth client, and Jobber's host. */
    JOBBER_CLIENT_ID: optionalString,
    JOBBER_CLIENT_SECRET: optionalString,
    JOBBER_API_URL: optionalUrl,
    JOBBER_STANDIN: booleanFromEnv.optional(),
    JOBBER_STANDIN_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    CAPACITY_REFRESH_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
    /** How long the board history keeps each day (issue 27): days older than this are deleted. */
    HISTORY_RETENTION_DAYS: z.coerce.number().int().min(30).max(3660).default(400),
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(10).max(1_000_000).default(600),
    /** Requests per minute one API key may make, counted by every instance together (issue 37). */
    API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
    SIGN_IN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_ID: optionalString,
    STRIPE_API_URL: optionalUrl,
    STRIPE_STANDIN: booleanFromEnv.optional(),
    STRIPE_STANDIN_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    BILLING_REQUIRED: booleanFromEnv.default(false),
    OPEN_METEO_URL: z.url().default('https://api.open-meteo.com'),
    OPEN_METEO_API_KEY: optionalString,
    TRUST_PROXY: booleanFromEnv.default(false),
    SMTP_URL: optionalString,
    MAIL_FROM: optionalString,
    MAIL_CATCHER: booleanFromEnv.optional(),
    MAIL_CATCHER_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    ALERTS_ALLOW_PRIVATE_URLS: booleanFromEnv.optional(),
    ALERTS_EVALUATE: booleanFromEnv.default(true),
    VAPID_PUBLIC_KEY: optionalString,
    VAPID_PRIVATE_KEY: optionalString,
    VAPID_SUBJECT: optionalString,
    TWILIO_ACCOUNT_SID: optionalString,
    TWILIO_AUTH_TOKEN: optionalString,
    TWILIO_MESSAGING_SERVICE_SID: optionalString,
    TWILIO_FROM: optionalString,
    TWILIO_API_URL: optionalUrl,
    TWILIO_STANDIN: booleanFromEnv.optional(),
    TWILIO_STANDIN_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  })
  .superRefine((env, ctx) => {
    if (env.SERVICETITAN_SIMULATOR && (env.SERVICETITAN_AUTH_URL || env.SERVICETITAN_API_URL)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SERVICETITAN_SIMULATOR'],
        message:
          'cannot be combined with SERVICETITAN_AUTH_URL or SERVICETITAN_API_URL (the simulator supplies both hosts)',
      });
    }
    if (env.HOUSECALLPRO_STANDIN && env.HOUSECALLPRO_API_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['HOUSECALLPRO_STANDIN'],
        message: 'cannot be combined with HOUSECALLPRO_API_URL (the stand-in supplies the host)',
      });
    }
    const jobber = [env.JOBBER_CLIENT_ID, env.JOBBER_CLIENT_SECRET];
    if (jobber.some(Boolean) && !jobber.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.JOBBER_CLIENT_ID ? 'JOBBER_CLIENT_SECRET' : 'JOBBER_CLIENT_ID'],
        message: 'JOBBER_CLIENT_ID and JOBBER_CLIENT_SECRET must be set together',
      });
    }
    if (env.JOBBER_STANDIN && env.JOBBER_CLIENT_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['JOBBER_STANDIN'],
        message: 'cannot be combined with JOBBER_CLIENT_ID (the stand-in registers its own app)',
      });
    }
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.OIDC_ISSUER ? 'OIDC_CLIENT_ID' : 'OIDC_ISSUER'],
        message: 'OIDC_ISSUER and OIDC_CLIENT_ID must be set together',
      });
    }
    // The development sign-in signs anyone in as anyone: a PUBLIC_URL other machines reach
    // would offer it to them, so it takes saying so (or a real issuer).
    if (
      !env.OIDC_ISSUER &&
      !env.DEV_IDENTITY_ALLOW_REMOTE &&
      env.PUBLIC_URL &&
      URL.canParse(env.PUBLIC_URL) &&
      !isLoopbackHost(new URL(env.PUBLIC_URL).hostname)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'is not a loopback address, and the development sign-in answers this machine only: set OIDC_ISSUER (a real identity provider) or DEV_IDENTITY_ALLOW_REMOTE=true (a demo on a trusted network)',
      });
    }
    if (env.NODE_ENV === 'production') {
      if (!env.ENCRYPTION_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: ['ENCRYPTION_KEY'],
          message: 'required in production',
        });
      }
      if (!env.OIDC_ISSUER) {
        ctx.addIssue({
          code: 'custom',
          path: ['OIDC_ISSUER'],
          message:
            'required in production (the built-in development identity provider refuses to run there)',
        });
      }
      if (env.SERVICETITAN_SIMULATOR) {
        ctx.addIssue({
          code: 'custom',
          path: ['SERVICETITAN_SIMULATOR'],
          message: 'not allowed in production',
        });
      }
      if (env.HOUSECALLPRO_STANDIN) {
        ctx.addIssue({
          code: 'custom',
          path: ['HOUSECALLPRO_STANDIN'],
          message: 'not allowed in production',
        });
      }
      if (env.JOBBER_STANDIN) {
        ctx.addIssue({
          code: 'custom',
          path: ['JOBBER_STANDIN'],
          message: 'not allowed in production',
        });
      }
      if (env.STRIPE_STANDIN) {
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_STANDIN'],
          message: 'not allowed in production',
        });
      }
      if (env.TWILIO_STANDIN) {
        ctx.addIssue({
          code: 'custom',
          path: ['TWILIO_STANDIN'],
          message: 'not allowed in production',
        });
      }
    }
    for (const [i, origin] of listOf(env.ALLOWED_ORIGINS).entries()) {
      if (!isOrigin(origin)) {
        ctx.addIssue({
          code: 'custom',
          path: ['ALLOWED_ORIGINS', i],
          message: `"${origin}" is not an origin (scheme://host[:port], nothing after it)`,
        });
      }
    }
    for (const [i, source] of listOf(env.FRAME_ANCESTORS).entries()) {
      if (source !== "'self'" && source !== "'none'" && !isOrigin(source)) {
        ctx.addIssue({
          code: 'custom',
          path: ['FRAME_ANCESTORS', i],
          message: `"${source}" must be an origin (scheme://host[:port]), 'self' or 'none'`,
        });
      }
    }
    if (env.ENCRYPTION_KEY && Buffer.from(env.ENCRYPTION_KEY, 'base64').length !== 32) {
      ctx.addIssue({
        code: 'custom',
        path: ['ENCRYPTION_KEY'],
        message: 'must be 32 bytes, base64-encoded',
      });
    }
    const stripe = [env.STRIPE_SECRET_KEY, env.STRIPE_PRICE_ID];
    if (stripe.some(Boolean) && !stripe.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.STRIPE_SECRET_KEY ? 'STRIPE_PRICE_ID' : 'STRIPE_SECRET_KEY'],
        message: 'STRIPE_SECRET_KEY and STRIPE_PRICE_ID must be set together',
      });
    }
    if (env.SMTP_URL && !/^smtps?:\/\//.test(env.SMTP_URL)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'must be an smtp:// or smtps:// URL',
      });
    }
    if (env.MAIL_CATCHER && env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_CATCHER'],
        message: 'cannot be combined with SMTP_URL (the mail catcher is the SMTP server)',
      });
    }
    if (env.NODE_ENV === 'production' && env.MAIL_CATCHER) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_CATCHER'],
        message: 'not allowed in production',
      });
    }
    const twilioSet = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN];
    if (twilioSet.some(Boolean) && !twilioSet.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.TWILIO_ACCOUNT_SID ? 'TWILIO_AUTH_TOKEN' : 'TWILIO_ACCOUNT_SID'],
        message: 'TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN must be set together',
      });
    }
    if (env.TWILIO_ACCOUNT_SID && !env.TWILIO_MESSAGING_SERVICE_SID && !env.TWILIO_FROM) {
      ctx.addIssue({
        code: 'custom',
        path: ['TWILIO_MESSAGING_SERVICE_SID'],
        message:
          'set TWILIO_MESSAGING_SERVICE_SID (MG...) or TWILIO_FROM (a Twilio number, +1...) to send text messages from',
      });
    }
    if (env.TWILIO_STANDIN && env.TWILIO_ACCOUNT_SID) {
      ctx.addIssue({
        code: 'custom',
        path: ['TWILIO_STANDIN'],
        message:
          'cannot be combined with TWILIO_ACCOUNT_SID (the stand-in supplies its own account)',
      });
    }
    const vapid = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY];
    if (vapid.some(Boolean) && !vapid.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
      });
    }
    for (const [name, bytes] of [
      ['VAPID_PUBLIC_KEY', 65],
      ['VAPID_PRIVATE_KEY', 32],
    ] as const) {
      const value = env[name];
      if (value && (!/^[A-Za-z0-9_-]+$/.test(value) || base64UrlBytes(value) !== bytes)) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `must be ${bytes} bytes as URL-safe Base64 without padding (npx web-push generate-vapid-keys makes a pair)`,
        });
      }
    }
    if (env.VAPID_SUBJECT && !/^(mailto:.+@.+|https:\/\/.+)$/.test(env.VAPID_SUBJECT)) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_SUBJECT'],
        message: 'must be a mailto: address or an https: URL (push services contact it)',
      });
    }
    if (env.STRIPE_STANDIN && env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_STANDIN'],
        message: 'cannot be combined with STRIPE_SECRET_KEY (the stand-in supplies its own keys)',
      });
    }
  });

/** How many bytes a URL-safe Base64 string without padding holds. */
const base64UrlBytes = (value: string) => Math.floor((value.length * 3) / 4);

/** A comma- or space-separated list; empty entries dropped. */
function listOf(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).filter(Boolean);
}

/** `https://host[:port]` exactly: what a browser sends as `Origin`. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof envSchema>;

/** The address of a From header: `Name <a@b>` → `a@b`. */
const mailAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  /** Public origin of the app, e.g. http://localhost:5000 (no trailing slash). */
  publicUrl: string;
  /**
   * Origins whose browsers may send state-changing requests: PUBLIC_URL's, ALLOWED_ORIGINS, and
   * (only when PUBLIC_URL is not set) the loopback spellings of http://localhost:PORT.
   */
  allowedOrigins: string[];
  /**
   * Other spellings of the default address (http://127.0.0.1:PORT, http://[::1]:PORT) while
   * PUBLIC_URL is not set: sign-in started there moves to publicUrl first, where the sign-in's
   * cookies and the identity provider's callback live (issue 25). Empty when PUBLIC_URL is set.
   */
  loopbackAliases: string[];
  /** CSP frame-ancestors sources: who may show the board in a frame ('self' by default). */
  frameAncestors: string[];
  /** The development identity provider answers non-loopback addresses too (off by default). */
  devIdentityAllowRemote: boolean;
  logLevel: Env['LOG_LEVEL'];
  /**
   * `pretty`: one readable line per request on the console (development's default); `json`: one
   * JSON object per line for a log collector (production's and tests' default).
   */
  logFormat: 'pretty' | 'json';
  database: { url: string | undefined; dataDir: string };
  encryptionKey: Buffer | undefined;
  session: { idleMs: number; absoluteMs: number };
  oidc:
    | {
        kind: 'external';
        issuer: string;
        clientId: string;
        clientSecret: string | undefined;
        scopes: string;
      }
    | { kind: 'development' };
  protectedAdminEmail: string;
  /**
   * Invitations and the protected admin match a signed-in e-mail only when the provider says
   * it is verified (`email_verified: true`). For providers that send no such claim at all, this
   * treats their e-mail as verified (a claim of `false` is never trusted).
   */
  trustEmailWithoutVerifiedClaim: boolean;
  seedDemoData: boolean;
  serviceTitan: {
    authUrl: string | undefined;
    apiUrl: string | undefined;
    /** port 0: a free port on loopback, so PORT alone decides what a second instance needs. */
    simulator: { enabled: boolean; port: number };
    /** Per attempt of every ServiceTitan call. */
    timeoutMs: number;
  };
  housecallPro: {
    /** HOUSECALLPRO_API_URL; the public host by default. */
    apiUrl: string;
    /** The bundled stand-in (never in production); port 0: a free loopback port. */
    standin: { enabled: boolean; port: number };
  };
  /**
   * Jobber (issue 38): the app registered with Jobber (undefined: Jobber cannot be connected on
   * this server, and the pages say which variables to set), and Jobber's host.
   */
  jobber: { clientId: string; clientSecret: string; apiUrl: string } | undefined;
  /** The local Jobber stand-in `main` starts when no Jobber app is set (not in production). */
  jobberStandin: { enabled: boolean; port: number };
  capacityRefreshMs: number;
  /** Days of board history kept (HISTORY_RETENTION_DAYS, default 400). */
  historyRetentionDays: number;
  /** API requests one client address may make per minute, per instance. */
  apiRateLimitPerMinute: number;
  /** Requests per minute per API key, shared by every instance (issue 37). */
  apiKeyRateLimitPerMinute: number;
  /** Sign-in starts and callbacks one client address may make per minute (per instance). */
  signInRateLimitPerMinute: number;
  /** Undefined: Stripe is not configured and billing actions say which variables to set. */
  stripe:
    | {
        secretKey: string;
        webhookSecret: string | undefined;
        priceId: string;
        /** Another Stripe API host (a stand-in); undefined is api.stripe.com. */
        apiUrl: string | undefined;
      }
    | undefined;
  /** The local Stripe stand-in `main` starts when no Stripe key is set (not in production). */
  stripeStandin: { enabled: boolean; port: number };
  /** Product decision 19: boards of companies without a plan show "subscription needed". */
  billingRequired: boolean;
  weather: { openMeteoUrl: string; apiKey: string | undefined };
  trustProxy: boolean;
  alerts: {
    /** SMTP server alert e-mails go through (smtp[s]://user:pass@host:port); undefined: none. */
    smtpUrl: string | undefined;
    mailFrom: string;
    /** The local mail catcher `main` starts when no SMTP server is set (not in production). */
    mailCatcher: { enabled: boolean; port: number };
    /** The mail catcher's page while it runs (linked from the Alerts page); undefined otherwise. */
    mailCatcherUrl: string | undefined;
    /** The Twilio stand-in's page of texts while it runs (linked from the Alerts page). */
    smsStandinUrl?: string | undefined;
    /**
     * Webhook URLs may reach loopback, private and link-local addresses (the embedded default's
     * stand-ins); refused otherwise.
     */
    allowPrivateUrls: boolean;
    /**
     * This instance evaluates rules and sends what they fire (ALERTS_EVALUATE, default true;
     * off on an instance that only serves pages, or a test suite that must not depend on the
     * time of day). "Send test" works either way.
     */
    evaluate: boolean;
  };
  /**
   * Web Push (issue 36, decision 052): the VAPID key pair from VAPID_PUBLIC_KEY and
   * VAPID_PRIVATE_KEY, or undefined: the server generates one on first start and keeps it in the
   * database (every instance reads the same). `subject` is how push services reach us.
   */
  push: {
    keys: { publicKey: string; privateKey: string } | undefined;
    subject: string;
  };
  /**
   * Text messages through Twilio (issue 36, decision 053): the account, its sender (a Messaging
   * Service or a number) and, for the stand-in, another API host; undefined: not set up.
   */
  twilio: TwilioConfig | undefined;
  /** The local Twilio stand-in `main` starts when no Twilio account is set (not in production). */
  twilioStandin: { enabled: boolean; port: number };
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** A Messaging Service (MG...) Twilio picks the sender from, or */
  messagingServiceSid: string | undefined;
  /** a Twilio number of the account. */
  from: string | undefined;
  /** Another Messages API host (the stand-in); undefined is api.twilio.com. */
  apiUrl: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** localhost (and its subdomains), 127.0.0.0/8 and ::1: names that only reach this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/** Parses the environment once; throws a ConfigError listing every problem. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const loopbackAliases = env.PUBLIC_URL
    ? []
    : [`http://127.0.0.1:${env.PORT}`, `http://[::1]:${env.PORT}`];
  const embedded = !env.DATABASE_URL;
  const mailFrom = env.MAIL_FROM ?? `3-Day Call Board <alerts@${new URL(publicUrl).hostname}>`;
  const simulatorEnabled =
    env.SERVICETITAN_SIMULATOR ??
    (env.NODE_ENV !== 'production' && !env.SERVICETITAN_AUTH_URL && !env.SERVICETITAN_API_URL);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    allowedOrigins: [
      ...new Set([new URL(publicUrl).origin, ...loopbackAliases, ...listOf(env.ALLOWED_ORIGINS)]),
    ],
    loopbackAliases,
    frameAncestors: listOf(env.FRAME_ANCESTORS).length ? listOf(env.FRAME_ANCESTORS) : ["'self'"],
    devIdentityAllowRemote: env.DEV_IDENTITY_ALLOW_REMOTE,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? 'pretty' : 'json'),
    database: { url: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR) },
    encryptionKey: env.ENCRYPTION_KEY ? Buffer.from(env.ENCRYPTION_KEY, 'base64') : undefined,
    session: {
      idleMs: env.SESSION_IDLE_DAYS * DAY_MS,
      absoluteMs: env.SESSION_ABSOLUTE_DAYS * DAY_MS,
    },
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID
        ? {
            kind: 'external',
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            scopes: env.OIDC_SCOPES,
          }
        : { kind: 'development' },
    protectedAdminEmail: env.PROTECTED_ADMIN_EMAIL.toLowerCase(),
    trustEmailWithoutVerifiedClaim: env.OIDC_TRUST_EMAIL_WITHOUT_VERIFIED_CLAIM,
    seedDemoData: env.SEED_DEMO_DATA ?? (embedded && env.NODE_ENV !== 'production'),
    serviceTitan: {
      authUrl: env.SERVICETITAN_AUTH_URL,
      apiUrl: env.SERVICETITAN_API_URL,
      simulator: { enabled: simulatorEnabled, port: env.SERVICETITAN_SIMULATOR_PORT },
      timeoutMs: env.SERVICETITAN_TIMEOUT_SECONDS * 1000,
    },
    housecallPro: {
      apiUrl: (env.HOUSECALLPRO_API_URL ?? 'https://api.housecallpro.com').replace(/\/+$/, ''),
      standin: {
        enabled:
          env.HOUSECALLPRO_STANDIN ?? (env.NODE_ENV !== 'production' && !env.HOUSECALLPRO_API_URL),
        port: env.HOUSECALLPRO_STANDIN_PORT,
      },
    },
    jobber:
      env.JOBBER_CLIENT_ID && env.JOBBER_CLIENT_SECRET
        ? {
            clientId: env.JOBBER_CLIENT_ID,
            clientSecret: env.JOBBER_CLIENT_SECRET,
            apiUrl: (env.JOBBER_API_URL ?? 'https://api.getjobber.com').replace(/\/+$/, ''),
          }
        : undefined,
    jobberStandin: {
      enabled: env.JOBBER_STANDIN ?? (env.NODE_ENV !== 'production' && !env.JOBBER_CLIENT_ID),
      port: env.JOBBER_STANDIN_PORT,
    },
    capacityRefreshMs: env.CAPACITY_REFRESH_SECONDS * 1000,
    historyRetentionDays: env.HISTORY_RETENTION_DAYS,
    apiRateLimitPerMinute: env.API_RATE_LIMIT_PER_MINUTE,
    apiKeyRateLimitPerMinute: env.API_KEY_RATE_LIMIT_PER_MINUTE,
    signInRateLimitPerMinute: env.SIGN_IN_RATE_LIMIT_PER_MINUTE,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PRICE_ID
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            priceId: env.STRIPE_PRICE_ID,
            apiUrl: env.STRIPE_API_URL,
          }
        : undefined,
    stripeStandin: {
      enabled: env.STRIPE_STANDIN ?? (env.NODE_ENV !== 'production' && !env.STRIPE_SECRET_KEY),
      port: env.STRIPE_STANDIN_PORT,
    },
    billingRequired: env.BILLING_REQUIRED,
    weather: {
      openMeteoUrl: env.OPEN_METEO_URL.replace(/\/+$/, ''),
      apiKey: env.OPEN_METEO_API_KEY,
    },
    trustProxy: env.TRUST_PROXY,
    alerts: {
      smtpUrl: env.SMTP_URL,
      mailFrom,
      mailCatcher: {
        enabled: env.MAIL_CATCHER ?? (env.NODE_ENV !== 'production' && !env.SMTP_URL && embedded),
        port: env.MAIL_CATCHER_PORT,
      },
      mailCatcherUrl: undefined,
      allowPrivateUrls:
        env.ALERTS_ALLOW_PRIVATE_URLS ?? (embedded && env.NODE_ENV !== 'production'),
      evaluate: env.ALERTS_EVALUATE,
    },
    push: {
      keys:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : undefined,
      subject: env.VAPID_SUBJECT ?? `mailto:${mailAddress(mailFrom)}`,
    },
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN
        ? {
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
            from: env.TWILIO_FROM,
            apiUrl: env.TWILIO_API_URL?.replace(/\/+$/, ''),
          }
        : undefined,
    twilioStandin: {
      enabled: env.TWILIO_STANDIN ?? (env.NODE_ENV !== 'production' && !env.TWILIO_ACCOUNT_SID),
      port: env.TWILIO_STANDIN_PORT,
    },
  };
}
