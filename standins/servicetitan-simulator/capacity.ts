import { BUSINESS_UNITS, JOB_TYPES } from './catalog.js';
import { mergeIntervals, overlapMs, subtractIntervals, type Crew, type Intervals } from './crew.js';
import { HOUR_MS, MINUTE_MS, isoUtc, localDayNumber, localTimeToUtcMs } from './local-time.js';
import type { Tenant } from './tenant.js';

/** The tenant's capacity time frames: two hours each, 7 AM to 7 PM local, every day. */
export const FRAME_START_HOURS = [7, 9, 11, 13, 15, 17];
const FRAME_HOURS = 2;
/** Longest time off the answer looks back for (a week's vacation that began before the frames). */
const TIME_OFF_LOOKBACK_MS = 8 * 24 * HOUR_MS;

export interface CapacityRequest {
  startsOnOrAfter: string;
  endsOnOrBefore: string;
  businessUnitIds?: number[] | null;
  jobTypeId?: number | null;
  skillBasedAvailability: boolean;
}

const hoursOf = (ms: number) => Math.round((ms / HOUR_MS) * 100) / 100;

/**
 * Each active technician's bookable time at `now`: their enabled Normal shifts minus their time
 * off (OnCall is not bookable), as merged UTC intervals.
 */
export function availableTime(
  crew: Crew,
  now: Date,
  fromMs: number,
  untilMs: number,
): Map<number, Intervals> {
  const shifts = crew.shifts(now, fromMs - TIME_OFF_LOOKBACK_MS, untilMs);
  const normal = new Map<number, Intervals>();
  const off = new Map<number, Intervals>();
  for (const shift of shifts) {
    if (!shift.active) continue;
    const target =
      shift.shiftType === 'Normal' ? normal : shift.shiftType === 'TimeOff' ? off : null;
    if (!target) continue;
    const list = target.get(shift.technicianId) ?? [];
    list.push([Date.parse(shift.start), Date.parse(shift.end)]);
    target.set(shift.technicianId, list);
  }
  const result = new Map<number, Intervals>();
  for (const [technicianId, intervals] of normal) {
    result.set(
      technicianId,
      subtractIntervals(mergeIntervals(intervals), mergeIntervals(off.get(technicianId) ?? [])),
    );
  }
  return result;
}

/**
 * POST /dispatch/v2/tenant/{t}/capacity, as Adjustable Capacity Planning answers it: per business
 * unit and two-hour time frame, `totalAvailability` is the hours its active technicians (their
 * business unit now) are on a Normal shift in the frame, less time off; `openAvailability` is
 * that less the hours of the unit's non-canceled appointments falling in the frame (never below
 * zero). `technicians` lists the unit's active technicians, Available when they have hours in the
 * frame. As in the real API, `start`/`end` are local wall times marked as UTC; `startUtc`/`endUtc`
 * are the instants. A tenant without capacity planning answers no availabilities at all.
 */
export function answerCapacity(
  tenant: Tenant,
  crew: Crew,
  request: CapacityRequest,
  now: Date,
  planning: boolean,
) {
  if (!planning) return { timeStamp: now.toISOString(), availabilities: [] };
  const fromMs = Date.parse(request.startsOnOrAfter);
  const untilMs = Date.parse(request.endsOnOrBefore);
  const jobType = request.jobTypeId ? JOB_TYPES.find((t) => t.id === request.jobTypeId) : undefined;
  const units = BUSINESS_UNITS.filter(
    (u) =>
      u.active &&
      (!request.businessUnitIds?.length || request.businessUnitIds.includes(u.id)) &&
      (!jobType || jobType.businessUnitIds.includes(u.id)),
  );
  const technicians = crew.technicians(now).filter((t) => t.active);
  const available = availableTime(crew, now, fromMs, untilMs);
  // The unit's work: non-canceled appointments of jobs that are not canceled.
  const work = new Map<number, Intervals>();
  for (const { job, appointments } of tenant.snapshot(now, {
    startsOnOrAfter: new Date(fromMs - 24 * HOUR_MS),
    startsBefore: new Date(untilMs),
  })) {
    if (job.jobStatus === 'Canceled') continue;
    for (const a of appointments) {
      if (a.status === 'Canceled') continue;
      const list = work.get(job.businessUnitId) ?? [];
      list.push([Date.parse(a.start), Date.parse(a.end)]);
      work.set(job.businessUnitId, list);
    }
  }
  const availabilities = [];
  const firstDay = localDayNumber(fromMs, tenant.timeZone);
  const lastDay = Math.min(localDayNumber(untilMs, tenant.timeZone), firstDay + 45);
  for (let day = firstDay; day <= lastDay; day++) {
    for (const hour of FRAME_START_HOURS) {
      const startUtc = localTimeToUtcMs(day, hour * 60, tenant.timeZone);
      const endUtc = localTimeToUtcMs(day, (hour + FRAME_HOURS) * 60, tenant.timeZone);
      if (startUtc < fromMs || endUtc > untilMs) continue;
      for (const unit of units) {
        const crewOfUnit = technicians.filter((t) => t.businessUnitId === unit.id);
        let totalMs = 0;
        const listed = crewOfUnit.map((t) => {
          const ms = overlapMs(available.get(t.id) ?? [], startUtc, endUtc);
          totalMs += ms;
          return {
            id: t.id,
            name: t.name,
            status: ms > 0 ? ('Available' as const) : ('Unavailable' as const),
            hasRequiredSkills: request.skillBasedAvailability ? true : null,
          };
        });
        // Each appointment's hours inside the frame (an install from 8 to 4 uses four frames).
        let bookedMs = 0;
        for (const [a, b] of work.get(unit.id) ?? [])
          bookedMs += Math.max(0, Math.min(b, endUtc) - Math.max(a, startUtc));
        const total = hoursOf(totalMs);
        const open = Math.max(0, hoursOf(totalMs - bookedMs));
        const wallStart = day * 86_400_000 + hour * 60 * MINUTE_MS;
        availabilities.push({
          start: isoUtc(wallStart),
          end: isoUtc(wallStart + FRAME_HOURS * HOUR_MS),
          startUtc: isoUtc(startUtc),
          endUtc: isoUtc(endUtc),
          businessUnitIds: [unit.id],
          totalAvailability: total,
          openAvailability: open,
          technicians: listed,
          isAvailable: open > 0,
          isExceedingIdealBookingPercentage: total > 0 && open < total * 0.2,
        });
      }
    }
  }
  return { timeStamp: now.toISOString(), availabilities };
}
