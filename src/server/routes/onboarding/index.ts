import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sampleCredentialsSchema } from '../../../shared/api/onboarding.js';
import { can } from '../../../shared/permissions.js';
import { forbidden, notFound } from '../../errors.js';
import { currentActor, documentAccess, requireUser } from '../../plugins/permissions.js';

/**
 * `GET /api/onboarding/sample-credentials`: while the bundled ServiceTitan simulator runs (never
 * in production), the connect step may fill in its sample tenant. 404 otherwise.
 */
export default async function onboardingRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireUser);
  documentAccess(app, 'credentials.manage');

  app.get(
    '/api/onboarding/sample-credentials',
    {
      schema: {
        operationId: 'getSampleCredentials',
        summary: 'Get the sample ServiceTitan tenant (development only)',
        description:
          "While the bundled ServiceTitan simulator runs (never in production), the setup's connect step can fill in its sample tenant; 404 otherwise.",
        response: { 200: sampleCredentialsSchema },
      },
    },
    async (request) => {
      if (!can(currentActor(request), 'credentials.manage')) {
        throw forbidden('Admin access required');
      }
      const sample = app.sampleServiceTitanCredential;
      if (!sample) throw notFound('Sample tenant');
      return sample;
    },
  );
}
