import crypto from 'node:crypto';
import {
  MINUTE_MS,
  isoUtc,
  localDayNumber,
  localTimeToUtcMs,
  weekdayOf,
} from '../servicetitan-simulator/local-time.js';
import { createRandom, mixSeed } from '../servicetitan-simulator/random.js';

/**
 * A Housecall Pro account (a plumbing shop): a fixed list of job types and business units and,
 * for every local day, a deterministic list of jobs seeded by seed and day. A job exists from its
 * `created_at` on; its status words follow the clock ("scheduled" → "in progress" → "complete
 * unrated"), cancellations at their time. What it holds on purpose, because the board's count must
 * get each right: multi-appointment jobs (a repipe over two days, return visits), late-evening and
 * just-after-midnight calls (local-midnight edges), jobs canceled by the customer ("user canceled")
 * and by the shop ("pro canceled"), jobs that need scheduling, and jobs without a business unit or
 * a job type. Ids are strings, as Housecall Pro's are.
 */

export interface HcpNamed {
  id: string;
  name: string;
}

export const JOB_TYPES: HcpNamed[] = [
  { id: 'jbt_4c1d0a9e', name: 'Drain Cleaning' },
  { id: 'jbt_7e22b6f1', name: 'Emergency Leak' },
  { id: 'jbt_0b9f3c55', name: 'Fixture Install' },
  { id: 'jbt_9a6e1d28', name: 'Repipe' },
  { id: 'jbt_35c7f0e4', name: 'Sewer Camera Inspection' },
  { id: 'jbt_d18a4b72', name: 'Water Heater Install' },
  { id: 'jbt_62fb9e03', name: 'Water Heater Repair' },
];

export const BUSINESS_UNITS: HcpNamed[] = [
  { id: 'bu_a41f07c3', name: 'Commercial Plumbing' },
  { id: 'bu_5d9e2b80', name: 'Drain & Sewer' },
  { id: 'bu_c07b6a1e', name: 'Residential Plumbing' },
];

interface TypeProfile {
  weight: number;
  /** Appointments on consecutive days. */
  days: number;
  emergency: boolean;
  durationMin: number;
  businessUnits: string[];
}

const PROFILES: Record<string, TypeProfile> = {
  jbt_4c1d0a9e: {
    weight: 6,
    days: 1,
    emergency: false,
    durationMin: 90,
    businessUnits: ['bu_5d9e2b80'],
  },
  jbt_7e22b6f1: {
    weight: 3,
    days: 1,
    emergency: true,
    durationMin: 120,
    businessUnits: ['bu_c07b6a1e', 'bu_a41f07c3'],
  },
  jbt_0b9f3c55: {
    weight: 4,
    days: 1,
    emergency: false,
    durationMin: 120,
    businessUnits: ['bu_c07b6a1e', 'bu_a41f07c3'],
  },
  jbt_9a6e1d28: { weight: 1, days: 2, emergency: false, durationMin: 480, businessUnits: [] },
  jbt_35c7f0e4: {
    weight: 2,
    days: 1,
    emergency: false,
    durationMin: 60,
    businessUnits: ['bu_5d9e2b80'],
  },
  jbt_d18a4b72: {
    weight: 2,
    days: 1,
    emergency: false,
    durationMin: 240,
    businessUnits: ['bu_c07b6a1e'],
  },
  jbt_62fb9e03: {
    weight: 4,
    days: 1,
    emergency: false,
    durationMin: 90,
    businessUnits: ['bu_c07b6a1e', 'bu_a41f07c3'],
  },
};

const BOOKABLE = JOB_TYPES.map((type) => ({ type, weight: PROFILES[type.id]?.weight ?? 1 }));

/** A job's whole future, of which `materialize` shows what exists at a moment. */
export interface HcpAppointmentPlan {
  id: string;
  startMs: number;
  endMs: number;
  /** "Anytime" on its date: no time of day promised. */
  anytime: boolean;
}

export interface HcpJobPlan {
  id: string;
  invoiceNumber: string;
  jobType: HcpNamed | null;
  businessUnit: HcpNamed | null;
  createdMs: number;
  /** Canceled at this moment, by the customer (`user`) or the shop (`pro`). */
  canceled: { atMs: number; by: 'user' | 'pro' } | null;
  /** "needs scheduling": no appointment yet. */
  unscheduled: boolean;
  appointments: HcpAppointmentPlan[];
  customerId: string;
  customerName: [string, string];
  /** Rated by the customer once complete. */
  rated: boolean;
  totalCents: number;
}

/** Jobs are booked at most this far ahead, so later days are empty at any moment. */
const MAX_LEAD_DAYS = 21;
/** 13 weeks of past days for the board's history backfill, plus a week so the first is whole. */
const HISTORY_DAYS = 14 * 7;
/** A job's appointments lie within this many days of the day it is planned on. */
export const JOB_SPREAD_DAYS = 3;

const FIRST_NAMES = ['Ana', 'Ben', 'Carla', 'Dev', 'Elena', 'Femi', 'Grace', 'Hiro', 'Iris'];
const LAST_NAMES = ['Alvarez', 'Brooks', 'Chen', 'Diallo', 'Evans', 'Fischer', 'Gupta', 'Hale'];

const hex = (seed: string) => crypto.createHash('sha256').update(seed).digest('hex');

function leadTimeMs(random: ReturnType<typeof createRandom>, emergency: boolean): number {
  if (emergency) return random.int(15, 180) * MINUTE_MS;
  const roll = random.next();
  if (roll < 0.25) return random.int(30, 6 * 60) * MINUTE_MS;
  if (roll < 0.6) return random.int(6 * 60, 3 * 24 * 60) * MINUTE_MS;
  if (roll < 0.92) return random.int(3 * 24 * 60, 10 * 24 * 60) * MINUTE_MS;
  return random.int(10 * 24 * 60, MAX_LEAD_DAYS * 24 * 60) * MINUTE_MS;
}

function planDay(seed: number, day: number, timeZone: string): HcpJobPlan[] {
  const random = createRandom(mixSeed(seed, day));
  const weekday = weekdayOf(day);
  const count =
    weekday === 0 ? random.int(0, 3) : weekday === 6 ? random.int(3, 8) : random.int(20, 34);
  const jobs: HcpJobPlan[] = [];
  for (let n = 0; n < count; n++) {
    const { type } = random.weighted(BOOKABLE);
    const profile = PROFILES[type.id]!;
    const key = `${seed}:${day}:${n}`;
    const night = profile.days === 1 && random.chance(profile.emergency ? 0.4 : 0.03);
    // Commercial work after hours, booked days ahead: late evening or just after midnight.
    const afterHours = !night && profile.days === 1 && random.chance(0.07);
    const slots: { day: number; startMin: number; lengthMin: number; anytime: boolean }[] = [];
    if (night || afterHours) {
      // Late evening and just after midnight: the local day boundary decides the count.
      const startMin = random.chance(0.6)
        ? random.int(22 * 4, 23 * 4 + 3) * 15
        : random.int(0, 3) * 15;
      slots.push({ day, startMin, lengthMin: 90, anytime: false });
    } else if (profile.days > 1) {
      for (let k = 0; k < profile.days; k++)
        slots.push({ day: day + k, startMin: 8 * 60, lengthMin: 8 * 60, anytime: false });
    } else {
      const anytime = random.chance(0.04);
      const hour = random.pick([7, 8, 8, 9, 9, 10, 11, 12, 13, 14, 15, 16]);
      const startMin = anytime ? 8 * 60 : hour * 60 + (random.chance(0.3) ? 30 : 0);
      slots.push({ day, startMin, lengthMin: profile.durationMin, anytime });
      if (random.chance(0.12)) {
        // A return visit for parts, a day or a few later (the job counts on both days).
        slots.push({
          day: day + random.int(1, JOB_SPREAD_DAYS),
          startMin: 10 * 60,
          lengthMin: 60,
          anytime: false,
        });
      }
    }
    const firstStartMs = localTimeToUtcMs(day, slots[0]!.startMin, timeZone);
    const createdMs =
      Math.floor((firstStartMs - leadTimeMs(random, night)) / MINUTE_MS) * MINUTE_MS;
    const unscheduled = !night && random.chance(0.05);
    const cancelRoll = random.next();
    const canceled =
      cancelRoll < 0.07
        ? {
            atMs: createdMs + Math.floor((firstStartMs - createdMs) * random.next()),
            by: cancelRoll < 0.045 ? ('user' as const) : ('pro' as const),
          }
        : null;
    // Some shops leave the job fields empty: those jobs still count, under "No ...".
    const businessUnitId =
      profile.businessUnits.length === 0 || random.chance(0.12)
        ? null
        : random.pick(profile.businessUnits);
    const id = hex(`job:${key}`);
    jobs.push({
      id: `job_${id.slice(0, 32)}`,
      invoiceNumber: String(10_000 + ((day * 40 + n) % 90_000)),
      jobType: random.chance(0.08) ? null : type,
      businessUnit: BUSINESS_UNITS.find((b) => b.id === businessUnitId) ?? null,
      createdMs,
      canceled,
      unscheduled,
      appointments: unscheduled
        ? []
        : slots.map((slot, index) => {
            const startMs = localTimeToUtcMs(slot.day, slot.startMin, timeZone);
            return {
              id: `appt_${hex(`appt:${key}:${index}`).slice(0, 24)}`,
              startMs,
              endMs: startMs + slot.lengthMin * MINUTE_MS,
              anytime: slot.anytime,
            };
          }),
      customerId: `cus_${hex(`cus:${key}`).slice(0, 32)}`,
      customerName: [random.pick(FIRST_NAMES), random.pick(LAST_NAMES)],
      rated: random.chance(0.4),
      totalCents: random.int(90, 4_500) * 100,
    });
  }
  return jobs;
}

/** A job as the API shows it at one moment (only the fields a client of `GET /jobs` reads). */
export function materialize(
  plan: HcpJobPlan,
  nowMs: number,
  company: { id: string; name: string },
  expandAppointments: boolean,
): Record<string, unknown> | null {
  if (plan.createdMs > nowMs) return null;
  const canceled = plan.canceled !== null && plan.canceled.atMs <= nowMs ? plan.canceled : null;
  const first = plan.appointments[0];
  const last = plan.appointments[plan.appointments.length - 1];
  let workStatus: string;
  if (canceled) workStatus = canceled.by === 'user' ? 'user canceled' : 'pro canceled';
  else if (!first || !last) workStatus = 'needs scheduling';
  else if (nowMs >= last.endMs) workStatus = plan.rated ? 'complete rated' : 'complete unrated';
  else if (nowMs >= first.startMs) workStatus = 'in progress';
  else workStatus = 'scheduled';
  const startedMs = first && nowMs >= first.startMs ? first.startMs : null;
  const completedMs = last && nowMs >= last.endMs && !canceled ? last.endMs : null;
  const updatedMs = Math.max(plan.createdMs, canceled?.atMs ?? 0, startedMs ?? 0, completedMs ?? 0);
  const schedule: Record<string, unknown> = {
    scheduled_start: first ? isoUtc(first.startMs) : null,
    scheduled_end: last ? isoUtc(last.endMs) : null,
    arrival_window: first ? 120 : 0,
  };
  if (expandAppointments) {
    schedule.appointments = plan.appointments.map((a) => ({
      id: a.id,
      start_date: isoUtc(a.startMs).slice(0, 10),
      start_time: isoUtc(a.startMs),
      end_time: isoUtc(a.endMs),
      anytime: a.anytime,
      arrival_window_minutes: a.anytime ? 0 : 120,
      dispatched_employees_ids: [],
    }));
  }
  return {
    id: plan.id,
    invoice_number: plan.invoiceNumber,
    description: plan.jobType?.name ?? 'Service call',
    customer: {
      id: plan.customerId,
      first_name: plan.customerName[0],
      last_name: plan.customerName[1],
      email: null,
      mobile_number: null,
      notifications_enabled: true,
      tags: [],
    },
    address: { id: `adr_${plan.customerId.slice(4, 20)}`, type: 'service', country: 'US' },
    notes: [],
    work_status: workStatus,
    work_timestamps: {
      on_my_way_at: null,
      started_at: startedMs === null ? null : isoUtc(startedMs),
      completed_at: completedMs === null ? null : isoUtc(completedMs),
    },
    schedule,
    total_amount: plan.totalCents,
    outstanding_balance: completedMs === null ? plan.totalCents : 0,
    subtotal: plan.totalCents,
    assigned_employees: [],
    tags: [],
    lead_source: null,
    original_estimate_id: null,
    original_estimate_uuids: [],
    job_fields: { job_type: plan.jobType, business_unit: plan.businessUnit },
    locked_at: null,
    created_at: isoUtc(plan.createdMs),
    updated_at: isoUtc(updatedMs),
    canceled_at: canceled?.by === 'user' ? isoUtc(canceled.atMs) : null,
    deleted_at: canceled?.by === 'pro' ? isoUtc(canceled.atMs) : null,
    company_name: company.name,
    company_id: company.id,
    recurrence_number: null,
    recurrence_rule: null,
  };
}

/**
 * A job booked on demand (`book`): appointments at `start` (and `more`), existing from
 * `createdAt` on; canceled at once (`canceled`) or waiting to be scheduled (`unscheduled`).
 */
export interface HcpBooking {
  start: Date;
  /** Further appointments of the same job (a return visit, a second day). */
  more?: Date[];
  canceled?: 'user' | 'pro';
  unscheduled?: boolean;
  durationMinutes?: number;
  /** Default: the first job type. Null: none. */
  jobTypeId?: string | null;
  /** Default: the job type's first business unit. Null: none. */
  businessUnitId?: string | null;
  createdAt: Date;
}

/** One account: its plans by local day (made when first asked) and its jobs booked on demand. */
export function createAccount(options: { seed: number; timeZone: string }) {
  const plans = new Map<number, HcpJobPlan[]>();
  const booked: HcpJobPlan[] = [];
  const planFor = (day: number): HcpJobPlan[] => {
    let jobs = plans.get(day);
    if (!jobs) {
      jobs = planDay(options.seed, day, options.timeZone);
      plans.set(day, jobs);
    }
    return jobs;
  };

  return {
    timeZone: options.timeZone,
    /**
     * Every job plan near the local days from `fromMs` to `toMs` (default: a week back to the
     * horizon), whatever its state: callers decide what exists at their moment.
     */
    plans(nowMs: number, fromMs?: number, toMs?: number): HcpJobPlan[] {
      const today = localDayNumber(nowMs, options.timeZone);
      const from = Math.max(
        today - HISTORY_DAYS,
        (fromMs === undefined ? today - 7 : localDayNumber(fromMs, options.timeZone)) -
          JOB_SPREAD_DAYS,
      );
      const to = Math.min(
        today + MAX_LEAD_DAYS + 1,
        toMs === undefined ? today + MAX_LEAD_DAYS : localDayNumber(toMs, options.timeZone) + 1,
      );
      const result: HcpJobPlan[] = [];
      for (let day = from; day <= to; day++) result.push(...planFor(day));
      result.push(...booked);
      return result;
    },
    book(booking: HcpBooking): HcpJobPlan {
      const type =
        booking.jobTypeId === null
          ? null
          : (JOB_TYPES.find((t) => t.id === (booking.jobTypeId ?? JOB_TYPES[0]!.id)) ?? null);
      if (booking.jobTypeId && !type)
        throw new RangeError(`Job type ${booking.jobTypeId} not found`);
      const buId =
        booking.businessUnitId === undefined
          ? (type && PROFILES[type.id]?.businessUnits[0]) || null
          : booking.businessUnitId;
      const businessUnit =
        buId === null ? null : (BUSINESS_UNITS.find((b) => b.id === buId) ?? null);
      if (buId && !businessUnit) throw new RangeError(`Business unit ${buId} not found`);
      const n = booked.length;
      const startMs = booking.start.getTime();
      const plan: HcpJobPlan = {
        id: `job_${hex(`booked:${options.seed}:${n}`).slice(0, 32)}`,
        invoiceNumber: String(200_000 + n),
        jobType: type,
        businessUnit,
        createdMs: booking.createdAt.getTime(),
        canceled: booking.canceled
          ? { atMs: booking.createdAt.getTime(), by: booking.canceled }
          : null,
        unscheduled: booking.unscheduled ?? false,
        appointments: booking.unscheduled
          ? []
          : [startMs, ...(booking.more ?? []).map((d) => d.getTime())].map((at, index) => ({
              id: `appt_${hex(`booked-appt:${options.seed}:${n}:${index}`).slice(0, 24)}`,
              startMs: at,
              endMs: at + (booking.durationMinutes ?? 90) * MINUTE_MS,
              anytime: false,
            })),
        customerId: `cus_${hex(`booked-cus:${options.seed}:${n}`).slice(0, 32)}`,
        customerName: ['Walk', 'In'],
        rated: false,
        totalCents: 25_000,
      };
      booked.push(plan);
      return plan;
    },
  };
}

export type Account = ReturnType<typeof createAccount>;
