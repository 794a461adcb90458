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
        operationId: 'getWeather',
        summary: "Get the forecast for a board's ZIP code",
        description:
          "The weather a board shows for a 5-digit US ZIP code: each day's condition and temperatures. A ZIP that is not 5 digits is a 400 naming `zip`; when the forecast cannot be read the answer says so instead of failing.",
        'x-access': 'public',
        querystring: weatherQuerySchema,
        response: { 200: weatherResponseSchema },
      },
    },
    async (request) => app.services.weather.forZip(request.query.zip),
  );
}
