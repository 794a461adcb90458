import crypto from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createCallLog, type CallLog } from '../servicetitan-simulator/call-log.js';
import { localDayNumber, localTimeToUtcMs } from '../servicetitan-simulator/local-time.js';
import { JOB_TYPES, createAccount, materialize, type Account, type HcpJobPlan } from './account.js';
import { signWebhook } from './webhooks.js';

export type { HcpJobPlan, HcpNamed } from './account.js';
export { BUSINESS_UNITS, JOB_TYPES } from './account.js';
export { signWebhook } from './webhooks.js';

/**
 * A stand-in for Housecall Pro's public API (`https://api.housecallpro.com`) for development,
 * demos and tests, speaking what the board's adapter uses as the research describes it
 * (shared/research/providers-hours-notifications.md, sections 1 and 5; decision 041):
 *
 * - `Authorization: Token <company API key>` and `Authorization: Bearer <OAuth token>`; a crossed
 *   form or an unknown or revoked key gets 401 `{"error":{"message":...}}`.
 * - `GET /company` (with `time_zone`), `GET /jobs` (schedule filters, `work_status[]` in the
 *   filter words, `expand[]=appointments`, `page`/`page_size` up to 200 with the
 *   `page, page_size, total_pages, total_items` envelope, `sort_by`/`sort_direction`), and
 *   `GET /job_fields/job_types`. Jobs carry status words with spaces, `job_fields`, UTC instants.
 * - More than `burstPerSecond` calls of one key within a second get 429 with `Retry-After: 1`;
 *   faults on demand (429 with or without Retry-After, 401, 5xx).
 * - Signed webhooks (`Api-Timestamp`, `Api-Signature`) to the address an account is given, for
 *   jobs booked on demand and for the sample account's own bookings as the clock reaches them.
 *
 * It is not product code and the product does not import it; it is reached over HTTP like the
 * real host (HOUSECALLPRO_API_URL).
 */

export interface HcpAccountCredential {
  /** The Company API key (App Store > API card > Generate API Key). */
  apiKey: string;
  /** An OAuth access token of the same account, sent as `Bearer`. */
  oauthToken: string;
  companyId: string;
  companyName: string;
}

/** The sample account `npm start` connects "Demo Plumbing Co" to. */
export const DEMO_ACCOUNT: HcpAccountCredential = {
  apiKey: 'hcp_key_demo_plumbing_7Qv2mK9xR4tL8wZ3',
  oauthToken: 'hcp_oauth_demo_plumbing_Jd82kQm1Zx',
  companyId: '5c1e9a7e-2f3b-4d8e-9a61-3e2d7c0b4f18',
  companyName: 'Demo Plumbing Co',
};

export interface HcpFault {
  kind: 'rate_limited' | 'unauthorized' | 'server_error';
  /** For rate_limited: the Retry-After seconds sent, or none when null. */
  retryAfterSeconds?: number | null;
  /** How many calls get it (default 1). */
  times?: number;
}

export interface HcpWebhookDelivery {
  event: string;
  jobId: string;
  status: number | null;
  at: string;
}

export interface HousecallProStandin {
  url: string;
  demoAccount: HcpAccountCredential;
  calls: CallLog;
  now(): Date;
  setClockOffset(ms: number): void;
  /** Another account (seeded differently, its own key), as a second shop on Housecall Pro. */
  addAccount(): HcpAccountCredential;
  /** Books a job with one appointment at the stand-in's now; the webhook is sent if set. */
  book(booking: {
    apiKey?: string;
    start: Date;
    more?: Date[];
    durationMinutes?: number;
    jobTypeId?: string | null;
    businessUnitId?: string | null;
    canceled?: 'user' | 'pro';
    unscheduled?: boolean;
  }): Promise<{ jobId: string }>;
  /** Where an account's webhooks go and the secret they are signed with (null: off). */
  setWebhook(apiKey: string, target: { url: string; secret: string } | null): void;
  /** The webhooks sent, newest last. */
  deliveries(apiKey?: string): HcpWebhookDelivery[];
  /** The next calls of an account get this answer instead. */
  fault(apiKey: string, fault: HcpFault): void;
  /** The key stops working (401), as when an admin deletes it. */
  revokeKey(apiKey: string): void;
  /** The account's job plans near a window, raw (an independent recount reads these). */
  plans(apiKey: string, fromMs?: number, toMs?: number): HcpJobPlan[];
  /**
   * Jobs a working day typically holds (the mean over the last ten weekdays), by Housecall Pro
   * business unit and job type id ('' for jobs without one): realistic day targets for a demo.
   */
  typicalDailyJobs(apiKey?: string): {
    businessUnits: Record<string, number>;
    jobTypes: Record<string, number>;
  };
  timeZone(apiKey?: string): string;
  close(): Promise<void>;
}

export interface HousecallProStandinOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  seed?: number;
  now?: () => Date;
  /** The sample company's zone (GET /company `time_zone`). */
  timeZone?: string;
  /** The largest `page_size` answered (Housecall Pro states none; 200 is what clients use). */
  maxPageSize?: number;
  /** Calls of one key within a second before 429 (Retry-After: 1). */
  burstPerSecond?: number;
  /** How often the sample accounts' own bookings are looked for, to send their webhooks. */
  webhookTickMs?: number;
  /**
   * The clock webhooks are stamped and signed with (default: `now`). A benchmark freezes the
   * accounts' data (`now`) while Housecall Pro stamps a delivery at the real time, which the app
   * accepts only within five minutes.
   */
  webhookNow?: () => Date;
}

interface AccountState {
  credential: HcpAccountCredential;
  account: Account;
  revoked: boolean;
  webhook: { url: string; secret: string } | null;
  faults: HcpFault[];
  recent: number[];
  /** Stand-in clock when the sample bookings were last looked at for webhooks. */
  announcedThroughMs: number;
}

const errorBody = (message: string) => ({ error: { message } });

/** Filter words → the status words jobs carry (they differ: decision 041). */
export const WORK_STATUS_FILTER: Record<string, string[]> = {
  unscheduled: ['needs scheduling'],
  scheduled: ['scheduled'],
  in_progress: ['in progress'],
  completed: ['complete rated', 'complete unrated'],
  canceled: ['user canceled', 'pro canceled'],
};

/** A query value that may be repeated (`a[]=1&a[]=2`) or single. */
function many(query: Record<string, unknown>, name: string): string[] {
  const value = query[`${name}[]`] ?? query[name];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

/**
 * A filter bound: an instant with a zone as that instant; without one, the company's local wall
 * time (decision 041). Null when absent, NaN when unreadable.
 */
function bound(value: unknown, timeZone: string): number | null {
  if (value === undefined || value === '') return null;
  const text = String(value).trim();
  if (/(?:Z|[+-]\d{2}:?\d{2})$/i.test(text)) return Date.parse(text);
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!match) return Number.NaN;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const day = Math.floor(Date.UTC(Number(y), Number(mo) - 1, Number(d)) / 86_400_000);
  return localTimeToUtcMs(day, Number(h) * 60 + Number(mi), timeZone) + Number(s) * 1000;
}

const positiveInt = (value: unknown, fallback: number) => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : Number.NaN;
};

export async function startHousecallProStandin(
  options: HousecallProStandinOptions = {},
): Promise<HousecallProStandin> {
  const baseNow = options.now ?? (() => new Date());
  let clockOffsetMs = 0;
  const now = () => new Date(baseNow().getTime() + clockOffsetMs);
  const seed = options.seed ?? 1;
  const timeZone = options.timeZone ?? 'America/Chicago';
  const maxPageSize = options.maxPageSize ?? 200;
  const burstPerSecond = options.burstPerSecond ?? 20;
  const calls = createCallLog();
  const deliveries: (HcpWebhookDelivery & { apiKey: string })[] = [];
  const accounts = new Map<string, AccountState>();
  const byOauth = new Map<string, AccountState>();

  const addState = (credential: HcpAccountCredential, accountSeed: number) => {
    const state: AccountState = {
      credential,
      account: createAccount({ seed: accountSeed, timeZone }),
      revoked: false,
      webhook: null,
      faults: [],
      recent: [],
      announcedThroughMs: now().getTime(),
    };
    accounts.set(credential.apiKey, state);
    byOauth.set(credential.oauthToken, state);
    return state;
  };
  addState(DEMO_ACCOUNT, seed);

  const stateOf = (apiKey: string | undefined): AccountState => {
    const state = accounts.get(apiKey ?? DEMO_ACCOUNT.apiKey);
    if (!state) throw new RangeError('No such Housecall Pro account');
    return state;
  };

  const app = Fastify({ logger: false, forceCloseConnections: true });
  const accountOf = new WeakMap<FastifyRequest, AccountState>();

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/__control/')) return;
    const call = calls.record({
      method: request.method,
      path,
      query: Object.fromEntries(new URL(request.url, 'http://standin').searchParams),
      at: now().toISOString(),
      receivedAtMs: Date.now(),
    });
    reply.raw.once('finish', () => {
      call.status = reply.statusCode;
    });
    // Both auth forms; a crossed one (an API key as Bearer, a token as Token) is refused.
    const header = request.headers.authorization ?? '';
    const token = /^Token\s+(.+)$/i.exec(header)?.[1]?.trim();
    const bearer = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
    const state = token ? accounts.get(token) : bearer ? byOauth.get(bearer) : undefined;
    if (!state || state.revoked) {
      return reply.status(401).send(errorBody('Unauthorized'));
    }
    call.account = state.credential.apiKey;
    const fault = state.faults[0];
    if (fault) {
      if ((fault.times ?? 1) <= 1) state.faults.shift();
      else fault.times = (fault.times ?? 1) - 1;
      if (fault.kind === 'unauthorized') return reply.status(401).send(errorBody('Unauthorized'));
      if (fault.kind === 'server_error') {
        return reply.status(503).send(errorBody('Service Unavailable'));
      }
      if (fault.retryAfterSeconds != null) {
        reply.header('retry-after', String(fault.retryAfterSeconds));
      }
      return reply.status(429).send(errorBody('Too Many Requests'));
    }
    // A burst of one key's calls within a second is throttled, with Retry-After.
    const at = Date.now();
    state.recent = state.recent.filter((t) => at - t < 1000);
    if (state.recent.length >= burstPerSecond) {
      return reply.status(429).header('retry-after', '1').send(errorBody('Too Many Requests'));
    }
    state.recent.push(at);
    accountOf.set(request, state);
    return undefined;
  });

  const company = (state: AccountState) => ({
    id: state.credential.companyId,
    name: state.credential.companyName,
  });

  function paged<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    rows: T[],
    key: string,
  ): Record<string, unknown> | FastifyReply {
    const query = request.query as Record<string, unknown>;
    const page = positiveInt(query.page, 1);
    const asked = positiveInt(query.page_size, 10);
    if (Number.isNaN(page) || Number.isNaN(asked)) {
      return reply.status(400).send(errorBody('page and page_size must be positive integers'));
    }
    const pageSize = Math.min(asked, maxPageSize);
    const totalPages = Math.ceil(rows.length / pageSize);
    return {
      page,
      page_size: pageSize,
      total_pages: totalPages,
      total_items: rows.length,
      [key]: rows.slice((page - 1) * pageSize, page * pageSize),
    };
  }

  app.get('/company', async (request) => {
    const state = accountOf.get(request)!;
    return {
      id: state.credential.companyId,
      name: state.credential.companyName,
      phone_number: '+15125550134',
      support_email: 'office@demo-plumbing.test',
      time_zone: state.account.timeZone,
      default_arrival_window: 120,
      address: { street: '410 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
      locations: [],
    };
  });

  app.get('/job_fields/job_types', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const name = typeof query.name === 'string' ? query.name.toLowerCase() : '';
    const rows = JOB_TYPES.filter((t) => t.name.toLowerCase().includes(name));
    return paged(request, reply, rows, 'job_types');
  });

  app.get('/jobs', async (request, reply) => {
    const state = accountOf.get(request)!;
    const query = request.query as Record<string, unknown>;
    const bounds = {
      startMin: bound(query.scheduled_start_min, state.account.timeZone),
      startMax: bound(query.scheduled_start_max, state.account.timeZone),
      endMin: bound(query.scheduled_end_min, state.account.timeZone),
      endMax: bound(query.scheduled_end_max, state.account.timeZone),
    };
    for (const [name, value] of Object.entries(bounds)) {
      if (value !== null && Number.isNaN(value)) {
        return reply.status(400).send(errorBody(`${name} is not a date`));
      }
    }
    const statusWords: string[] = [];
    for (const word of many(query, 'work_status')) {
      const words = WORK_STATUS_FILTER[word];
      if (!words) return reply.status(400).send(errorBody(`work_status ${word} is not valid`));
      statusWords.push(...words);
    }
    const expand = many(query, 'expand');
    const sortBy = typeof query.sort_by === 'string' ? query.sort_by : 'created_at';
    if (!['created_at', 'updated_at', 'id'].includes(sortBy)) {
      return reply.status(400).send(errorBody(`sort_by ${sortBy} is not supported`));
    }
    const direction = query.sort_direction === 'asc' ? 1 : -1;
    const nowMs = now().getTime();
    const scheduleFiltered = Object.values(bounds).some((v) => v !== null);
    const jobs: Record<string, unknown>[] = [];
    for (const plan of state.account.plans(
      nowMs,
      bounds.endMin ?? bounds.startMin ?? undefined,
      bounds.startMax ?? bounds.endMax ?? undefined,
    )) {
      const job = materialize(plan, nowMs, company(state), expand.includes('appointments'));
      if (!job) continue;
      if (statusWords.length > 0 && !statusWords.includes(job.work_status as string)) continue;
      if (scheduleFiltered) {
        const first = plan.appointments[0];
        const last = plan.appointments[plan.appointments.length - 1];
        if (!first || !last) continue;
        if (bounds.startMin !== null && first.startMs < bounds.startMin) continue;
        if (bounds.startMax !== null && first.startMs > bounds.startMax) continue;
        if (bounds.endMin !== null && last.endMs < bounds.endMin) continue;
        if (bounds.endMax !== null && last.endMs > bounds.endMax) continue;
      }
      jobs.push(job);
    }
    const field = sortBy === 'id' ? 'id' : sortBy;
    jobs.sort((a, b) => {
      const x = String(a[field]);
      const y = String(b[field]);
      return (x < y ? -1 : x > y ? 1 : String(a.id) < String(b.id) ? -1 : 1) * direction;
    });
    return paged(request, reply, jobs, 'jobs');
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send(errorBody('Not Found')));

  async function deliver(state: AccountState, event: string, plan: HcpJobPlan): Promise<void> {
    const target = state.webhook;
    if (!target) return;
    const at = now();
    const job = materialize(plan, at.getTime(), company(state), true);
    const stamped = options.webhookNow?.() ?? at;
    const body = JSON.stringify({
      event,
      event_occurred_at: stamped.toISOString(),
      company_id: state.credential.companyId,
      job,
    });
    // Signed at the stand-in's own clock (a test's moved clock is the app's too).
    const timestamp = String(Math.floor(stamped.getTime() / 1000));
    const delivery = {
      apiKey: state.credential.apiKey,
      event,
      jobId: plan.id,
      status: null as number | null,
      at: stamped.toISOString(),
    };
    deliveries.push(delivery);
    if (deliveries.length > 500) deliveries.shift();
    try {
      const response = await fetch(target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'api-timestamp': timestamp,
          'api-signature': signWebhook(target.secret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      delivery.status = response.status;
      await response.body?.cancel();
    } catch {
      delivery.status = null;
    }
  }

  /** The sample accounts book through the day: their new and canceled jobs are announced. */
  const webhookTimer = setInterval(() => {
    const nowMs = now().getTime();
    for (const state of accounts.values()) {
      const since = state.announcedThroughMs;
      state.announcedThroughMs = nowMs;
      if (!state.webhook || nowMs <= since) continue;
      for (const plan of state.account.plans(nowMs)) {
        if (plan.createdMs > since && plan.createdMs <= nowMs) {
          void deliver(state, 'job.created', plan);
        } else if (plan.canceled && plan.canceled.atMs > since && plan.canceled.atMs <= nowMs) {
          void deliver(state, plan.canceled.by === 'user' ? 'job.canceled' : 'job.deleted', plan);
        }
      }
    }
  }, options.webhookTickMs ?? 1000);
  webhookTimer.unref();

  let added = 0;
  function addAccount(): HcpAccountCredential {
    added += 1;
    const tag = crypto.randomBytes(6).toString('hex');
    return addState(
      {
        apiKey: `hcp_key_account_${added}_${tag}`,
        oauthToken: `hcp_oauth_account_${added}_${tag}`,
        companyId: crypto.randomUUID(),
        companyName: `Sample Plumbing ${added}`,
      },
      seed + added,
    ).credential;
  }

  async function book(booking: Parameters<HousecallProStandin['book']>[0]) {
    const state = stateOf(booking.apiKey);
    const plan = state.account.book({
      start: booking.start,
      createdAt: now(),
      ...(booking.more ? { more: booking.more } : {}),
      ...(booking.canceled ? { canceled: booking.canceled } : {}),
      ...(booking.unscheduled ? { unscheduled: true } : {}),
      ...(booking.durationMinutes === undefined
        ? {}
        : { durationMinutes: booking.durationMinutes }),
      ...(booking.jobTypeId === undefined ? {} : { jobTypeId: booking.jobTypeId }),
      ...(booking.businessUnitId === undefined ? {} : { businessUnitId: booking.businessUnitId }),
    });
    await deliver(state, 'job.created', plan);
    return { jobId: plan.id };
  }

  registerControlRoutes();

  function registerControlRoutes() {
    const bookingSchema = z.object({
      apiKey: z.string().optional(),
      start: z.iso.datetime({ offset: true }),
      durationMinutes: z
        .number()
        .int()
        .positive()
        .max(24 * 60)
        .optional(),
      jobTypeId: z.string().nullable().optional(),
      businessUnitId: z.string().nullable().optional(),
    });
    app.post('/__control/bookings', async (request, reply) => {
      const parsed = bookingSchema.safeParse(request.body);
      if (!parsed.success) return reply.status(400).send({ error: parsed.error.message });
      const { start, ...rest } = parsed.data;
      try {
        return await book({ ...rest, start: new Date(start) });
      } catch (error) {
        return reply.status(404).send({ error: (error as Error).message });
      }
    });
    const webhookSchema = z.object({
      apiKey: z.string().optional(),
      url: z.url().nullable(),
      secret: z.string().min(1).optional(),
    });
    app.post('/__control/webhooks', async (request, reply) => {
      const parsed = webhookSchema.safeParse(request.body);
      if (!parsed.success) return reply.status(400).send({ error: parsed.error.message });
      const { apiKey, url, secret } = parsed.data;
      const state = accounts.get(apiKey ?? DEMO_ACCOUNT.apiKey);
      if (!state) return reply.status(404).send({ error: 'No such account' });
      state.webhook = url && secret ? { url, secret } : null;
      return { ok: true };
    });
    app.post('/__control/clock', async (request, reply) => {
      const parsed = z.object({ offsetMs: z.number().int() }).safeParse(request.body);
      if (!parsed.success) return reply.status(400).send({ error: parsed.error.message });
      clockOffsetMs = parsed.data.offsetMs;
      return { now: now().toISOString() };
    });
    app.get('/__control/state', async () => ({
      now: now().toISOString(),
      timeZone,
      demoAccount: DEMO_ACCOUNT,
      accounts: accounts.size,
      calls: calls.count(),
      deliveries: deliveries.slice(-20).map(({ apiKey: _key, ...rest }) => rest),
    }));
    app.get('/__control/calls', async () => calls.list());
  }

  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const url = address.replace('[::1]', 'localhost');
  return {
    url,
    demoAccount: DEMO_ACCOUNT,
    calls,
    now,
    setClockOffset: (ms) => {
      clockOffsetMs = ms;
    },
    addAccount,
    book,
    setWebhook: (apiKey, target) => {
      stateOf(apiKey).webhook = target;
    },
    deliveries: (apiKey) =>
      deliveries
        .filter((d) => apiKey === undefined || d.apiKey === apiKey)
        .map(({ apiKey: _key, ...rest }) => rest),
    fault: (apiKey, fault) => {
      stateOf(apiKey).faults.push({ ...fault });
    },
    revokeKey: (apiKey) => {
      stateOf(apiKey).revoked = true;
    },
    plans: (apiKey, fromMs, toMs) => stateOf(apiKey).account.plans(now().getTime(), fromMs, toMs),
    timeZone: (apiKey) => stateOf(apiKey).account.timeZone,
    typicalDailyJobs(apiKey) {
      const { account } = stateOf(apiKey);
      const nowMs = now().getTime();
      const totals = {
        businessUnits: new Map<string, number>(),
        jobTypes: new Map<string, number>(),
      };
      let days = 0;
      for (let day = localDayNumber(nowMs, account.timeZone) - 1; days < 10; day--) {
        const weekday = (((day + 4) % 7) + 7) % 7;
        if (weekday === 0 || weekday === 6) continue;
        days++;
        const fromMs = localTimeToUtcMs(day, 0, account.timeZone);
        const toMs = localTimeToUtcMs(day + 1, 0, account.timeZone);
        for (const plan of account.plans(nowMs, fromMs, toMs)) {
          if (plan.canceled || plan.unscheduled) continue;
          if (!plan.appointments.some((a) => a.startMs >= fromMs && a.startMs < toMs)) continue;
          const bu = plan.businessUnit?.id ?? '';
          const jt = plan.jobType?.id ?? '';
          totals.businessUnits.set(bu, (totals.businessUnits.get(bu) ?? 0) + 1);
          totals.jobTypes.set(jt, (totals.jobTypes.get(jt) ?? 0) + 1);
        }
      }
      const mean = (m: Map<string, number>) =>
        Object.fromEntries([...m].map(([id, n]) => [id, Math.max(1, Math.round(n / days))]));
      return { businessUnits: mean(totals.businessUnits), jobTypes: mean(totals.jobTypes) };
    },
    close: async () => {
      clearInterval(webhookTimer);
      await app.close();
    },
  };
}
