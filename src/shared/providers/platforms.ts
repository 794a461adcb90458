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

/** The port's two views (the specification's view types, `ItemType` in api/item-groups). */
export type PlatformView = 'businessUnit' | 'jobType';

/** What a platform calls the items of one view, in the forms the pages need. */
export interface ViewWords {
  /** "Business Units", "Services", "Team". */
  plural: string;
  /** "business units", "services", "team members". */
  pluralLower: string;
  /** "business unit", "service", "team member". */
  singularLower: string;
  /** The configuration page's title: "Business Unit Configuration", "Service Configuration". */
  configTitle: string;
  /** A group's count: "(N units)", "(N job types)", "(N services)". */
  count: (n: number) => string;
}

export interface Platform {
  id: ProviderId;
  /** The platform's own name, as the specification's "{provider}" strings say it. */
  name: string;
  /** Its words for the two views (Jobber: Services and Team, decision 058). */
  views: Record<PlatformView, ViewWords>;
  /** How an admin connects it from Setup: typed values, or one click to the platform (OAuth). */
  connectBy: 'values' | 'oauth';
}

const BUSINESS_UNITS: ViewWords = {
  plural: 'Business Units',
  pluralLower: 'business units',
  singularLower: 'business unit',
  configTitle: 'Business Unit Configuration',
  count: (n) => `(${n} units)`,
};
const JOB_TYPES: ViewWords = {
  plural: 'Job Types',
  pluralLower: 'job types',
  singularLower: 'job type',
  configTitle: 'Job Type Configuration',
  count: (n) => `(${n} job types)`,
};

export const PLATFORMS: Record<ProviderId, Platform> = {
  servicetitan: {
    id: 'servicetitan',
    name: 'ServiceTitan',
    views: { businessUnit: BUSINESS_UNITS, jobType: JOB_TYPES },
    connectBy: 'values',
  },
  housecallpro: {
    id: 'housecallpro',
    name: 'Housecall Pro',
    views: { businessUnit: BUSINESS_UNITS, jobType: JOB_TYPES },
    connectBy: 'values',
  },
  jobber: {
    id: 'jobber',
    name: 'Jobber',
    // Jobber has neither: its views are the visit's first service, and its first team member.
    views: {
      businessUnit: {
        plural: 'Services',
        pluralLower: 'services',
        singularLower: 'service',
        configTitle: 'Service Configuration',
        count: (n) => `(${n} services)`,
      },
      jobType: {
        plural: 'Team',
        pluralLower: 'team members',
        singularLower: 'team member',
        configTitle: 'Team Configuration',
        count: (n) => `(${n} team members)`,
      },
    },
    connectBy: 'oauth',
  },
};

/** The platform a company runs on, or ServiceTitan's while it is not known. */
export const platformOf = (id: ProviderId | null | undefined): Platform =>
  PLATFORMS[id ?? DEFAULT_PROVIDER];

/** A view's words on a platform ("Business Units" / "Services"). */
export const viewWords = (id: ProviderId | null | undefined, view: PlatformView): ViewWords =>
  platformOf(id).views[view];

/**
 * The specification's "{provider}" strings, each naming the company's platform:
 * "No {provider} Credentials" (both configuration pages) and "{provider} Name" (their first
 * column).
 */
export const providerStrings = (id: ProviderId | null | undefined) => {
  const name = providerName(id);
  return {
    noCredentials: `No ${name} Credentials`,
    nameHeader: `${name} Name`,
  };
};

export function isProviderId(value: unknown): value is ProviderId {
  return typeof value === 'string' && (PROVIDER_IDS as readonly string[]).includes(value);
}

/** "ServiceTitan", "Housecall Pro"...: the "{provider}" of the specification's strings. */
export function providerName(id: ProviderId | null | undefined): string {
  return PLATFORMS[id ?? DEFAULT_PROVIDER].name;
}
