import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  boardSettingsQuerySchema,
  boardSettingsResponseSchema,
  logoParamsSchema,
  logoPath,
  LOGO_EMPTY_MESSAGE,
  LOGO_TYPE_MESSAGE,
  SETTINGS_CONFLICT_MESSAGE,
  sniffLogoType,
  updateBoardSettingsBodySchema,
  boardLocationBodySchema,
  boardLocationResponseSchema,
  type BoardSettingsResponse,
} from '../../../shared/api/board-settings.js';
import { boardQuerySchema } from '../../../shared/api/onboarding.js';
import { can, denialReason } from '../../../shared/permissions.js';
import {
  LOGO_MAX_BYTES,
  LOGO_TOO_LARGE_MESSAGE,
} from '../../../shared/settings/dashboard-settings.js';
import { conflict, fieldError, forbidden, notFound } from '../../errors.js';
import { acceptKeys } from '../../plugins/api-keys.js';
import {
  boardCompanyFor,
  boardOf,
  documentAccess,
  requireUser,
  requireViewer,
  currentViewer,
} from '../../plugins/permissions.js';
import { contentResponse } from '../../plugins/api-reference.js';
import {
  defaultCompanySettings,
  deleteLogo,
  putLogo,
  readBoardSettings,
  readLogo,
  writeBoardLocation,
  writeBoardSettings,
  type SettingsHome,
} from '../../services/board-settings/board-settings-store.js';
import { companyExists, companyNameOf } from '../../services/companies/company-store.js';
import { settingsHomeOf } from '../../services/boards/board-store.js';

/** The logo's address names its content: a changed logo is a new address, so a year is safe. */
const LOGO_CACHE_CONTROL = 'private, max-age=31536000, immutable';
/** A logo opened on its own is an image and nothing else: no script, no plug-in, no form. */
const LOGO_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

const NO_COMPANY = 'Create or join a company first.';

/**
 * A company's board settings and logo (issue 11, decision 009). Everyone of the company reads
 * them; `boardSettings.edit` (account and master admins) writes; `?companyId=` names another
 * company's board (master admin; anyone else 404), as on POST /api/capacity. Every write tells
 * the event bus (`settings.changed`), so open boards and screens follow.
 */
export default async function boardSettingsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // The reads: a signed-in person or a paired screen of the company (decision 010); the writes
  // check for a person (`requireUser`) in `companyForWrite`.
  app.addHook('preHandler', requireViewer);
  documentAccess(app, 'viewer');
  acceptKeys(app, 'boards:read', 'viewer');

  // The logo arrives as the raw image. Read here rather than by Fastify's body limit, so an
  // oversized logo gets the seed's own sentence and the upload stops being read at 2 MB.
  const readLogoBody = (
    _request: FastifyRequest,
    payload: IncomingMessage,
    done: (error: Error | null, body?: unknown) => void,
  ): void => {
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    payload.on('data', (chunk: Buffer) => {
      if (finished) return;
      size += chunk.length;
      if (size > LOGO_MAX_BYTES) {
        finished = true;
        payload.resume();
        done(fieldError('PAYLOAD_TOO_LARGE', 'logo', LOGO_TOO_LARGE_MESSAGE), undefined);
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (finished) return;
      finished = true;
      done(null, Buffer.concat(chunks));
    });
    payload.on('error', (error) => {
      if (finished) return;
      finished = true;
      done(error, undefined);
    });
  };
  app.addContentTypeParser('application/octet-stream', readLogoBody);
  app.addContentTypeParser(/^image\/[a-z0-9.+-]+$/i, readLogoBody);

  /** The company a request is about: the one named (master admin), else the caller's own. */
  async function boardCompany(request: FastifyRequest, named: number | undefined) {
    const other = await boardCompanyFor(request, named, (id) => companyExists(app.db, id));
    return { companyId: other ?? currentViewer(request).companyId, named: other };
  }

  /** The company a write changes, after the permission check (403 with the reason). */
  async function companyForWrite(request: FastifyRequest, named: number | undefined) {
    await requireUser(request);
    const { companyId, named: other } = await boardCompany(request, named);
    const actor = currentViewer(request);
    if (!can(actor, 'boardSettings.edit', companyId === null ? undefined : { companyId })) {
      throw forbidden(denialReason(actor, 'boardSettings.edit') ?? 'Forbidden');
    }
    if (companyId === null) throw forbidden(NO_COMPANY);
    const userId = actor.kind === 'person' ? actor.id : null;
    return { companyId, named: other, userId };
  }

  /** The board a request reads or writes (`?boardId=`, else the first; a screen: its own). */
  async function boardFor(request: FastifyRequest, companyId: number, boardId: number | undefined) {
    return boardOf(
      request,
      (fresh) =>
        fresh ? app.services.boards.list(companyId) : app.services.boards.cachedList(companyId),
      boardId,
    );
  }

  async function homeOf(request: FastifyRequest, companyId: number, boardId: number | undefined) {
    return settingsHomeOf(await boardFor(request, companyId, boardId));
  }

  async function describe(
    request: FastifyRequest,
    named: number | undefined,
    boardId: number | undefined,
  ): Promise<BoardSettingsResponse> {
    const { companyId, named: other } = await boardCompany(request, named);
    const actor = currentViewer(request);
    if (companyId === null) {
      return {
        companyId: null,
        boardId: null,
        settings: defaultCompanySettings(),
        version: 0,
        logoUrl: null,
        canEdit: false,
        editDenial: denialReason(actor, 'boardSettings.edit') ?? NO_COMPANY,
        companyName: null,
        boardName: null,
        boardCount: 0,
      };
    }
    const board = await boardFor(request, companyId, boardId);
    const home = settingsHomeOf(board);
    const [state, companyName, list] = await Promise.all([
      readBoardSettings(app.db, home),
      companyNameOf(app.db, companyId),
      app.services.boards.cachedList(companyId),
    ]);
    const canEdit = can(actor, 'boardSettings.edit', { companyId });
    return {
      companyName,
      boardName: board.name,
      boardCount: Math.max(list.length, 1),
      companyId,
      boardId: home.boardId,
      settings: state.settings,
      version: state.version,
      logoUrl: state.logo ? logoPath(state.logo.sha256, other, boardId) : null,
      canEdit,
      editDenial: canEdit
        ? null
        : (denialReason(actor, 'boardSettings.edit') ??
          'Only an administrator of your company can change this.'),
    };
  }

  const changed = (home: SettingsHome, version: number) =>
    app.services.events.publish({
      type: 'settings.changed',
      companyId: home.companyId,
      version,
      boardId: home.boardId,
    });

  app.get(
    '/api/board-settings',
    {
      schema: {
        operationId: 'getBoardSettings',
        summary: "Get a board's settings",
        description:
          "The board's title, logo address, working days, holidays, time zone, colours and day targets, the `version` a change must name, and whether the caller may change them (`canEdit`; else `editDenial` says why).",
        querystring: boardSettingsQuerySchema,
        response: { 200: boardSettingsResponseSchema },
      },
    },
    async (request) => describe(request, request.query.companyId, request.query.boardId),
  );

  app.put(
    '/api/board-settings',
    {
      schema: {
        operationId: 'updateBoardSettings',
        summary: "Change a board's settings",
        description:
          "Replaces the board's settings as a whole. Send the `version` you read: when someone changed them since, the answer is 409 and nothing changes (read again, then retry). Open boards and TVs show the change at once.",
        'x-access': 'boardSettings.edit',
        querystring: boardSettingsQuerySchema,
        body: updateBoardSettingsBodySchema,
        response: { 200: boardSettingsResponseSchema },
      },
    },
    async (request) => {
      const { companyId, userId } = await companyForWrite(request, request.query.companyId);
      const home = await homeOf(request, companyId, request.query.boardId);
      const version = await writeBoardSettings(app.db, {
        home,
        settings: request.body.settings,
        expectedVersion: request.body.version,
        userId,
        now: app.services.now(),
      });
      if (version === null) throw conflict(SETTINGS_CONFLICT_MESSAGE);
      await changed(home, version);
      return describe(request, request.query.companyId, request.query.boardId);
    },
  );

  app.put(
    '/api/board-settings/location',
    {
      schema: {
        operationId: 'setBoardLocation',
        summary: 'Set where the company is: its ZIP code and time zone',
        description:
          "Setup's question after connecting (issue 33, item 4): the ZIP code the boards' weather is for (`''` for none: the board then asks for one) and the time zone their days and clocks follow. Written to every board of the company, each keeping the rest of its settings; open boards and TVs follow at once. A bad ZIP or zone is a 400 naming it, and nothing changes.",
        'x-access': 'boardSettings.edit',
        querystring: boardQuerySchema,
        body: boardLocationBodySchema,
        response: { 200: boardLocationResponseSchema },
      },
    },
    async (request) => {
      const { companyId, userId } = await companyForWrite(request, request.query.companyId);
      const boards = await app.services.boards.list(companyId);
      const written = await writeBoardLocation(app.db, {
        homes: boards.map(settingsHomeOf),
        location: request.body,
        userId,
        now: app.services.now(),
      });
      if (written === null) throw conflict(SETTINGS_CONFLICT_MESSAGE);
      for (const { home, version } of written) await changed(home, version);
      return { ...request.body, boards: boards.length };
    },
  );

  app.put(
    '/api/board-settings/logo',
    {
      schema: {
        operationId: 'uploadBoardLogo',
        summary: "Upload a board's logo",
        description:
          'The image itself is the body: PNG, JPEG, GIF or WebP, at most 2 MB; its bytes decide its type. An empty, unknown or too large file is refused naming `logo`.',
        'x-access': 'boardSettings.edit',
        consumes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'],
        querystring: boardSettingsQuerySchema,
        response: { 200: boardSettingsResponseSchema },
      },
    },
    async (request) => {
      const { companyId, userId } = await companyForWrite(request, request.query.companyId);
      const body: unknown = request.body;
      if (body !== undefined && body !== null && !Buffer.isBuffer(body)) {
        throw fieldError('BAD_REQUEST', 'logo', LOGO_TYPE_MESSAGE);
      }
      const data = body ?? Buffer.alloc(0);
      if (data.length === 0) throw fieldError('BAD_REQUEST', 'logo', LOGO_EMPTY_MESSAGE);
      const contentType = sniffLogoType(data);
      if (!contentType) throw fieldError('BAD_REQUEST', 'logo', LOGO_TYPE_MESSAGE);
      const home = await homeOf(request, companyId, request.query.boardId);
      const { version } = await putLogo(app.db, {
        home,
        contentType,
        data,
        userId,
        now: app.services.now(),
      });
      await changed(home, version);
      return describe(request, request.query.companyId, request.query.boardId);
    },
  );

  app.delete(
    '/api/board-settings/logo',
    {
      schema: {
        operationId: 'deleteBoardLogo',
        summary: "Remove a board's logo",
        description: "The board shows no logo from now on; answers the board's settings.",
        'x-access': 'boardSettings.edit',
        querystring: boardSettingsQuerySchema,
        response: { 200: boardSettingsResponseSchema },
      },
    },
    async (request) => {
      const { companyId, userId } = await companyForWrite(request, request.query.companyId);
      const home = await homeOf(request, companyId, request.query.boardId);
      const version = await deleteLogo(app.db, {
        home,
        userId,
        now: app.services.now(),
      });
      await changed(home, version);
      return describe(request, request.query.companyId, request.query.boardId);
    },
  );

  app.get(
    '/api/board-settings/logo/:sha',
    {
      schema: {
        operationId: 'getBoardLogo',
        summary: "Download a board's logo",
        description:
          "The image at the address `logoUrl` gives. Its SHA-256 names its content, so it may be kept for a year. 404 when this is not the board's logo (any more).",
        params: logoParamsSchema,
        querystring: boardSettingsQuerySchema,
        response: { 200: contentResponse<Buffer>("The company's logo, as uploaded", 'image/*') },
      },
    },
    async (request, reply) => {
      const { companyId } = await boardCompany(request, request.query.companyId);
      const logo =
        companyId === null
          ? null
          : await readLogo(
              app.db,
              await homeOf(request, companyId, request.query.boardId),
              request.params.sha,
            );
      if (!logo) throw notFound('Logo');
      return reply
        .header('content-type', logo.contentType)
        .header('cache-control', LOGO_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', LOGO_CSP)
        .send(logo.data);
    },
  );
}
