import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HISTORY_CSV_HEADER,
  historyDayDetailSchema,
  historyDayQuerySchema,
  historyQuerySchema,
  historyResponseSchema,
  historyStatusQuerySchema,
  historyStatusSchema,
} from '../../../shared/api/history.js';
import { historyCsv, historyCsvFileName } from '../../../shared/history/history-range.js';
import { documentAccess, personBoardFor, requireUser } from '../../plugins/permissions.js';

/**
 * A board's history (issue 27, decision 026): `GET /api/history?boardId=&from=&to=[&viewType=]
 * [&format=csv]`. Every member of the company (`history.view`; people only, a paired screen
 * gets 403); a board of another company answers 404, as if it did not exist. `?companyId=`
 * names another company (the master admin; anyone else 404), as on the board's other routes.
 */
export default async function historyRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', requireUser);
  documentAccess(app, 'history.view');

  app.get(
    '/api/history',
    {
      schema: {
        description:
          "A board's working days from `from` to `to` with history: each item's final booked count and target as the board shows its items. A day recorded live keeps the targets it had; a day reconstructed from the platform is compared with the targets in force now. `format=csv` answers text/csv with the header `date,item_id,item_name,scheduled,target,source` instead, in a file named after the board and the range.",
        querystring: historyQuerySchema,
        response: {
          200: {
            description: "The board's history days",
            content: {
              'application/json': { schema: historyResponseSchema },
              'text/csv': { schema: z.string() },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { from, to, viewType, format } = request.query;
      const board = await personBoardFor(app, request, request.query, 'history.view');
      const days = await app.services.history.forBoard({ board, from, to, viewType });
      reply.header('cache-control', 'private, no-store');
      if (format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${historyCsvFileName(board, from, to)}"`,
          )
          .send(historyCsv(HISTORY_CSV_HEADER, days));
      }
      return { days };
    },
  );

  app.get(
    '/api/history/status',
    {
      schema: {
        description:
          "Whether the board's company has its last 13 weeks of working days filled in from ServiceTitan: `not_connected` (no credential yet), `waiting`, `running` (`daysDone` of `daysTotal`, through which day), `done` (with `finishedAt`) or `failed`; the board's time zone.",
        querystring: historyStatusQuerySchema,
        response: { 200: historyStatusSchema },
      },
    },
    async (request, reply) => {
      const board = await personBoardFor(app, request, request.query, 'history.view');
      reply.header('cache-control', 'private, no-store');
      return app.services.history.status(board);
    },
  );

  app.get(
    '/api/history/day',
    {
      schema: {
        description:
          "One day's fill curve: the board's total booked and target at each recorded or reconstructed change before and on the day (items as the board shows them), and the board's pace curve (expected % of target) over the 3 working days before it. A day without history has no points.",
        querystring: historyDayQuerySchema,
        response: { 200: historyDayDetailSchema },
      },
    },
    async (request, reply) => {
      const { date, viewType } = request.query;
      const board = await personBoardFor(app, request, request.query, 'history.view');
      reply.header('cache-control', 'private, no-store');
      return app.services.history.day({ board, date, viewType });
    },
  );
}
