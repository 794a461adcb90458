import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeyListSchema,
  apiKeysQuerySchema,
  createApiKeySchema,
  createdApiKeySchema,
} from '../../../shared/api/api-keys.js';
import { pathParams, serialIdParam } from '../../../shared/api/path-params.js';
import { can, denialReason } from '../../../shared/permissions.js';
import { fieldError, forbidden, notFound } from '../../errors.js';
import {
  currentActor,
  currentUser,
  documentAccess,
  namedCompanyFor,
  requirePermission,
} from '../../plugins/permissions.js';
import { companyExists } from '../../services/companies/company-store.js';

const apiKeyParamsSchema = pathParams({ id: serialIdParam });

/**
 * A company's API keys (issue 37, decision 050): its account admins and the master admin
 * (`apiKeys.manage`) create, list and revoke them. The key itself is in the creation's answer
 * only; lists show `cbk_`, its last four characters, who made it and when and from where it was
 * last used. A key of another company answers 404.
 */
export default async function apiKeyRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const store = app.services.apiKeys;
  app.addHook('preHandler', requirePermission('apiKeys.manage'));
  documentAccess(app, 'apiKeys.manage');

  /** The company asked about, where the caller holds `apiKeys.manage` (403 otherwise). */
  function mayManage(request: FastifyRequest, companyId: number): void {
    const actor = currentActor(request);
    if (!can(actor, 'apiKeys.manage', { companyId })) {
      throw forbidden(denialReason(actor, 'apiKeys.manage') ?? 'Admin access required');
    }
  }

  app.get(
    '/api/api-keys',
    {
      schema: {
        operationId: 'listApiKeys',
        summary: "List the company's API keys",
        description:
          "The company's keys that are not revoked, oldest first: name, `cbk_` and the last four characters, scopes, boards (null: every board), who created it, and when and from which address it was last used. Never the key itself. The master admin names a company with `companyId` (without one: every company's keys).",
        querystring: apiKeysQuerySchema,
        response: { 200: apiKeyListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const companyId = await namedCompanyFor(request, request.query.companyId, (id) =>
        companyExists(app.db, id),
      );
      if (companyId === null) {
        // The master admin without a company: every company's keys; anyone else has none.
        const actor = currentActor(request);
        return { keys: can(actor, 'companies.manage') ? await store.list(null) : [] };
      }
      mayManage(request, companyId);
      return { keys: await store.list(companyId) };
    },
  );

  app.post(
    '/api/api-keys',
    {
      schema: {
        operationId: 'createApiKey',
        summary: 'Create an API key',
        description:
          'A key for a script or tool: a name, its scopes (`boards:read`, `history:read`, `alerts:read`) and optionally the boards it may read. `key` is in this answer only: copy it now, only a hash of it is kept. 400 naming `name`, `scopes` or `boardIds` when one is wrong.',
        body: createApiKeySchema,
        response: { 201: createdApiKeySchema },
      },
    },
    async (request, reply) => {
      const { name, scopes, boardIds, companyId: named } = request.body;
      const actor = currentActor(request);
      let companyId: number;
      if (named !== undefined) {
        if (
          !can(actor, 'apiKeys.manage', { companyId: named }) ||
          !(await companyExists(app.db, named))
        )
          throw notFound('Company');
        companyId = named;
      } else if (actor.companyId === null) {
        throw fieldError(
          'BAD_REQUEST',
          'companyId',
          'companyId: choose the company the key belongs to',
        );
      } else {
        companyId = actor.companyId;
        mayManage(request, companyId);
      }
      if (boardIds) {
        const boards = new Set((await app.services.boards.list(companyId)).map((b) => b.id));
        const wrong = boardIds.findIndex((id) => !boards.has(id));
        if (wrong !== -1) {
          const field = `boardIds[${wrong}]`;
          throw fieldError('BAD_REQUEST', field, `${field}: no such board in the company`);
        }
      }
      const created = await store.create({
        companyId,
        name,
        scopes,
        boardIds: boardIds ? [...new Set(boardIds)] : null,
        createdByUserId: currentUser(request).id,
      });
      reply.header('cache-control', 'no-store');
      return reply.status(201).send({ apiKey: created.view, key: created.key });
    },
  );

  app.delete(
    '/api/api-keys/:id',
    {
      schema: {
        operationId: 'revokeApiKey',
        summary: 'Revoke an API key',
        description:
          'Revokes the key at once: its next request, on any server, answers 401. A key of another company, or one already revoked, answers 404.',
        params: apiKeyParamsSchema,
        response: { 200: z.object({ id: z.number().int(), revoked: z.literal(true) }) },
      },
    },
    async (request) => {
      const row = await store.byId(request.params.id);
      if (!row || !can(currentActor(request), 'apiKeys.manage', { companyId: row.companyId }))
        throw notFound('API key');
      if (!(await store.revoke(row.id, app.services.now()))) throw notFound('API key');
      return { id: row.id, revoked: true as const };
    },
  );
}
