import {
  DEFAULT_PROVIDER,
  PLATFORMS,
  providerName,
  type ProviderId,
} from '../providers/platforms.js';
import { z } from 'zod';
import {
  HOUSECALLPRO_FIELDS,
  housecallProStatusShape,
  housecallProValuesShape,
  sampleHousecallProSchema,
} from './housecallpro/api.js';
import {
  SERVICETITAN_FIELDS,
  sampleCredentialsSchema,
  serviceTitanStatusShape,
  serviceTitanValuesShape,
} from './servicetitan/api.js';

/**
 * What a company's platform values look like in the API (decision 040): each platform's own
 * fields are in its folder here; this lists them. A company runs on one platform at a time and
 * a body carries one platform's values. Words (names, views) are in providers/platforms.ts.
 */

/** The values a platform is connected with (none for one connected by OAuth). */
export const PLATFORM_VALUE_FIELDS: Record<ProviderId, readonly string[]> = {
  servicetitan: SERVICETITAN_FIELDS,
  housecallpro: HOUSECALLPRO_FIELDS,
  jobber: [],
};

/** Every platform's values as a company body may carry them (each optional). */
export const platformValuesShape = { ...serviceTitanValuesShape, ...housecallProValuesShape };

/** The default platform's values as a company answer shows them. */
export const defaultPlatformStatusShape = serviceTitanStatusShape;
/** Every other platform's values as a company answer shows them. */
export const otherPlatformStatusShape = housecallProStatusShape;

/** Any platform's sample values (GET /api/onboarding/sample-credentials[?provider=]). */
export const sampleValuesSchema = z.union([sampleCredentialsSchema, sampleHousecallProSchema]);

/** The platform whose values a field is, if any. */
const ownerOf = (field: string): ProviderId | undefined =>
  (Object.keys(PLATFORM_VALUE_FIELDS) as ProviderId[]).find((id) =>
    PLATFORM_VALUE_FIELDS[id].includes(field),
  );

/** The fields of every platform but `provider`: a body for `provider` may not carry them. */
export const foreignFields = (provider: ProviderId): string[] =>
  (Object.keys(PLATFORM_VALUE_FIELDS) as ProviderId[])
    .filter((id) => id !== provider)
    .flatMap((id) => PLATFORM_VALUE_FIELDS[id]);

/**
 * Why `field` is refused in a company body for `provider` (a 400 naming it): a platform
 * connected by OAuth takes no typed values; otherwise whose value it is and what to do.
 */
export function foreignValueMessage(provider: ProviderId, field: string): string {
  const name = providerName(provider);
  if (PLATFORMS[provider].connectBy === 'oauth') {
    return `is not a ${name} value: ${name} is connected with "Connect ${name}", not typed values`;
  }
  const owner = ownerOf(field) ?? DEFAULT_PROVIDER;
  return provider === DEFAULT_PROVIDER
    ? `is a ${providerName(owner)} value: send it with provider '${owner}'`
    : `is a ${providerName(owner)} value; ${name} takes ${PLATFORM_VALUE_FIELDS[provider].join(' and ')}`;
}

/**
 * The platform a body's values are for: the one it names, else the default platform's when it
 * carries the default platform's values; undefined when it names none and carries none (the
 * company keeps its).
 */
export function providerOfBody(body: {
  provider?: ProviderId | undefined;
}): ProviderId | undefined {
  if (body.provider !== undefined) return body.provider;
  const values = body as Record<string, unknown>;
  return PLATFORM_VALUE_FIELDS[DEFAULT_PROVIDER].some((field) => values[field] !== undefined)
    ? DEFAULT_PROVIDER
    : undefined;
}
