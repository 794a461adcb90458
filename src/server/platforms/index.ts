import type { FastifyBaseLogger } from 'fastify';
import type { ConnectionCheck } from '../../shared/api/companies.js';
import type { DEFAULT_PROVIDER, ProviderId } from '../../shared/providers/platforms.js';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import type { SecretBox } from '../security/secret-box.js';
import type {
  DescribedFailure,
  ProviderAdapter,
  ProviderReader,
} from '../services/providers/port.js';
import { createHousecallProAdapter } from './housecallpro/adapter.js';
import type { HousecallProCredential } from './housecallpro/contract.js';
import { createJobberAdapter, type JobberCredential } from './jobber/adapter.js';
import { createJobberGraphql, type JobberGraphql } from './jobber/graphql-client.js';
import type { JobberApp } from './jobber/oauth-client.js';
import { createJobberTokenStore, type JobberTokenStore } from './jobber/token-store.js';
import { createServiceTitanAdapter } from './servicetitan/adapter.js';
import type { ServiceTitanCredential } from './servicetitan/contract.js';
import { createServiceTitanGateway, type ServiceTitanGateway } from './servicetitan/index.js';

export type * from '../services/providers/port.js';

/**
 * The server's registry of platforms (decision 040 and its addendum): each platform's credential,
 * its adapter and what the services keep of it. Beside it, the other registries above the
 * platforms' folders: `routes.ts` (their own routes), `demo.ts` (sample accounts and demo
 * companies), `access.ts` (platforms as callers) and `stored.ts` (a company's stored connection).
 * A new platform is a folder beside the others, its line in each of them, and its words in
 * `shared/providers/platforms.ts`.
 */

/** Each platform's own credential, by platform. */
export interface CredentialOf {
  servicetitan: ServiceTitanCredential;
  housecallpro: HousecallProCredential;
  jobber: JobberCredential;
}

/**
 * The default platform's credential: a company that never chose runs on it (DEFAULT_PROVIDER),
 * the demo company is seeded with its sample account, and users' own credentials (the seed's
 * "Credential") are its.
 */
export type DefaultCredential = CredentialOf[typeof DEFAULT_PROVIDER];

/** A company's connection to its platform, opened: which platform, and its credential. */
export type ProviderConnection = {
  [P in ProviderId]: { provider: P; credential: CredentialOf[P] };
}[ProviderId];

export type ProviderAdapters = { [P in ProviderId]: ProviderAdapter<CredentialOf[P]> };

/** Values to check on a platform: what an admin typed, merged with what is stored. */
export type ProviderValues = {
  [P in ProviderId]: { provider: P; values: Partial<CredentialOf[P]> };
}[ProviderId];

/** The adapters, reached by the platform a connection names (decision 040). */
export interface Providers {
  adapter<P extends ProviderId>(provider: P): ProviderAdapters[P];
  /** Reads the connection's platform with its credential. */
  reader(connection: ProviderConnection): ProviderReader;
  /** The connection's name in shared caches (see ProviderAdapter.identity). */
  identity(connection: ProviderConnection): string;
  describeError(provider: ProviderId, error: unknown): DescribedFailure;
  /** The connection check of values on their platform (see ProviderAdapter.check). */
  check(values: ProviderValues, now: Date): Promise<ConnectionCheck>;
}

export function createProviders(adapters: ProviderAdapters): Providers {
  // A connection's credential is its platform's (ProviderConnection pairs them), which the
  // compiler cannot follow through an indexed access: one cast, here.
  const adapterOf = (connection: ProviderConnection) =>
    adapters[connection.provider] as ProviderAdapter<ProviderConnection['credential']>;
  return {
    adapter: (provider) => adapters[provider],
    reader: (connection) => adapterOf(connection).reader(connection.credential),
    identity: (connection) => adapterOf(connection).identity(connection.credential),
    describeError: (provider, error) => adapters[provider].describeError(error),
    check: (given, now) =>
      (adapters[given.provider] as ProviderAdapter<ProviderConnection['credential']>).check(
        given.values,
        now,
      ),
  };
}

/** What the services keep of the platforms (`Services` extends it). */
export interface PlatformServices {
  /** ServiceTitan API clients (one token cache per credential), at the configured hosts. */
  serviceTitan: ServiceTitanGateway;
  /**
   * Jobber (issue 38): its app (undefined when not configured), the companies' tokens (decision
   * 057), its GraphQL client and adapter.
   */
  jobber: {
    app: JobberApp | undefined;
    tokens: JobberTokenStore;
    graphql: JobberGraphql;
    adapter: ReturnType<typeof createJobberAdapter>;
  };
  /** Every platform behind the provider port (decision 040). */
  providers: Providers;
}

/** What tests may replace of the platforms (`ServiceOverrides` extends it). */
export interface PlatformOverrides {
  serviceTitan?: ServiceTitanGateway;
  /**
   * How Jobber's client waits for its cost budget and 429s (default: real time); tests move
   * their clock instead, so the stand-in's bucket refills as it would have.
   */
  jobberSleep?: (ms: number) => Promise<void>;
}

/** Every platform's client and adapter, at the configured hosts. */
export function createPlatformServices(deps: {
  config: Config;
  db: Database;
  secretBox: SecretBox;
  fetch: typeof fetch;
  now: () => Date;
  log: FastifyBaseLogger;
  overrides: PlatformOverrides | undefined;
}): PlatformServices {
  const { config, fetch: fetchImpl, now } = deps;
  const serviceTitan =
    deps.overrides?.serviceTitan ??
    createServiceTitanGateway({
      fetch: fetchImpl,
      now,
      authUrl: config.serviceTitan.authUrl,
      apiUrl: config.serviceTitan.apiUrl,
      timeoutMs: config.serviceTitan.timeoutMs,
      logger: deps.log.child({ service: 'servicetitan' }),
    });
  const jobberApp = config.jobber;
  const jobberTokens = createJobberTokenStore({
    db: deps.db,
    secretBox: deps.secretBox,
    app: () => jobberApp ?? null,
    fetch: fetchImpl,
    now,
  });
  const jobberGraphql = createJobberGraphql({
    apiUrl: () => jobberApp?.apiUrl ?? null,
    tokens: jobberTokens,
    fetch: fetchImpl,
    now,
    ...(deps.overrides?.jobberSleep ? { sleep: deps.overrides.jobberSleep } : {}),
  });
  const jobber = {
    app: jobberApp,
    tokens: jobberTokens,
    graphql: jobberGraphql,
    adapter: createJobberAdapter({ graphql: jobberGraphql, now }),
  };
  const providers = createProviders({
    servicetitan: createServiceTitanAdapter(serviceTitan),
    housecallpro: createHousecallProAdapter({
      fetch: fetchImpl,
      now,
      apiUrl: config.housecallPro.apiUrl,
      timeoutMs: config.serviceTitan.timeoutMs,
      logger: deps.log.child({ service: 'housecallpro' }),
    }),
    jobber: jobber.adapter,
  });
  return { serviceTitan, jobber, providers };
}
