import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createItemGroupBodySchema,
  itemGroupListSchema,
  itemGroupParamsSchema,
  itemGroupSchema,
  listItemGroupsQuerySchema,
  renameItemGroupBodySchema,
} from '../../../shared/api/item-groups.js';
import {
  companyForWrite,
  currentUser,
  documentAccess,
  requireUser,
} from '../../plugins/permissions.js';
import {
  createItemGroup,
  deleteItemGroup,
  listItemGroups,
  renameItemGroup,
} from '../../services/preferences/item-group-store.js';

/**
 * The company's item groups (decision 007): everyone of the company reads them, `preferences.edit`
 * writes them, and a group id of another company answers 404.
 */
export default async function itemGroupRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', requireUser);
  documentAccess(app, 'person');
  // Every board and cache of the company hears of a change before the writer's answer leaves.
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode >= 400) return;
    const companyId = request.user?.companyId;
    if (companyId != null)
      await app.services.events.publish({ type: 'preferences.changed', companyId });
  });

  app.get(
    '/api/item-groups',
    { schema: { querystring: listItemGroupsQuerySchema, response: { 200: itemGroupListSchema } } },
    async (request) => {
      const { companyId } = currentUser(request);
      return companyId === null ? [] : listItemGroups(app.db, companyId, request.query.type);
    },
  );

  app.post(
    '/api/item-groups',
    {
      schema: {
        'x-access': 'preferences.edit',
        body: createItemGroupBodySchema,
        response: { 201: itemGroupSchema },
      },
    },
    async (request, reply) => {
      const companyId = companyForWrite(request, 'preferences.edit');
      const group = await createItemGroup(app.db, companyId, request.body);
      return reply.status(201).send(group);
    },
  );

  app.patch(
    '/api/item-groups/:id',
    {
      schema: {
        'x-access': 'preferences.edit',
        params: itemGroupParamsSchema,
        body: renameItemGroupBodySchema,
        response: { 200: itemGroupSchema },
      },
    },
    async (request) =>
      renameItemGroup(app.db, {
        companyId: companyForWrite(request, 'preferences.edit'),
        groupId: request.params.id,
        name: request.body.name,
        now: app.services.now(),
      }),
  );

  app.delete(
    '/api/item-groups/:id',
    {
      schema: {
        'x-access': 'preferences.edit',
        params: itemGroupParamsSchema,
        response: { 200: itemGroupSchema },
      },
    },
    async (request) =>
      deleteItemGroup(app.db, {
        companyId: companyForWrite(request, 'preferences.edit'),
        groupId: request.params.id,
      }),
  );
}
