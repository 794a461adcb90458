import type { ItemType } from '@shared/api/item-groups';

/** Everything the two configuration pages say differently (seed section 2), written once. */
export interface ItemKindWords {
  title: string;
  subtitle: string;
  /** "No Business Units Found" etc. */
  plural: string;
  pluralLower: string;
  singularLower: string;
  nameHeader: string;
  emptyText: string;
  deleteConfirmation: string;
  /** "(N units)" / "(N job types)" */
  count: (n: number) => string;
}

export const PROVIDER = 'ServiceTitan';

export const ITEM_KIND_WORDS: Record<ItemType, ItemKindWords> = {
  businessUnit: {
    title: 'Business Unit Configuration',
    subtitle: `View all business units from your ${PROVIDER} account and choose how the board shows them.`,
    plural: 'Business Units',
    pluralLower: 'business units',
    singularLower: 'business unit',
    // Seed: the first column is the provider's name, headed "{provider} Name" on both pages.
    nameHeader: `${PROVIDER} Name`,
    emptyText: `No active business units were found in your ${PROVIDER} account.`,
    deleteConfirmation:
      'Are you sure you want to delete this group? Business units in this group will be ungrouped.',
    count: (n) => `(${n} units)`,
  },
  jobType: {
    title: 'Job Type Configuration',
    subtitle: `View all job types from your ${PROVIDER} account and choose how the board shows them.`,
    plural: 'Job Types',
    pluralLower: 'job types',
    singularLower: 'job type',
    nameHeader: `${PROVIDER} Name`,
    emptyText: `No active job types were found in your ${PROVIDER} account.`,
    deleteConfirmation:
      'Are you sure you want to delete this group? Job types in this group will be ungrouped.',
    count: (n) => `(${n} job types)`,
  },
};
