import {
  BUSINESS_UNITS,
  JOB_TYPE_PROFILES,
  JOB_TYPES,
  type SimBusinessUnit,
  type SimJobType,
} from './catalog.js';
import {
  HOUR_MS,
  MINUTE_MS,
  isoUtc,
  localDayNumber,
  localTimeToUtcMs,
  weekdayOf,
} from './local-time.js';
import { createCrew } from './crew.js';
import { createRandom, mixSeed, type Random } from './random.js';

/** A job as planned: its whole future, of which `materialize` shows what exists at a moment. */
interface AppointmentPlan {
  id: number;
  startMs: number;
  endMs: number;
  arrivalStartMs: number;
  arrivalEndMs: number;
  createdOnMs: number;
  canceledOnMs: number | null;
}

interface JobPlan {
  id: number;
  businessUnitId: number;
  jobTypeId: number;
  priority: string;
  customerId: number;
  locationId: number;
  campaignId: number;
  createdById: number;
  createdOnMs: number;
  canceledOnMs: number | null;
  hold: boolean;
  appointments: AppointmentPlan[];
}

export interface SimAppointment {
  id: number;
  jobId: number;
  appointmentNumber: string;
  start: string;
  end: string;
  arrivalWindowStart: string;
  arrivalWindowEnd: string;
  status: 'Scheduled' | 'Dispatched' | 'Working' | 'Hold' | 'Done' | 'Canceled';
  specialInstructions: null;
  createdOn: string;
  modifiedOn: string;
  customerId: number;
  unused: boolean;
  createdById: number;
  isConfirmed: boolean;
}

export interface SimJob {
  id: number;
  jobNumber: string;
  projectId: null;
  customerId: number;
  locationId: number;
  jobStatus: 'Scheduled' | 'Dispatched' | 'InProgress' | 'Hold' | 'Completed' | 'Canceled';
  completedOn: string | null;
  businessUnitId: number;
  jobTypeId: number;
  priority: string;
  campaignId: number;
  summary: string;
  customFields: [];
  appointmentCount: number;
  firstAppointmentId: number;
  lastAppointmentId: number;
  recallForId: null;
  warrantyId: null;
  jobGeneratedLeadSource: null;
  noCharge: boolean;
  notificationsEnabled: boolean;
  createdOn: string;
  createdById: number;
  modifiedOn: string;
  tagTypeIds: [];
  leadCallId: null;
  bookingId: null;
  soldById: null;
  externalData: [];
  customerPo: string;
  invoiceId: number;
  membershipId: null;
  total: null;
}

/** A job and its appointments as they stand at one moment. */
export interface JobSnapshot {
  job: SimJob;
  appointments: SimAppointment[];
}

/** A job booked on demand: one appointment at `start`, existing from `createdOn` on. */
export interface TenantBooking {
  jobTypeId: number;
  /** Default: the job type's first business unit. */
  businessUnitId?: number;
  start: Date;
  /** Default: the job type's duration. */
  durationMinutes?: number;
  createdOn: Date;
}

/** Ids of jobs booked on demand start here (generated ids are day * 1000 + n, far below). */
const BOOKED_JOB_IDS_FROM = 1_000_000_000;

export interface TenantWindow {
  /** Inclusive UTC instant. */
  startsOnOrAfter?: string | Date;
  /** Exclusive UTC instant. */
  startsBefore?: string | Date;
}

/** Jobs are booked at most this far ahead, so later days are empty at any moment. */
const MAX_LEAD_DAYS = 21;
/**
 * The tenant's history starts this long before "now": 13 weeks of past days for the board's
 * history backfill (issue 27), plus a week so the first of them is whole.
 */
const HISTORY_DAYS = 14 * 7;
/** A job's appointments lie within this many days of the day it is planned on. */
const JOB_SPREAD_DAYS = 2;

const DAYTIME_SLOTS = [7, 8, 9, 10, 11, 12, 13, 14, 15, 16].map((hour) => ({
  hour,
  weight: hour <= 10 ? 3 : hour <= 13 ? 2 : 1,
}));
const BOOKABLE_TYPES = JOB_TYPES.filter(
  (type) => (JOB_TYPE_PROFILES.get(type.id)?.weight ?? 0) > 0,
).map((type) => ({
  type,
  weight: JOB_TYPE_PROFILES.get(type.id)?.weight ?? 0,
}));

/**
 * How a tenant's work is booked (issue 33: the pace model measured on tenants of different
 * shapes): `sample`, the demo tenant's mix (a fifth booked the same day, a third within 3
 * days, the rest up to 3 weeks ahead); `same-day`, a service shop whose calls mostly come in for
 * today (over half booked within hours); `booked-ahead`, an install or maintenance shop booked
 * mostly days to weeks ahead. Each row: [share of jobs so far (cumulative), shortest lead,
 * longest lead], leads in minutes.
 */
export const TENANT_SHAPES = {
  sample: [
    [0.2, 30, 6 * 60],
    [0.55, 6 * 60, 3 * 24 * 60],
    [0.9, 3 * 24 * 60, 10 * 24 * 60],
    [1, 10 * 24 * 60, MAX_LEAD_DAYS * 24 * 60],
  ],
  'same-day': [
    [0.55, 20, 6 * 60],
    [0.8, 6 * 60, 2 * 24 * 60],
    [0.95, 2 * 24 * 60, 7 * 24 * 60],
    [1, 7 * 24 * 60, 14 * 24 * 60],
  ],
  'booked-ahead': [
    [0.05, 30, 6 * 60],
    [0.15, 6 * 60, 2 * 24 * 60],
    [0.65, 2 * 24 * 60, 10 * 24 * 60],
    [1, 10 * 24 * 60, MAX_LEAD_DAYS * 24 * 60],
  ],
} as const satisfies Record<string, readonly (readonly [number, number, number])[]>;
export type TenantShape = keyof typeof TENANT_SHAPES;

function leadTimeMs(random: Random, emergency: boolean, shape: TenantShape): number {
  if (emergency) return random.int(20, 240) * MINUTE_MS;
  const roll = random.next();
  const bands = TENANT_SHAPES[shape];
  const [, shortest, longest] = bands.find(([upTo]) => roll < upTo) ?? bands[bands.length - 1]!;
  return random.int(shortest, longest) * MINUTE_MS;
}

function planDay(seed: number, day: number, timeZone: string, shape: TenantShape): JobPlan[] {
  const random = createRandom(mixSeed(seed, day));
  const weekday = weekdayOf(day);
  const count =
    weekday === 0 ? random.int(2, 8) : weekday === 6 ? random.int(12, 24) : random.int(70, 130);
  const jobs: JobPlan[] = [];
  for (let n = 0; n < count; n++) {
    const { type } = random.weighted(BOOKABLE_TYPES);
    const profile = JOB_TYPE_PROFILES.get(type.id) ?? { weight: 1, days: 1, emergency: false };
    const jobId = day * 1000 + n;
    const durationMin = type.duration / 60;
    const night = profile.days === 1 && random.chance(profile.emergency ? 0.35 : 0.02);
    const slots: { day: number; startMin: number; lengthMin: number; windowMin: number }[] = [];
    if (night) {
      // Late-evening and just-after-midnight calls: the local day boundary matters for these.
      const startMin = random.chance(0.6)
        ? random.int(22 * 4, 23 * 4 + 3) * 15
        : random.int(0, 3) * 15;
      slots.push({ day, startMin, lengthMin: Math.min(durationMin, 90), windowMin: 60 });
    } else if (profile.days > 1) {
      for (let k = 0; k < profile.days; k++)
        slots.push({ day: day + k, startMin: 8 * 60, lengthMin: 8 * 60, windowMin: 60 });
    } else {
      const { hour } = random.weighted(DAYTIME_SLOTS);
      const startMin = hour * 60 + (random.chance(0.3) ? 30 : 0);
      slots.push({ day, startMin, lengthMin: durationMin, windowMin: 120 });
      if (random.chance(0.08)) {
        // Return visit for parts a few days later.
        slots.push({
          day: day + random.int(1, JOB_SPREAD_DAYS),
          startMin: 10 * 60,
          lengthMin: 60,
          windowMin: 120,
        });
      }
    }
    const firstStartMs = localTimeToUtcMs(day, slots[0]?.startMin ?? 0, timeZone);
    const createdOnMs =
      Math.floor((firstStartMs - leadTimeMs(random, night, shape)) / MINUTE_MS) * MINUTE_MS;
    const appointments: AppointmentPlan[] = [];
    let appointmentCreatedMs = createdOnMs;
    if (!night && random.chance(0.05)) {
      // Rescheduled: first booked a day or two earlier, canceled, and re-booked on this day.
      const originalStartMs = localTimeToUtcMs(
        day - random.int(1, JOB_SPREAD_DAYS),
        slots[0]?.startMin ?? 0,
        timeZone,
      );
      if (originalStartMs - createdOnMs > 2 * HOUR_MS) {
        const canceledOnMs =
          createdOnMs + Math.floor(((originalStartMs - createdOnMs) * random.int(20, 90)) / 100);
        appointments.push({
          id: jobId * 10,
          startMs: originalStartMs,
          endMs: originalStartMs + durationMin * MINUTE_MS,
          arrivalStartMs: originalStartMs,
          arrivalEndMs: originalStartMs + 2 * HOUR_MS,
          createdOnMs,
          canceledOnMs,
        });
        appointmentCreatedMs = canceledOnMs;
      }
    }
    for (const slot of slots) {
      const startMs = localTimeToUtcMs(slot.day, slot.startMin, timeZone);
      appointments.push({
        id: jobId * 10 + appointments.length,
        startMs,
        endMs: startMs + slot.lengthMin * MINUTE_MS,
        arrivalStartMs: startMs,
        arrivalEndMs: startMs + slot.windowMin * MINUTE_MS,
        createdOnMs: appointmentCreatedMs,
        canceledOnMs: null,
      });
    }
    const canceled = random.chance(0.07);
    const customerId = 5_000_000 + random.int(1, 400_000);
    jobs.push({
      id: jobId,
      businessUnitId: random.pick(type.businessUnitIds),
      jobTypeId: type.id,
      priority: type.priority,
      customerId,
      locationId: customerId + 1_000_000,
      campaignId: random.pick([301, 302, 303, 304]),
      createdById: random.int(9001, 9012),
      createdOnMs,
      canceledOnMs: canceled
        ? createdOnMs + Math.floor((firstStartMs - createdOnMs) * random.next())
        : null,
      hold: random.chance(0.03),
      appointments,
    });
  }
  return jobs;
}

function appointmentStatus(
  job: JobPlan,
  appointment: AppointmentPlan,
  nowMs: number,
): SimAppointment['status'] {
  if (job.canceledOnMs !== null && job.canceledOnMs <= nowMs) return 'Canceled';
  if (appointment.canceledOnMs !== null && appointment.canceledOnMs <= nowMs) return 'Canceled';
  if (nowMs >= appointment.endMs) return 'Done';
  if (nowMs >= appointment.startMs) return 'Working';
  if (nowMs >= appointment.startMs - HOUR_MS) return 'Dispatched';
  return job.hold ? 'Hold' : 'Scheduled';
}

function lastChangeMs(times: (number | null)[], nowMs: number): number {
  let latest = 0;
  for (const t of times) if (t !== null && t <= nowMs && t > latest) latest = t;
  return latest;
}

function materialize(job: JobPlan, nowMs: number): JobSnapshot | null {
  if (job.createdOnMs > nowMs) return null;
  const jobNumber = String(job.id);
  const appointments: SimAppointment[] = [];
  for (const plan of job.appointments) {
    if (plan.createdOnMs > nowMs) continue;
    const status = appointmentStatus(job, plan, nowMs);
    appointments.push({
      id: plan.id,
      jobId: job.id,
      appointmentNumber: `${jobNumber}-${appointments.length + 1}`,
      start: isoUtc(plan.startMs),
      end: isoUtc(plan.endMs),
      arrivalWindowStart: isoUtc(plan.arrivalStartMs),
      arrivalWindowEnd: isoUtc(plan.arrivalEndMs),
      status,
      specialInstructions: null,
      createdOn: isoUtc(plan.createdOnMs),
      modifiedOn: isoUtc(
        lastChangeMs(
          [
            plan.createdOnMs,
            plan.canceledOnMs,
            job.canceledOnMs,
            plan.startMs - HOUR_MS,
            plan.startMs,
            plan.endMs,
          ],
          nowMs,
        ),
      ),
      customerId: job.customerId,
      unused: false,
      createdById: job.createdById,
      isConfirmed: nowMs >= plan.createdOnMs + HOUR_MS,
    });
  }
  const live = appointments.filter((a) => a.status !== 'Canceled');
  const canceled = job.canceledOnMs !== null && job.canceledOnMs <= nowMs;
  let jobStatus: SimJob['jobStatus'];
  if (canceled) jobStatus = 'Canceled';
  else if (live.length > 0 && live.every((a) => a.status === 'Done')) jobStatus = 'Completed';
  else if (live.some((a) => a.status === 'Working')) jobStatus = 'InProgress';
  else if (live.some((a) => a.status === 'Dispatched')) jobStatus = 'Dispatched';
  else if (job.hold) jobStatus = 'Hold';
  else jobStatus = 'Scheduled';
  const completedOnMs =
    jobStatus === 'Completed'
      ? Math.max(...job.appointments.filter((a) => a.canceledOnMs === null).map((a) => a.endMs))
      : null;
  const ids = appointments.map((a) => a.id);
  return {
    job: {
      id: job.id,
      jobNumber,
      projectId: null,
      customerId: job.customerId,
      locationId: job.locationId,
      jobStatus,
      completedOn: completedOnMs === null ? null : isoUtc(completedOnMs),
      businessUnitId: job.businessUnitId,
      jobTypeId: job.jobTypeId,
      priority: job.priority,
      campaignId: job.campaignId,
      summary: `Sample job ${jobNumber}`,
      customFields: [],
      appointmentCount: appointments.length,
      firstAppointmentId: Math.min(...ids),
      lastAppointmentId: Math.max(...ids),
      recallForId: null,
      warrantyId: null,
      jobGeneratedLeadSource: null,
      noCharge: false,
      notificationsEnabled: true,
      createdOn: isoUtc(job.createdOnMs),
      createdById: job.createdById,
      modifiedOn: isoUtc(
        lastChangeMs(
          [
            job.createdOnMs,
            job.canceledOnMs,
            ...appointments.map((a) => Date.parse(a.modifiedOn)),
            completedOnMs,
          ],
          nowMs,
        ),
      ),
      tagTypeIds: [],
      leadCallId: null,
      bookingId: null,
      soldById: null,
      externalData: [],
      customerPo: '',
      invoiceId: 60_000_000 + (job.id % 40_000_000),
      membershipId: null,
      total: null,
    },
    appointments,
  };
}

function toMs(value: string | Date | undefined): number | undefined {
  if (value === undefined) return undefined;
  return value instanceof Date ? value.getTime() : Date.parse(value);
}

/**
 * The sample tenant: a fixed catalogue and, for every local day, a deterministic list of jobs
 * (seeded by seed and day). Each job has a booking time; it exists only from then on, so the
 * tenant fills up as the clock moves, and statuses follow the clock (Scheduled → Dispatched →
 * Working → Done, cancellations at their time).
 */
export function createTenant(options: {
  seed: number;
  timeZone: string;
  /** Adjustable Capacity Planning is set up (default): the capacity endpoint answers. */
  capacityPlanning?: boolean;
  /** How its work is booked (TENANT_SHAPES; default `sample`). */
  shape?: TenantShape;
}) {
  let capacityPlanning = options.capacityPlanning ?? true;
  const shape = options.shape ?? 'sample';
  const plans = new Map<number, JobPlan[]>();
  /** Jobs booked on demand (`book`), by id: they exist from their booking moment on. */
  const booked = new Map<number, JobPlan>();
  const planFor = (day: number): JobPlan[] => {
    let jobs = plans.get(day);
    if (!jobs) {
      jobs = planDay(options.seed, day, options.timeZone, shape);
      plans.set(day, jobs);
    }
    return jobs;
  };

  /** Local days whose jobs could have appointments in the window (or the default range). */
  function daysToScan(nowMs: number, window: TenantWindow | undefined): [number, number] {
    const today = localDayNumber(nowMs, options.timeZone);
    const earliest = today - HISTORY_DAYS;
    const latest = today + MAX_LEAD_DAYS + 1;
    const fromMs = toMs(window?.startsOnOrAfter);
    const beforeMs = toMs(window?.startsBefore);
    const from =
      fromMs === undefined
        ? today - 7 - JOB_SPREAD_DAYS
        : localDayNumber(fromMs, options.timeZone) - JOB_SPREAD_DAYS;
    const to =
      beforeMs === undefined
        ? today + MAX_LEAD_DAYS
        : localDayNumber(beforeMs - 1, options.timeZone) + JOB_SPREAD_DAYS;
    return [Math.max(from, earliest), Math.min(to, latest)];
  }

  return {
    timeZone: options.timeZone,
    /** Technicians and their shifts (crew.ts). */
    crew: createCrew({ seed: options.seed, timeZone: options.timeZone }),
    /** Whether Adjustable Capacity Planning is set up (the capacity endpoint answers). */
    capacityPlanning: () => capacityPlanning,
    setCapacityPlanning(enabled: boolean): void {
      capacityPlanning = enabled;
    },
    businessUnits(): SimBusinessUnit[] {
      return [...BUSINESS_UNITS];
    },
    jobTypes(): SimJobType[] {
      return [...JOB_TYPES];
    },
    /**
     * Jobs existing at `now`, with their appointments, planned on days near the window. Callers
     * filter exactly (a job is listed when any appointment might fall in the window).
     */
    snapshot(now: Date, window?: TenantWindow): JobSnapshot[] {
      const nowMs = now.getTime();
      const [from, to] = daysToScan(nowMs, window);
      const result: JobSnapshot[] = [];
      for (let day = from; day <= to; day++) {
        for (const plan of planFor(day)) {
          const snapshot = materialize(plan, nowMs);
          if (snapshot) result.push(snapshot);
        }
      }
      for (const plan of booked.values()) {
        const snapshot = materialize(plan, nowMs);
        if (snapshot) result.push(snapshot);
      }
      return result;
    },
    /**
     * Books a new job with one appointment, existing from `createdOn` on (a dispatcher booking a
     * call right now). Its id is outside the generated ones, so it never collides with them.
     */
    book(booking: TenantBooking): { jobId: number; appointmentId: number } {
      const type = JOB_TYPES.find((t) => t.id === booking.jobTypeId);
      if (!type) throw new Error(`unknown job type ${booking.jobTypeId}`);
      const businessUnitId = booking.businessUnitId ?? type.businessUnitIds[0]!;
      const jobId = BOOKED_JOB_IDS_FROM + booked.size;
      const startMs = booking.start.getTime();
      const createdOnMs = booking.createdOn.getTime();
      booked.set(jobId, {
        id: jobId,
        businessUnitId,
        jobTypeId: type.id,
        priority: type.priority,
        customerId: 5_500_000 + booked.size,
        locationId: 6_500_000 + booked.size,
        campaignId: 301,
        createdById: 9001,
        createdOnMs,
        canceledOnMs: null,
        hold: false,
        appointments: [
          {
            id: jobId * 10,
            startMs,
            endMs: startMs + (booking.durationMinutes ?? type.duration / 60) * MINUTE_MS,
            arrivalStartMs: startMs,
            arrivalEndMs: startMs + 2 * HOUR_MS,
            createdOnMs,
            canceledOnMs: null,
          },
        ],
      });
      return { jobId, appointmentId: jobId * 10 };
    },
    /** Jobs with these ids that exist at `now` (a job id encodes the day it is planned on). */
    jobsById(now: Date, ids: number[]): JobSnapshot[] {
      const nowMs = now.getTime();
      const today = localDayNumber(nowMs, options.timeZone);
      const wanted = new Set(ids);
      const days = [...new Set(ids.map((id) => Math.floor(id / 1000)))].sort((a, b) => a - b);
      const result: JobSnapshot[] = [];
      for (const id of ids) {
        const plan = booked.get(id);
        const snapshot = plan && materialize(plan, nowMs);
        if (snapshot) result.push(snapshot);
      }
      for (const day of days) {
        if (day < today - HISTORY_DAYS || day > today + MAX_LEAD_DAYS + 1) continue;
        for (const plan of planFor(day)) {
          if (!wanted.has(plan.id)) continue;
          const snapshot = materialize(plan, nowMs);
          if (snapshot) result.push(snapshot);
        }
      }
      return result;
    },
  };
}

export type Tenant = ReturnType<typeof createTenant>;
