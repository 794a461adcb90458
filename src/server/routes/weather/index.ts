import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { weatherQuerySchema, weatherResponseSchema } from '../../../shared/api/weather.js';

/**
 * Weather for the board's ZIP code. Public by design (product decision 10: anonymous visitors
 * see weather on the live preview), so no access hook on this folder.
 */
export default async function weatherRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/weather',
    {
      schema: {
        'x-access': 'public',
        querystring: weatherQuerySchema,
        response: { 200: weatherResponseSchema },
      },
    },
    async (request) => app.services.weather.forZip(request.query.zip),
  );
}
