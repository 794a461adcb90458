import { createApiGet, createApiPost } from './api-request.js';
import { requestAccessToken } from './access-token.js';
import { listAppointments } from './appointments.js';
import { listBusinessUnits } from './business-units.js';
import { listTechnicianShifts, listTechnicians, readCapacity } from './crew.js';
import { createConcurrencyLimit } from './concurrency-limit.js';
import type {
  ServiceTitanClient,
  ServiceTitanCredential,
  ServiceTitanGateway,
} from './contract.js';
import { hostsFor } from './hosts.js';
import { createHttp, type ServiceTitanLogger } from './http.js';
import { listJobTypes } from './job-types.js';
import { listJobs } from './jobs.js';
import { createTokenCache } from './token-cache.js';

export * from './contract.js';
export { describeServiceTitanError } from './describe-error.js';
export type { ServiceTitanLogger } from './http.js';

export interface ServiceTitanGatewayOptions {
  fetch: typeof fetch;
  now?: () => Date;
  /** Replace ServiceTitan's hosts (config SERVICETITAN_AUTH_URL / SERVICETITAN_API_URL, the simulator). */
  authUrl?: string | undefined;
  apiUrl?: string | undefined;
  logger?: ServiceTitanLogger | undefined;
  /** Per attempt. ServiceTitan may take up to 100 s; the board refreshes every 60 s. */
  timeoutMs?: number;
  maxInFlightPerTenant?: number;
  /** Retries after a 429, 5xx or network error (not counting the one token renewal after a 401). */
  maxRetries?: number;
  /** Longest Retry-After we are willing to wait inside one refresh. */
  maxRetryAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The ServiceTitan client the server uses; one token cache and concurrency cap shared by all clients. */
export function createServiceTitanGateway(
  options: ServiceTitanGatewayOptions,
): ServiceTitanGateway {
  const now = options.now ?? (() => new Date());
  const overrides = { authUrl: options.authUrl, apiUrl: options.apiUrl };
  const http = createHttp({
    fetch: options.fetch,
    logger: options.logger,
    timeoutMs: options.timeoutMs ?? 20_000,
    maxRetries: options.maxRetries ?? 3,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 30_000,
    sleep: options.sleep ?? defaultSleep,
    now,
    random: options.random ?? Math.random,
    limit: createConcurrencyLimit(options.maxInFlightPerTenant ?? 4),
  });
  const tokens = createTokenCache({
    now,
    authUrlFor: (credential) => hostsFor(credential, overrides).auth,
    requestToken: (credential) =>
      requestAccessToken(http, hostsFor(credential, overrides).auth, credential),
  });

  return {
    clientFor(credential: ServiceTitanCredential): ServiceTitanClient {
      const api = { http, tokens, apiBase: hostsFor(credential, overrides).api, credential };
      const get = createApiGet(api);
      const post = createApiPost(api);
      return {
        listBusinessUnits: (options) => listBusinessUnits(get, options),
        listJobTypes: (options) => listJobTypes(get, options),
        listAppointments: (window, options) => listAppointments(get, window, options),
        listJobs: (window, options) => listJobs(get, window, options),
        capacity: (window, options) => readCapacity(post, window, options),
        listTechnicians: (options) => listTechnicians(get, options),
        listTechnicianShifts: (window, shiftType, options) =>
          listTechnicianShifts(get, window, shiftType, options),
      };
    },
  };
}
