/**
 * The field-service platforms a company can run on (product decision 27): one at a time. What
 * pages, answers and the server say differently per platform is written here once; everything
 * above the platform (boards, pace, history, alerts, screens) speaks of "the company's platform".
 * Pure, no dependencies: the board and the TV read it too.
 */
export const PROVIDER_IDS = ['servicetitan', 'housecallpro', 'jobber'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** A company that never chose runs on ServiceTitan (every company made before platforms did). */
export const DEFAULT_PROVIDER: ProviderId = 'servicetitan';

export interface Platform {
  id: ProviderId;
  /** The platform's own name, as the specification's "{provider}" strings say it. */
  name: string;
}

export const PLATFORMS: Record<ProviderId, Platform> = {
  servicetitan: { id: 'servicetitan', name: 'ServiceTitan' },
  housecallpro: { id: 'housecallpro', name: 'Housecall Pro' },
  jobber: { id: 'jobber', name: 'Jobber' },
};

export function isProviderId(value: unknown): value is ProviderId {
  return typeof value === 'string' && (PROVIDER_IDS as readonly string[]).includes(value);
}

/** "ServiceTitan", "Housecall Pro"...: the "{provider}" of the specification's strings. */
export function providerName(id: ProviderId | null | undefined): string {
  return PLATFORMS[id ?? DEFAULT_PROVIDER].name;
}
