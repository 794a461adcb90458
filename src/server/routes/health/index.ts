import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentAccess } from '../../plugins/permissions.js';

const healthSchema = z.object({ status: z.literal('ok') });
const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['postgres', 'pglite']),
});
/** Written once: the load balancer's check (and the benches' baseline) costs no serializing. */
const HEALTHY = JSON.stringify({ status: 'ok' } satisfies z.infer<typeof healthSchema>);

/** Liveness and readiness for load balancers; public by design. */
export default async function healthRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  documentAccess(app, 'public');
  // On the untyped instance: the answer is the JSON text above.
  root.get(
    '/healthz',
    {
      schema: {
        operationId: 'getLiveness',
        summary: 'Check that the server is up',
        description:
          'Answers `{ "status": "ok" }` while the process runs: a load balancer\'s liveness check.',
        response: { 200: healthSchema },
      },
    },
    async (_request, reply) => reply.type('application/json; charset=utf-8').send(HEALTHY),
  );
  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'getReadiness',
        summary: 'Check that the server can serve requests',
        description:
          '200 when the database answers, 503 with the reason when it does not: a load balancer sends no traffic to an instance that is not ready.',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const, database: app.database.kind };
      } catch (err) {
        request.log.error({ err }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable', database: app.database.kind });
      }
    },
  );
}
