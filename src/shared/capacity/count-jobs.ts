/**
 * What "scheduled" means on the board (product decision 3): for each displayed day and each
 * business unit (or job type), the number of DISTINCT jobs of that item that have at least one
 * non-canceled appointment starting in that local day, canceled jobs excluded. Appointments
 * carry no business unit or job type, so they are joined to their job by `jobId`.
 */

export type CountingViewType = 'businessUnit' | 'jobType';

/** One displayed day as the UTC instants of its local midnights: [startMs, endMs). */
export interface CountingDay {
  date: string;
  startMs: number;
  endMs: number;
}

/** The least the counting needs of a job (the port's counting form, decision 040). */
export interface CountableJob {
  id: number;
  businessUnitId: number | null;
  jobTypeId: number | null;
  canceled: boolean;
  /** When the job was booked (UTC ms); null or absent when not known (never "new today"). */
  createdOnMs?: number | null;
}

/** The least the counting needs of an appointment; `startMs` is a UTC instant. */
export interface CountableAppointment {
  jobId: number;
  startMs: number;
  /** When it ends (UTC ms): booked hours when they come from shifts (issue 35). */
  endMs?: number;
  canceled: boolean;
}

export interface DayCounts {
  date: string;
  /** Item id (business unit or job type) → distinct jobs booked that day. */
  counts: Map<number, number>;
  /** Item id → how many of those jobs were created at or after `newSinceMs` ("new today"). */
  newToday: Map<number, number>;
}

export function countJobs(options: {
  days: readonly CountingDay[];
  appointments: readonly CountableAppointment[];
  jobs: readonly CountableJob[];
  viewType: CountingViewType;
  /**
   * The local start of today in the board's zone (UTC ms): a counted job created at or after it
   * is "new today". Without it nothing is.
   */
  newSinceMs?: number;
}): DayCounts[] {
  const newSinceMs = options.newSinceMs ?? Number.POSITIVE_INFINITY;
  return countedJobs(options).map((counted, i) => {
    const counts = new Map<number, number>();
    const newToday = new Map<number, number>();
    for (const job of counted) {
      counts.set(job.itemId, (counts.get(job.itemId) ?? 0) + 1);
      if (job.createdOnMs != null && job.createdOnMs >= newSinceMs)
        newToday.set(job.itemId, (newToday.get(job.itemId) ?? 0) + 1);
    }
    return { date: options.days[i]!.date, counts, newToday };
  });
}

/** One job counted on a day: the item it counts for and when it was booked (null: not known). */
export interface CountedJob {
  jobId: number;
  itemId: number;
  createdOnMs: number | null;
}

/**
 * The jobs each day counts, by the same rule as `countJobs` (which sums them): distinct, not
 * canceled, with a non-canceled appointment starting that day, each with its item. History's
 * reconstruction (issue 33) replays them by `createdOn`.
 */
export function countedJobs(options: {
  days: readonly CountingDay[];
  appointments: readonly CountableAppointment[];
  jobs: readonly CountableJob[];
  viewType: CountingViewType;
}): CountedJob[][] {
  const { days, appointments, jobs, viewType } = options;
  const jobOf = new Map<number, CountedJob>();
  for (const job of jobs) {
    if (job.canceled) continue;
    const itemId = viewType === 'businessUnit' ? job.businessUnitId : job.jobTypeId;
    if (itemId === null || itemId === undefined) continue;
    jobOf.set(job.id, { jobId: job.id, itemId, createdOnMs: job.createdOnMs ?? null });
  }

  // A job counts once per day however many of its appointments start that day.
  const jobsPerDay = days.map(() => new Set<number>());
  for (const appointment of appointments) {
    if (appointment.canceled || !jobOf.has(appointment.jobId)) continue;
    const dayIndex = days.findIndex(
      (d) => appointment.startMs >= d.startMs && appointment.startMs < d.endMs,
    );
    if (dayIndex >= 0) jobsPerDay[dayIndex]!.add(appointment.jobId);
  }
  return jobsPerDay.map((ids) => [...ids].map((id) => jobOf.get(id)!));
}

const CANCELED = 'canceled';

/** "Canceled", compared loosely so "Cancelled" or other casing still counts as canceled. */
export function isCanceledStatus(status: string | null | undefined): boolean {
  if (!status) return false;
  const normalized = status.trim().toLowerCase();
  return normalized === CANCELED || normalized === 'cancelled';
}

/**
 * Platform timestamps are UTC; some answers omit the zone designator, which `Date.parse`
 * would read as host-local time, so a missing designator is taken to mean UTC.
 * Returns NaN for text that is not a timestamp.
 */
export function parseUtcInstant(value: string): number {
  const trimmed = value.trim();
  const hasZone = /(?:[zZ]|[+-]\d{2}:?\d{2})$/.test(trimmed);
  const isDateTime = /^\d{4}-\d{2}-\d{2}T/.test(trimmed);
  return Date.parse(isDateTime && !hasZone ? `${trimmed}Z` : trimmed);
}
