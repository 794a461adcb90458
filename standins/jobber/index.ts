import crypto from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import type { GraphQLError } from 'graphql';
import { execute, parse, validate, type DocumentNode } from 'graphql';
import { createAccount, type JobberAccount, type Visit } from './account.js';
import { createOAuthServer, REFUSED_REFRESH, type OAuthServer } from './oauth.js';
import { consentPage } from './pages.js';
import { queryCost, rootValue, schema } from './schema.js';

/**
 * A Jobber stand-in speaking Jobber's real protocols (research notes, sections 2 and 5): the
 * OAuth authorize page and token endpoint at `/api/oauth/*` with rotating refresh tokens, the
 * GraphQL API at `/api/graphql` (graphql-js over a subset of Jobber's schema) with
 * `X-JOBBER-GRAPHQL-VERSION`, query cost in `extensions.cost`, a leaky bucket that answers
 * THROTTLED (HTTP 200) and a request limiter that answers 429, and webhooks signed
 * `X-Jobber-Hmac-SHA256` sent to the app. Its sample account books visits through the day.
 */

/** API versions the stand-in supports; older ones answer with a warning, as Jobber's do. */
export const SUPPORTED_VERSIONS = ['2025-01-20', '2025-04-16', '2026-05-12'];
const WARN_BEFORE = '2025-04-16';
/** The query-cost bucket (Jobber: 10,000 points, restored 500 per second). */
export const BUCKET_MAX = 10_000;
export const RESTORE_PER_SECOND = 500;
/** The request limiter (Jobber: 2,500 requests per 300 s per app and account, then 429). */
const REQUESTS_PER_WINDOW = 2_500;
const REQUEST_WINDOW_MS = 300_000;

export interface JobberStandinOptions {
  port?: number;
  host?: string;
  seed?: number;
  now?: () => Date;
  timeZone?: string;
  /** Access-token lifetime (Jobber: 60 minutes). */
  accessTokenSeconds?: number;
  /** Grants kept across restarts (the embedded default keeps its demo connection). */
  stateFile?: string;
  /** The app registered with this Jobber (default: a fixed development app). */
  app?: { clientId: string; clientSecret: string };
  /** How often new and removed visits are announced by webhook (default 1 s; 0: only on demand). */
  webhookTickMs?: number;
}

export interface JobberStandin {
  /** Base URL the product uses as JOBBER_API_URL. */
  url: string;
  app: { clientId: string; clientSecret: string; appId: string };
  account: JobberAccount;
  oauth: OAuthServer;
  /** Where webhooks go (the product's `/api/providers/jobber/webhooks`); null: nowhere. */
  setWebhookTarget(url: string | null): void;
  /** Consent given by the sample account's owner without the page: tokens for a seeded connection. */
  connectSampleAccount(redirectUri: string): { access_token: string; refresh_token: string };
  /** Books a visit now and announces it (VISIT_CREATE). */
  book(input: Parameters<JobberAccount['addVisit']>[0]): Promise<Visit>;
  /** Sends one webhook now (signed as Jobber signs); resolves with the HTTP status, or 0. */
  sendWebhook(topic: string, itemId: string): Promise<number>;
  /** Drains the query-cost bucket to this many points (a throttling test). */
  setAvailablePoints(points: number): void;
  /** The next `count` API requests answer HTTP 429. */
  refuseNextRequests(count: number): void;
  /** The account's owner disconnects the app in Jobber (tokens end, APP_DISCONNECT sent). */
  disconnectInJobber(): Promise<void>;
  readonly stats: { graphqlRequests: number; throttled: number; tooMany: number; lastCost: number };
  close(): Promise<void>;
}

export const DEFAULT_APP = {
  clientId: 'callboard-dev-jobber-app',
  clientSecret: 'jobber-standin-client-secret-for-development',
};

export async function startJobberStandin(
  options: JobberStandinOptions = {},
): Promise<JobberStandin> {
  const now = options.now ?? (() => new Date());
  const nowMs = () => now().getTime();
  const app = { ...(options.app ?? DEFAULT_APP), appId: crypto.randomUUID() };
  const account = createAccount({
    seed: options.seed ?? 7,
    timeZone: options.timeZone ?? 'America/Chicago',
    name: 'Demo Comfort Services',
    number: 4242,
  });
  const owner = account.users.find((u) => u.isAccountOwner)!;
  const oauth = createOAuthServer({
    now: nowMs,
    accessTokenSeconds: options.accessTokenSeconds ?? 3600,
    stateFile: options.stateFile,
  });
  let webhookTarget: string | null = null;
  let bucket = { available: BUCKET_MAX, atMs: nowMs() };
  let refuseRequests = 0;
  const requestTimes: number[] = [];
  const stats = { graphqlRequests: 0, throttled: 0, tooMany: 0, lastCost: 0 };

  function available(): number {
    const at = nowMs();
    const restored = ((at - bucket.atMs) / 1000) * RESTORE_PER_SECOND;
    bucket = {
      available: Math.min(BUCKET_MAX, bucket.available + Math.max(0, restored)),
      atMs: at,
    };
    return Math.floor(bucket.available);
  }
  const throttleStatus = () => ({
    maximumAvailable: BUCKET_MAX,
    currentlyAvailable: available(),
    restoreRate: RESTORE_PER_SECOND,
  });

  const server = Fastify({ logger: false });
  await server.register(formbody);

  // --- OAuth -------------------------------------------------------------------------------
  server.get('/api/oauth/authorize', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    if (q.response_type !== 'code' || q.client_id !== app.clientId || !q.redirect_uri) {
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send('<h1>Invalid request</h1><p>Unknown app or missing redirect_uri.</p>');
    }
    return reply.type('text/html; charset=utf-8').send(
      consentPage({
        accountName: account.name,
        userName: `${owner.first} ${owner.last}`,
        email: owner.email,
        clientId: q.client_id,
        redirectUri: q.redirect_uri,
        state: q.state ?? '',
      }),
    );
  });

  server.post('/api/oauth/authorize', async (request, reply) => {
    const body = request.body as Record<string, string | undefined>;
    if (body.client_id !== app.clientId || !body.redirect_uri) return reply.code(400).send();
    // Denied: back to the callback with no parameters at all (Jobber's documented behaviour).
    if (body.decision !== 'allow') return reply.redirect(body.redirect_uri, 302);
    const code = oauth.issueCode({
      clientId: app.clientId,
      redirectUri: body.redirect_uri,
      accountId: account.id,
      userId: owner.id,
    });
    const target = new URL(body.redirect_uri);
    target.searchParams.set('code', code);
    if (body.state) target.searchParams.set('state', body.state);
    return reply.redirect(target.toString(), 302);
  });

  server.post('/api/oauth/token', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    if (body.client_id !== app.clientId || body.client_secret !== app.clientSecret) {
      return reply
        .code(401)
        .send({ error: 'invalid_client', error_description: 'Client authentication failed.' });
    }
    if (body.grant_type === 'authorization_code') {
      const answer = oauth.redeemCode({
        clientId: app.clientId,
        code: body.code ?? '',
        redirectUri: body.redirect_uri ?? '',
      });
      if (!answer)
        return reply.code(400).send({
          error: 'invalid_grant',
          error_description: 'The provided authorization grant is invalid, expired or revoked.',
        });
      return answer;
    }
    if (body.grant_type === 'refresh_token') {
      const answer = oauth.refresh({
        clientId: app.clientId,
        refreshToken: body.refresh_token ?? '',
      });
      if (!answer)
        return reply.code(400).send({ error: 'invalid_grant', error_description: REFUSED_REFRESH });
      return answer;
    }
    return reply.code(400).send({ error: 'unsupported_grant_type' });
  });

  // --- GraphQL -----------------------------------------------------------------------------
  server.post('/api/graphql', async (request, reply) => {
    stats.graphqlRequests += 1;
    const at = nowMs();
    while (requestTimes.length && requestTimes[0]! <= at - REQUEST_WINDOW_MS) requestTimes.shift();
    requestTimes.push(at);
    if (refuseRequests > 0 || requestTimes.length > REQUESTS_PER_WINDOW) {
      refuseRequests = Math.max(0, refuseRequests - 1);
      stats.tooMany += 1;
      return reply.code(429).header('content-type', 'text/plain').send('Too Many Requests');
    }
    const authorization = request.headers.authorization ?? '';
    const token = /^Bearer (.+)$/.exec(authorization)?.[1];
    const verified = token ? oauth.verifyAccess(token) : { problem: 'invalid' as const };
    if ('problem' in verified) {
      const message =
        verified.problem === 'disconnected'
          ? 'User has disconnected this app from their account. Please delete this token'
          : verified.problem === 'expired'
            ? 'Invalid Token Error'
            : 'invalid_request';
      return reply.code(401).send({ message });
    }
    if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) {
      return reply.code(415).send({ message: 'Only application/json requests are accepted' });
    }
    const version = request.headers['x-jobber-graphql-version'];
    if (typeof version !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(version)) {
      return reply.code(400).send({
        errors: [{ message: 'The X-JOBBER-GRAPHQL-VERSION header is required.' }],
      });
    }
    const served = SUPPORTED_VERSIONS.includes(version)
      ? version
      : version < SUPPORTED_VERSIONS[0]!
        ? SUPPORTED_VERSIONS[0]!
        : SUPPORTED_VERSIONS[SUPPORTED_VERSIONS.length - 1]!;
    const versioning = {
      version: served,
      ...(served < WARN_BEFORE
        ? { warning: `Version ${served} is nearing its end of support. Please upgrade.` }
        : {}),
    };
    const body = (request.body ?? {}) as {
      query?: unknown;
      variables?: Record<string, unknown> | null;
      operationName?: string | null;
    };
    if (typeof body.query !== 'string') {
      return { errors: [{ message: 'No query string was present' }], extensions: { versioning } };
    }
    let document: DocumentNode;
    try {
      document = parse(body.query);
    } catch (error) {
      return {
        errors: [{ message: (error as GraphQLError).message }],
        extensions: { versioning },
      };
    }
    const invalid = validate(schema, document);
    if (invalid.length > 0) {
      return {
        errors: invalid.map((e) => ({ message: e.message, locations: e.locations })),
        extensions: { versioning },
      };
    }
    const requested = queryCost(document, body.variables ?? undefined, body.operationName);
    stats.lastCost = requested;
    if (requested > available()) {
      stats.throttled += 1;
      return {
        errors: [
          {
            message: 'Throttled',
            extensions: {
              code: 'THROTTLED',
              documentation:
                'https://developer.getjobber.com/docs/using_jobbers_api/api_rate_limits',
            },
          },
        ],
        extensions: {
          cost: {
            requestedQueryCost: requested,
            actualQueryCost: 0,
            throttleStatus: throttleStatus(),
          },
          versioning,
        },
      };
    }
    bucket.available -= requested;
    const grant = verified.grant;
    const result = await execute({
      schema,
      document,
      variableValues: body.variables ?? undefined,
      operationName: body.operationName ?? undefined,
      rootValue: rootValue({
        account,
        nowMs: at,
        appName: '3-Day Call Board',
        disconnect: () => oauth.end(grant.id),
      }),
    });
    return {
      ...(result.data !== undefined ? { data: result.data } : {}),
      ...(result.errors?.length
        ? { errors: result.errors.map((e) => ({ message: e.message, path: e.path })) }
        : {}),
      extensions: {
        cost: {
          requestedQueryCost: requested,
          actualQueryCost: requested,
          throttleStatus: throttleStatus(),
        },
        versioning,
      },
    };
  });

  // --- Control (tests and demos) -------------------------------------------------------------
  server.get('/__control/state', async () => ({
    account: { id: account.id, name: account.name, timeZone: account.timeZone },
    rotations: oauth.rotations,
    refusedRefreshes: oauth.refused,
    grants: oauth.grants().map((g) => ({ id: g.id, active: g.active, rotations: g.rotations })),
    stats,
    availablePoints: available(),
  }));
  server.post('/__control/visits', async (request, reply) => {
    const body = (request.body ?? {}) as {
      startAt?: string;
      allDay?: boolean;
      productOrServiceIds?: (string | null)[];
      assignedUserIds?: string[];
    };
    const startMs = body.startAt ? Date.parse(body.startAt) : nowMs() + 24 * 3_600_000;
    if (Number.isNaN(startMs))
      return reply.code(400).send({ message: 'startAt is not a date-time' });
    const visit = await book({
      startMs,
      createdMs: nowMs(),
      ...(body.allDay !== undefined ? { allDay: body.allDay } : {}),
      ...(body.productOrServiceIds ? { productOrServiceIds: body.productOrServiceIds } : {}),
      ...(body.assignedUserIds ? { assignedUserIds: body.assignedUserIds } : {}),
    });
    return { id: visit.id };
  });
  server.post('/__control/throttle', async (request) => {
    const body = (request.body ?? {}) as { availablePoints?: number; refuseRequests?: number };
    if (typeof body.availablePoints === 'number') setAvailablePoints(body.availablePoints);
    if (typeof body.refuseRequests === 'number') refuseRequests = body.refuseRequests;
    return { availablePoints: available(), refuseRequests };
  });
  server.post('/__control/disconnect', async () => {
    await disconnectInJobber();
    return { disconnected: true };
  });

  // --- Webhooks ------------------------------------------------------------------------------
  async function sendWebhook(topic: string, itemId: string): Promise<number> {
    if (!webhookTarget) return 0;
    const body = JSON.stringify({
      data: {
        webHookEvent: {
          topic,
          appId: app.appId,
          accountId: account.id,
          itemId,
          occurredAt: new Date(nowMs()).toISOString(),
        },
      },
    });
    const signature = crypto.createHmac('sha256', app.clientSecret).update(body).digest('base64');
    // At least once: a failed delivery is tried twice more.
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const response = await fetch(webhookTarget, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-jobber-hmac-sha256': signature },
          body,
          signal: AbortSignal.timeout(1_000),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (response.ok || response.status < 500) return response.status;
      } catch {
        // Not answered within a second: tried again.
      }
    }
    return 0;
  }
  const connected = () => oauth.grants().some((g) => g.active && g.accountId === account.id);

  async function book(input: Parameters<JobberAccount['addVisit']>[0]): Promise<Visit> {
    const visit = account.addVisit(input);
    if (connected()) await sendWebhook('VISIT_CREATE', visit.id);
    return visit;
  }
  function setAvailablePoints(points: number) {
    bucket = { available: Math.max(0, Math.min(BUCKET_MAX, points)), atMs: nowMs() };
  }
  async function disconnectInJobber() {
    for (const grant of oauth.grants()) if (grant.active) oauth.end(grant.id);
    await sendWebhook('APP_DISCONNECT', account.id);
  }

  // The account books through the day: visits appearing or removed are announced each tick.
  let announcedUpTo = nowMs();
  const tickMs = options.webhookTickMs ?? 1_000;
  const ticker =
    tickMs > 0
      ? setInterval(() => {
          const to = nowMs();
          if (to <= announcedUpTo) return;
          const changes = connected() ? account.changesBetween(announcedUpTo, to) : [];
          announcedUpTo = to;
          for (const change of changes) void sendWebhook(change.topic, change.itemId);
        }, tickMs)
      : undefined;
  ticker?.unref();

  const address = await server.listen({
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
  });
  return {
    url: address.replace('[::1]', 'localhost'),
    app,
    account,
    oauth,
    stats,
    setWebhookTarget: (url) => {
      webhookTarget = url;
    },
    connectSampleAccount(redirectUri) {
      const code = oauth.issueCode({
        clientId: app.clientId,
        redirectUri,
        accountId: account.id,
        userId: owner.id,
      });
      return oauth.redeemCode({ clientId: app.clientId, code, redirectUri })!;
    },
    book,
    sendWebhook,
    setAvailablePoints,
    refuseNextRequests: (count) => {
      refuseRequests = count;
    },
    disconnectInJobber,
    async close() {
      if (ticker) clearInterval(ticker);
      await server.close();
    },
  };
}
