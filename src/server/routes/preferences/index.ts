import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ItemType } from '../../../shared/api/item-groups.js';
import {
  ITEM_KINDS,
  preferenceSchemasFor,
  toWirePreference,
  type PreferenceChanges,
} from '../../../shared/api/preferences.js';
import { boardQuerySchema } from '../../../shared/api/onboarding.js';
import {
  documentAccess,
  namedCompanyFor,
  namedCompanyForWrite,
  requireUser,
} from '../../plugins/permissions.js';
import { companyExists } from '../../services/companies/company-store.js';
import { listPreferences, savePreference } from '../../services/preferences/preference-store.js';

const CHANGE_FIELDS = [
  'enabled',
  'customName',
  'groupId',
  'targetCapacity',
  'day1Target',
  'day2Target',
  'day3Target',
] as const satisfies readonly (keyof PreferenceChanges)[];

function changesOf(body: PreferenceChanges): PreferenceChanges {
  const changes: Record<string, unknown> = {};
  for (const field of CHANGE_FIELDS) if (body[field] !== undefined) changes[field] = body[field];
  return changes as PreferenceChanges;
}

/**
 * `GET` and `POST` of one kind of preference at its seed path (section 7). Everyone of the
 * company reads; only `preferences.edit` writes (decision 007). A caller without a company reads
 * an empty list. `?companyId=` names another company (the master admin supporting it; anyone
 * else 404), as on the board's routes.
 */
function preferenceRoutesFor(type: ItemType): FastifyPluginAsync {
  const { path } = ITEM_KINDS[type];
  const schemas = preferenceSchemasFor(type);
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireUser);
    documentAccess(app, 'person');
    const exists = (id: number) => companyExists(app.db, id);

    app.get(
      path,
      { schema: { querystring: boardQuerySchema, response: { 200: schemas.list } } },
      async (request) => {
        const companyId = await namedCompanyFor(request, request.query.companyId, exists);
        if (companyId === null) return [];
        const rows = await listPreferences(app.db, companyId, type);
        return rows.map(toWirePreference) as never;
      },
    );

    app.post(
      path,
      {
        schema: {
          'x-access': 'preferences.edit',
          querystring: boardQuerySchema,
          body: schemas.saveBody,
          response: { 200: schemas.record },
        },
      },
      async (request) => {
        const companyId = await namedCompanyForWrite(
          request,
          'preferences.edit',
          request.query.companyId,
          exists,
        );
        const body = request.body as PreferenceChanges & Record<string, unknown>;
        const saved = await savePreference(app.db, {
          companyId,
          type,
          itemId: body[schemas.idField] as number,
          changes: changesOf(body),
          now: app.services.now(),
        });
        // Every board and cache of the company hears of it before the writer's answer leaves.
        await app.services.events.publish({ type: 'preferences.changed', companyId });
        return toWirePreference(saved) as never;
      },
    );
  };
}

/** The company's business-unit and job-type preferences, from one factory. */
export default async function preferenceRoutes(app: FastifyInstance): Promise<void> {
  await app.register(preferenceRoutesFor('businessUnit'));
  await app.register(preferenceRoutesFor('jobType'));
}
