import { TZDate } from '@date-fns/tz';
import type { CountableAppointment, CountableJob } from '../../../shared/capacity/count-jobs.js';
import { platformItemId } from '../../services/providers/item-ids.js';
import type { Bookings } from '../../services/providers/port.js';
import type { HcpJob } from './types.js';

/**
 * Housecall Pro's counting rule (decision 041) in the port's counting form:
 *
 * - a job counts on each local day on which one of its appointments starts (`expand[]=appointments`),
 *   else on the day of its `schedule.scheduled_start`;
 * - canceled jobs (`user canceled`, `pro canceled`, or a `canceled_at` / `deleted_at`) and jobs
 *   that need scheduling do not count;
 * - its business unit and job type are `job_fields.business_unit` and `job_fields.job_type`; a
 *   job without one counts under "No business unit" / "No job type", so a day's total is every
 *   booked job;
 * - new today: `created_at` at or after the local midnight.
 *
 * An instant with a zone designator is that instant; one without is the company's wall time (the
 * OpenAPI examples show such strings). An "anytime" appointment counts on its `start_date`.
 */

export const CANCELED_STATUSES: ReadonlySet<string> = new Set(['user canceled', 'pro canceled']);
const UNSCHEDULED_STATUS = 'needs scheduling';

/** The items of jobs that name none (a day's total is every booked job). */
export const NO_BUSINESS_UNIT = {
  id: platformItemId('housecallpro', 'businessUnit', ''),
  name: 'No business unit',
};
export const NO_JOB_TYPE = {
  id: platformItemId('housecallpro', 'jobType', ''),
  name: 'No job type',
};

export const businessUnitId = (id: string) => platformItemId('housecallpro', 'businessUnit', id);
export const jobTypeId = (id: string) => platformItemId('housecallpro', 'jobType', id);

/** An instant as UTC ms: with a zone, as written; without, the company's wall time. NaN if not one. */
export function instantOf(value: string | null, timeZone: string): number {
  if (!value) return Number.NaN;
  const text = value.trim();
  if (/(?:Z|[+-]\d{2}:?\d{2})$/i.test(text)) return Date.parse(text);
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/.exec(
    text,
  );
  if (!match) return Number.NaN;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  return new TZDate(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h),
    Number(mi),
    Number(s),
    timeZone,
  ).getTime();
}

function appointmentStart(
  appointment: HcpJob['schedule']['appointments'][number],
  timeZone: string,
): number {
  const date = appointment.start_date?.slice(0, 10) ?? null;
  if (appointment.anytime && date) return instantOf(date, timeZone);
  const start = instantOf(appointment.start_time, timeZone);
  return Number.isFinite(start) ? start : instantOf(date, timeZone);
}

export function bookingsFromHousecallPro(jobs: readonly HcpJob[], timeZone: string): Bookings {
  const counted: CountableJob[] = [];
  const moments: CountableAppointment[] = [];
  jobs.forEach((job, index) => {
    const status = job.work_status?.trim().toLowerCase() ?? '';
    if (status === UNSCHEDULED_STATUS) return;
    const created = instantOf(job.created_at, timeZone);
    counted.push({
      id: index,
      businessUnitId: job.job_fields.business_unit
        ? businessUnitId(job.job_fields.business_unit.id)
        : NO_BUSINESS_UNIT.id,
      jobTypeId: job.job_fields.job_type ? jobTypeId(job.job_fields.job_type.id) : NO_JOB_TYPE.id,
      canceled:
        CANCELED_STATUSES.has(status) || job.canceled_at !== null || job.deleted_at !== null,
      createdOnMs: Number.isFinite(created) ? created : null,
    });
    const starts =
      job.schedule.appointments.length > 0
        ? job.schedule.appointments.map((a) => appointmentStart(a, timeZone))
        : [instantOf(job.schedule.scheduled_start, timeZone)];
    for (const startMs of starts) {
      if (Number.isFinite(startMs)) moments.push({ jobId: index, startMs, canceled: false });
    }
  });
  return { jobs: counted, appointments: moments };
}
