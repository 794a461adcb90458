import type { ApiGet, ApiPost } from './api-request.js';
import {
  type ReadOptions,
  type StCapacityFrame,
  type StTechnician,
  type StTechnicianShift,
  type UtcWindow,
} from './contract.js';
import { listAllPages, unexpectedShape } from './list-all-pages.js';
import { capacityAnswerSchema, technicianSchema, technicianShiftSchema } from './types.js';

/**
 * POST /dispatch/v2/tenant/{t}/capacity {startsOnOrAfter, endsOnOrBefore,
 * skillBasedAvailability: false}: every business unit's time frames (no `businessUnitIds`, so one
 * call covers them all). The frames carry UTC instants (`startUtc`), or only local wall times
 * marked as UTC in older answers, taken as they are.
 */
export async function readCapacity(
  post: ApiPost,
  window: UtcWindow,
  options?: ReadOptions,
): Promise<StCapacityFrame[]> {
  const json = await post(
    'dispatch',
    'capacity',
    {
      startsOnOrAfter: window.startsOnOrAfter,
      endsOnOrBefore: window.startsBefore,
      skillBasedAvailability: false,
    },
    options,
  );
  const parsed = capacityAnswerSchema.safeParse(json);
  if (!parsed.success)
    throw unexpectedShape('capacity', '/dispatch/v2/tenant/{tenant}/capacity', parsed.error);
  return parsed.data.availabilities.map((a) => ({
    startUtc: a.startUtc ?? a.start,
    endUtc: a.endUtc ?? a.end,
    businessUnitIds: a.businessUnitIds,
    totalAvailability: a.totalAvailability,
    openAvailability: a.openAvailability,
    technicians: a.technicians.map((t) => ({ id: t.id, status: t.status ?? 'Unavailable' })),
  }));
}

/** GET /settings/v2/tenant/{t}/technicians (active ones, all pages). */
export async function listTechnicians(get: ApiGet, options?: ReadOptions): Promise<StTechnician[]> {
  const rows = await listAllPages(
    get,
    'settings',
    'technicians',
    { active: 'True' },
    technicianSchema,
    options,
  );
  return rows.map(({ id, businessUnitId, active }) => ({ id, businessUnitId, active }));
}

/**
 * GET /dispatch/v2/tenant/{t}/technician-shifts?startsOnOrAfter=&endsOnOrBefore= (enabled ones,
 * all pages): ServiceTitan keeps a shift whose start is at or after the first bound and whose end
 * is at or before the second.
 */
export async function listTechnicianShifts(
  get: ApiGet,
  window: UtcWindow,
  shiftType: 'Normal' | 'OnCall' | 'TimeOff' | null,
  options?: ReadOptions,
): Promise<StTechnicianShift[]> {
  const rows = await listAllPages(
    get,
    'dispatch',
    'technician-shifts',
    {
      startsOnOrAfter: window.startsOnOrAfter,
      endsOnOrBefore: window.startsBefore,
      ...(shiftType ? { shiftType } : {}),
    },
    technicianShiftSchema,
    options,
  );
  return rows.map(({ id, technicianId, shiftType, start, end, active }) => ({
    id,
    technicianId,
    shiftType,
    start,
    end,
    active,
  }));
}
