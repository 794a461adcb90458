import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceTitanMetadataSchema } from '../../../shared/platforms/servicetitan/api.js';
import { boardQuerySchema } from '../../../shared/api/onboarding.js';
import { acceptKeys } from '../../plugins/api-keys.js';
import {
  boardCompanyFor,
  boardViewer,
  documentAccess,
  requireViewer,
} from '../../plugins/permissions.js';
import { companyExists } from '../../services/companies/company-store.js';

/** `GET /api/servicetitan/metadata`: business units and job types for the configuration pages. */
export default async function serviceTitanRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // A signed-in person or a paired screen of the company (decision 010).
  app.addHook('preHandler', requireViewer);
  documentAccess(app, 'viewer');
  acceptKeys(app, 'boards:read', 'viewer');

  app.get(
    '/api/servicetitan/metadata',
    {
      schema: {
        operationId: 'listPlatformItems',
        summary: "List the company's business units and job types",
        description:
          "The business units and job types the company's ServiceTitan account has, by id and name, as boards and the configuration pages pick them. Empty lists, with the reason, while the company is not connected.",
        querystring: boardQuerySchema,
        response: { 200: serviceTitanMetadataSchema },
      },
    },
    async (request) => {
      const boardCompanyId = await boardCompanyFor(request, request.query.companyId, (id) =>
        companyExists(app.db, id),
      );
      const { hasCredentials, error, businessUnits, jobTypes } =
        await app.services.capacity.metadataFor(boardViewer(request, boardCompanyId));
      return { hasCredentials, error, businessUnits, jobTypes };
    },
  );
}
