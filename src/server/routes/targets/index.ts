import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  applyTargetsBodySchema,
  applyTargetsResponseSchema,
  learnedPaceQuerySchema,
  learnedPaceResponseSchema,
  targetSuggestionsResponseSchema,
} from '../../../shared/api/targets.js';
import { can, denialReason } from '../../../shared/permissions.js';
import { forbidden } from '../../errors.js';
import { boardQuerySchema } from '../../../shared/api/onboarding.js';
import {
  currentActor,
  documentAccess,
  namedCompanyFor,
  namedCompanyForWrite,
  personBoardFor,
  requireUser,
} from '../../plugins/permissions.js';
import { companyExists } from '../../services/companies/company-store.js';

/**
 * Targets that fit (issue 27, item 7; decision 036) and the learned pace curve (decision 037).
 * Reading is every member's (`history.view`: the suggestions come from the history); applying
 * is whoever may set targets today (`preferences.edit`). People only: a paired screen gets 403.
 * `?companyId=` on the suggestions names another company (the master admin; anyone else 404).
 */
export default async function targetRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', requireUser);
  documentAccess(app, 'history.view');

  const exists = (id: number) => companyExists(app.db, id);

  /** The company whose suggestions are read: `?companyId=` (the master admin), else the caller's. */
  async function companyToRead(request: FastifyRequest, named: number | undefined) {
    const actor = currentActor(request);
    if (!can(actor, 'history.view')) {
      throw forbidden(denialReason(actor, 'history.view') ?? 'Forbidden');
    }
    const companyId = await namedCompanyFor(request, named, exists);
    if (companyId === null) throw forbidden('Create or join a company first.');
    return companyId;
  }

  app.get(
    '/api/target-suggestions',
    {
      schema: {
        operationId: 'listTargetSuggestions',
        summary: 'Get targets suggested from the history',
        description:
          "Each of the company's business units and job types with its targets and a target suggested by its last 8 weeks of working days (the 80th percentile of its daily final counts, rounded). Says whether the history is filled in yet and whether the targets are still the defaults.",
        querystring: boardQuerySchema,
        response: { 200: targetSuggestionsResponseSchema },
      },
    },
    async (request, reply) => {
      const companyId = await companyToRead(request, request.query.companyId);
      reply.header('cache-control', 'private, no-store');
      return app.services.targets.suggestions(
        companyId,
        can(currentActor(request), 'preferences.edit', { companyId }),
      );
    },
  );

  app.post(
    '/api/target-suggestions/apply',
    {
      schema: {
        operationId: 'applyTargetSuggestions',
        summary: 'Apply suggested targets',
        'x-access': 'preferences.edit',
        description:
          'Sets the targets of all days ahead to the suggestions: `all` items, or a list of items (each must have a suggestion); `none` keeps the targets as they are. Either way the board stops saying its targets are defaults. A bad list is a 400 naming the item and changes nothing.',
        querystring: boardQuerySchema,
        body: applyTargetsBodySchema,
        response: { 200: applyTargetsResponseSchema },
      },
    },
    async (request) => {
      const companyId = await namedCompanyForWrite(
        request,
        'preferences.edit',
        request.query.companyId,
        exists,
      );
      return app.services.targets.apply(companyId, request.body);
    },
  );

  app.get(
    '/api/pace/learned',
    {
      schema: {
        operationId: 'getLearnedPace',
        summary: 'Get the pace curve the history teaches',
        description:
          "What a board's last 8 weeks say about pace: for the 1st, 2nd and 3rd working day ahead, the usual (median) share of a day's final count already booked that many working days before it. Null, with the reason, until 20 working days have a fill curve.",
        querystring: learnedPaceQuerySchema,
        response: { 200: learnedPaceResponseSchema },
      },
    },
    async (request, reply) => {
      const board = await personBoardFor(app, request, request.query, 'history.view');
      reply.header('cache-control', 'private, no-store');
      return app.services.targets.learnedPace(board);
    },
  );
}
