import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/**
 * Per-client request budgets for the API. Counters live in each instance's memory: a cache-like
 * guard against floods, not shared state (a client spread over N instances gets N budgets).
 * Routes may tighten their own (`config: { rateLimit }`), as sign-in does.
 *
 * Only `/api/` routes carry the budget's hook: pages, built files, health checks and the
 * development sign-in pages are left out when their route is registered, so none of them pays
 * for a check that would only let it through (an `allowList` function ran on every request).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: { perMinute: number },
): Promise<void> {
  // Runs before the plugin's own onRoute hook (registered next), which skips `rateLimit: false`.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') || route.config?.rateLimit !== undefined) return;
    route.config = { ...route.config, rateLimit: false };
  });
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: '1 minute',
    // The budget headers go out with a 429 only (with retry-after): no client reads them on
    // answers within budget, and they were three headers on every board poll (issue 13).
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} seconds`,
      ),
  });
}
