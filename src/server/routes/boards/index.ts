import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BOARD_HAS_SCREENS_MESSAGE,
  BOARD_LIMIT_MESSAGE,
  HOURS_NEED_BUSINESS_UNITS,
  LAST_BOARD_MESSAGE,
  boardListSchema,
  boardParamsSchema,
  boardSchema,
  boardsQuerySchema,
  createBoardBodySchema,
  deleteBoardQuerySchema,
  updateBoardBodySchema,
  type Board,
  type BoardItemId,
  type BoardMeasure,
} from '../../../shared/api/boards.js';
import type { ItemType } from '../../../shared/api/item-groups.js';
import { can, denialReason } from '../../../shared/permissions.js';
import { conflict, fieldError, forbidden, notFound } from '../../errors.js';
import { acceptKeys } from '../../plugins/api-keys.js';
import {
  boardCompanyFor,
  currentViewer,
  documentAccess,
  requireUser,
  requireViewer,
} from '../../plugins/permissions.js';
import type { BoardRow, BoardWithScreens } from '../../services/boards/board-store.js';
import { companyExists } from '../../services/companies/company-store.js';
import { listItemGroups } from '../../services/preferences/item-group-store.js';
import { listPreferences } from '../../services/preferences/preference-store.js';

const NO_COMPANY = 'Create or join a company first.';

/**
 * A company's boards (issue 26, decision 014). Every member of the company lists them (a paired
 * screen: only its own); `boards.manage` (account admins, the master admin) creates, renames,
 * re-picks, reorders and deletes them. `?companyId=` names another company (master admin;
 * anyone else 404), as on the board's other routes. Every change tells the event bus
 * (`boards.changed`), so open boards and switchers follow.
 */
export default async function boardRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const store = app.services.boards;
  app.addHook('preHandler', requireViewer);
  documentAccess(app, 'viewer');
  acceptKeys(app, 'boards:read', 'viewer');

  const toBoard = (row: BoardWithScreens): Board => ({
    id: row.id,
    name: row.name,
    viewType: row.viewType,
    measure: row.measure,
    itemIds: row.itemIds,
    screenCount: row.screenCount,
  });

  /** The company a request is about: the one named (master admin), else the caller's own. */
  async function companyOf(request: FastifyRequest, named: number | undefined) {
    const other = await boardCompanyFor(request, named, (id) => companyExists(app.db, id));
    return other ?? currentViewer(request).companyId;
  }

  /** The company a change is made in, after the permission check (403 with the reason). */
  async function companyToManage(request: FastifyRequest, named: number | undefined) {
    await requireUser(request);
    const companyId = await companyOf(request, named);
    const actor = currentViewer(request);
    if (companyId === null) {
      throw forbidden(denialReason(actor, 'boards.manage') ?? NO_COMPANY);
    }
    if (!can(actor, 'boards.manage', { companyId })) {
      throw forbidden(denialReason(actor, 'boards.manage') ?? 'Admin access required');
    }
    return companyId;
  }

  /** A board the caller manages, or 404 (another company's board does not exist for them). */
  async function managedBoard(request: FastifyRequest, id: number): Promise<BoardRow> {
    await requireUser(request);
    const board = await store.byId(id);
    const actor = currentViewer(request);
    if (!board || !can(actor, 'board.view', { companyId: board.companyId })) {
      throw notFound('Board');
    }
    if (!can(actor, 'boards.manage', { companyId: board.companyId })) {
      throw forbidden(denialReason(actor, 'boards.manage') ?? 'Admin access required');
    }
    return board;
  }

  /**
   * Every picked item is one of the company's: a business unit or job type its platform lists
   * (or one it has a preference for), or one of its groups of that kind; 400 naming it otherwise.
   */
  async function checkItems(
    companyId: number,
    viewType: ItemType,
    itemIds: BoardItemId[] | null | undefined,
  ): Promise<void> {
    if (!itemIds || itemIds.length === 0) return;
    const [metadata, groups, preferences] = await Promise.all([
      app.services.capacity.metadataFor({
        id: `company:${companyId}`,
        companyId,
        boardCompanyId: companyId,
      }),
      listItemGroups(app.db, companyId, viewType),
      listPreferences(app.db, companyId, viewType),
    ]);
    const items = viewType === 'businessUnit' ? metadata.businessUnits : metadata.jobTypes;
    const known = new Set<BoardItemId>([
      ...items.map((i) => i.id),
      ...preferences.map((p) => p.itemId),
      ...groups.map((g) => `group:${g.id}`),
    ]);
    const unknown = itemIds.find((id) => !known.has(id));
    if (unknown !== undefined) {
      const kind = viewType === 'businessUnit' ? 'business unit' : 'job type';
      throw fieldError(
        'BAD_REQUEST',
        'itemIds',
        `itemIds: ${JSON.stringify(unknown)} is not a ${kind} or ${kind} group of this company`,
      );
    }
  }

  /**
   * What a board of this view type measures: the one asked for, else what it measured; hours are
   * per business unit, so asking them of a job-type board is a 400 naming `measure`, and a board
   * turned to job types counts jobs (issue 35).
   */
  function measureFor(
    viewType: ItemType,
    asked: BoardMeasure | undefined,
    before: BoardMeasure,
  ): BoardMeasure {
    if (asked === 'hours' && viewType !== 'businessUnit')
      throw fieldError('BAD_REQUEST', 'measure', HOURS_NEED_BUSINESS_UNITS);
    if (asked) return asked;
    return viewType === 'businessUnit' ? before : 'jobs';
  }

  const changed = (companyId: number) =>
    app.services.events.publish({ type: 'boards.changed', companyId });

  async function listed(companyId: number, id: number): Promise<Board> {
    const board = (await store.listWithScreens(companyId)).find((b) => b.id === id);
    if (!board) throw notFound('Board');
    return toBoard(board);
  }

  app.get(
    '/api/boards',
    {
      schema: {
        operationId: 'listBoards',
        summary: "List the company's boards",
        description:
          'Every board of the company in order: name, view type (business units or job types), picked items and how many TVs show it; `canManage` says whether the caller may change them. A paired TV sees only its own board.',
        querystring: boardsQuerySchema,
        response: { 200: boardListSchema },
      },
    },
    async (request) => {
      const companyId = await companyOf(request, request.query.companyId);
      const actor = currentViewer(request);
      if (companyId === null) return { boards: [], canManage: false };
      const rows = await store.listWithScreens(companyId);
      // A paired screen sees only its own board (no board of its own yet: the first).
      const screen = request.user ? null : request.screen;
      const own = screen ? (screen.boardId ?? rows[0]?.id) : undefined;
      // An API key limited to some boards sees those (can() checks each board's id).
      const boards = rows.filter(
        (b) =>
          can(actor, 'board.view', { companyId, boardId: own ?? b.id }) &&
          (own === undefined || b.id === own),
      );
      return {
        boards: boards.map(toBoard),
        canManage: can(actor, 'boards.manage', { companyId }),
      };
    },
  );

  app.post(
    '/api/boards',
    {
      schema: {
        operationId: 'createBoard',
        summary: 'Create a board',
        description:
          "A new board with a name, a view type, what it measures (`jobs` against typed targets, or `hours` of the technicians from a platform that measures them, business-unit boards only) and, optionally, picked items (business units, job types or their groups); it starts with the first board's settings. 400 naming `itemIds` for an item that is not the company's, or `measure` for hours on a job-type board; 409 when the company has 50 boards.",
        'x-access': 'boards.manage',
        querystring: boardsQuerySchema,
        body: createBoardBodySchema,
        response: { 201: boardSchema },
      },
    },
    async (request, reply) => {
      const companyId = await companyToManage(request, request.query.companyId);
      const viewType = request.body.viewType ?? 'businessUnit';
      const measure = measureFor(viewType, request.body.measure, 'jobs');
      const itemIds = request.body.itemIds ?? null;
      await checkItems(companyId, viewType, itemIds);
      const actor = currentViewer(request);
      const created = await store.create({
        companyId,
        name: request.body.name,
        viewType,
        measure,
        itemIds,
        userId: actor.kind === 'person' ? actor.id : null,
      });
      if (!created) throw conflict(BOARD_LIMIT_MESSAGE);
      await changed(companyId);
      return reply.status(201).send(await listed(companyId, created.id));
    },
  );

  app.patch(
    '/api/boards/:id',
    {
      schema: {
        operationId: 'updateBoard',
        summary: 'Rename, re-pick, re-measure or move a board',
        description:
          "Changes a board's name, view type, what it measures (`jobs` against typed targets, or `hours`: the technicians' capacity, booked and open hours from a platform that measures them, business-unit boards only), picked items or position. A new view type without items picks every item of that kind; a board turned to job types counts jobs. 400 naming `measure` for hours on a job-type board.",
        'x-access': 'boards.manage',
        params: boardParamsSchema,
        body: updateBoardBodySchema,
        response: { 200: boardSchema },
      },
    },
    async (request) => {
      const board = await managedBoard(request, request.params.id);
      const viewType = request.body.viewType ?? board.viewType;
      const measure = measureFor(viewType, request.body.measure, board.measure);
      // Items of the other kind make no sense after a change of view type: every item then.
      const itemIds =
        request.body.itemIds !== undefined
          ? request.body.itemIds
          : request.body.viewType !== undefined && request.body.viewType !== board.viewType
            ? null
            : undefined;
      await checkItems(board.companyId, viewType, itemIds);
      const updated = await store.update(board.id, {
        ...(request.body.name !== undefined ? { name: request.body.name } : {}),
        ...(request.body.viewType !== undefined ? { viewType } : {}),
        ...(measure !== board.measure ? { measure } : {}),
        ...(itemIds !== undefined ? { itemIds } : {}),
        ...(request.body.position !== undefined ? { position: request.body.position } : {}),
      });
      if (!updated) throw notFound('Board');
      await changed(board.companyId);
      return listed(board.companyId, board.id);
    },
  );

  app.delete(
    '/api/boards/:id',
    {
      schema: {
        operationId: 'deleteBoard',
        summary: 'Delete a board',
        description:
          "Deletes a board and its settings. TVs showing it need `moveScreensTo`, another board of the company, to move to (400 without it); the company's last board cannot be deleted (409).",
        'x-access': 'boards.manage',
        params: boardParamsSchema,
        querystring: deleteBoardQuerySchema,
        response: { 200: boardSchema },
      },
    },
    async (request) => {
      const board = await managedBoard(request, request.params.id);
      const before = (await store.listWithScreens(board.companyId)).find((b) => b.id === board.id);
      const { moveScreensTo } = request.query;
      const result = await store.remove(board.id, moveScreensTo);
      switch (result.status) {
        case 'not-found':
          throw notFound('Board');
        case 'last-board':
          throw conflict(LAST_BOARD_MESSAGE);
        case 'bad-target':
          throw fieldError(
            'BAD_REQUEST',
            'moveScreensTo',
            moveScreensTo === board.id
              ? 'moveScreensTo: choose another board than the one being deleted'
              : 'moveScreensTo: no such board in this company',
          );
        case 'has-screens':
          throw fieldError('BAD_REQUEST', 'moveScreensTo', BOARD_HAS_SCREENS_MESSAGE);
        case 'deleted':
          break;
      }
      await changed(board.companyId);
      if (result.movedScreens > 0 && moveScreensTo !== undefined) {
        // Each moved screen's open stream is told to show its new board (issue 26).
        for (const screen of await app.services.screens.list(board.companyId)) {
          if (screen.boardId !== moveScreensTo) continue;
          await app.services.events.publish({
            type: 'screen.changed',
            companyId: board.companyId,
            screenId: screen.id,
            revoked: false,
            boardId: moveScreensTo,
          });
        }
      }
      return toBoard(before ?? { ...board, screenCount: 0 });
    },
  );
}
