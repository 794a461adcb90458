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
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const path = request.url.split('?')[0] ?? '';
    if (options.exemptPrefixes.some((prefix) => path.startsWith(prefix))) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (allowed.has(origin)) return;
      throw new AppError('CROSS_ORIGIN', 'Cross-origin request refused');
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError('CROSS_ORIGIN', 'Cross-origin request refused');
    }
  });
}
