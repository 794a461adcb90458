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

/** How the API reference names each kind's two operations. */
const REFERENCE_WORDS: Record<
  ItemType,
  Record<
    'listId' | 'listSummary' | 'listDescription' | 'saveId' | 'saveSummary' | 'saveDescription',
    string
  >
> = {
  businessUnit: {
    listId: 'listBusinessUnitPreferences',
    listSummary: "List the company's business-unit preferences",
    listDescription:
      'What the company chose per business unit: its name on the board, whether it is hidden, its group and its target for each day ahead. A caller without a company gets an empty list.',
    saveId: 'saveBusinessUnitPreference',
    saveSummary: "Save a business unit's name, targets, hiding or group",
    saveDescription:
      'Changes the fields given for one business unit (`businessUnitId`) and keeps the others; boards show the change at once. 400 naming the field for a bad value.',
  },
  jobType: {
    listId: 'listJobTypePreferences',
    listSummary: "List the company's job-type preferences",
    listDescription:
      'What the company chose per job type: its name on the board, whether it is hidden, its group and its target for each day ahead. A caller without a company gets an empty list.',
    saveId: 'saveJobTypePreference',
    saveSummary: "Save a job type's name, targets, hiding or group",
    saveDescription:
      'Changes the fields given for one job type (`jobTypeId`) and keeps the others; boards show the change at once. 400 naming the field for a bad value.',
  },
};

/**
 * `GET` and `POST` of one kind of preference at its seed path (section 7). Everyone of the
 * company reads; only `preferences.edit` writes (decision 007). A caller without a company reads
 * an empty list. `?companyId=` names another company (the master admin supporting it; anyone
 * else 404), as on the board's routes.
 */
function preferenceRoutesFor(type: ItemType): FastifyPluginAsync {
  const { path } = ITEM_KINDS[type];
  const schemas = preferenceSchemasFor(type);
  const words = REFERENCE_WORDS[type];
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireUser);
    documentAccess(app, 'person');
    const exists = (id: number) => companyExists(app.db, id);

    app.get(
      path,
      {
        schema: {
          operationId: words.listId,
          summary: words.listSummary,
          description: words.listDescription,
          querystring: boardQuerySchema,
          response: { 200: schemas.list },
        },
      },
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
          operationId: words.saveId,
          summary: words.saveSummary,
          description: words.saveDescription,
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
