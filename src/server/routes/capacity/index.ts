import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { capacityRequestSchema, capacityResponseSchema } from '../../../shared/api/capacity.js';
import { AppError } from '../../errors.js';
import { boardQuerySchema } from '../../../shared/api/onboarding.js';
import {
  boardCompanyFor,
  boardViewer,
  requireViewer,
  currentViewer,
} from '../../plugins/permissions.js';
import { companyExists } from '../../services/companies/company-store.js';
import { SUBSCRIPTION_NEEDED_MESSAGE } from '../../services/billing/billing-service.js';

/** JSON already serialized: Fastify sends a string with a JSON content type as it is. */
function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * `POST /api/capacity`: the board's numbers for the signed-in user. Always 200 with a body the
 * client understands; ServiceTitan failures become `error` or `stale`, never a 5xx.
 */
export default async function capacityRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // A signed-in person or a paired screen of the company (decision 010).
  app.addHook('preHandler', requireViewer);

  // The seed's client posts with no body at all; an empty JSON body means "all defaults".
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
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
      schema: {
        body: capacityRequestSchema.nullish(),
        querystring: boardQuerySchema,
        response: { 200: capacityResponseSchema },
      },
    },
    async (request, reply) => {
      const boardCompanyId = await boardCompanyFor(request, request.query.companyId, (id) =>
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
      // A screen shows the view type it was set up with (it has nobody to choose).
      const body = request.screen
        ? { ...request.body, viewType: request.screen.viewType }
        : (request.body ?? undefined);
      const viewer = boardViewer(request, boardCompanyId);
      // The warm path (issue 13): the same answer, already serialized by the response schema
      // when it was computed; sent as JSON text, so no second validation or serialization.
      const cached = app.services.capacity.cachedBoardJson(
        viewer,
        body?.viewType ?? 'businessUnit',
      );
      if (cached !== undefined) {
        return sendJsonText(reply, cached);
      }
      return app.services.capacity.boardFor(viewer, body);
    },
  );
}
