import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createItemGroupBodySchema,
  itemGroupListSchema,
  itemGroupParamsSchema,
  itemGroupSchema,
  listItemGroupsQuerySchema,
  renameItemGroupBodySchema,
} from '../../../shared/api/item-groups.js';
import { boardQuerySchema } from '../../../shared/api/onboarding.js';
import {
  documentAccess,
  namedCompanyFor,
  namedCompanyForWrite,
  requireUser,
} from '../../plugins/permissions.js';
import { companyExists } from '../../services/companies/company-store.js';
import {
  createItemGroup,
  deleteItemGroup,
  listItemGroups,
  renameItemGroup,
} from '../../services/preferences/item-group-store.js';

/**
 * The company's item groups (decision 007): everyone of the company reads them, `preferences.edit`
 * writes them, and a group id of another company answers 404. `?companyId=` names another
 * company (the master admin supporting it; anyone else 404), as on the board's routes.
 */
export default async function itemGroupRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', requireUser);
  documentAccess(app, 'person');
  const exists = (id: number) => companyExists(app.db, id);
  const companyToEdit = (request: FastifyRequest, named: number | undefined) =>
    namedCompanyForWrite(request, 'preferences.edit', named, exists);
  // Every board and cache of the company hears of a change before the writer's answer leaves.
  const changed = (companyId: number) =>
    app.services.events.publish({ type: 'preferences.changed', companyId });

  app.get(
    '/api/item-groups',
    {
      schema: {
        operationId: 'listItemGroups',
        summary: 'List item groups',
        description:
          "The company's groups of business units or of job types: each shows on a board as one item with its members' numbers added up.",
        querystring: listItemGroupsQuerySchema,
        response: { 200: itemGroupListSchema },
      },
    },
    async (request) => {
      const companyId = await namedCompanyFor(request, request.query.companyId, exists);
      return companyId === null ? [] : listItemGroups(app.db, companyId, request.query.type);
    },
  );

  app.post(
    '/api/item-groups',
    {
      schema: {
        operationId: 'createItemGroup',
        summary: 'Create an item group',
        description:
          'A new, empty group of business units or job types; items join it through their preferences (`groupId`). 400 naming `name` for a name in use or empty.',
        'x-access': 'preferences.edit',
        querystring: boardQuerySchema,
        body: createItemGroupBodySchema,
        response: { 201: itemGroupSchema },
      },
    },
    async (request, reply) => {
      const companyId = await companyToEdit(request, request.query.companyId);
      const group = await createItemGroup(app.db, companyId, request.body);
      await changed(companyId);
      return reply.status(201).send(group);
    },
  );

  app.patch(
    '/api/item-groups/:id',
    {
      schema: {
        operationId: 'renameItemGroup',
        summary: 'Rename an item group',
        description: 'Gives the group a new name; boards show it at once.',
        'x-access': 'preferences.edit',
        params: itemGroupParamsSchema,
        querystring: boardQuerySchema,
        body: renameItemGroupBodySchema,
        response: { 200: itemGroupSchema },
      },
    },
    async (request) => {
      const companyId = await companyToEdit(request, request.query.companyId);
      const group = await renameItemGroup(app.db, {
        companyId,
        groupId: request.params.id,
        name: request.body.name,
        now: app.services.now(),
      });
      await changed(companyId);
      return group;
    },
  );

  app.delete(
    '/api/item-groups/:id',
    {
      schema: {
        operationId: 'deleteItemGroup',
        summary: 'Delete an item group',
        description: 'Its items show on their own again.',
        'x-access': 'preferences.edit',
        params: itemGroupParamsSchema,
        querystring: boardQuerySchema,
        response: { 200: itemGroupSchema },
      },
    },
    async (request) => {
      const companyId = await companyToEdit(request, request.query.companyId);
      const group = await deleteItemGroup(app.db, { companyId, groupId: request.params.id });
      await changed(companyId);
      return group;
    },
  );
}
