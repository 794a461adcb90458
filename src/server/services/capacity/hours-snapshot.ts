import { z } from 'zod';
import type { HoursReading } from '../../../shared/capacity/hours.js';

/**
 * A company's hours reading (issue 35) as the shared snapshot stores it: capacity planning's
 * frames, or the crew's technicians and shifts, in tuples so a fortnight of a large crew stays
 * small.
 */
const storedHoursSchema = z.discriminatedUnion('source', [
  z.object({
    v: z.literal(1),
    source: z.literal('capacity'),
    /** [startMs, endMs, businessUnitIds, total h, open h, available technician ids] */
    frames: z.array(
      z.tuple([
        z.number(),
        z.number(),
        z.array(z.number()),
        z.number(),
        z.number(),
        z.array(z.number()),
      ]),
    ),
  }),
  z.object({
    v: z.literal(1),
    source: z.literal('shifts'),
    why: z.enum(['not_set_up', 'refused']),
    refusedScope: z.string().optional(),
    /** [id, businessUnitId] */
    technicians: z.array(z.tuple([z.number(), z.number()])),
    /** [technicianId, startMs, endMs, 1 work | 0 time off] */
    shifts: z.array(z.tuple([z.number(), z.number(), z.number(), z.number()])),
  }),
]);

export function encodeHours(reading: HoursReading): z.infer<typeof storedHoursSchema> {
  if (reading.source === 'capacity') {
    return {
      v: 1,
      source: 'capacity',
      frames: reading.frames.map((f) => [
        f.startMs,
        f.endMs,
        f.businessUnitIds,
        f.total,
        f.open,
        f.available,
      ]),
    };
  }
  return {
    v: 1,
    source: 'shifts',
    why: reading.why,
    ...(reading.refusedScope ? { refusedScope: reading.refusedScope } : {}),
    technicians: reading.technicians.map((t) => [t.id, t.businessUnitId]),
    shifts: reading.shifts.map((s) => [
      s.technicianId,
      s.startMs,
      s.endMs,
      s.kind === 'work' ? 1 : 0,
    ]),
  };
}

/** Null for anything this version did not write (the next refresh replaces it). */
export function decodeHours(stored: unknown): HoursReading | null {
  const parsed = storedHoursSchema.safeParse(stored);
  if (!parsed.success) return null;
  const data = parsed.data;
  if (data.source === 'capacity') {
    return {
      source: 'capacity',
      frames: data.frames.map(([startMs, endMs, businessUnitIds, total, open, available]) => ({
        startMs,
        endMs,
        businessUnitIds,
        total,
        open,
        available,
      })),
    };
  }
  return {
    source: 'shifts',
    why: data.why,
    ...(data.refusedScope ? { refusedScope: data.refusedScope } : {}),
    technicians: data.technicians.map(([id, businessUnitId]) => ({ id, businessUnitId })),
    shifts: data.shifts.map(([technicianId, startMs, endMs, work]) => ({
      technicianId,
      startMs,
      endMs,
      kind: work === 1 ? 'work' : 'timeOff',
    })),
  };
}
