import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another origin (CSRF). Browsers send
 * `Origin` on every non-GET request, and `Sec-Fetch-Site` on all requests; non-browser callers
 * (scripts, webhooks) send neither and are authenticated by other means.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  options: { publicUrl: string; exemptPrefixes: string[] },
): void {
  const allowed = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const path = request.url.split('?')[0] ?? '';
    if (options.exemptPrefixes.some((prefix) => path.startsWith(prefix))) return;
    const origin = request.headers.origin;
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin !== undefined) {
      if (origin === allowed || origin === ownOrigin) return;
      throw new AppError('CROSS_ORIGIN', 'Cross-origin request refused');
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError('CROSS_ORIGIN', 'Cross-origin request refused');
    }
  });
}
