import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  sampleCredentialsQuerySchema,
  sampleCredentialsSchema,
  sampleHousecallProSchema,
} from '../../../shared/api/onboarding.js';
import { can } from '../../../shared/permissions.js';
import { forbidden, notFound } from '../../errors.js';
import { currentActor, documentAccess, requireUser } from '../../plugins/permissions.js';

/**
 * `GET /api/onboarding/sample-credentials[?provider=housecallpro]`: while the bundled ServiceTitan
 * simulator (or Housecall Pro stand-in) runs (never in production), the connect step may fill in
 * its sample tenant (account). 404 otherwise.
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
          "While the bundled ServiceTitan simulator (or, with provider=housecallpro, the Housecall Pro stand-in) runs (never in production), the setup's connect step can fill in its sample tenant or account; 404 otherwise.",
        querystring: sampleCredentialsQuerySchema,
        response: { 200: z.union([sampleCredentialsSchema, sampleHousecallProSchema]) },
      },
    },
    async (request) => {
      if (!can(currentActor(request), 'credentials.manage')) {
        throw forbidden('Admin access required');
      }
      if (request.query.provider === 'housecallpro') {
        const account = app.sampleHousecallProAccount;
        if (!account) throw notFound('Sample account');
        return account;
      }
      const sample = app.sampleServiceTitanCredential;
      if (!sample) throw notFound('Sample tenant');
      return sample;
    },
  );
}
