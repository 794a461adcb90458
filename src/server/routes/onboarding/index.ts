import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sampleCredentialsQuerySchema } from '../../../shared/api/onboarding.js';
import { sampleValuesSchema } from '../../../shared/platforms/index.js';
import { can } from '../../../shared/permissions.js';
import { forbidden } from '../../errors.js';
import { sampleValues } from '../../platforms/demo.js';
import { currentActor, documentAccess, requireUser } from '../../plugins/permissions.js';

/**
 * `GET /api/onboarding/sample-credentials[?provider=]`: while a platform's bundled stand-in runs
 * (never in production), the connect step may fill in its sample values (platforms/demo.ts).
 * 404 otherwise.
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
        summary: 'Get a sample platform account (development only)',
        description:
          "While the platform's bundled stand-in runs (never in production), the setup's connect step can fill in its sample tenant or account (the default platform's, or `provider`'s); 404 otherwise.",
        querystring: sampleCredentialsQuerySchema,
        response: { 200: sampleValuesSchema },
      },
    },
    async (request) => {
      if (!can(currentActor(request), 'credentials.manage')) {
        throw forbidden('Admin access required');
      }
      return sampleValues(app, request.query.provider);
    },
  );
}
