import type { JobSnapshot, SimAppointment, SimJob, TenantWindow } from './tenant.js';

function bounds(window: TenantWindow | undefined): { from: number; before: number } {
  const toMs = (v: string | Date | undefined, fallback: number) =>
    v === undefined ? fallback : v instanceof Date ? v.getTime() : Date.parse(v);
  return {
    from: toMs(window?.startsOnOrAfter, Number.NEGATIVE_INFINITY),
    before: toMs(window?.startsBefore, Number.POSITIVE_INFINITY),
  };
}

/** Appointments starting in [startsOnOrAfter, startsBefore), whatever their status, by id. */
export function appointmentsInWindow(
  snapshots: JobSnapshot[],
  window?: TenantWindow,
): SimAppointment[] {
  const { from, before } = bounds(window);
  const result: SimAppointment[] = [];
  for (const { appointments } of snapshots) {
    for (const appointment of appointments) {
      const start = Date.parse(appointment.start);
      if (start >= from && start < before) result.push(appointment);
    }
  }
  return result.sort((a, b) => a.id - b.id);
}

/** Jobs with at least one appointment (any status) starting in the window, by id. */
export function jobsInWindow(snapshots: JobSnapshot[], window?: TenantWindow): SimJob[] {
  const { from, before } = bounds(window);
  return snapshots
    .filter(({ appointments }) =>
      appointments.some((a) => {
        const start = Date.parse(a.start);
        return start >= from && start < before;
      }),
    )
    .map(({ job }) => job)
    .sort((a, b) => a.id - b.id);
}

/** Jobs whose first appointment starts in the window. */
export function jobsFirstStartingInWindow(
  snapshots: JobSnapshot[],
  window: TenantWindow,
): SimJob[] {
  const { from, before } = bounds(window);
  return snapshots
    .filter(({ appointments }) => {
      const first = Math.min(...appointments.map((a) => Date.parse(a.start)));
      return first >= from && first < before;
    })
    .map(({ job }) => job)
    .sort((a, b) => a.id - b.id);
}
