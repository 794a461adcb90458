import type { ApiGet } from './api-request.js';
import type { ReadOptions, StBusinessUnit } from './contract.js';
import { listAllPages } from './list-all-pages.js';
import { businessUnitSchema } from './types.js';

/** GET /settings/v2/tenant/{t}/business-units?active=True (all pages). */
export async function listBusinessUnits(
  get: ApiGet,
  options?: ReadOptions,
): Promise<StBusinessUnit[]> {
  const rows = await listAllPages(
    get,
    'settings',
    'business-units',
    { active: 'True' },
    businessUnitSchema,
    options,
  );
  return rows.map(({ id, name, active }) => ({ id, name, active }));
}
