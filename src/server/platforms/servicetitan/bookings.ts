import { isCanceledStatus, parseUtcInstant } from '../../../shared/capacity/count-jobs.js';
import type { Bookings } from '../../services/providers/port.js';
import type { StAppointment, StJob } from './contract.js';

/**
 * ServiceTitan's counting rule (product decision 3) in the port's counting form: a job is counted
 * on each local day on which one of its non-canceled appointments starts, canceled jobs excluded;
 * appointments carry no business unit or job type and are joined to their job by `jobId`.
 */
export function bookingsFromServiceTitan(appointments: StAppointment[], jobs: StJob[]): Bookings {
  return {
    jobs: jobs.map((job) => ({
      id: job.id,
      businessUnitId: job.businessUnitId ?? null,
      jobTypeId: job.jobTypeId ?? null,
      canceled: isCanceledStatus(job.jobStatus),
      createdOnMs: createdOnMs(job.createdOn),
    })),
    appointments: appointments
      .map((a) => {
        const startMs = parseUtcInstant(a.start);
        const endMs = parseUtcInstant(a.end);
        return {
          jobId: a.jobId,
          startMs,
          // An end before the start (or unreadable) books no hours.
          endMs: Number.isFinite(endMs) && endMs > startMs ? endMs : startMs,
          canceled: isCanceledStatus(a.status),
        };
      })
      .filter((a) => Number.isFinite(a.startMs)),
  };
}

function createdOnMs(createdOn: string | null | undefined): number | null {
  if (!createdOn) return null;
  const ms = parseUtcInstant(createdOn);
  return Number.isFinite(ms) ? ms : null;
}
