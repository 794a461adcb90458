import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appointmentsInWindow, jobsFirstStartingInWindow, jobsInWindow } from './queries.js';
import type { JobSnapshot, Tenant, TenantWindow } from './tenant.js';

/** RFC 7807-like error body, as ServiceTitan sends. */
export function problem(status: number, title: string, errors: Record<string, string[]> = {}) {
  return {
    type: `https://tools.ietf.org/html/rfc7231#section-6.5.${status === 404 ? 4 : 1}`,
    title,
    status,
    traceId: crypto.randomBytes(8).toString('hex'),
    errors,
    data: {},
  };
}

class QueryError extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
  }
}

/** Reads ServiceTitan's query parameters with its rules; a bad value is a 400 naming it. */
function queryReader(query: Record<string, string | undefined>) {
  const raw = (name: string): string | undefined => {
    const value = query[name];
    return value === undefined || value === '' ? undefined : value;
  };
  const int = (name: string): number | undefined => {
    const value = raw(name);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value)) throw new QueryError(name, `The value '${value}' is not valid.`);
    return Number(value);
  };
  return {
    int,
    string: raw,
    bool(name: string): boolean | undefined {
      const value = raw(name)?.toLowerCase();
      if (value === undefined) return undefined;
      if (value !== 'true' && value !== 'false')
        throw new QueryError(name, `The value '${raw(name)}' is not valid.`);
      return value === 'true';
    },
    dateTime(name: string): string | undefined {
      const value = raw(name);
      if (value === undefined) return undefined;
      const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value);
      const ms = Date.parse(hasZone ? value : `${value}Z`);
      if (Number.isNaN(ms)) throw new QueryError(name, `The value '${value}' is not valid.`);
      return new Date(ms).toISOString();
    },
    ids(name: string): number[] | undefined {
      const value = raw(name);
      if (value === undefined) return undefined;
      const parts = value
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      if (parts.some((p) => !/^\d+$/.test(p)))
        throw new QueryError(name, `The value '${value}' is not valid.`);
      if (parts.length > 50) throw new QueryError(name, 'Maximum 50 IDs are allowed.');
      return parts.map(Number);
    },
    active(): 'True' | 'False' | 'Any' {
      const value = raw('active');
      if (value === undefined) return 'True';
      const match = (['True', 'False', 'Any'] as const).find(
        (v) => v.toLowerCase() === value.toLowerCase(),
      );
      if (!match) throw new QueryError('active', `The value '${value}' is not valid.`);
      return match;
    },
    page(): { page: number; pageSize: number; includeTotal: boolean } {
      const page = int('page') ?? 1;
      const pageSize = int('pageSize') ?? 50;
      if (page < 1) throw new QueryError('page', 'The page must be 1 or greater.');
      if (pageSize < 1 || pageSize > 5000)
        throw new QueryError('pageSize', 'The page size must be between 1 and 5000.');
      return { page, pageSize, includeTotal: this.bool('includeTotal') ?? false };
    },
  };
}

type Reader = ReturnType<typeof queryReader>;

function paged<T>(items: T[], reader: Reader) {
  const { page, pageSize, includeTotal } = reader.page();
  const start = (page - 1) * pageSize;
  return {
    page,
    pageSize,
    hasMore: start + pageSize < items.length,
    totalCount: includeTotal ? items.length : null,
    data: items.slice(start, start + pageSize),
  };
}

function byActive<T extends { active: boolean }>(
  items: T[],
  active: 'True' | 'False' | 'Any',
): T[] {
  if (active === 'Any') return items;
  return items.filter((item) => item.active === (active === 'True'));
}

function inRange(iso: string, from: string | undefined, before: string | undefined): boolean {
  const ms = Date.parse(iso);
  return (
    (from === undefined || ms >= Date.parse(from)) &&
    (before === undefined || ms < Date.parse(before))
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The days to look at for a jobs or appointments list that names no appointment window but
 * created/modified bounds (`jobs?createdOnOrAfter=` reads what was booked since then, whenever
 * its appointments are): a job is created at most a few weeks before its appointments and
 * modified from its creation until shortly after its last one.
 */
function scanWindow(window: TenantWindow, reader: Reader): TenantWindow {
  if (window.startsOnOrAfter || window.startsBefore) return window;
  const createdFrom = reader.dateTime('createdOnOrAfter');
  const createdBefore = reader.dateTime('createdBefore');
  const modifiedFrom = reader.dateTime('modifiedOnOrAfter');
  const from = createdFrom ?? (modifiedFrom && new Date(Date.parse(modifiedFrom) - 3 * DAY_MS));
  return {
    ...(from ? { startsOnOrAfter: from } : {}),
    ...(createdBefore ? { startsBefore: new Date(Date.parse(createdBefore) + 23 * DAY_MS) } : {}),
  };
}

/** created/modified range filters every list endpoint accepts. */
function byChangeTimes<T extends { createdOn: string; modifiedOn: string }>(
  items: T[],
  reader: Reader,
): T[] {
  const createdFrom = reader.dateTime('createdOnOrAfter');
  const createdBefore = reader.dateTime('createdBefore');
  const modifiedFrom = reader.dateTime('modifiedOnOrAfter');
  const modifiedBefore = reader.dateTime('modifiedBefore');
  return items.filter(
    (item) =>
      inRange(item.createdOn, createdFrom, createdBefore) &&
      inRange(item.modifiedOn, modifiedFrom, modifiedBefore),
  );
}

type Handler = (reader: Reader, now: Date) => unknown;

/**
 * The list endpoints the board uses, at `/{module}/v2/tenant/{tenant}/{resource}`. Access
 * checks (token, app key, tenant) run before these in index.ts.
 */
export function apiHandlers(tenant: Tenant): Record<string, Handler> {
  return {
    'settings/business-units': (reader) => {
      const ids = reader.ids('ids');
      const name = reader.string('name')?.toLowerCase();
      let units = byActive(tenant.businessUnits(), reader.active());
      if (ids) units = units.filter((u) => ids.includes(u.id));
      if (name) units = units.filter((u) => u.name.toLowerCase().includes(name));
      return paged(byChangeTimes(units, reader), reader);
    },
    'jpm/job-types': (reader) => {
      const ids = reader.ids('ids');
      const name = reader.string('name')?.toLowerCase();
      let types = byActive(tenant.jobTypes(), reader.active());
      if (ids) types = types.filter((t) => ids.includes(t.id));
      if (name) types = types.filter((t) => t.name.toLowerCase().includes(name));
      return paged(byChangeTimes(types, reader), reader);
    },
    'settings/technicians': (reader, now) => {
      const ids = reader.ids('ids');
      const userIds = reader.ids('userIds');
      const name = reader.string('name')?.toLowerCase();
      let technicians = byActive(tenant.crew.technicians(now), reader.active());
      if (ids) technicians = technicians.filter((t) => ids.includes(t.id));
      if (userIds) technicians = technicians.filter((t) => userIds.includes(t.userId));
      if (name) technicians = technicians.filter((t) => t.name.toLowerCase().includes(name));
      return paged(byChangeTimes(technicians, reader), reader);
    },
    /**
     * Shifts whose start is at or after `startsOnOrAfter` and whose end is at or before
     * `endsOnOrBefore` (ServiceTitan's rule: a shift crossing either bound is left out), enabled
     * ones unless `active` says otherwise.
     */
    'dispatch/technician-shifts': (reader, now) => {
      const from = reader.dateTime('startsOnOrAfter');
      const until = reader.dateTime('endsOnOrBefore');
      const shiftType = reader.string('shiftType');
      if (shiftType && !['normal', 'oncall', 'timeoff'].includes(shiftType.toLowerCase()))
        throw new QueryError('shiftType', `The value '${shiftType}' is not valid.`);
      const technicianId = reader.int('technicianId');
      const title = reader.string('titleContains')?.toLowerCase();
      let shifts = byActive(
        tenant.crew.shifts(
          now,
          from === undefined ? undefined : Date.parse(from),
          until === undefined ? undefined : Date.parse(until),
        ),
        reader.active(),
      );
      if (until !== undefined) shifts = shifts.filter((s) => s.end <= until);
      if (shiftType)
        shifts = shifts.filter((s) => s.shiftType.toLowerCase() === shiftType.toLowerCase());
      if (technicianId !== undefined)
        shifts = shifts.filter((s) => s.technicianId === technicianId);
      if (title) shifts = shifts.filter((s) => s.title.toLowerCase().includes(title));
      return paged(byChangeTimes(shifts, reader), reader);
    },
    'jpm/appointments': (reader, now) => {
      const window: TenantWindow = {
        startsOnOrAfter: reader.dateTime('startsOnOrAfter'),
        startsBefore: reader.dateTime('startsBefore'),
      };
      const ids = reader.ids('ids');
      const jobId = reader.int('jobId');
      const status = reader.string('status');
      const snapshots: JobSnapshot[] =
        ids || jobId !== undefined
          ? tenant.jobsById(now, [
              ...(ids ?? []).map((id) => Math.floor(id / 10)),
              ...(jobId !== undefined ? [jobId] : []),
            ])
          : tenant.snapshot(now, scanWindow(window, reader));
      let appointments = appointmentsInWindow(snapshots, window);
      if (ids) appointments = appointments.filter((a) => ids.includes(a.id));
      if (jobId !== undefined) appointments = appointments.filter((a) => a.jobId === jobId);
      if (status)
        appointments = appointments.filter((a) => a.status.toLowerCase() === status.toLowerCase());
      return paged(byChangeTimes(appointments, reader), reader);
    },
    'jpm/jobs': (reader, now) => {
      const window: TenantWindow = {
        startsOnOrAfter: reader.dateTime('appointmentStartsOnOrAfter'),
        startsBefore: reader.dateTime('appointmentStartsBefore'),
      };
      const firstWindow: TenantWindow = {
        startsOnOrAfter: reader.dateTime('firstAppointmentStartsOnOrAfter'),
        startsBefore: reader.dateTime('firstAppointmentStartsBefore'),
      };
      const ids = reader.ids('ids');
      const jobStatus = reader.string('jobStatus');
      const businessUnitId = reader.int('businessUnitId');
      const jobTypeId = reader.int('jobTypeId');
      const snapshots = ids
        ? tenant.jobsById(now, ids)
        : tenant.snapshot(now, scanWindow(window, reader));
      let jobs = jobsInWindow(snapshots, window);
      if (firstWindow.startsOnOrAfter || firstWindow.startsBefore) {
        const firsts = new Set(jobsFirstStartingInWindow(snapshots, firstWindow).map((j) => j.id));
        jobs = jobs.filter((j) => firsts.has(j.id));
      }
      if (jobStatus)
        jobs = jobs.filter((j) => j.jobStatus.toLowerCase() === jobStatus.toLowerCase());
      if (businessUnitId !== undefined)
        jobs = jobs.filter((j) => j.businessUnitId === businessUnitId);
      if (jobTypeId !== undefined) jobs = jobs.filter((j) => j.jobTypeId === jobTypeId);
      return paged(byChangeTimes(jobs, reader), reader);
    },
  };
}

/** Runs a handler, turning bad query parameters into ServiceTitan's 400. */
export function answerList(
  handler: Handler,
  request: FastifyRequest,
  reply: FastifyReply,
  now: Date,
) {
  try {
    return reply.send(
      handler(queryReader(request.query as Record<string, string | undefined>), now),
    );
  } catch (err) {
    if (err instanceof QueryError) {
      return reply
        .status(400)
        .send(
          problem(400, 'One or more validation errors occurred.', { [err.param]: [err.message] }),
        );
    }
    throw err;
  }
}
