import type { ApiGet } from './api-request.js';
import type { ReadOptions, StJob, UtcWindow } from './contract.js';
import { listAllPages } from './list-all-pages.js';
import { jobSchema } from './types.js';

/**
 * GET /jpm/v2/tenant/{t}/jobs?appointmentStartsOnOrAfter=&appointmentStartsBefore= (all pages):
 * every job with at least one appointment starting in the window, whatever its status.
 */
export async function listJobs(
  get: ApiGet,
  window: UtcWindow,
  options?: ReadOptions,
): Promise<StJob[]> {
  const rows = await listAllPages(
    get,
    'jpm',
    'jobs',
    {
      appointmentStartsOnOrAfter: window.startsOnOrAfter,
      appointmentStartsBefore: window.startsBefore,
    },
    jobSchema,
    options,
  );
  return rows.map(({ id, jobStatus, businessUnitId, jobTypeId, createdOn }) => ({
    id,
    jobStatus,
    businessUnitId,
    jobTypeId,
    createdOn,
  }));
}
