import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, type Database, type DatabaseHandle } from './db/index.js';
import { registerErrorHandler, registerNotFoundHandler } from './plugins/error-handler.js';
import { clientDistFolder } from './paths.js';
import { registerOriginCheck } from './plugins/origin-check.js';
import { registerRateLimits } from './plugins/rate-limits.js';
import {
  createSessionStore,
  registerSessionLoading,
  type SessionStore,
} from './plugins/sessions.js';
import { registerRoutes } from './routes/index.js';
import { createSecretBox, loadOrCreateKeyFile, type SecretBox } from './security/secret-box.js';
import { createServices, type Services, type ServiceOverrides } from './services/index.js';
import type { OidcSettings } from './services/identity/oidc-sign-in.js';
import { seedDemoData, type DemoTargets } from './services/demo/seed-demo-data.js';
import type { ServiceTitanCredential } from './services/servicetitan/contract.js';
import { createDevIdentityProvider } from '../../standins/dev-identity-provider/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    database: DatabaseHandle;
    secretBox: SecretBox;
    sessions: SessionStore;
    services: Services;
    /**
     * The bundled simulator's sample tenant while it runs (never in production), offered to
     * admins in the onboarding connect step; null otherwise.
     */
    sampleServiceTitanCredential: Omit<ServiceTitanCredential, 'environment'> | null;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** An already-open database (tests share one per file); otherwise opened from config. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Replace outside-facing services (tests point them at local fakes). */
  services?: ServiceOverrides;
  /** Credentials of the sample ServiceTitan tenant the demo company is seeded with. */
  demoServiceTitanCredential?: Omit<ServiceTitanCredential, 'environment'>;
  /** Day targets for the demo users (the sample tenant's typical volume). */
  demoTargets?: DemoTargets;
  /** Told of every route as it is registered (the authorization matrix test lists them). */
  onRoute?: (route: RouteOptions) => void;
}

/** Paths whose values must never reach a log line. */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.clientSecret',
  '*.appKey',
  '*.access_token',
  '*.client_secret',
];

/** The composition root: every plugin, service and route folder is wired here and only here. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 4 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Infrastructure.
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
  if (!options.database) app.addHook('onClose', () => database.close());
  const key = config.encryptionKey ?? loadOrCreateKeyFile(config.database.dataDir);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('secretBox', createSecretBox(key));
  app.decorate('sessions', createSessionStore(database.db, config));
  app.decorate(
    'sampleServiceTitanCredential',
    !config.isProduction && options.demoServiceTitanCredential
      ? options.demoServiceTitanCredential
      : null,
  );
  // Sign-in: the configured provider, or the built-in development one mounted at /oidc.
  const redirectUri = `${config.publicUrl}/api/callback`;
  let oidc: OidcSettings;
  let devIdentityProvider: ReturnType<typeof createDevIdentityProvider> | undefined;
  if (config.oidc.kind === 'external') {
    oidc = { ...config.oidc, redirectUri };
  } else {
    const client = {
      clientId: 'call-board-dev',
      clientSecret: crypto.randomBytes(24).toString('base64url'),
    };
    devIdentityProvider = createDevIdentityProvider({
      issuer: `${config.publicUrl}/oidc`,
      client: { ...client, redirectUri, postLogoutRedirectUri: `${config.publicUrl}/` },
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
    createServices({ app, config, db: database.db, overrides: options.services, oidc }),
  );

  if (config.seedDemoData && devIdentityProvider) {
    const seeded = await seedDemoData(database.db, {
      secretBox: app.secretBox,
      issuer: `${config.publicUrl}/oidc`,
      protectedAdminEmail: config.protectedAdminEmail,
      credential: options.demoServiceTitanCredential,
      ...(options.demoTargets ? { targets: options.demoTargets } : {}),
    });
    if (seeded) app.log.info('seeded the demo company and demo accounts');
  }

  // Cross-cutting concerns.
  registerErrorHandler(app);
  await app.register(cookie);
  await app.register(formbody);
  await registerRateLimits(app, { perMinute: config.apiRateLimitPerMinute });
  registerOriginCheck(app, {
    publicUrl: config.publicUrl,
    exemptPrefixes: ['/api/stripe/webhook', '/oidc/'],
  });
  registerSessionLoading(app, database.db, config);

  // Resources.
  if (devIdentityProvider) await app.register(devIdentityProvider.plugin);
  await registerRoutes(app);

  // The built client (production): static files, and index.html for every other GET page.
  const hasClient = fs.existsSync(path.join(clientDistFolder, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDistFolder,
      wildcard: false,
      index: false,
      maxAge: '1h',
    });
  }
  registerNotFoundHandler(app, { spaFallback: hasClient });
  return app;
}
