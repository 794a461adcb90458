import type { ConnectionCheck } from '../../../shared/api/companies.js';
import type { ProviderId } from '../../../shared/providers/platforms.js';
import type { HousecallProCredential } from '../housecallpro/contract.js';
import type { JobberCredential } from '../jobber/adapter.js';
import type { ServiceTitanCredential } from '../servicetitan/contract.js';
import type { DescribedFailure, ProviderAdapter, ProviderReader } from '../providers/port.js';

export type * from '../providers/port.js';

/**
 * Each platform's own credential, by platform: the one place that lists them (a new platform
 * adds its line here and its adapter in `createServices`).
 */
export interface CredentialOf {
  servicetitan: ServiceTitanCredential;
  housecallpro: HousecallProCredential;
  jobber: JobberCredential;
}

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
