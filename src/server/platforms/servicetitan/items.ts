import { byName } from '../../services/providers/named-items.js';
import type { ProviderItems } from '../../services/providers/port.js';
import type { StBusinessUnit, StJobType } from './contract.js';

/** Only active items are offered; ServiceTitan's `active=True` filter is applied again defensively. */
export function toItems(businessUnits: StBusinessUnit[], jobTypes: StJobType[]): ProviderItems {
  return {
    businessUnits: businessUnits
      .filter((b) => b.active !== false)
      .map(({ id, name }) => ({ id, name }))
      .sort(byName),
    jobTypes: jobTypes
      .filter((j) => j.active !== false)
      .map(({ id, name }) => ({ id, name }))
      .sort(byName),
  };
}
