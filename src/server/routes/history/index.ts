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
import { acceptKeys } from '../../plugins/api-keys.js';
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
  acceptKeys(app, 'history:read', 'history.view');

  app.get(
    '/api/history',
    {
      schema: {
        operationId: 'getHistory',
        summary: "Get a board's history, as JSON or CSV",
        description:
          "Each working day of the board from `from` to `to` (at most 400 days) that has history: each item's final count of booked jobs and its target, items as the board shows them (groups added up, hidden items left out). `source` says whether a day was recorded while it was ahead (it keeps the targets it had) or reconstructed afterwards from the platform (compared with the targets in force now). `format=csv` answers the same as a CSV file (`text/csv`, named after the board and the range) with the header `date,item_id,item_name,scheduled,target,source,booked_hours,capacity_hours`. A day recorded while a board of the company measured technician hours (issue 35) gives each business unit's and the day's `hours: { booked, capacity }`, and the CSV's last two columns (empty otherwise). Days before the history began are simply absent. 400 naming `from` or `to` for a date that does not exist or a range the wrong way round.",
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
        operationId: 'getHistoryStatus',
        summary: 'Ask whether the history is filled in yet',
        description:
          "Whether the company's last 13 weeks of working days have been filled in from its field-service platform yet: `not_connected` (no connection yet), `waiting`, `running` (`daysDone` of `daysTotal`, up to `through`), `done` (since `finishedAt`) or `failed`; and the board's time zone, in which its days are counted.",
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
        operationId: 'getHistoryDay',
        summary: "Get one day's fill curve",
        description:
          "How one day filled up: the board's total booked jobs and target at each change before and on the day, and the board's pace curve (the share of the target expected by then) over the 3 working days before it. A day without history answers no points.",
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
