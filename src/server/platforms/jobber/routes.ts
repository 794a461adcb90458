import crypto from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  jobberCallbackQuerySchema,
  jobberCompanyQuerySchema,
  jobberConnectionStatusSchema,
  jobberDisconnectResultSchema,
  jobberWebhookSchema,
  type JobberResult,
} from '../../../shared/platforms/jobber/api.js';
import { webhookAnswerSchema } from '../../../shared/api/providers.js';
import { isMasterAdmin } from '../../../shared/permissions.js';
import { companies, oauthStates } from '../../db/schema.js';
import { AppError, badRequest, notConfigured, notFound } from '../../errors.js';
import {
  currentActor,
  currentUser,
  documentAccess,
  namedCompanyForWrite,
  requireUser,
} from '../../plugins/permissions.js';
import { redirectResponse } from '../../plugins/api-reference.js';
import { companyExists } from '../../services/companies/company-store.js';
import { DISCONNECT_MUTATION } from './adapter.js';
import { JOBBER_DISCONNECTED } from './errors.js';
import { authorizeUrl, requestTokens } from './oauth-client.js';
import { recordWebhook } from '../../services/webhooks/receipt-store.js';

/** The connect step's `state` works once, for this long. */
const STATE_TTL_MS = 10 * 60_000;
/** Jobber's webhooks carry ids only: a few hundred bytes. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;
/** Topics that may change what the board counts. */
const BOOKING_TOPICS = new Set([
  'VISIT_CREATE',
  'VISIT_UPDATE',
  'VISIT_DESTROY',
  'VISIT_COMPLETE',
  'JOB_CREATE',
  'JOB_UPDATE',
  'JOB_DESTROY',
  'JOB_CLOSED',
]);

const NOT_AVAILABLE =
  'Jobber is not set up on this server: set JOBBER_CLIENT_ID and JOBBER_CLIENT_SECRET (the app made in Jobber’s Developer Center).';

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('base64url');

/**
 * Jobber's connection (issue 38, decision 057): connect by OAuth (authorization code) as a Jobber
 * app, the callback, disconnect, and Jobber's signed webhooks. Account admins of the company and
 * the master admin connect; anyone else gets 403 (not an admin) or 404 (another company).
 */
export default async function jobberRoutes(root: FastifyInstance): Promise<void> {
  await root.register(connectionRoutes);
  await root.register(webhookRoutes);
}

async function connectionRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireUser);
  documentAccess(app, 'company.edit');
  const exists = (id: number) => companyExists(app.db, id);
  /** The company a route acts on: the caller's own, or the one `?companyId=` names. */
  const companyToEdit = (request: FastifyRequest, named: number | undefined) =>
    namedCompanyForWrite(request, 'company.edit', named, exists);
  const callbackUrl = () => `${app.config.publicUrl}/api/providers/jobber/callback`;
  const jobberApp = () => {
    const configured = app.services.jobber.app;
    if (!configured) throw notConfigured(NOT_AVAILABLE);
    return configured;
  };

  app.get(
    '/api/providers/jobber/connect',
    {
      schema: {
        operationId: 'connectJobber',
        summary: 'Connect Jobber',
        description:
          "Sends the admin to Jobber's page where the account owner allows the board to read the account; Jobber then comes back to the callback. The link works once, for ten minutes, for the admin who asked and that company.",
        querystring: jobberCompanyQuerySchema,
        response: { 302: redirectResponse("Jobber's authorize page") },
      },
    },
    async (request, reply) => {
      const configured = jobberApp();
      const companyId = await companyToEdit(request, request.query.companyId);
      const user = currentUser(request);
      const state = crypto.randomBytes(32).toString('base64url');
      const now = app.services.now();
      await app.db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
      await app.db.insert(oauthStates).values({
        stateHash: sha256(state),
        provider: 'jobber',
        sessionIdHash: request.sessionIdHash ?? '',
        userId: user.id,
        companyId,
        expiresAt: new Date(now.getTime() + STATE_TTL_MS),
      });
      return reply.redirect(authorizeUrl(configured, callbackUrl(), state), 302);
    },
  );

  app.get(
    '/api/providers/jobber/callback',
    {
      schema: {
        operationId: 'jobberCallback',
        summary: 'Come back from Jobber',
        description:
          "Where Jobber sends the admin after they allow (or cancel) the connection. The tokens are stored encrypted and the company's board reads Jobber from then on; the admin is sent back to Setup (the master admin: to Admin) with the outcome.",
        'x-access': 'person',
        querystring: jobberCallbackQuerySchema,
        response: { 302: redirectResponse('Setup, with ?jobber= saying what happened') },
      },
    },
    async (request, reply) => {
      const { code, state } = request.query;
      const actor = currentActor(request);
      const back = (result: JobberResult, companyId?: number) => {
        const master = isMasterAdmin(actor) && companyId !== undefined;
        const path = master
          ? `/admin?companyId=${companyId}&jobber=${result}`
          : `/setup?jobber=${result}`;
        return reply.redirect(path, 302);
      };
      // Cancel on Jobber's page comes back with no parameters at all.
      if (!state) return back(code ? 'failed' : 'denied');
      const now = app.services.now();
      // Single use: whoever deletes the row owns it.
      const [taken] = await app.db
        .delete(oauthStates)
        .where(and(eq(oauthStates.stateHash, sha256(state)), eq(oauthStates.provider, 'jobber')))
        .returning();
      if (
        !taken ||
        taken.expiresAt.getTime() < now.getTime() ||
        taken.userId !== actor.id ||
        taken.sessionIdHash !== (request.sessionIdHash ?? '')
      ) {
        return back('expired');
      }
      if (!code) return back('denied', taken.companyId);
      return connect(reply, taken.companyId, code, actor.id, back);
    },
  );

  async function connect(
    reply: FastifyReply,
    companyId: number,
    code: string,
    userId: string,
    back: (result: JobberResult, companyId?: number) => FastifyReply,
  ) {
    const configured = jobberApp();
    const { fetch, now, jobber } = app.services;
    try {
      const tokens = await requestTokens(
        configured,
        { grant_type: 'authorization_code', code, redirect_uri: callbackUrl() },
        { fetch, now },
      );
      const account = await jobber.adapter.account(companyId, { accessToken: tokens.accessToken });
      await jobber.tokens.connect({
        companyId,
        accountId: account.id,
        accountName: account.name,
        tokens,
        connectedBy: userId,
      });
      // The company runs on Jobber from now on (decision 040: one platform at a time).
      await app.db
        .update(companies)
        .set({ provider: 'jobber', updatedAt: now() })
        .where(eq(companies.id, companyId));
    } catch (error) {
      app.log.warn(
        { companyId, err: error instanceof Error ? error.message : String(error) },
        'connecting Jobber failed',
      );
      return back('failed', companyId);
    }
    await app.services.events.publish({ type: 'credentials.changed', companyId });
    return back('connected', companyId);
  }

  app.get(
    '/api/providers/jobber/connection',
    {
      schema: {
        operationId: 'getJobberConnection',
        summary: "The company's Jobber connection",
        description:
          'Whether Jobber can be connected on this server, whether the company is connected, to which Jobber account, and what to do when Jobber ended the connection.',
        querystring: jobberCompanyQuerySchema,
        response: { 200: jobberConnectionStatusSchema },
      },
    },
    async (request) => {
      const companyId = await companyToEdit(request, request.query.companyId);
      const row = await app.services.jobber.tokens.connection(companyId);
      return {
        available: !!app.services.jobber.app,
        connected: !!row?.connected,
        accountName: row?.accountName ?? null,
        disconnectedAt: row?.disconnectedAt?.toISOString() ?? null,
        message: !app.services.jobber.app
          ? NOT_AVAILABLE
          : row && !row.connected
            ? JOBBER_DISCONNECTED
            : null,
      };
    },
  );

  app.delete(
    '/api/providers/jobber/connection',
    {
      schema: {
        operationId: 'disconnectJobber',
        summary: 'Disconnect Jobber',
        description:
          'Tells Jobber the board no longer reads the account (its tokens stop working) and forgets them. The board then has no platform connection until someone connects again. 404 when the company is not connected.',
        querystring: jobberCompanyQuerySchema,
        response: { 200: jobberDisconnectResultSchema },
      },
    },
    async (request) => {
      const companyId = await companyToEdit(request, request.query.companyId);
      const { jobber } = app.services;
      const row = await jobber.tokens.connection(companyId);
      if (!row) throw notFound('Jobber connection');
      let jobberConfirmed = false;
      if (row.connected && jobber.app) {
        try {
          await jobber.graphql.query(
            companyId,
            DISCONNECT_MUTATION,
            {},
            {
              signal: AbortSignal.timeout(10_000),
              expectedCost: 4,
            },
          );
          jobberConfirmed = true;
        } catch (error) {
          request.log.warn(
            { companyId, err: error instanceof Error ? error.message : String(error) },
            'appDisconnect failed; the tokens are forgotten anyway',
          );
        }
      }
      await jobber.tokens.forget(companyId);
      await app.services.events.publish({ type: 'credentials.changed', companyId });
      return { disconnected: true as const, jobberConfirmed };
    },
  );
}

/**
 * Jobber's deliveries: `X-Jobber-Hmac-SHA256` is the Base64 HMAC-SHA256 of the exact bytes keyed
 * with the app's client secret. Answered at once; a booking's topic asks for an early refresh of
 * every company on that account (the one-read-per-company rule holds); APP_DISCONNECT forgets the
 * tokens. Delivery is at least once: a body seen before is answered and not acted on again.
 */
async function webhookRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, payload, done) => done(null, payload),
  );

  app.post(
    '/api/providers/jobber/webhooks',
    {
      schema: {
        operationId: 'receiveJobberEvent',
        summary: 'Receive an event from Jobber',
        description:
          "Jobber's webhook deliveries (visits and jobs created, changed or removed; the app disconnected): checked against X-Jobber-Hmac-SHA256 over the exact bytes, answered at once, acted on once. A booking makes the company's board read Jobber early.",
        'x-access': 'jobberSignature',
        response: { 200: webhookAnswerSchema },
      },
    },
    async (request) => {
      const configured = app.services.jobber.app;
      if (!configured) throw notConfigured(NOT_AVAILABLE);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const given = request.headers['x-jobber-hmac-sha256'];
      const expected = crypto.createHmac('sha256', configured.clientSecret).update(raw).digest();
      const presented = typeof given === 'string' ? Buffer.from(given, 'base64') : Buffer.alloc(0);
      if (presented.length !== expected.length || !crypto.timingSafeEqual(presented, expected)) {
        throw new AppError(
          'UNAUTHENTICATED',
          'X-Jobber-Hmac-SHA256 does not match the body: refused.',
        );
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        throw badRequest('The body is not JSON.');
      }
      const event = jobberWebhookSchema.safeParse(parsed);
      if (!event.success) throw badRequest('The body is not a Jobber webhook event.');
      const { topic, accountId } = event.data.data.webHookEvent;
      const { jobber, now } = app.services;
      const companyIds = await jobber.tokens.companiesOf(accountId);
      let duplicate = companyIds.length > 0;
      for (const companyId of companyIds) {
        const receipt = await recordWebhook(app.db, {
          provider: 'jobber',
          companyId,
          // Per company: the same delivery is news to each company on the account once.
          signature: `${companyId}:${typeof given === 'string' ? given : ''}`,
          raw,
          at: now(),
        });
        if (receipt === 'new') duplicate = false;
        if (receipt !== 'new') continue;
        if (topic === 'APP_DISCONNECT') {
          await jobber.tokens.disconnectAccount(accountId, 'app_disconnected');
          await app.services.events.publish({ type: 'credentials.changed', companyId });
        }
        if (topic === 'APP_DISCONNECT' || BOOKING_TOPICS.has(topic)) {
          // Answered at once; the refresh follows through the one-read-per-company rule.
          app.services.capacity.refreshSoon(companyId).catch((error: unknown) => {
            request.log.warn({ err: error, companyId }, 'early refresh failed');
          });
        }
      }
      return { received: true as const, duplicate };
    },
  );
}
