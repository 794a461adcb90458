import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another origin (CSRF). Browsers send
 * `Origin` on every non-GET request, and `Sec-Fetch-Site` on all requests; non-browser callers
 * (scripts, webhooks) send neither and are authenticated by other means.
 *
 * `Origin` is compared with the configured origins only (PUBLIC_URL's and ALLOWED_ORIGINS), never
 * with the request's own `Host`: a request that claims to be for evil.example and comes from
 * evil.example is still from another origin.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  options: { allowedOrigins: readonly string[]; exemptPrefixes: string[] },
): void {
  const allowed = new Set(options.allowedOrigins);
  // A plain callback hook: it never waits, so it costs no promise on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    // A prefix names a path (no `?`): the URL starts with it exactly when its path does.
    for (const prefix of options.exemptPrefixes) if (request.url.startsWith(prefix)) return done();
    const origin = request.headers.origin;
    const fromElsewhere =
      origin !== undefined
        ? !allowed.has(origin)
        : request.headers['sec-fetch-site'] === 'cross-site';
    done(fromElsewhere ? new AppError('CROSS_ORIGIN', 'Cross-origin request refused') : undefined);
  });
}
