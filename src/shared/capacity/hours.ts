import type { CountableAppointment, CountableJob, CountingDay } from './count-jobs.js';

/**
 * Capacity in technician hours (issue 35, decision 054): how many hours the crew of each
 * business unit has on a local day, how many of them are booked, and how many technicians are on
 * shift, from what the platform's adapter read (`HoursReading`, the provider port's optional
 * `hours` capability). Pure: the adapter reads, this counts, so local days (midnights, daylight
 * saving), overnight shifts and time off are one implementation for every board and platform.
 */

/** One capacity time frame as the platform's capacity planning answers it (hours). */
export interface CapacityFrame {
  /** The frame, UTC ms: [startMs, endMs). It belongs to the local day its start falls in. */
  startMs: number;
  endMs: number;
  /** The business units it applies to (one, or a business-unit group's). */
  businessUnitIds: number[];
  /** Hours the frame can hold in all. */
  total: number;
  /** Of them, hours still open to booking. */
  open: number;
  /** Technicians marked available in the frame. */
  available: number[];
}

/** An active technician and the business unit the platform lists them in now. */
export interface CrewTechnician {
  id: number;
  businessUnitId: number;
}

/** A technician's shift: `work` is bookable time (a normal shift), `timeOff` is taken out of it. */
export interface CrewShift {
  technicianId: number;
  startMs: number;
  endMs: number;
  kind: 'work' | 'timeOff';
}

/**
 * What the adapter read: the platform's capacity planning when it answers (`capacity`), else the
 * crew's shifts (`shifts`), with why capacity planning was not used.
 */
export type HoursReading =
  | { source: 'capacity'; frames: CapacityFrame[] }
  | {
      source: 'shifts';
      /** Capacity planning answered nothing (not set up), or the platform refused to tell. */
      why: 'not_set_up' | 'refused';
      /** When refused: the platform's permission that would let it be read, in its admin's words. */
      refusedScope?: string;
      technicians: CrewTechnician[];
      shifts: CrewShift[];
    };

/** Hours of one item on one day. */
export interface ItemHours {
  capacity: number;
  booked: number;
  open: number;
  /** Distinct technicians with bookable time that day. */
  technicians: number;
}

export interface DayHours {
  date: string;
  /** Business unit id → its hours. */
  items: Map<number, ItemHours>;
}

const HOUR_MS = 3_600_000;

/** Hours to two decimals (what the board and history keep). */
export function roundHours(hours: number): number {
  return Math.round(hours * 100) / 100;
}

/** Sorted, non-overlapping half-open intervals [start, end). */
type Spans = { start: number; end: number }[];

function normalise(spans: Spans): Spans {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const out: Spans = [];
  for (const span of sorted) {
    const last = out.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else out.push({ ...span });
  }
  return out;
}

/** `spans` less every moment in `cut` (both normalised). */
function without(spans: Spans, cut: Spans): Spans {
  const out: Spans = [];
  for (const span of spans) {
    let from = span.start;
    for (const hole of cut) {
      if (hole.end <= from || hole.start >= span.end) continue;
      if (hole.start > from) out.push({ start: from, end: hole.start });
      from = Math.max(from, hole.end);
    }
    if (from < span.end) out.push({ start: from, end: span.end });
  }
  return out;
}

function msWithin(spans: Spans, day: CountingDay): number {
  let ms = 0;
  for (const s of spans)
    ms += Math.max(0, Math.min(s.end, day.endMs) - Math.max(s.start, day.startMs));
  return ms;
}

interface Tally {
  capacity: number;
  open: number;
  booked: number;
  technicians: Set<number>;
}

function finish(tallies: Map<number, Tally>, bookedFromOpen: boolean): Map<number, ItemHours> {
  const items = new Map<number, ItemHours>();
  for (const [id, t] of tallies) {
    const capacity = roundHours(t.capacity);
    const open = roundHours(bookedFromOpen ? t.open : Math.max(0, t.capacity - t.booked));
    items.set(id, {
      capacity,
      open,
      booked: roundHours(bookedFromOpen ? t.capacity - t.open : t.booked),
      technicians: t.technicians.size,
    });
  }
  return items;
}

function tallyOf(tallies: Map<number, Tally>, id: number): Tally {
  let tally = tallies.get(id);
  if (!tally) {
    tally = { capacity: 0, open: 0, booked: 0, technicians: new Set() };
    tallies.set(id, tally);
  }
  return tally;
}

/**
 * Each day's hours per business unit.
 *
 * - From capacity planning: capacity is the sum of the day's frames' total hours, open the sum of
 *   their open hours, booked capacity less open, technicians the distinct ones marked available. A
 *   frame of several business units (a group) is shared among them equally.
 * - From shifts: capacity is each active technician's normal shifts less their time off, clipped
 *   to the local day (an overnight shift is split at midnight), summed by the business unit the
 *   technician is in now; technicians are those with any such time. Booked is the day's work from
 *   `bookings`: each non-canceled appointment of a job that is not canceled, starting that day,
 *   end minus start, by its job's business unit. Open is capacity less booked, never below zero.
 */
export function hoursByDay(input: {
  reading: HoursReading;
  days: readonly CountingDay[];
  bookings?: {
    jobs: readonly CountableJob[];
    appointments: readonly CountableAppointment[];
  };
}): DayHours[] {
  const { reading, days } = input;
  if (reading.source === 'capacity') {
    return days.map((day) => {
      const tallies = new Map<number, Tally>();
      for (const frame of reading.frames) {
        if (frame.startMs < day.startMs || frame.startMs >= day.endMs) continue;
        const share = 1 / Math.max(1, frame.businessUnitIds.length);
        for (const unit of frame.businessUnitIds) {
          const tally = tallyOf(tallies, unit);
          tally.capacity += frame.total * share;
          tally.open += Math.min(frame.open, frame.total) * share;
          for (const id of frame.available) tally.technicians.add(id);
        }
      }
      return { date: day.date, items: finish(tallies, true) };
    });
  }

  const unitOf = new Map(reading.technicians.map((t) => [t.id, t.businessUnitId]));
  const work = new Map<number, Spans>();
  const off = new Map<number, Spans>();
  for (const shift of reading.shifts) {
    if (!unitOf.has(shift.technicianId)) continue;
    const into = shift.kind === 'work' ? work : off;
    const list = into.get(shift.technicianId) ?? [];
    list.push({ start: shift.startMs, end: shift.endMs });
    into.set(shift.technicianId, list);
  }
  const bookable = new Map<number, Spans>();
  for (const [id, spans] of work)
    bookable.set(id, without(normalise(spans), normalise(off.get(id) ?? [])));

  const jobUnit = new Map<number, number | null>();
  for (const job of input.bookings?.jobs ?? [])
    if (!job.canceled) jobUnit.set(job.id, job.businessUnitId);

  return days.map((day) => {
    const tallies = new Map<number, Tally>();
    for (const [id, spans] of bookable) {
      const ms = msWithin(spans, day);
      if (ms <= 0) continue;
      const tally = tallyOf(tallies, unitOf.get(id)!);
      tally.capacity += ms / HOUR_MS;
      tally.technicians.add(id);
    }
    for (const appointment of input.bookings?.appointments ?? []) {
      if (appointment.canceled) continue;
      if (appointment.startMs < day.startMs || appointment.startMs >= day.endMs) continue;
      const unit = jobUnit.get(appointment.jobId);
      if (unit == null) continue;
      const endMs = appointment.endMs ?? appointment.startMs;
      tallyOf(tallies, unit).booked += Math.max(0, endMs - appointment.startMs) / HOUR_MS;
    }
    return { date: day.date, items: finish(tallies, false) };
  });
}

/** Hours of several items together (a group row, a day's total). */
export function sumHours(items: readonly ItemHours[]): ItemHours {
  let capacity = 0;
  let booked = 0;
  let open = 0;
  let technicians = 0;
  for (const item of items) {
    capacity += item.capacity;
    booked += item.booked;
    open += item.open;
    technicians += item.technicians;
  }
  return {
    capacity: roundHours(capacity),
    booked: roundHours(booked),
    open: roundHours(open),
    technicians,
  };
}

/** "34.5": hours as the board writes them, to one decimal, without a trailing ".0". */
export function formatHours(hours: number): string {
  const rounded = Math.round(hours * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/** "34.5 of 48 h booked · 6 technicians" (issue 35): a row's or a day's hours in words. */
export function hoursLine(
  hours: { capacity: number; booked: number },
  technicians: number,
): string {
  return `${formatHours(hours.booked)} of ${formatHours(hours.capacity)} h booked · ${technicians} ${technicians === 1 ? 'technician' : 'technicians'}`;
}

/**
 * "2 fewer technicians than last Thursday": said only when the day's crew is smaller than on the
 * same weekday a week before; null otherwise (or when last week is not known).
 */
export function crewChangeLine(input: {
  technicians: number;
  lastWeek: number | null;
  weekday: string;
}): string | null {
  const { technicians, lastWeek, weekday } = input;
  if (lastWeek === null || technicians >= lastWeek) return null;
  const fewer = lastWeek - technicians;
  return `${fewer} fewer ${fewer === 1 ? 'technician' : 'technicians'} than last ${weekday}`;
}
