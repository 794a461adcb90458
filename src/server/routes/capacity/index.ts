import { negotiate } from '@fastify/accept-negotiator';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ItemType } from '../../../shared/api/item-groups.js';
import { capacityRequestSchema, capacityResponseSchema } from '../../../shared/api/capacity.js';
import { AppError } from '../../errors.js';
import { capacityQuerySchema } from '../../../shared/api/capacity.js';
import {
  boardAtOnce,
  boardCompanyAtOnce,
  boardCompanyFor,
  boardOf,
  COMPANY_TO_CHECK,
  boardViewer,
  requireViewer,
  currentViewer,
  documentAccess,
} from '../../plugins/permissions.js';
import { companyExists } from '../../services/companies/company-store.js';
import type { BoardRow } from '../../services/boards/board-store.js';
import { boardViewOf } from '../../services/capacity/capacity-service.js';
import type { BoardUser } from '../../services/capacity/answer-cache.js';
import { SUBSCRIPTION_NEEDED_MESSAGE } from '../../services/billing/billing-service.js';
import {
  ANSWER_ENCODINGS,
  type AnswerEncoding,
  type PreparedAnswer,
} from '../../services/capacity/prepared-answer.js';

/**
 * The encoding each `Accept-Encoding` asks for, remembered by its text: every browser of a kind
 * sends the same few headers, so each is parsed once.
 */
const chosenEncodings = new LRUCache<string, AnswerEncoding | 'identity'>({ max: 256 });

function chosenEncoding(request: FastifyRequest): AnswerEncoding | 'identity' {
  const header = request.headers['accept-encoding'];
  if (!header) return 'identity';
  let chosen = chosenEncodings.get(header);
  if (chosen === undefined) {
    // As @fastify/compress reads it for every other answer (x-gzip is gzip).
    const wanted = header.toLowerCase().replace(/x-gzip/g, 'gzip');
    chosen = negotiate(wanted, [...ANSWER_ENCODINGS]) ?? 'identity';
    chosenEncodings.set(header, chosen);
  }
  return chosen;
}

/**
 * A prepared answer as the caller accepts it: the JSON text as it is, or its compressed bytes
 * made when the first caller asked for them (the compression plugin leaves an answer that
 * already names its encoding alone).
 */
function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (!answer.compressible) return reply.send(answer.json);
  reply.header('vary', 'accept-encoding');
  const encoding = chosenEncoding(request);
  if (encoding === 'identity') return reply.send(answer.json);
  return reply.header('content-encoding', encoding).send(answer.encoded(encoding));
}

/** The body is exactly `{}`. */
const isEmptyObject = (body: string | Buffer) =>
  typeof body === 'string'
    ? body === '{}'
    : body.length === 2 && body[0] === 0x7b && body[1] === 0x7d;

const capacitySchema = {
  operationId: 'getBoardNumbers',
  summary: "Get a board's numbers for the next working days",
  description:
    "The board as it shows now: for each of the next working days (three by default), the jobs booked per business unit or job type against its target, the totals, the capacity level and the pace, and whether the numbers are current (`stale`, `staleReason`) or the field-service platform could not be read (`error`). A board that measures hours (`measure: 'hours'`) also gives each business unit's and each day's technician hours (`hours: { capacity, booked, open }`), its technicians on shift (`technicians`) and a week before (`techniciansLastWeek`), where the hours came from (`hoursSource`: capacity planning or technician shifts) and, in words, `measureNote` (or why it counts jobs instead, such as an API scope to ask the platform's admin for); its pace is on hours. Platform problems are in the answer, never a 5xx. It changes nothing (a POST for the board's first clients); the body is optional (`{}`).",
  body: capacityRequestSchema.nullish(),
  querystring: capacityQuerySchema,
  response: { 200: capacityResponseSchema },
  // A read, though a POST (the board's options are its body): API keys with boards:read too.
  'x-key-scope': 'boards:read' as const,
};

/** A request of `POST /api/capacity`, as its schemas have checked it. */
type CapacityRequestOf = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  typeof capacitySchema,
  ZodTypeProvider
>;

/** Who a board request is for, which board and which view type. */
interface Asked {
  viewer: BoardUser;
  board: BoardRow | undefined;
  viewType: ItemType;
}

/**
 * The board's view type; a person's client that names no board may still choose its own
 * (today's clients), a screen never (it has nobody to choose).
 */
function viewTypeOf(request: CapacityRequestOf, board: { viewType: ItemType } | undefined) {
  return board && (request.screen || request.query.boardId !== undefined || !request.body?.viewType)
    ? board.viewType
    : (request.body?.viewType ?? 'businessUnit');
}

/**
 * `POST /api/capacity`: the board's numbers for the signed-in user. Always 200 with a body the
 * client understands; the platform's failures become `error` or `stale`, never a 5xx.
 */
export default async function capacityRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // A signed-in person or a paired screen of the company (decision 010).
  app.addHook('preHandler', requireViewer);
  documentAccess(app, 'viewer');

  // The seed's client posts with no body at all; an empty JSON body means "all defaults".
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    // `{}`, what the board and the TV send on every poll, is the object the parser would make.
    if (isEmptyObject(body)) {
      done(null, {});
      return;
    }
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.post(
    '/api/capacity',
    {
      // Every answer goes out prepared (`sendPrepared`): compressed once, not per request.
      compress: false,
      schema: capacitySchema,
    },
    (request, reply) => {
      // The warm path (issue 13) waits for nothing: who the board is for, which board, and its
      // remembered answer all come from memory, and no promise is made on the way.
      const known = askedAtOnce(request);
      if (known) return answer(request, reply, known);
      return asked(request).then((found) => answer(request, reply, found));
    },
  );

  /** Who and which board a request asks for, when memory holds all it takes to say. */
  function askedAtOnce(request: CapacityRequestOf): Asked | undefined {
    if (app.config.billingRequired) return undefined;
    const { boardId, companyId: namedCompany } = request.query;
    const named = boardCompanyAtOnce(request, namedCompany);
    if (named === COMPANY_TO_CHECK) return undefined;
    const viewer = boardViewer(request, named);
    const companyId = viewer.boardCompanyId ?? viewer.companyId;
    if (companyId === null) return undefined;
    const board = boardAtOnce(request, app.services.boards.rememberedList(companyId), boardId);
    return board && { viewer, board, viewType: viewTypeOf(request, board) };
  }

  /** Who and which board a request asks for, reading what memory does not hold. */
  async function asked(request: CapacityRequestOf): Promise<Asked> {
    const { boardId, companyId: namedCompany } = request.query;
    const boardCompanyId = await boardCompanyFor(request, namedCompany, (id) =>
      companyExists(app.db, id),
    );
    // BILLING_REQUIRED (decision 19): no numbers for a company without a running plan.
    // (Without it nothing is blocked: no subscription read on the board's hot path.)
    if (
      app.config.billingRequired &&
      (await app.services.billing.boardAccess(currentViewer(request))) === 'blocked'
    ) {
      throw new AppError('SUBSCRIPTION_REQUIRED', SUBSCRIPTION_NEEDED_MESSAGE);
    }
    const viewer = boardViewer(request, boardCompanyId);
    const companyId = viewer.boardCompanyId ?? viewer.companyId;
    // The board (issue 26): `?boardId=` of the company, else its first; a screen its own.
    const board =
      companyId === null
        ? undefined
        : await boardOf(
            request,
            (fresh) =>
              fresh
                ? app.services.boards.list(companyId)
                : app.services.boards.cachedList(companyId),
            boardId,
          );
    return { viewer, board, viewType: viewTypeOf(request, board) };
  }

  /**
   * The remembered answer, already serialized by the response schema when it was computed (so
   * no second validation or serialization) and compressed once; else computed now.
   */
  function answer(
    request: CapacityRequestOf,
    reply: FastifyReply,
    { viewer, board, viewType }: Asked,
  ) {
    const remembered = app.services.capacity.cachedBoardAnswer(viewer, viewType, board?.id);
    if (remembered) {
      sendPrepared(request, reply, remembered);
      return;
    }
    return app.services.capacity
      .preparedBoardFor(viewer, { ...request.body, viewType }, board && boardViewOf(board))
      .then((computed) => {
        sendPrepared(request, reply, computed);
      });
  }
}
