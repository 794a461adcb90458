import type { ServiceTitanCredential } from './contract.js';

const HOSTS = {
  production: { auth: 'https://auth.servicetitan.io', api: 'https://api.servicetitan.io' },
  integration: {
    auth: 'https://auth-integration.servicetitan.io',
    api: 'https://api-integration.servicetitan.io',
  },
} as const;

/** ServiceTitan's hosts for the credential's environment, unless configuration overrides them. */
export function hostsFor(
  credential: Pick<ServiceTitanCredential, 'environment'>,
  overrides: { authUrl?: string | undefined; apiUrl?: string | undefined },
): { auth: string; api: string } {
  const defaults = HOSTS[credential.environment] ?? HOSTS.production;
  return {
    auth: (overrides.authUrl ?? defaults.auth).replace(/\/+$/, ''),
    api: (overrides.apiUrl ?? defaults.api).replace(/\/+$/, ''),
  };
}
