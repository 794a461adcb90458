import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { boardQuerySchema } from '../../../shared/api/onboarding.js';
import { providerMetadataSchema } from '../../../shared/api/providers.js';
import { can } from '../../../shared/permissions.js';
import { acceptKeys } from '../../plugins/api-keys.js';
import {
  boardCompanyFor,
  boardViewer,
  documentAccess,
  requireViewer,
  viewerActor,
} from '../../plugins/permissions.js';
import { webhookAddresses } from '../../platforms/routes.js';
import { companyExists } from '../../services/companies/company-store.js';

/**
 * The company's platform as the board's pages see it (`GET /api/provider/metadata`). Each
 * platform's own routes (its connection, its signed deliveries) are in its folder under
 * `platforms/`.
 */
export default async function providerRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // A signed-in person or a paired screen of the company (decision 010), as the seed's metadata.
  app.addHook('preHandler', requireViewer);
  documentAccess(app, 'viewer');
  acceptKeys(app, 'boards:read', 'viewer');

  app.get(
    '/api/provider/metadata',
    {
      schema: {
        operationId: 'getPlatformMetadata',
        summary: "Show the company's platform and its items",
        description:
          "Which field-service platform the company runs on, its name as the pages say it, whether it is connected (with the reason when it cannot be read), its business units and job types by id and name, the platform's own time zone for the company, and, for the company's admins only, the webhook address to paste into the platform (null for everyone else and for platforms without one).",
        querystring: boardQuerySchema,
        response: { 200: providerMetadataSchema },
      },
    },
    async (request) => {
      const boardCompanyId = await boardCompanyFor(request, request.query.companyId, (id) =>
        companyExists(app.db, id),
      );
      const viewer = boardViewer(request, boardCompanyId);
      const metadata = await app.services.capacity.metadataFor(viewer);
      // The address to paste into the platform (where it has one): its admins' business only.
      const companyId = viewer.boardCompanyId ?? viewer.companyId;
      const actor = viewerActor(request);
      const webhookAddress = webhookAddresses[metadata.provider];
      const webhookUrl =
        webhookAddress &&
        companyId !== null &&
        actor &&
        can(actor, 'credentials.manage', { companyId })
          ? await webhookAddress(app, companyId)
          : null;
      return { ...metadata, webhookUrl };
    },
  );
}
