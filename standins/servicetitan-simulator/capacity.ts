import { BUSINESS_UNITS, JOB_TYPES } from './catalog.js';
import {
  HOUR_MS,
  MINUTE_MS,
  isoUtc,
  localDayNumber,
  localTimeToUtcMs,
  weekdayOf,
} from './local-time.js';
import type { Tenant } from './tenant.js';

/** Technicians per active business unit (ids are stable). */
const CREW_SIZE: Record<number, number> = { 1001: 8, 1002: 4, 1003: 6, 1004: 3, 1005: 4 };
const SLOT_START_HOURS = [8, 10, 12, 14, 16];

export interface CapacityRequest {
  startsOnOrAfter: string;
  endsOnOrBefore: string;
  businessUnitIds?: number[] | null;
  jobTypeId?: number | null;
  skillBasedAvailability: boolean;
}

/**
 * POST /dispatch/v2/tenant/{t}/capacity: two-hour slots per business unit, weekdays 8:00-18:00
 * local. Total hours come from the crew size, open hours subtract booked appointments. As in the
 * real API, `start`/`end` are local wall times marked as UTC; `startUtc`/`endUtc` are true UTC.
 */
export function answerCapacity(tenant: Tenant, request: CapacityRequest, now: Date) {
  const fromMs = Date.parse(request.startsOnOrAfter);
  const untilMs = Date.parse(request.endsOnOrBefore);
  const jobType = request.jobTypeId ? JOB_TYPES.find((t) => t.id === request.jobTypeId) : undefined;
  const units = BUSINESS_UNITS.filter(
    (u) =>
      u.active &&
      (!request.businessUnitIds?.length || request.businessUnitIds.includes(u.id)) &&
      (!jobType || jobType.businessUnitIds.includes(u.id)),
  );
  const snapshots = tenant.snapshot(now, {
    startsOnOrAfter: new Date(fromMs),
    startsBefore: new Date(untilMs),
  });
  const bookedMs = new Map<string, number>();
  for (const { job, appointments } of snapshots) {
    for (const a of appointments) {
      if (a.status === 'Canceled') continue;
      const start = Date.parse(a.start);
      const key = `${job.businessUnitId}|${Math.floor(start / (2 * HOUR_MS))}`;
      bookedMs.set(key, (bookedMs.get(key) ?? 0) + (Date.parse(a.end) - start));
    }
  }
  const availabilities = [];
  const firstDay = localDayNumber(fromMs, tenant.timeZone);
  const lastDay = Math.min(localDayNumber(untilMs, tenant.timeZone), firstDay + 31);
  for (let day = firstDay; day <= lastDay; day++) {
    const weekday = weekdayOf(day);
    if (weekday === 0 || weekday === 6) continue;
    for (const hour of SLOT_START_HOURS) {
      const startUtc = localTimeToUtcMs(day, hour * 60, tenant.timeZone);
      const endUtc = localTimeToUtcMs(day, (hour + 2) * 60, tenant.timeZone);
      if (startUtc < fromMs || endUtc > untilMs) continue;
      for (const unit of units) {
        const crew = CREW_SIZE[unit.id] ?? 2;
        const total = crew * 2;
        const booked =
          (bookedMs.get(`${unit.id}|${Math.floor(startUtc / (2 * HOUR_MS))}`) ?? 0) / HOUR_MS;
        const open = Math.max(0, Math.round((total - booked) * 100) / 100);
        const wallStart = day * 86_400_000 + hour * 60 * MINUTE_MS;
        availabilities.push({
          start: isoUtc(wallStart),
          end: isoUtc(wallStart + 2 * HOUR_MS),
          startUtc: isoUtc(startUtc),
          endUtc: isoUtc(endUtc),
          businessUnitIds: [unit.id],
          totalAvailability: total,
          openAvailability: open,
          technicians: Array.from({ length: crew }, (_, i) => ({
            id: unit.id * 10 + i,
            name: `Technician ${unit.id - 1000}-${i + 1}`,
            status: i < Math.ceil((open / total) * crew) ? 'Available' : 'Unavailable',
            hasRequiredSkills: request.skillBasedAvailability ? true : null,
          })),
          isAvailable: open > 0,
          isExceedingIdealBookingPercentage: open < total * 0.2,
        });
      }
    }
  }
  return { timeStamp: now.toISOString(), availabilities };
}
