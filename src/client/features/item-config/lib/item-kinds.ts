import type { ItemType } from '@shared/api/item-groups';
import {
  platformOf,
  providerStrings,
  type ProviderId,
  type ViewWords,
} from '@shared/providers/platforms';
import { usePlatform } from '@/hooks/use-platform';

/**
 * Everything the two configuration pages say differently (seed section 2), written once per
 * kind and per platform: the specification's "{provider}" strings name the company's platform,
 * and a platform without them calls its views otherwise (Services and Team, decision 058).
 */
export interface ItemKindWords extends ViewWords {
  /** The platform's name (the "{provider}" of the words). */
  provider: string;
  title: string;
  subtitle: string;
  /** "No {provider} Credentials". */
  noCredentials: string;
  /** "{provider} Name": the first column, the item's name on the platform. */
  nameHeader: string;
  emptyText: string;
  deleteConfirmation: string;
}

export function itemKindWords(type: ItemType, providerId?: ProviderId | null): ItemKindWords {
  const platform = platformOf(providerId);
  const view = platform.views[type];
  const strings = providerStrings(platform.id);
  const Plural = view.pluralLower.charAt(0).toUpperCase() + view.pluralLower.slice(1);
  return {
    ...view,
    provider: platform.name,
    title: view.configTitle,
    subtitle: `View all ${view.pluralLower} from your ${platform.name} account and choose how the board shows them.`,
    noCredentials: strings.noCredentials,
    nameHeader: strings.nameHeader,
    emptyText: `No active ${view.pluralLower} were found in your ${platform.name} account.`,
    deleteConfirmation: `Are you sure you want to delete this group? ${Plural} in this group will be ungrouped.`,
  };
}

/** The words for the company's own platform (a master admin's chosen company: `companyId`). */
export function useItemKindWords(type: ItemType, companyId?: number): ItemKindWords {
  return itemKindWords(type, usePlatform(companyId).id);
}
