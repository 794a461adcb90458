import type { ApiGet } from './api-request.js';
import type { ReadOptions, StAppointment, UtcWindow } from './contract.js';
import { listAllPages } from './list-all-pages.js';
import { appointmentSchema } from './types.js';

/** GET /jpm/v2/tenant/{t}/appointments?startsOnOrAfter=&startsBefore= (all pages). */
export async function listAppointments(
  get: ApiGet,
  window: UtcWindow,
  options?: ReadOptions,
): Promise<StAppointment[]> {
  const rows = await listAllPages(
    get,
    'jpm',
    'appointments',
    { startsOnOrAfter: window.startsOnOrAfter, startsBefore: window.startsBefore },
    appointmentSchema,
    options,
  );
  return rows.map(({ id, jobId, start, end, status }) => ({ id, jobId, start, end, status }));
}
