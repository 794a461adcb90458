import crypto from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { answerList, apiHandlers, problem } from './api-routes.js';
import { answerCapacity, type CapacityRequest } from './capacity.js';
import type { SimShift, SimTechnician } from './crew.js';
import { createCallLog, type CallLog, type RecordedCall } from './call-log.js';
import type { SimBusinessUnit, SimJobType } from './catalog.js';
import {
  registerControlRoutes,
  type SimulatorBooking,
  type SimulatorShift,
} from './control-routes.js';
import { createFaults, TOKEN_PATH, type FaultSpec, type Faults } from './faults.js';
import { localDayNumber, localTimeToUtcMs, weekdayOf } from './local-time.js';
import { appointmentsInWindow, jobsInWindow } from './queries.js';
import { JOB_TYPES } from './catalog.js';
import {
  createTenant,
  type TenantShape,
  type SimAppointment,
  type SimJob,
  type Tenant,
  type TenantWindow,
} from './tenant.js';

export type { FaultSpec } from './faults.js';
export type { RecordedCall, CallFilter } from './call-log.js';
export type { SimAppointment, SimJob, TenantShape, TenantWindow } from './tenant.js';
export { TENANT_SHAPES } from './tenant.js';
export type { SimBusinessUnit, SimJobType } from './catalog.js';

export interface SimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  seed?: number;
  now?: () => Date;
  /** The tenant's local zone: appointments are booked at local hours in it. */
  timeZone?: string;
  /** Lifetime of issued access tokens (ServiceTitan: 900 s). */
  tokenLifetimeSeconds?: number;
}

export interface SimulatorCredential {
  clientId: string;
  clientSecret: string;
  tenantId: string;
  appKey: string;
}

export type { SimulatorBooking, SimulatorShift } from './control-routes.js';
export type { SimShift, SimTechnician } from './crew.js';
export {
  INACTIVE_TECHNICIAN_ID,
  MOVING_TECHNICIAN_ID,
  NIGHT_TECHNICIAN_ID,
  WEEKEND_NIGHT_TECHNICIAN_ID,
} from './crew.js';
export { FRAME_START_HOURS } from './capacity.js';

const isoDateTime = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'not a date-time');
const capacityRequestSchema = z.object({
  startsOnOrAfter: isoDateTime,
  endsOnOrBefore: isoDateTime,
  businessUnitIds: z.array(z.number().int()).nullish(),
  jobTypeId: z.number().int().nullish(),
  skillBasedAvailability: z.boolean(),
});

/**
 * The API scope each endpoint needs, as the simulator names them in a 403 ("Missing required
 * scope: ..."). ServiceTitan grants scopes per app and tenant under Settings > Integrations >
 * API Application Access.
 */
export const SCOPE_BY_ENDPOINT: Record<string, string> = {
  'settings/business-units': 'tn.settings.business-units:r',
  'jpm/job-types': 'tn.jpm.job-types:r',
  'jpm/jobs': 'tn.jpm.jobs:r',
  'jpm/appointments': 'tn.jpm.appointments:r',
  'dispatch/capacity': 'tn.dispatch.capacity:r',
  'dispatch/technician-shifts': 'tn.dispatch.technician-shifts:r',
  'settings/technicians': 'tn.settings.technicians:r',
};

/**
 * What the sample tenant has granted the app. `connected: false`: the tenant has not connected
 * the app (or removed it), so every API call is refused with 403; `missingScopes`: endpoints
 * needing one of these answer 403 naming the scope.
 */
export interface AppAccess {
  connected: boolean;
  missingScopes: string[];
}

/** The sample tenant's credential; `npm start` seeds the demo company with it. */
export const DEMO_CREDENTIAL: SimulatorCredential = {
  clientId: 'cid.demo-heating-air',
  clientSecret: 'cs1.demo-heating-air-simulator-secret',
  tenantId: '7340101',
  appKey: 'ak1.demo-call-board-app',
};

export interface SimulatorData {
  /** Every business unit, active and inactive. */
  businessUnits(): SimBusinessUnit[];
  /** Every job type, active and inactive. */
  jobTypes(): SimJobType[];
  /** Jobs existing at `at` (default: simulator now) with an appointment starting in the window. */
  jobs(options?: { at?: Date; window?: TenantWindow }): SimJob[];
  /** Appointments existing at `at` starting in the window, any status. */
  appointments(options?: { at?: Date; window?: TenantWindow }): SimAppointment[];
  /**
   * Jobs a fully booked working day typically holds, per business unit and per job type id (the
   * mean over the last ten weekdays): realistic day targets for a demo.
   */
  typicalDailyJobs(): { businessUnits: Record<number, number>; jobTypes: Record<number, number> };
  /** Every technician, active or not, as listed at `at` (issue 35). */
  technicians(options?: { at?: Date }): SimTechnician[];
  /**
   * Every shift existing at `at` (enabled or not, any type) starting in [startsFrom, startsBefore)
   * (default: a week back to four weeks ahead).
   */
  shifts(options?: { at?: Date; startsFrom?: Date; startsBefore?: Date }): SimShift[];
  /** What POST .../dispatch/v2/tenant/{t}/capacity answers at `at`. */
  capacity(request: CapacityRequest, options?: { at?: Date }): ReturnType<typeof answerCapacity>;
}

export interface Simulator {
  /** Base URL; authUrl and apiUrl are the same host. */
  url: string;
  authUrl: string;
  apiUrl: string;
  demoCredential: SimulatorCredential;
  calls: CallLog;
  faults: Faults;
  data: SimulatorData;
  /** The simulator's clock: options.now plus any offset set through setClockOffset. */
  now(): Date;
  setClockOffset(ms: number): void;
  /**
   * Another tenant (its own data, seeded differently, and its own credential) on the same host,
   * so several companies can each read their own ServiceTitan account. The demo tenant is the
   * first; the i-th added one gets seed + i. `shape`: how its work is booked (default the demo
   * tenant's `sample`; `same-day`, `booked-ahead`: TENANT_SHAPES).
   */
  addTenant(options?: { capacityPlanning?: boolean; shape?: TenantShape }): SimulatorCredential;
  /** The data of another tenant (default: the demo tenant's, as `data`). */
  tenantData(tenantId: string): SimulatorData;
  /**
   * Adds a technician shift in a tenant (default: the demo tenant), existing from the
   * simulator's now: a sick call, time off or overtime (issue 35).
   */
  addShift(shift: SimulatorShift): SimShift;
  /** Sets up Adjustable Capacity Planning in a tenant, or takes it away (default: demo tenant). */
  setCapacityPlanning(enabled: boolean, tenantId?: string): void;
  /**
   * Books a new job with one appointment in a tenant (default: the demo tenant) at the
   * simulator's now, as a dispatcher would: the next list read shows it.
   */
  book(booking: SimulatorBooking): { tenantId: string; jobId: number; appointmentId: number };
  /** Makes every issued token invalid (the next API call gets a real 401). */
  revokeTokens(): void;
  /** What the tenant grants the app (default: connected, every scope); a partial update. */
  setAppAccess(access: Partial<AppAccess>): void;
  close(): Promise<void>;
}

/**
 * A stand-in for ServiceTitan's API for development, demos and tests: token endpoint, the list
 * endpoints the board reads, bearer and app-key checks, paging, and faults on demand. It is not
 * product code and the product does not import it; it is reached over HTTP like the real hosts.
 */
export async function startServiceTitanSimulator(
  options: SimulatorOptions = {},
): Promise<Simulator> {
  const baseNow = options.now ?? (() => new Date());
  let clockOffsetMs = 0;
  const now = () => new Date(baseNow().getTime() + clockOffsetMs);
  const seed = options.seed ?? 1;
  const timeZone = options.timeZone ?? 'America/New_York';
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 900;
  const credential = DEMO_CREDENTIAL;
  const tenant = createTenant({ seed, timeZone });
  /** Every tenant by id, each with its own credential; the demo tenant first. */
  const tenants = new Map<
    string,
    { credential: SimulatorCredential; tenant: Tenant; handlers: ReturnType<typeof apiHandlers> }
  >([[credential.tenantId, { credential, tenant, handlers: apiHandlers(tenant) }]]);
  const calls = createCallLog();
  const faults = createFaults();
  const tokens = new Map<string, { clientId: string; expiresAtMs: number }>();
  let appAccess: AppAccess = { connected: true, missingScopes: [] };
  const setAppAccess = (access: Partial<AppAccess>) => {
    appAccess = { ...appAccess, ...access };
  };

  // forceCloseConnections: close() ends every connection at once. Fastify's default waits for a
  // connection that was busy at close time to idle out (its 72 s keep-alive), so a client request
  // in flight at close (an app's refresh still running) held close() past a test's hook timeout.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(formbody);

  const callOf = new WeakMap<FastifyRequest, RecordedCall>();
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/__control/')) return;
    callOf.set(
      request,
      calls.record({
        method: request.method,
        path,
        query: Object.fromEntries(new URL(request.url, 'http://simulator').searchParams),
        at: now().toISOString(),
        receivedAtMs: Date.now(),
      }),
    );
    const fault = faults.take(path);
    if (fault) return answerWithFault(fault, request, reply);
  });
  app.addHook('onResponse', async (request, reply) => {
    const call = callOf.get(request);
    if (call) call.status = reply.statusCode;
  });

  async function answerWithFault(fault: FaultSpec, request: FastifyRequest, reply: FastifyReply) {
    switch (fault.kind) {
      case 'unauthorized':
        return reply.status(401).send(problem(401, 'Unauthorized'));
      case 'forbidden':
        return reply
          .status(403)
          .send(
            problem(
              403,
              fault.missingScope ? `Missing required scope: ${fault.missingScope}` : 'Forbidden',
            ),
          );
      case 'not_found':
        return reply.status(404).send(problem(404, 'Not Found'));
      case 'rate_limited': {
        if (fault.via === 'header') reply.header('retry-after', String(fault.retryAfterSeconds));
        const title =
          fault.via === 'body'
            ? `Rate limit is exceeded. Try again in ${fault.retryAfterSeconds} seconds.`
            : 'Rate limit is exceeded.';
        return reply.status(429).send(problem(429, title));
      }
      case 'server_error': {
        const status = fault.status ?? 500;
        return reply
          .status(status)
          .send(problem(status, status === 503 ? 'Service Unavailable' : 'Internal Server Error'));
      }
      case 'slow':
        // As a real server does, stop waiting when the caller has given up (hung up).
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, fault.delayMs);
          request.raw.socket.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        return undefined;
      case 'malformed_json':
        return reply
          .status(200)
          .type('application/json')
          .send('{"page":1,"pageSize":50,"hasMore":false,"data":[{"id":');
      case 'wrong_envelope':
        return reply.status(200).send({ items: [], total: 0 });
      case 'connection_reset':
        request.raw.socket.destroy();
        return reply.hijack();
    }
  }

  app.post(TOKEN_PATH, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.grant_type !== 'client_credentials') {
      return reply.status(400).send({ error: 'unsupported_grant_type' });
    }
    const client = [...tenants.values()].find(
      (t) => t.credential.clientId === body.client_id,
    )?.credential;
    if (!client || body.client_secret !== client.clientSecret) {
      return reply.status(400).send({ error: 'invalid_client' });
    }
    const accessToken = `sim.${crypto.randomBytes(24).toString('base64url')}`;
    tokens.set(accessToken, {
      clientId: client.clientId,
      expiresAtMs: now().getTime() + tokenLifetimeSeconds * 1000,
    });
    return reply.send({
      access_token: accessToken,
      expires_in: tokenLifetimeSeconds,
      token_type: 'Bearer',
      scope: 'tn.jpm tn.settings tn.dispatch',
    });
  });

  /**
   * Token, app key, tenant and scope checks every API call passes first; the tenant called, or
   * undefined when it answered.
   */
  function authorize(
    request: FastifyRequest<{ Params: { tenant: string } }>,
    reply: FastifyReply,
    endpoint: string,
  ): (typeof tenants extends Map<string, infer T> ? T : never) | undefined {
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const token = bearer ? tokens.get(bearer) : undefined;
    if (!token || token.expiresAtMs <= now().getTime()) {
      void reply.status(401).send(problem(401, 'Unauthorized'));
      return undefined;
    }
    const called = tenants.get(request.params.tenant);
    // A token and app key are only good for the tenant whose app they belong to.
    const own = called?.credential.clientId === token.clientId ? called : undefined;
    const appCredential =
      [...tenants.values()].find((t) => t.credential.clientId === token.clientId)?.credential ??
      credential;
    const query = request.query as Record<string, string | undefined>;
    const appKey = request.headers['st-app-key'] ?? query.servicetitanapplicationkey;
    if (appKey !== appCredential.appKey) {
      void reply.status(401).send(problem(401, 'Unauthorized: missing or unknown application key'));
      return undefined;
    }
    if (!own) {
      void reply.status(404).send(problem(404, `Tenant ${request.params.tenant} not found`));
      return undefined;
    }
    if (!appAccess.connected) {
      void reply
        .status(403)
        .send(
          problem(
            403,
            `Forbidden: the application is not connected to tenant ${request.params.tenant}`,
          ),
        );
      return undefined;
    }
    const scope = SCOPE_BY_ENDPOINT[endpoint];
    if (scope && appAccess.missingScopes.includes(scope)) {
      void reply.status(403).send(problem(403, `Missing required scope: ${scope}`));
      return undefined;
    }
    return own;
  }

  app.get<{ Params: { module: string; tenant: string; resource: string } }>(
    '/:module/v2/tenant/:tenant/:resource',
    async (request, reply) => {
      const called = authorize(
        request,
        reply,
        `${request.params.module}/${request.params.resource}`,
      );
      if (!called) return reply;
      const handler = called.handlers[`${request.params.module}/${request.params.resource}`];
      if (!handler) return reply.status(404).send(problem(404, 'Not Found'));
      return answerList(handler, request, reply, now());
    },
  );

  app.post<{ Params: { tenant: string } }>(
    '/dispatch/v2/tenant/:tenant/capacity',
    async (request, reply) => {
      const called = authorize(request, reply, 'dispatch/capacity');
      if (!called) return reply;
      const parsed = capacityRequestSchema.safeParse(request.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join('.') || 'body';
        return reply.status(400).send(
          problem(400, 'One or more validation errors occurred.', {
            [field]: [issue?.message ?? 'invalid'],
          }),
        );
      }
      return reply.send(
        answerCapacity(
          called.tenant,
          called.tenant.crew,
          parsed.data,
          now(),
          called.tenant.capacityPlanning(),
        ),
      );
    },
  );

  app.setNotFoundHandler((_request, reply) => reply.status(404).send(problem(404, 'Not Found')));

  const dataFor = (of: Tenant): SimulatorData => {
    const own: SimulatorData = {
      businessUnits: () => of.businessUnits(),
      jobTypes: () => of.jobTypes(),
      jobs: (o = {}) => jobsInWindow(of.snapshot(o.at ?? now(), o.window), o.window),
      appointments: (o = {}) =>
        appointmentsInWindow(of.snapshot(o.at ?? now(), o.window), o.window),
      typicalDailyJobs: () => typicalDailyJobs(own, now(), timeZone),
      technicians: (o = {}) => of.crew.technicians(o.at ?? now()),
      shifts: (o = {}) =>
        of.crew.shifts(o.at ?? now(), o.startsFrom?.getTime(), o.startsBefore?.getTime()),
      capacity: (request, o = {}) =>
        answerCapacity(of, of.crew, request, o.at ?? now(), of.capacityPlanning()),
    };
    return own;
  };
  const data = dataFor(tenant);

  const tenantOf = (tenantId: string | undefined): Tenant => {
    const found = tenants.get(tenantId ?? credential.tenantId);
    if (!found) throw new RangeError(`Tenant ${tenantId} not found`);
    return found.tenant;
  };

  function addShift(shift: SimulatorShift): SimShift {
    const { tenantId, ...request } = shift;
    return tenantOf(tenantId).crew.addShift(request, now());
  }

  function setCapacityPlanning(enabled: boolean, tenantId?: string): void {
    tenantOf(tenantId).setCapacityPlanning(enabled);
  }

  function addTenant(
    options: { capacityPlanning?: boolean; shape?: TenantShape } = {},
  ): SimulatorCredential {
    const n = tenants.size;
    const added: SimulatorCredential = {
      clientId: `cid.sim-tenant-${n}`,
      clientSecret: `cs1.sim-tenant-${n}-${crypto.randomBytes(8).toString('hex')}`,
      tenantId: String(Number(credential.tenantId) + n),
      appKey: `ak1.sim-tenant-${n}`,
    };
    const extra = createTenant({
      seed: seed + n,
      timeZone,
      ...(options.capacityPlanning === undefined
        ? {}
        : { capacityPlanning: options.capacityPlanning }),
      ...(options.shape ? { shape: options.shape } : {}),
    });
    tenants.set(added.tenantId, {
      credential: added,
      tenant: extra,
      handlers: apiHandlers(extra),
    });
    return added;
  }

  function book(booking: SimulatorBooking) {
    const tenantId = booking.tenantId ?? credential.tenantId;
    const target = tenants.get(tenantId);
    if (!target) throw new RangeError(`Tenant ${tenantId} not found`);
    const jobTypeId = booking.jobTypeId ?? JOB_TYPES.find((t) => t.active)!.id;
    if (!JOB_TYPES.some((t) => t.id === jobTypeId))
      throw new RangeError(`Job type ${jobTypeId} not found`);
    const ids = target.tenant.book({
      jobTypeId,
      ...(booking.businessUnitId === undefined ? {} : { businessUnitId: booking.businessUnitId }),
      ...(booking.durationMinutes === undefined
        ? {}
        : { durationMinutes: booking.durationMinutes }),
      start: booking.start,
      createdOn: now(),
    });
    return { tenantId, ...ids };
  }

  registerControlRoutes(app, {
    book,
    addShift,
    setCapacityPlanning,
    calls,
    faults,
    now,
    setClockOffset: (ms) => {
      clockOffsetMs = ms;
    },
    setAppAccess,
    state: () => ({
      now: now().toISOString(),
      clockOffsetMs,
      seed,
      timeZone,
      demoCredential: credential,
      appAccess,
      faults: faults.list(),
      callCount: calls.count(),
      tenant: {
        businessUnits: tenant.businessUnits().length,
        jobTypes: tenant.jobTypes().length,
        jobs: data.jobs().length,
        appointments: data.appointments().length,
        technicians: data.technicians().length,
        capacityPlanning: tenant.capacityPlanning(),
      },
    }),
  });

  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const url = address.replace('[::1]', 'localhost');
  return {
    url,
    authUrl: url,
    apiUrl: url,
    demoCredential: credential,
    calls,
    faults,
    data,
    now,
    setClockOffset: (ms) => {
      clockOffsetMs = ms;
    },
    addTenant,
    tenantData: (tenantId) => dataFor(tenantOf(tenantId)),
    addShift,
    setCapacityPlanning,
    book,
    revokeTokens: () => tokens.clear(),
    setAppAccess,
    close: async () => {
      await app.close();
    },
  };
}

/** Mean distinct non-canceled jobs per weekday over the last ten weekdays (see SimulatorData). */
function typicalDailyJobs(
  data: Pick<SimulatorData, 'jobs'>,
  at: Date,
  timeZone: string,
): { businessUnits: Record<number, number>; jobTypes: Record<number, number> } {
  const totals = { businessUnits: new Map<number, number>(), jobTypes: new Map<number, number>() };
  let days = 0;
  for (let day = localDayNumber(at.getTime(), timeZone) - 1; days < 10; day--) {
    const weekday = weekdayOf(day);
    if (weekday === 0 || weekday === 6) continue;
    days++;
    const window = {
      startsOnOrAfter: new Date(localTimeToUtcMs(day, 0, timeZone)),
      startsBefore: new Date(localTimeToUtcMs(day + 1, 0, timeZone)),
    };
    for (const job of data.jobs({ at, window })) {
      if (job.jobStatus === 'Canceled') continue;
      totals.businessUnits.set(
        job.businessUnitId,
        (totals.businessUnits.get(job.businessUnitId) ?? 0) + 1,
      );
      totals.jobTypes.set(job.jobTypeId, (totals.jobTypes.get(job.jobTypeId) ?? 0) + 1);
    }
  }
  const mean = (m: Map<number, number>) =>
    Object.fromEntries([...m].map(([id, n]) => [id, Math.max(1, Math.round(n / days))]));
  return { businessUnits: mean(totals.businessUnits), jobTypes: mean(totals.jobTypes) };
}
