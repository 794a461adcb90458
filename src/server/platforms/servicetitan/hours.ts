import type { HoursReading } from '../../../shared/capacity/hours.js';
import type { ReadOptions, UtcWindow } from '../../services/providers/port.js';
import { ServiceTitanError, type ServiceTitanClient } from './contract.js';

/** ServiceTitan's API scopes the hours need, in the words its admin screen uses. */
export const HOURS_SCOPES = {
  capacity: 'Dispatch: Capacity',
  technicianShifts: 'Dispatch: Technician Shifts',
  technicians: 'Settings: Technicians',
} as const;

const DAY_MS = 86_400_000;
/**
 * ServiceTitan lists a shift only when it starts at or after the first bound and ends by the
 * second. Normal shifts are asked for from a day before the window to a day after it (a night
 * shift runs into the next morning); time off, a few records, from a month either side, so a
 * week's vacation entered as one record that began before the window or ends after it is seen.
 * (Time off longer than a month around the window is not.)
 */
const WORK_MARGIN_MS = DAY_MS;
const TIME_OFF_MARGIN_MS = 31 * DAY_MS;

const around = (fromMs: number, untilMs: number, marginMs: number) => ({
  startsOnOrAfter: new Date(fromMs - marginMs).toISOString(),
  startsBefore: new Date(untilMs + marginMs).toISOString(),
});

const refusedBy = (error: unknown) =>
  error instanceof ServiceTitanError && error.kind === 'forbidden';

/**
 * ServiceTitan's hours over a window (issue 35, decision 054). Capacity planning first
 * (`POST /dispatch/v2/tenant/{t}/capacity`, one call for every business unit): its frames when it
 * answers any. When it answers none (Adjustable Capacity Planning is not set up) or is refused,
 * active technicians (their business unit now) and their enabled shifts: Normal is bookable time,
 * TimeOff is taken out of it, OnCall is not capacity. Refused reads become one `forbidden` error
 * naming every scope that is missing.
 */
export async function readHours(
  client: ServiceTitanClient,
  window: UtcWindow,
  options?: ReadOptions,
): Promise<HoursReading> {
  const fromMs = Date.parse(window.startsOnOrAfter);
  const untilMs = Date.parse(window.startsBefore);
  let capacityRefused = false;
  try {
    const frames = await client.capacity(window, options);
    if (frames.length > 0) {
      return {
        source: 'capacity',
        frames: frames
          .map((frame) => ({
            startMs: Date.parse(frame.startUtc),
            endMs: Date.parse(frame.endUtc),
            businessUnitIds: frame.businessUnitIds,
            total: frame.totalAvailability,
            open: frame.openAvailability,
            available: frame.technicians.filter((t) => t.status === 'Available').map((t) => t.id),
          }))
          .filter((f) => Number.isFinite(f.startMs) && f.startMs >= fromMs && f.startMs < untilMs),
      };
    }
  } catch (error) {
    if (!refusedBy(error)) throw error;
    capacityRefused = true;
  }
  // Each answer is needed; settled one by one so a refusal names each missing scope.
  const [technicians, work, timeOff] = await Promise.allSettled([
    client.listTechnicians(options),
    client.listTechnicianShifts(around(fromMs, untilMs, WORK_MARGIN_MS), 'Normal', options),
    client.listTechnicianShifts(around(fromMs, untilMs, TIME_OFF_MARGIN_MS), 'TimeOff', options),
  ]);
  const shiftsRefused = [work, timeOff].some((r) => r.status === 'rejected' && refusedBy(r.reason));
  const missing = [
    ...(capacityRefused ? [HOURS_SCOPES.capacity] : []),
    ...(shiftsRefused ? [HOURS_SCOPES.technicianShifts] : []),
    ...(technicians.status === 'rejected' && refusedBy(technicians.reason)
      ? [HOURS_SCOPES.technicians]
      : []),
  ];
  if (
    technicians.status === 'rejected' ||
    work.status === 'rejected' ||
    timeOff.status === 'rejected'
  ) {
    if (missing.length === (capacityRefused ? 1 : 0)) {
      // Not a refusal (ServiceTitan down, a timeout): the read fails as any read does.
      throw [technicians, work, timeOff].flatMap((r) =>
        r.status === 'rejected' ? [r.reason] : [],
      )[0];
    }
    throw new ServiceTitanError(
      'forbidden',
      `ServiceTitan refused the reads hours are made of (${missing.join(', ')})`,
      { missingScopes: missing, capacityPlanning: capacityRefused ? 'refused' : 'not_set_up' },
    );
  }
  return {
    source: 'shifts',
    ...(capacityRefused
      ? { why: 'refused' as const, refusedScope: HOURS_SCOPES.capacity }
      : { why: 'not_set_up' as const }),
    technicians: technicians.value.flatMap((t) =>
      t.active && t.businessUnitId !== null ? [{ id: t.id, businessUnitId: t.businessUnitId }] : [],
    ),
    shifts: [...work.value, ...timeOff.value].flatMap((s) => {
      if (!s.active) return [];
      const kind = s.shiftType === 'Normal' ? 'work' : s.shiftType === 'TimeOff' ? 'timeOff' : null;
      if (!kind) return [];
      return [
        {
          technicianId: s.technicianId,
          startMs: Date.parse(s.start),
          endMs: Date.parse(s.end),
          kind,
        } as const,
      ];
    }),
  };
}
