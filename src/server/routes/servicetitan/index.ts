import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceTitanMetadataSchema } from '../../../shared/api/servicetitan.js';
import { currentUser, requireUser } from '../../plugins/permissions.js';

/** `GET /api/servicetitan/metadata`: business units and job types for the configuration pages. */
export default async function serviceTitanRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', requireUser);

  app.get(
    '/api/servicetitan/metadata',
    { schema: { response: { 200: serviceTitanMetadataSchema } } },
    async (request) => app.services.capacity.metadataFor(currentUser(request)),
  );
}
