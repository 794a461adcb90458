import type { ApiGet } from './api-request.js';
import type { ReadOptions, StJobType } from './contract.js';
import { listAllPages } from './list-all-pages.js';
import { jobTypeSchema } from './types.js';

/** GET /jpm/v2/tenant/{t}/job-types?active=True (all pages). */
export async function listJobTypes(get: ApiGet, options?: ReadOptions): Promise<StJobType[]> {
  const rows = await listAllPages(
    get,
    'jpm',
    'job-types',
    { active: 'True' },
    jobTypeSchema,
    options,
  );
  return rows.map(({ id, name, active, businessUnitIds }) => ({
    id,
    name,
    active,
    businessUnitIds,
  }));
}
