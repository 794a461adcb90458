import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import { createOidcSignIn, type OidcSettings, type OidcSignIn } from './identity/oidc-sign-in.js';

/**
 * Services behind small interfaces. Each outside-facing one can be replaced through
 * `ServiceOverrides` (tests point them at local fakes); product code only sees the interface.
 */
export interface Services {
  /** The clock every service reads, so tests can move time. */
  now: () => Date;
  /** The HTTP client for outside services. */
  fetch: typeof fetch;
  /** Sign-in against the configured OpenID Connect provider. */
  identity: OidcSignIn;
}

export interface ServiceOverrides {
  now?: () => Date;
  fetch?: typeof fetch;
}

export function createServices(deps: {
  app: FastifyInstance;
  config: Config;
  db: Database;
  overrides: ServiceOverrides | undefined;
  oidc: OidcSettings;
}): Services {
  const now = deps.overrides?.now ?? (() => new Date());
  const fetchImpl = deps.overrides?.fetch ?? globalThis.fetch;
  return { now, fetch: fetchImpl, identity: createOidcSignIn(deps.oidc) };
}
