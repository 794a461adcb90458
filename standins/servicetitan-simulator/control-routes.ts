import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { CallLog } from './call-log.js';
import type { FaultSpec, Faults } from './faults.js';

/** An appointment to book (book / POST /__control/bookings). */
export interface SimulatorBooking {
  /** Default: the demo tenant. */
  tenantId?: string;
  /** Default: the first active job type. */
  jobTypeId?: number;
  /** Default: the job type's first business unit. */
  businessUnitId?: number;
  /** When the appointment starts. */
  start: Date;
  /** Default: the job type's duration. */
  durationMinutes?: number;
}

/** A technician shift to add (addShift / POST /__control/shifts). */
export interface SimulatorShift {
  /** Default: the demo tenant. */
  tenantId?: string;
  technicianId: number;
  shiftType: 'Normal' | 'OnCall' | 'TimeOff';
  start: Date;
  end: Date;
  title?: string;
}

const scope = {
  pathPrefix: z.string().startsWith('/').optional(),
  times: z.union([z.number().int().positive(), z.literal('always')]).optional(),
};

const faultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('unauthorized'), ...scope }),
  z.object({ kind: z.literal('forbidden'), missingScope: z.string().optional(), ...scope }),
  z.object({ kind: z.literal('not_found'), ...scope }),
  z.object({
    kind: z.literal('rate_limited'),
    retryAfterSeconds: z.number().nonnegative(),
    via: z.enum(['header', 'body', 'none']),
    ...scope,
  }),
  z.object({
    kind: z.literal('server_error'),
    status: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(504)]).optional(),
    ...scope,
  }),
  z.object({
    kind: z.literal('slow'),
    delayMs: z.number().int().nonnegative().max(600_000),
    ...scope,
  }),
  z.object({ kind: z.literal('malformed_json'), ...scope }),
  z.object({ kind: z.literal('wrong_envelope'), ...scope }),
  z.object({ kind: z.literal('connection_reset'), ...scope }),
]);

/**
 * `/__control/*`: the same controls as the Simulator object, for a separate process (browser
 * tests, benchmarks, a person with curl). Calls to these are not recorded.
 */
export function registerControlRoutes(
  app: FastifyInstance,
  deps: {
    calls: CallLog;
    faults: Faults;
    now: () => Date;
    setClockOffset: (ms: number) => void;
    setAppAccess: (access: { connected?: boolean; missingScopes?: string[] }) => void;
    state: () => unknown;
    book: (booking: SimulatorBooking) => { tenantId: string; jobId: number; appointmentId: number };
    addShift: (shift: SimulatorShift) => unknown;
    setCapacityPlanning: (enabled: boolean, tenantId?: string) => void;
  },
): void {
  app.get('/__control/calls', async (request) => {
    const query = request.query as { method?: string; path?: string };
    const filter = { method: query.method, path: query.path };
    return { count: deps.calls.count(filter), calls: deps.calls.list(filter) };
  });
  app.post('/__control/reset', async (_request, reply) => {
    deps.calls.reset();
    deps.faults.clear();
    deps.setAppAccess({ connected: true, missingScopes: [] });
    return reply.status(204).send();
  });
  app.get('/__control/faults', async () => ({ faults: deps.faults.list() }));
  app.post('/__control/faults', async (request, reply) => {
    const body: unknown = typeof request.body === 'string' ? safeJson(request.body) : request.body;
    const list = Array.isArray(body) ? body : [body];
    const parsed = z.array(faultSchema).safeParse(list);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reply.status(400).send({
        error: `${issue?.path.slice(1).join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
      });
    }
    for (const fault of parsed.data) deps.faults.inject(fault as FaultSpec);
    return reply.status(201).send({ faults: deps.faults.list() });
  });
  app.delete('/__control/faults', async (_request, reply) => {
    deps.faults.clear();
    return reply.status(204).send();
  });
  app.post('/__control/clock', async (request, reply) => {
    const parsed = z.object({ offsetMs: z.number().int() }).safeParse(request.body);
    if (!parsed.success)
      return reply
        .status(400)
        .send({ error: 'offsetMs: expected an integer number of milliseconds' });
    deps.setClockOffset(parsed.data.offsetMs);
    return { now: deps.now().toISOString() };
  });
  app.get('/__control/state', async () => deps.state());
  /**
   * Books a new job now: `{start: ISO date-time, tenantId?, jobTypeId?, businessUnitId?,
   * durationMinutes?}`; answers 201 with its ids.
   */
  app.post('/__control/bookings', async (request, reply) =>
    controlCall(
      reply,
      z
        .object({
          start: z.iso.datetime({ offset: true }),
          tenantId: z.string().min(1).optional(),
          jobTypeId: z.number().int().positive().optional(),
          businessUnitId: z.number().int().positive().optional(),
          durationMinutes: z
            .number()
            .int()
            .positive()
            .max(24 * 60)
            .optional(),
        })
        .strict(),
      request.body,
      ({ start, ...rest }) =>
        reply.status(201).send(deps.book({ ...rest, start: new Date(start) })),
    ),
  );
  /**
   * Adds a technician shift now: `{technicianId, shiftType: Normal|OnCall|TimeOff, start, end,
   * tenantId?, title?}` (a sick call, time off, overtime); answers 201 with the shift.
   */
  app.post('/__control/shifts', async (request, reply) =>
    controlCall(
      reply,
      z
        .object({
          technicianId: z.number().int().positive(),
          shiftType: z.enum(['Normal', 'OnCall', 'TimeOff']),
          start: z.iso.datetime({ offset: true }),
          end: z.iso.datetime({ offset: true }),
          tenantId: z.string().min(1).optional(),
          title: z.string().min(1).max(100).optional(),
        })
        .strict()
        .refine((shift) => Date.parse(shift.end) > Date.parse(shift.start), {
          message: 'must be after start',
          path: ['end'],
        }),
      request.body,
      ({ start, end, ...rest }) =>
        reply
          .status(201)
          .send(deps.addShift({ ...rest, start: new Date(start), end: new Date(end) })),
    ),
  );
  /** Sets up capacity planning in a tenant or takes it away: `{enabled, tenantId?}`. */
  app.post('/__control/capacity-planning', async (request, reply) =>
    controlCall(
      reply,
      z.object({ enabled: z.boolean(), tenantId: z.string().min(1).optional() }).strict(),
      request.body,
      ({ enabled, tenantId }) => {
        deps.setCapacityPlanning(enabled, tenantId);
        return reply.status(204).send();
      },
    ),
  );
  /** What the tenant grants the app: `{connected?: boolean, missingScopes?: string[]}`. */
  app.post('/__control/app-access', async (request, reply) =>
    controlCall(
      reply,
      z
        .object({
          connected: z.boolean().optional(),
          missingScopes: z.array(z.string().min(1)).optional(),
        })
        .strict(),
      request.body,
      (access) => {
        deps.setAppAccess(access);
        return reply.status(204).send();
      },
    ),
  );
}

/**
 * A control call's body checked by `schema` (400 naming the field), then `act` (a RangeError, an
 * unknown tenant or technician, is a 404).
 */
function controlCall<T>(
  reply: FastifyReply,
  schema: z.ZodType<T>,
  body: unknown,
  act: (value: T) => FastifyReply,
): FastifyReply {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return reply
      .status(400)
      .send({ error: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}` });
  }
  try {
    return act(parsed.data);
  } catch (err) {
    if (err instanceof RangeError) return reply.status(404).send({ error: err.message });
    throw err;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
