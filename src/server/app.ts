import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, type Database, type DatabaseHandle } from './db/index.js';
import { loggerOptions, requestLogOptions } from './logging.js';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandler,
  registerNotFoundHandler,
} from './plugins/error-handler.js';
import { clientDistFolder } from './paths.js';
import { readBuildVersion } from './build-version.js';
import { registerApiReference } from './plugins/api-reference.js';
import { registerOriginCheck } from './plugins/origin-check.js';
import { registerRateLimits } from './plugins/rate-limits.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import {
  ANSWER_ENCODINGS,
  BROTLI_QUALITY,
  COMPRESSION_THRESHOLD_BYTES,
} from './services/capacity/prepared-answer.js';
import {
  createSessionStore,
  registerSessionLoading,
  syncSignedInHint,
  type SessionStore,
} from './plugins/sessions.js';
import { registerScreenLoading } from './plugins/screens.js';
import { registerApiKeyLoading } from './plugins/api-keys.js';
import { registerRoutes } from './routes/index.js';
import { createSecretBox, loadOrCreateKeyFile, type SecretBox } from './security/secret-box.js';
import { createServices, type Services, type ServiceOverrides } from './services/index.js';
import { createDatabaseEventBus } from './services/events/database-bus.js';
import type { OidcSettings } from './services/identity/oidc-sign-in.js';
import { seedDemoData, type DemoTargets } from './services/demo/seed-demo-data.js';
import {
  decoratePlatformSamples,
  demoCredential,
  seedPlatformDemos,
  type PlatformDemoOptions,
} from './platforms/demo.js';
import { contentSecurityPolicy } from './security/content-security-policy.js';
import { signedDeliveryPaths } from './platforms/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    database: DatabaseHandle;
    secretBox: SecretBox;
    sessions: SessionStore;
    services: Services;
    /** The board build this instance serves (see build-version.ts). */
    buildVersion: string;
  }
}

/** Each platform's sample account and demo company are PlatformDemoOptions (platforms/demo.ts). */
export interface BuildAppOptions extends PlatformDemoOptions {
  config: Config;
  /** An already-open database (tests share one per file); otherwise opened from config. */
  database?: DatabaseHandle;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Replace outside-facing services (tests point them at local fakes). */
  services?: ServiceOverrides;
  /** Day targets for the demo users (the sample tenant's typical volume). */
  demoTargets?: DemoTargets;
  /** The business units of the demo's "Install" board (issue 26). */
  demoInstallBusinessUnits?: number[];
  /** Told of every route as it is registered (the authorization matrix test lists them). */
  onRoute?: (route: RouteOptions) => void;
  /** Told what start-up is doing next (main.ts names it when a start is slow). */
  onStartupStep?: (step: string) => void;
}

/** The composition root: every plugin, service and route folder is wired here and only here. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    ...requestLogOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 4 * 1024 * 1024,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const step = (name: string) => options.onStartupStep?.(name);
  // Infrastructure.
  step('opening the database');
  const database =
    options.database ??
    (await openDatabase(
      config.database.url
        ? {
            kind: 'postgres',
            url: config.database.url,
            onConnectionError: (error) =>
              app.log.warn(
                { err: error },
                'a pooled PostgreSQL connection was closed by the server',
              ),
          }
        : { kind: 'pglite', dataDir: config.database.dataDir },
    ));
  const key = config.encryptionKey ?? loadOrCreateKeyFile(config.database.dataDir);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('secretBox', createSecretBox(key));
  // Fan-out of changes to every instance (LISTEN/NOTIFY); caches and open streams hear it.
  step('listening for changes from other instances');
  const events = await createDatabaseEventBus(database, app.log.child({ service: 'events' }));
  const sessionStore = createSessionStore(database.db, config, events);
  events.subscribe((event) => {
    if (event.type === 'session.ended') sessionStore.forget(event);
  });
  // Events may have been missed while the listening connection was down: forget everything.
  events.onMissedEvents(() => sessionStore.forget({}));
  app.decorate('sessions', sessionStore);
  app.decorate('buildVersion', readBuildVersion(clientDistFolder));
  decoratePlatformSamples(app, config, options);
  // Sign-in: the configured provider, or the built-in development one mounted at /oidc.
  const redirectUri = `${config.publicUrl}/api/callback`;
  let oidc: OidcSettings;
  let devIdentityProvider: { plugin: (app: FastifyInstance) => Promise<void> } | undefined;
  if (config.oidc.kind === 'external') {
    oidc = { ...config.oidc, redirectUri };
  } else {
    const client = {
      clientId: 'call-board-dev',
      clientSecret: crypto.randomBytes(24).toString('base64url'),
    };
    // Loaded only when it runs: production (an external issuer) never loads the stand-in.
    step('starting the development identity provider');
    const { createDevIdentityProvider } =
      await import('../../standins/dev-identity-provider/index.js');
    devIdentityProvider = createDevIdentityProvider({
      issuer: `${config.publicUrl}/oidc`,
      client: { ...client, redirectUri, postLogoutRedirectUri: `${config.publicUrl}/` },
      allowRemote: config.devIdentityAllowRemote,
    });
    // prompt=login: the account picker shows on every sign-in, so switching demo accounts works.
    oidc = {
      issuer: `${config.publicUrl}/oidc`,
      ...client,
      scopes: 'openid email profile',
      redirectUri,
      extraParams: { prompt: 'login' },
    };
  }
  app.decorate(
    'services',
    createServices({ app, config, db: database.db, events, overrides: options.services, oidc }),
  );
  // No refresh may outlive the app: stop them, then close the database they write to.
  // Open streams would hold the server open: end them first (browsers reconnect elsewhere).
  app.addHook('preClose', async () => app.services.streams.closeAll());
  app.addHook('onClose', async () => {
    app.services.streams.close();
    app.services.boards.close();
    await app.services.alerts.close();
    await app.services.history.close();
    await app.services.capacity.close();
    await app.services.events.close();
    if (!options.database) await database.close();
  });

  // Push messages are signed with one VAPID pair for all instances: read (or made) at start.
  step('loading the push notification keys');
  await app.services.push.vapid();

  step('seeding the demo company');
  if (config.seedDemoData && devIdentityProvider) {
    const seeded = await seedDemoData(database.db, {
      secretBox: app.secretBox,
      issuer: `${config.publicUrl}/oidc`,
      protectedAdminEmail: config.protectedAdminEmail,
      credential: demoCredential(options),
      ...(options.demoTargets ? { targets: options.demoTargets } : {}),
      ...(options.demoInstallBusinessUnits
        ? { installBusinessUnits: options.demoInstallBusinessUnits }
        : {}),
    });
    if (seeded) app.log.info('seeded the demo company and demo accounts');
    await seedPlatformDemos(app, database.db, options);
  }

  step('registering routes');
  // Cross-cutting concerns.
  registerErrorHandler(app);
  // Answers above 1 KB go out compressed (built files are served precompressed, see below).
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: [...ANSWER_ENCODINGS],
    globalDecompression: false,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
  registerSecurityHeaders(app, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // The board is a page people open, not a resource others embed: same-origin isolation
    // headers that would only get in the way of a signage player stay off.
    crossOriginEmbedderPolicy: false,
    // HSTS only where it means something: an https PUBLIC_URL (never on plain-http installs).
    hsts: config.publicUrl.startsWith('https://')
      ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // frame-ancestors in the CSP decides framing; X-Frame-Options cannot name an allow-list.
    frameguard: false,
  });
  await app.register(cookie);
  await registerRateLimits(app, { perMinute: config.apiRateLimitPerMinute });
  registerOriginCheck(app, {
    allowedOrigins: config.allowedOrigins,
    // Authenticated by what they carry, never by a cookie: Stripe's, the platforms' and
    // Twilio's signatures, an alert confirmation link's token (its page sends `Origin: null`).
    exemptPrefixes: [
      '/api/stripe/webhook',
      ...signedDeliveryPaths,
      '/oidc/',
      '/alerts/confirm/',
      '/api/providers/twilio/',
    ],
  });
  registerSessionLoading(app, database.db, config, sessionStore);
  registerScreenLoading(app, {
    store: app.services.screens,
    config,
    now: () => app.services.now(),
  });
  // After both: a request with an API key is the key's alone (issue 37, decision 050).
  registerApiKeyLoading(app, {
    store: app.services.apiKeys,
    now: () => app.services.now(),
    perMinute: config.apiKeyRateLimitPerMinute,
  });

  // Resources.
  if (devIdentityProvider) await app.register(devIdentityProvider.plugin);
  // Before the routes: it hears each route as it is added (GET /api/openapi.json, /api/docs).
  await registerApiReference(app);
  await registerRoutes(app);

  // The built client (production): static files, and index.html for every other GET page.
  const hasClient = fs.existsSync(path.join(clientDistFolder, 'index.html'));
  const hashedAssetsFolder = path.join(clientDistFolder, 'assets') + path.sep;
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDistFolder,
      wildcard: false,
      index: false,
      // The .br and .gz files scripts/compress-client.mjs writes next to each built file.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Vite names hashed files by content: they never change, so browsers keep them a year.
        // index.html and tv.html name the current build's files, and sw.js is the service
        // worker a browser must see change (issue 36): asked for again every time.
        reply.header(
          'cache-control',
          filePath.startsWith(hashedAssetsFolder)
            ? 'public, max-age=31536000, immutable'
            : /(\.html|[\\/]sw\.js)(\.br|\.gz)?$/.test(filePath)
              ? 'no-cache'
              : 'public, max-age=3600',
        );
      },
    });
  }
  registerNotFoundHandler(app, {
    spaFallback: hasClient,
    onPage: (request, reply) => syncSignedInHint(request, reply, config),
  });
  return app;
}
