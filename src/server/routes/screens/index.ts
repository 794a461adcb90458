import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ONLINE_WINDOW_SECONDS,
  createScreenLinkBodySchema,
  pairScreenBodySchema,
  pairingStartSchema,
  screenLinkSchema,
  screenListSchema,
  screenParamsSchema,
  screenSchema,
  screenStatusSchema,
  updateScreenBodySchema,
  type Screen,
} from '../../../shared/api/screens.js';
import { can } from '../../../shared/permissions.js';
import { conflict, fieldError, notFound } from '../../errors.js';
import {
  currentActor,
  currentUser,
  documentAccess,
  requirePermission,
} from '../../plugins/permissions.js';
import { redirectResponse } from '../../plugins/api-reference.js';
import { setScreenCookie } from '../../plugins/screens.js';
import { companyExists } from '../../services/companies/company-store.js';
import { hashScreenSecret, type ScreenRow } from '../../services/screens/screen-store.js';

/** Where a screen link leads (outside /api: a signage player opens it as a page). */
const LINK_PATH = '/tv/link';
/**
 * A TV asks for a new code every 10 minutes: pairing starts get a tenth of the API budget per
 * client (60 a minute by default), enough for an office of TVs behind one address.
 */
const pairingStartsPerMinute = (apiPerMinute: number) =>
  Math.max(10, Math.floor(apiPerMinute / 10));

/**
 * Paired TV screens and screen links (issue 11, decision 010).
 * - `/api/screen*`: the TV's own routes: anonymous (a TV has no person), keyed by its device cookie.
 * - `/api/screens*`: the admin's Screens list, behind `screens.manage`, scoped to the company
 *   (the master admin: every company); a screen of another company answers 404.
 * - `/tv/link/:token`: a screen link opened by a signage player.
 */
export default async function screenRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const store = app.services.screens;
  const manage = requirePermission('screens.manage');
  documentAccess(app, 'screens.manage');

  const toScreen = (row: ScreenRow): Screen => {
    const now = app.services.now().getTime();
    return {
      id: row.id,
      name: row.name,
      kind: row.kind,
      companyId: row.companyId,
      companyName: row.companyName,
      viewType: row.viewType,
      boardId: row.boardId,
      pairedAt: row.pairedAt.toISOString(),
      lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
      online:
        row.lastSeenAt !== null && now - row.lastSeenAt.getTime() <= ONLINE_WINDOW_SECONDS * 1000,
      boardVersion: row.boardVersion,
      current: row.boardVersion === app.buildVersion,
    };
  };

  /** The company a new screen joins: the named one (master admin, or one's own), else one's own. */
  async function companyForNewScreen(
    request: FastifyRequest,
    named: number | undefined,
  ): Promise<number> {
    const actor = currentActor(request);
    if (named !== undefined) {
      if (
        !can(actor, 'screens.manage', { companyId: named }) ||
        !(await companyExists(app.db, named))
      )
        throw fieldError('NOT_FOUND', 'companyId', 'companyId: no such company');
      return named;
    }
    if (actor.companyId === null)
      throw fieldError(
        'BAD_REQUEST',
        'companyId',
        'companyId: choose the company the screen belongs to',
      );
    return actor.companyId;
  }

  /** A screen the caller manages, or 404 (another company's screen does not exist for them). */
  async function managedScreen(request: FastifyRequest, id: number): Promise<ScreenRow> {
    const row = await store.byId(id);
    if (!row || !can(currentActor(request), 'screens.manage', { companyId: row.companyId }))
      throw notFound('Screen');
    return row;
  }

  /**
   * The board a screen shows, checked to be one of `companyId`'s (400 naming `boardId`
   * otherwise: a board of another company is not one it can show); undefined: the first board.
   */
  async function boardInCompany(
    companyId: number,
    boardId: number | undefined,
  ): Promise<number | null> {
    if (boardId === undefined) return null;
    const boards = await app.services.boards.list(companyId);
    if (!boards.some((b) => b.id === boardId)) {
      throw fieldError('BAD_REQUEST', 'boardId', "boardId: no such board in the screen's company");
    }
    return boardId;
  }

  const linkUrl = (token: string) => `${app.config.publicUrl}${LINK_PATH}/${token}`;

  // --- The TV's own routes -------------------------------------------------------------------

  app.post(
    '/api/screen/pairing',
    {
      config: {
        rateLimit: {
          max: pairingStartsPerMinute(app.config.apiRateLimitPerMinute),
          timeWindow: '1 minute',
        },
      },
      schema: {
        operationId: 'startPairing',
        summary: 'Start pairing this TV',
        description:
          'A TV that is not paired yet gets a code to show (6 characters, valid 10 minutes) and its device cookie; an admin types the code on the Screens page. 409 for a TV already paired.',
        'x-access': 'public',
        response: { 201: pairingStartSchema },
      },
    },
    async (request, reply) => {
      if (request.screen) throw conflict('This screen is already paired.');
      const now = app.services.now();
      const pairing = await store.startPairing(now);
      setScreenCookie(reply, app.config, pairing.secret);
      return reply.status(201).send({
        code: pairing.code,
        expiresAt: pairing.expiresAt.toISOString(),
        expiresInSeconds: Math.round((pairing.expiresAt.getTime() - now.getTime()) / 1000),
      });
    },
  );

  app.get(
    '/api/screen',
    // Public: any browser learns whether it is paired (a waiting TV's check is no 401, issue 25).
    {
      schema: {
        operationId: 'getThisScreen',
        summary: 'Ask whether this TV is paired',
        description:
          'Whether the calling browser is unpaired, waiting with a code, or paired (then its name, company, board and view type). Never a 401: a waiting TV asks every 2 seconds.',
        'x-access': 'public',
        response: { 200: screenStatusSchema },
      },
    },
    async (request, reply) => {
      // Asked every 2 s while pairing and once a minute after: never from a cache.
      reply.header('cache-control', 'no-store');
      const { screen } = request;
      if (screen) {
        // The board decides what it shows (issue 26): a moved screen's labels follow its board.
        const boards = await app.services.boards.cachedList(screen.companyId);
        const board = boards.find((b) => b.id === screen.boardId) ?? boards[0];
        return {
          status: 'paired' as const,
          screen: {
            id: screen.id,
            name: screen.name,
            companyId: screen.companyId,
            companyName: screen.companyName,
            viewType: board?.viewType ?? screen.viewType,
            boardId: screen.boardId,
          },
          buildVersion: app.buildVersion,
        };
      }
      const now = app.services.now();
      const pairing = request.screenSecretHash
        ? await store.pairingFor(request.screenSecretHash, now)
        : null;
      // Neither paired nor pairing (never was, expired, or revoked): the TV shows a new code.
      if (!pairing) return { status: 'unpaired' as const };
      return {
        status: 'pairing' as const,
        expiresInSeconds: Math.max(
          0,
          Math.round((pairing.expiresAt.getTime() - now.getTime()) / 1000),
        ),
      };
    },
  );

  // A signage player opens the link; the token becomes its device cookie and leaves the URL.
  app.get(
    `${LINK_PATH}/:token`,
    {
      schema: {
        operationId: 'openScreenLink',
        summary: 'Open a screen link',
        description:
          'A signage player opens the link an admin made: it becomes a paired TV (the device cookie) and goes to /tv. An unknown or replaced link goes to /tv?link=invalid.',
        'x-access': 'public',
        params: z.object({
          token: z.string().meta({ description: 'The secret part of the link the admin made.' }),
        }),
        response: { 302: redirectResponse('To /tv, paired; or /tv?link=invalid') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      const { token } = request.params;
      const screen = /^[\w-]{20,100}$/.test(token)
        ? await store.byTokenHash(hashScreenSecret(token))
        : null;
      if (!screen) return reply.redirect('/tv?link=invalid', 302);
      setScreenCookie(reply, app.config, token);
      return reply.redirect('/tv', 302);
    },
  );

  // --- The admin's Screens list --------------------------------------------------------------

  app.get(
    '/api/screens',
    {
      preHandler: manage,
      schema: {
        operationId: 'listScreens',
        summary: 'List paired TVs and screen links',
        description:
          "The company's screens (the master admin: every company's): name, kind, board, view type, when each was last seen, whether it is online and on the current build.",
        response: { 200: screenListSchema },
      },
    },
    async (request) => {
      const actor = currentActor(request);
      // The master admin sees every company's screens; others their own company's.
      const rows = await store.list(can(actor, 'companies.manage') ? null : actor.companyId);
      return { screens: rows.map(toScreen), buildVersion: app.buildVersion };
    },
  );

  app.post(
    '/api/screens/pair',
    {
      preHandler: manage,
      schema: {
        operationId: 'pairScreen',
        summary: 'Pair a TV with the code it shows',
        description:
          'Claims the code a TV shows and makes the TV a screen of the company, on a board. 400 naming `code` when the code is unknown or expired.',
        body: pairScreenBodySchema,
        response: { 201: screenSchema },
      },
    },
    async (request, reply) => {
      const { code, name, viewType } = request.body;
      const companyId = await companyForNewScreen(request, request.body.companyId);
      const boardId = await boardInCompany(companyId, request.body.boardId);
      const result = await store.claim({
        code,
        name,
        companyId,
        viewType: viewType ?? 'businessUnit',
        boardId,
        now: app.services.now(),
        createdByUserId: currentUser(request).id,
      });
      if (result.status !== 'paired') {
        throw fieldError(
          'BAD_REQUEST',
          'code',
          result.status === 'expired'
            ? 'code: this code has expired. The TV shows a new code by itself; enter that one.'
            : 'code: no TV is showing this code. Check the code on the TV; each code works once and for 10 minutes.',
        );
      }
      return reply.status(201).send(toScreen(result.screen));
    },
  );

  app.post(
    '/api/screens/links',
    {
      preHandler: manage,
      schema: {
        operationId: 'createScreenLink',
        summary: 'Make a screen link',
        description:
          'A link a signage player opens to become a paired TV; the link is in this answer only.',
        body: createScreenLinkBodySchema,
        response: { 201: screenLinkSchema },
      },
    },
    async (request, reply) => {
      const companyId = await companyForNewScreen(request, request.body.companyId);
      const boardId = await boardInCompany(companyId, request.body.boardId);
      const { screen, token } = await store.createLink({
        companyId,
        name: request.body.name,
        viewType: request.body.viewType ?? 'businessUnit',
        boardId,
        createdByUserId: currentUser(request).id,
      });
      return reply.status(201).send({ screen: toScreen(screen), url: linkUrl(token) });
    },
  );

  app.patch(
    '/api/screens/:id',
    {
      preHandler: manage,
      schema: {
        operationId: 'updateScreen',
        summary: 'Rename a screen or move it to another board',
        description:
          'Renames it, changes its view type or moves it to another board of the company; its TV follows at once.',
        params: screenParamsSchema,
        body: updateScreenBodySchema,
        response: { 200: screenSchema },
      },
    },
    async (request) => {
      const row = await managedScreen(request, request.params.id);
      const boardId = await boardInCompany(row.companyId, request.body.boardId);
      const updated = await store.update(row.id, {
        ...(request.body.name !== undefined ? { name: request.body.name } : {}),
        ...(request.body.viewType !== undefined ? { viewType: request.body.viewType } : {}),
        ...(boardId !== null ? { boardId } : {}),
      });
      if (!updated) throw notFound('Screen');
      await app.services.events.publish({
        type: 'screen.changed',
        companyId: row.companyId,
        screenId: row.id,
        revoked: false,
        // The TV's open stream is told to show its new board (no pairing again).
        ...(boardId !== null && boardId !== row.boardId ? { boardId } : {}),
      });
      if (boardId !== null && boardId !== row.boardId) {
        await app.services.events.publish({ type: 'boards.changed', companyId: row.companyId });
      }
      return toScreen(updated);
    },
  );

  app.delete(
    '/api/screens/:id',
    {
      preHandler: manage,
      schema: {
        operationId: 'revokeScreen',
        summary: 'Revoke a screen',
        description: 'The TV is refused from its next request on and shows a pairing code again.',
        params: screenParamsSchema,
        response: { 200: screenSchema },
      },
    },
    async (request) => {
      const row = await managedScreen(request, request.params.id);
      if (!(await store.remove(row.id))) throw notFound('Screen');
      await app.services.events.publish({
        type: 'screen.changed',
        companyId: row.companyId,
        screenId: row.id,
        revoked: true,
      });
      return toScreen(row);
    },
  );

  app.post(
    '/api/screens/:id/regenerate',
    {
      preHandler: manage,
      schema: {
        operationId: 'regenerateScreenLink',
        summary: 'Replace a screen link',
        description:
          'A new link for the screen, in this answer only; the old link and every device holding it are refused from now on.',
        params: screenParamsSchema,
        response: { 200: screenLinkSchema },
      },
    },
    async (request) => {
      const row = await managedScreen(request, request.params.id);
      if (row.kind !== 'link')
        throw conflict('Only a screen link has a link to regenerate; pair the TV again instead.');
      const token = await store.regenerate(row.id);
      if (!token) throw notFound('Screen');
      // The old link and every device holding it are refused from now on.
      await app.services.events.publish({
        type: 'screen.changed',
        companyId: row.companyId,
        screenId: row.id,
        revoked: true,
      });
      return { screen: toScreen(row), url: linkUrl(token) };
    },
  );
}
