import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  businessUnitPreferenceListSchema,
  businessUnitPreferenceSchema,
  jobTypePreferenceListSchema,
  jobTypePreferenceSchema,
  saveBusinessUnitPreferenceBodySchema,
  saveJobTypePreferenceBodySchema,
} from '../../../shared/api/preferences.js';
import { forbidden } from '../../errors.js';
import { currentUser, requireUser } from '../../plugins/permissions.js';
import {
  listBusinessUnitPreferences,
  listJobTypePreferences,
  saveBusinessUnitPreference,
  saveJobTypePreference,
  type PreferenceChanges,
} from '../../services/preferences/preference-store.js';

/** The seed's body names a userId; it may only ever be the caller's own. */
function callerOwning(request: FastifyRequest, bodyUserId: string | undefined): string {
  const user = currentUser(request);
  if (bodyUserId !== undefined && bodyUserId !== user.id)
    throw forbidden('You can only change your own preferences');
  return user.id;
}

function changesOf(body: PreferenceChanges): PreferenceChanges {
  const changes: PreferenceChanges = {};
  if (body.enabled !== undefined) changes.enabled = body.enabled;
  if (body.customName !== undefined) changes.customName = body.customName;
  if (body.groupId !== undefined) changes.groupId = body.groupId;
  if (body.targetCapacity !== undefined) changes.targetCapacity = body.targetCapacity;
  if (body.day1Target !== undefined) changes.day1Target = body.day1Target;
  if (body.day2Target !== undefined) changes.day2Target = body.day2Target;
  if (body.day3Target !== undefined) changes.day3Target = body.day3Target;
  return changes;
}

/** The signed-in user's own business-unit and job-type preferences (seed section 7 paths). */
export default async function preferenceRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', requireUser);

  app.get(
    '/api/business-unit-preferences',
    { schema: { response: { 200: businessUnitPreferenceListSchema } } },
    async (request) => listBusinessUnitPreferences(app.db, currentUser(request).id),
  );

  app.post(
    '/api/business-unit-preferences',
    {
      schema: {
        body: saveBusinessUnitPreferenceBodySchema,
        response: { 200: businessUnitPreferenceSchema },
      },
    },
    async (request) =>
      saveBusinessUnitPreference(app.db, {
        userId: callerOwning(request, request.body.userId),
        businessUnitId: request.body.businessUnitId,
        changes: changesOf(request.body),
        now: app.services.now(),
      }),
  );

  app.get(
    '/api/job-type-preferences',
    { schema: { response: { 200: jobTypePreferenceListSchema } } },
    async (request) => listJobTypePreferences(app.db, currentUser(request).id),
  );

  app.post(
    '/api/job-type-preferences',
    {
      schema: { body: saveJobTypePreferenceBodySchema, response: { 200: jobTypePreferenceSchema } },
    },
    async (request) =>
      saveJobTypePreference(app.db, {
        userId: callerOwning(request, request.body.userId),
        jobTypeId: request.body.jobTypeId,
        changes: changesOf(request.body),
        now: app.services.now(),
      }),
  );
}
