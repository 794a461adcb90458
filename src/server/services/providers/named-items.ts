import type { NamedItem } from '../../../shared/api/providers.js';

/** Items as the configuration pages list them: by name, ignoring case and accents. */
export const byName = (a: NamedItem, b: NamedItem): number =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
