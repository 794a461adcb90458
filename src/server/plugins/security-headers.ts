import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer: pages, API answers, built files, errors and 404s.
 * Helmet's middleware is built once, here, and applied in one callback hook (decision 013):
 * @fastify/helmet 13 builds it again for every request, parsing the whole policy each time, in
 * two async hooks; that was a quarter of the server's work for a small answer.
 *
 * Headers a route sets itself (the logo's own sandboxing policy) win: they are written after
 * these, which go on the raw response first.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const applyHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
}
