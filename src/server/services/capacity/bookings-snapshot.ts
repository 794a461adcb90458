import { z } from 'zod';
import type { Bookings } from '../providers/port.js';

/**
 * The raw bookings of one UTC window as the platform's adapter gave them (the provider port's
 * counting form), stored compactly in the shared snapshot. Both views (business units and job
 * types) are counted from the same data, so switching views never asks the platform again.
 */
export type { Bookings } from '../providers/port.js';

/** Stored form: tuples keep a window of thousands of appointments small. */
const storedBookingsSchema = z.object({
  v: z.literal(3),
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
  /** [jobId, start epoch ms, canceled 0|1, minutes from start to end] */
  appointments: z.array(z.tuple([z.number(), z.number(), z.number(), z.number()])),
});
export type StoredBookings = z.infer<typeof storedBookingsSchema>;

export function encodeBookings(bookings: Bookings): StoredBookings {
  return {
    v: 3,
    jobs: bookings.jobs.map((j) => [
      j.id,
      j.businessUnitId,
      j.jobTypeId,
      j.canceled ? 1 : 0,
      j.createdOnMs ?? null,
    ]),
    appointments: bookings.appointments.map((a) => [
      a.jobId,
      a.startMs,
      a.canceled ? 1 : 0,
      Math.round(((a.endMs ?? a.startMs) - a.startMs) / 60_000),
    ]),
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
    appointments: parsed.data.appointments.map(([jobId, startMs, canceled, minutes]) => ({
      jobId,
      startMs,
      endMs: startMs + minutes * 60_000,
      canceled: canceled === 1,
    })),
  };
}
