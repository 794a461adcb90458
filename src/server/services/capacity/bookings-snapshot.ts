import { z } from 'zod';
import {
  isCanceledStatus,
  parseUtcInstant,
  type CountableAppointment,
  type CountableJob,
} from '../../../shared/capacity/count-jobs.js';
import type { StAppointment, StJob } from '../servicetitan/contract.js';

/**
 * The raw bookings of one UTC window, reduced to what counting needs and stored compactly in
 * the shared snapshot. Both views (business units and job types) are counted from the same
 * data, so switching views never asks ServiceTitan again.
 */
export interface Bookings {
  jobs: CountableJob[];
  appointments: CountableAppointment[];
}

/** Stored form: tuples keep a window of thousands of appointments small. */
const storedBookingsSchema = z.object({
  v: z.literal(2),
  /** [id, businessUnitId, jobTypeId, canceled 0|1, createdOn epoch ms | null] */
  jobs: z.array(
    z.tuple([
      z.number(),
      z.number().nullable(),
      z.number().nullable(),
      z.number(),
      z.number().nullable(),
    ]),
  ),
  /** [jobId, start epoch ms, canceled 0|1] */
  appointments: z.array(z.tuple([z.number(), z.number(), z.number()])),
});
export type StoredBookings = z.infer<typeof storedBookingsSchema>;

function createdOnMs(createdOn: string | null | undefined): number | null {
  if (!createdOn) return null;
  const ms = parseUtcInstant(createdOn);
  return Number.isFinite(ms) ? ms : null;
}

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
      .map((a) => ({
        jobId: a.jobId,
        startMs: parseUtcInstant(a.start),
        canceled: isCanceledStatus(a.status),
      }))
      .filter((a) => Number.isFinite(a.startMs)),
  };
}

export function encodeBookings(bookings: Bookings): StoredBookings {
  return {
    v: 2,
    jobs: bookings.jobs.map((j) => [
      j.id,
      j.businessUnitId,
      j.jobTypeId,
      j.canceled ? 1 : 0,
      j.createdOnMs ?? null,
    ]),
    appointments: bookings.appointments.map((a) => [a.jobId, a.startMs, a.canceled ? 1 : 0]),
  };
}

/** Null for anything this version did not write (the next refresh replaces it). */
export function decodeBookings(stored: unknown): Bookings | null {
  const parsed = storedBookingsSchema.safeParse(stored);
  if (!parsed.success) return null;
  return {
    jobs: parsed.data.jobs.map(([id, businessUnitId, jobTypeId, canceled, createdOnMs]) => ({
      id,
      businessUnitId,
      jobTypeId,
      canceled: canceled === 1,
      createdOnMs,
    })),
    appointments: parsed.data.appointments.map(([jobId, startMs, canceled]) => ({
      jobId,
      startMs,
      canceled: canceled === 1,
    })),
  };
}
