/**
 * The field-service platforms a company can run on (product decision 27): one at a time. What
 * pages, answers and the server say differently per platform is written here once; everything
 * above the platform (boards, pace, history, alerts, screens) speaks of "the company's platform".
 * Pure, no dependencies: the board and the TV read it too.
 */
export const PROVIDER_IDS = ['servicetitan', 'housecallpro', 'jobber'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** A company that never chose runs on the first platform (every company made before platforms did). */
export const DEFAULT_PROVIDER = 'servicetitan' satisfies ProviderId;

/**
 * The onboarding step that connects the company's platform, by the seed's name for it (it
 * predates the other platforms; the step is the same on each).
 */
export const CONNECT_PLATFORM_STEP = 'connect_servicetitan';

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
  /** Its public site (the landing page's "Works with"). */
  site: string;
  /** Its words for the two views (Jobber: Services and Team, decision 058). */
  views: Record<PlatformView, ViewWords>;
  /** How an admin connects it from Setup: typed values, or one click to the platform (OAuth). */
  connectBy: 'values' | 'oauth';
  /** What connecting it takes, in a line under its name in Setup's platform choice. */
  connectHint: string;
  /**
   * Technician hours (issue 35, decision 054): where a board's hours come from, as the pages name
   * it ("Hours — from ServiceTitan"); null when the platform cannot measure them (its boards
   * count jobs against typed targets).
   */
  hours: { source: string } | null;
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
    site: 'https://www.servicetitan.com',
    views: { businessUnit: BUSINESS_UNITS, jobType: JOB_TYPES },
    connectBy: 'values',
    connectHint: 'Four values from ServiceTitan’s API Application Access.',
    hours: { source: 'ServiceTitan' },
  },
  housecallpro: {
    id: 'housecallpro',
    name: 'Housecall Pro',
    site: 'https://www.housecallpro.com',
    views: { businessUnit: BUSINESS_UNITS, jobType: JOB_TYPES },
    connectBy: 'values',
    connectHint: 'A Company API key from Housecall Pro’s App Store (MAX plan).',
    hours: null,
  },
  jobber: {
    id: 'jobber',
    name: 'Jobber',
    site: 'https://www.getjobber.com',
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
    connectHint: 'One click: sign in to Jobber and allow access.',
    hours: null,
  },
};

/** Every platform's name, as a list in words: "ServiceTitan, Housecall Pro or Jobber". */
export const platformNamesInWords = (conjunction: 'or' | 'and' = 'or'): string => {
  const names = PROVIDER_IDS.map((id) => PLATFORMS[id].name);
  return names.length < 2
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} ${conjunction} ${names[names.length - 1]}`;
};

/** The platform a company runs on, or the default one's while it is not known. */
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
