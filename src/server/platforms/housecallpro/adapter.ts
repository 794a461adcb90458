import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { isValidTimeZone } from '../../../shared/calendar/time-zone.js';
import type { ProviderAdapter } from '../../services/providers/port.js';
import { checkHousecallPro } from './connection-check.js';
import type { HousecallProCredential } from './contract.js';
import { bookingsFromHousecallPro } from './counting.js';
import { describeFailure } from './describe-error.js';
import {
  createHousecallProGet,
  type HousecallProHttpSettings,
  type HousecallProLogger,
} from './http.js';
import { listJobs, readCompany, readItems } from './reads.js';
import type { HcpCompany } from './types.js';

export { HousecallProError, type HousecallProCredential } from './contract.js';

export interface HousecallProAdapterOptions {
  fetch: typeof fetch;
  /** `HOUSECALLPRO_API_URL` (default https://api.housecallpro.com). */
  apiUrl: string;
  now: () => Date;
  logger?: HousecallProLogger | undefined;
  timeoutMs?: number;
  maxRetries?: number;
  maxRetryAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** Who a key belongs to and its zone change rarely: asked again after this long. */
const COMPANY_TTL_MS = 10 * 60 * 1000;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Housecall Pro behind the provider port (decision 041): a Company API key sent as `Token`;
 * items from `job_fields` (and the job-type list); bookings from `GET /jobs` with appointments,
 * counted by decision 041's rule; the account and time zone from `GET /company`. It pushes
 * changes by webhook (routes/providers), which only ask for an early refresh.
 */
export function createHousecallProAdapter(
  options: HousecallProAdapterOptions,
): ProviderAdapter<HousecallProCredential> {
  const settings: HousecallProHttpSettings = {
    fetch: options.fetch,
    apiUrl: options.apiUrl,
    logger: options.logger,
    timeoutMs: options.timeoutMs ?? 20_000,
    maxRetries: options.maxRetries ?? 3,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 30_000,
    sleep: options.sleep ?? defaultSleep,
    now: options.now,
    random: options.random ?? Math.random,
  };
  const getFor = (apiKey: string) => createHousecallProGet(settings, apiKey);
  const companies = new LRUCache<string, Promise<HcpCompany>>({
    max: 10_000,
    ttl: COMPANY_TTL_MS,
  });

  const identity = (credential: HousecallProCredential) =>
    crypto
      .createHash('sha256')
      .update(JSON.stringify(['hcp-credential-v1', credential.apiKey]))
      .digest('base64url')
      .slice(0, 32);

  return {
    id: 'housecallpro',
    capabilities: { push: true, hours: false },
    identity,
    reader(credential) {
      const get = getFor(credential.apiKey);
      const key = identity(credential);
      const company = (signal?: AbortSignal) => {
        let known = companies.get(key);
        if (!known) {
          known = readCompany(get, signal);
          companies.set(key, known);
          known.catch(() => companies.delete(key));
        }
        return known;
      };
      const zoneOf = async (signal?: AbortSignal) => {
        const zone = (await company(signal)).time_zone;
        return zone && isValidTimeZone(zone) ? zone : null;
      };
      return {
        account: async (o) => `housecallpro:${(await company(o?.signal)).id}`,
        timeZone: (o) => zoneOf(o?.signal),
        items: (o) => readItems(get, options.now(), o?.signal),
        async bookings(window, o) {
          const [jobs, zone] = await Promise.all([
            listJobs(get, window, o?.signal),
            zoneOf(o?.signal),
          ]);
          // Wall times without a zone are the company's; without a known zone, UTC's.
          return bookingsFromHousecallPro(jobs, zone ?? 'UTC');
        },
      };
    },
    check: (credential, now) => checkHousecallPro({ credential, getFor, now }),
    describeError: describeFailure,
  };
}
