import sseModule from '@fastify/sse';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIVE_EVENT_NAMES, LIVE_RETRY_MS, LIVE_STREAM_PATH } from '../../../shared/api/live.js';
import { liveStreamQuerySchema } from '../../../shared/api/live-query.js';
import { unauthenticated } from '../../errors.js';
import { boardCompanyFor, boardOf, documentAccess } from '../../plugins/permissions.js';
import { contentResponse } from '../../plugins/api-reference.js';
import { companyExists } from '../../services/companies/company-store.js';
import { sseFrame, type StreamClient } from '../../services/live/board-streams.js';

/**
 * The package is CommonJS: its module.exports is the plugin wrapped by fastify-plugin (so its
 * route hook reaches this folder's routes); its named export is the bare, encapsulated one.
 */
const fastifySSE = sseModule as unknown as typeof sseModule.fastifySSE;

/**
 * Bytes a stream may have waiting unsent before it is ended: a few hundred board answers, far
 * more than a screen that reads falls behind by, bounded memory for one that stopped reading.
 */
export const MAX_UNSENT_BYTES = 1024 * 1024;

type Caller = Pick<StreamClient, 'companyId' | 'sessionIdHash' | 'userId' | 'screenId'>;

/**
 * Whose board a stream is of: a signed-in person's (their company, or the one a master admin
 * names with `?companyId=`), or a paired screen's (its own company).
 */
async function streamCaller(
  request: FastifyRequest,
  companyId: number | undefined,
  exists: (id: number) => Promise<boolean>,
): Promise<Caller> {
  const user = request.user;
  if (user) {
    const named = await boardCompanyFor(request, companyId, exists);
    return {
      companyId: named ?? user.companyId,
      sessionIdHash: request.sessionIdHash,
      userId: user.id,
    };
  }
  // A paired screen hears its own company's board and its own revocation (decision 010).
  const screen = request.screen;
  if (screen) {
    return {
      companyId: (await boardCompanyFor(request, companyId, exists)) ?? screen.companyId,
      screenId: screen.id,
    };
  }
  throw unauthenticated();
}

/**
 * `GET /api/events`: the Server-Sent Events stream of an open board or screen (issue 13;
 * src/shared/api/live.ts). Through @fastify/sse (heartbeats, backpressure, Last-Event-ID).
 */
export default async function eventRoutes(root: FastifyInstance): Promise<void> {
  // Heartbeats are the streams service's (one timer for all of this instance's streams, and a
  // message the client can hear), not the plugin's comment from a timer per stream.
  await root.register(fastifySSE, { heartbeatInterval: 0 });
  const app = root.withTypeProvider<ZodTypeProvider>();
  documentAccess(app, 'viewer');

  app.get(
    LIVE_STREAM_PATH,
    {
      sse: { kind: 'only' },
      schema: {
        operationId: 'streamBoardEvents',
        summary: 'Follow a board live (Server-Sent Events)',
        description:
          "A stream that tells an open board when its numbers, settings, items or alerts change, so it need not poll. Each message's data is JSON; after a dropped connection, reconnect with `Last-Event-ID` (or `lastEventId`) to catch up.",
        querystring: liveStreamQuerySchema,
        response: {
          200: contentResponse(
            `Server-Sent Events, one per change: ${LIVE_EVENT_NAMES.join(', ')}; each message's data is JSON`,
            'text/event-stream',
          ),
        },
      },
    },
    async (request, reply) => {
      const caller = await streamCaller(request, request.query.companyId, (id) =>
        companyExists(app.db, id),
      );
      const { companyId } = caller;
      // The board shown (issue 26): `?boardId=` of the company, else its first; a screen its own.
      const boardId =
        companyId === null
          ? null
          : (
              await boardOf(
                request,
                (fresh) =>
                  fresh
                    ? app.services.boards.list(companyId)
                    : app.services.boards.cachedList(companyId),
                request.query.boardId,
              )
            ).id;
      const stream = reply.sse;
      stream.keepAlive();
      // Headers now: a proxy must not wait for the first event to start streaming.
      stream.sendHeaders();
      reply.raw.write(`retry: ${LIVE_RETRY_MS}\n\n`);
      const client: StreamClient = {
        ...caller,
        boardId,
        send(message) {
          if (!stream.isConnected) return;
          // A screen that stopped reading (a frozen TV, a dead network path the server has not
          // noticed yet) would keep every message in memory: past this much unsent, its
          // connection is dropped (not ended: an end waits behind the unsent bytes, holding
          // them); when it comes back it reconnects and catches up (Last-Event-ID, resync).
          if (reply.raw.writableLength > MAX_UNSENT_BYTES) {
            reply.raw.destroy();
            return;
          }
          // Written as it is, whatever write() answers: the limit above bounds what waits. (The
          // plugin's send() added a 'drain' and an 'error' listener per message while the
          // socket was full, one more each time: issue 33, item 10.)
          reply.raw.write(message.frame ?? sseFrame(message));
        },
        close: () => stream.close(),
      };
      const lastEventId = stream.lastEventId ?? request.query.lastEventId ?? null;
      const unregister = app.services.streams.open(client, lastEventId);
      // While it is open, the company's numbers stay on the server's refresh schedule.
      const release =
        caller.companyId === null
          ? () => undefined
          : app.services.capacity.streamOpened(caller.companyId);
      stream.onClose(() => {
        unregister();
        release();
      });
    },
  );
}
