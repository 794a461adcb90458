import type { z } from 'zod';
import { allOrNothing } from '../../services/providers/all-or-nothing.js';
import { byName } from '../../services/providers/named-items.js';
import type { ProviderItems, UtcWindow } from '../../services/providers/port.js';
import { NO_BUSINESS_UNIT, NO_JOB_TYPE, businessUnitId, jobTypeId } from './counting.js';
import { HousecallProError } from './contract.js';
import type { HousecallProGet } from './http.js';
import {
  companySchema,
  jobTypesPageSchema,
  jobsPageSchema,
  type HcpCompany,
  type HcpJob,
} from './types.js';

/**
 * The largest page asked for: Housecall Pro states no maximum (default 10); 200 is what
 * production clients use (decision 041). Pages are followed by `total_pages` whatever size
 * comes back.
 */
export const PAGE_SIZE = 200;
/** A read stops here rather than page for ever through an answer that keeps growing. */
const MAX_PAGES = 500;
/** The filter's words for every job that is booked: not canceled, not waiting to be scheduled. */
export const BOOKED_WORK_STATUSES = ['scheduled', 'in_progress', 'completed'] as const;
/** Items are the job types Housecall Pro lists and those named on jobs of these days around now. */
export const ITEM_SCAN_DAYS = { back: 28, ahead: 21 };
const DAY_MS = 86_400_000;

function parse<T>(schema: z.ZodType<T>, value: unknown, path: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new HousecallProError(
      'bad_response',
      `Housecall Pro answered ${path} in an unexpected shape`,
      { path },
    );
  }
  return parsed.data;
}

/** `GET /company`: who the key belongs to and its time zone. */
export async function readCompany(get: HousecallProGet, signal?: AbortSignal): Promise<HcpCompany> {
  return parse(companySchema, await get('/company', [], signal), '/company');
}

/**
 * `GET /jobs`, every page: the booked jobs whose schedule overlaps the window (a job's schedule
 * runs from its first appointment's start to its last one's end), with their appointments, oldest
 * booking first so a job booked while the pages are read lands on a later page instead of
 * shifting the others. A job seen twice is kept once.
 */
export async function listJobs(
  get: HousecallProGet,
  window: UtcWindow,
  signal?: AbortSignal,
): Promise<HcpJob[]> {
  const jobs = new Map<string, HcpJob>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = parse(
      jobsPageSchema,
      await get(
        '/jobs',
        [
          ['scheduled_end_min', window.startsOnOrAfter],
          ['scheduled_start_max', window.startsBefore],
          ...BOOKED_WORK_STATUSES.map((status): [string, string] => ['work_status[]', status]),
          ['expand[]', 'appointments'],
          ['sort_by', 'created_at'],
          ['sort_direction', 'asc'],
          ['page', String(page)],
          ['page_size', String(PAGE_SIZE)],
        ],
        signal,
      ),
      '/jobs',
    );
    for (const job of answer.jobs) jobs.set(job.id, job);
    if (page >= answer.total_pages || answer.jobs.length === 0) return [...jobs.values()];
  }
  throw new HousecallProError('bad_response', `Housecall Pro kept paging /jobs past ${MAX_PAGES}`);
}

/** `GET /job_fields/job_types`, every page. */
async function listJobTypes(get: HousecallProGet, signal?: AbortSignal) {
  const types: { id: string; name: string }[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = parse(
      jobTypesPageSchema,
      await get(
        '/job_fields/job_types',
        [
          ['page', String(page)],
          ['page_size', String(PAGE_SIZE)],
        ],
        signal,
      ),
      '/job_fields/job_types',
    );
    types.push(...answer.job_types);
    if (page >= answer.total_pages || answer.job_types.length === 0) break;
  }
  return types;
}

/**
 * The items of both views. Housecall Pro lists job types but has no list of business units, so
 * both are also taken from the jobs of the weeks around now (ITEM_SCAN_DAYS); "No business unit"
 * and "No job type" come last.
 */
export async function readItems(
  get: HousecallProGet,
  now: Date,
  signal?: AbortSignal,
): Promise<ProviderItems> {
  const window: UtcWindow = {
    startsOnOrAfter: new Date(now.getTime() - ITEM_SCAN_DAYS.back * DAY_MS).toISOString(),
    startsBefore: new Date(now.getTime() + ITEM_SCAN_DAYS.ahead * DAY_MS).toISOString(),
  };
  const [listed, jobs] = await allOrNothing(
    (shared) => [listJobTypes(get, shared), listJobs(get, window, shared)],
    signal,
  );
  const businessUnits = new Map<number, string>();
  const jobTypes = new Map<number, string>(listed.map((t) => [jobTypeId(t.id), t.name]));
  for (const job of jobs) {
    const { business_unit: unit, job_type: type } = job.job_fields;
    if (unit) businessUnits.set(businessUnitId(unit.id), unit.name);
    if (type && !jobTypes.has(jobTypeId(type.id))) jobTypes.set(jobTypeId(type.id), type.name);
  }
  const list = (items: Map<number, string>) =>
    [...items].map(([id, name]) => ({ id, name })).sort(byName);
  return {
    businessUnits: [...list(businessUnits), NO_BUSINESS_UNIT],
    jobTypes: [...list(jobTypes), NO_JOB_TYPE],
  };
}
