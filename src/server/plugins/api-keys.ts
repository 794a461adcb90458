import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API_KEY_PREFIX,
  KEY_DENIAL,
  KEY_IN_QUERY_MESSAGE,
  keyInQuery,
  missingScopeMessage,
  type ApiKeyScope,
} from '../../shared/api/api-keys.js';
import { AppError, fieldError, forbidden, unauthenticated } from '../errors.js';
import type { AccessRule } from './permissions.js';
import {
  API_KEY_TOUCH_INTERVAL_MS,
  type ApiKeyCaller,
  type ApiKeyStore,
} from '../services/api-keys/api-key-store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key calling (`Authorization: Bearer cbk_…`), or null (issue 37, decision 050). */
    apiKey: ApiKeyCaller | null;
  }
}

/** The 401 of a key that is unknown or revoked. */
export const KEY_NOT_VALID = 'This API key is not valid: it was revoked, or never existed.';

/** The budget's name in the `RateLimit` and `RateLimit-Policy` headers. */
const POLICY = 'key';

/** The key a request's `Authorization` header carries, or null (another scheme, or none). */
function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^bearer\s+(\S+)\s*$/i.exec(header);
  const token = match?.[1];
  return token?.startsWith(API_KEY_PREFIX) ? token : null;
}

/**
 * The third caller (issue 37): a company's API key. For every /api request: a key in the query
 * string is refused (400, before anything else reads the request); a key in `Authorization:
 * Bearer` is read from the database on every request (a revoked key is refused by the next
 * request on any instance: nothing keeps a key in memory), counted against its per-minute budget
 * shared by every instance (`RateLimit` / `RateLimit-Policy` headers, 429 with `Retry-After`),
 * and stands for the request alone: a session or device cookie sent beside it is ignored.
 *
 * Then, before any route's own hook, a key may call only routes that name the scope it needs
 * (`schema['x-key-scope']`, set by `acceptKeys`) and public ones: any other route answers 403 in
 * words, a route of a scope the key lacks 403 naming the scope.
 */
export function registerApiKeyLoading(
  app: FastifyInstance,
  deps: { store: ApiKeyStore; now: () => Date; perMinute: number },
): void {
  app.decorateRequest('apiKey', null);

  async function load(request: FastifyRequest, reply: FastifyReply, key: string): Promise<void> {
    const caller = await deps.store.byKey(key);
    if (!caller) throw unauthenticated(KEY_NOT_VALID);
    request.apiKey = caller;
    request.user = null;
    request.sessionIdHash = null;
    request.screen = null;
    const now = deps.now();
    const budget = await deps.store.count(caller.id, deps.perMinute, 60_000, now);
    void reply
      .header('ratelimit-policy', `"${POLICY}";q=${deps.perMinute};w=60`)
      .header('ratelimit', `"${POLICY}";r=${budget.remaining};t=${budget.resetSeconds}`);
    if (!budget.allowed) {
      throw new AppError(
        'RATE_LIMITED',
        `This key may make ${deps.perMinute} requests a minute: try again in ${budget.resetSeconds} seconds.`,
        { retryAfterSeconds: budget.resetSeconds },
      );
    }
    const due =
      !caller.lastUsedAt ||
      now.getTime() - caller.lastUsedAt.getTime() >= API_KEY_TOUCH_INTERVAL_MS ||
      caller.lastUsedFrom !== request.ip;
    if (due) await deps.store.touch(caller.id, now, request.ip);
    // Before anything else reads the request (even its body): only routes naming a scope.
    if (request.is404) return;
    const schema = request.routeOptions.schema;
    if (schema?.['x-access'] === 'public') return;
    const scope = schema?.['x-key-scope'];
    if (!scope) throw forbidden(KEY_DENIAL);
    if (!caller.scopes.includes(scope)) throw forbidden(missingScopeMessage(scope));
  }

  // A callback hook: requests without a key or a query string pass without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const q = request.url.indexOf('?');
    if (q !== -1) {
      const param = keyInQuery(request.url.slice(q + 1));
      if (param !== null) return done(fieldError('BAD_REQUEST', param, KEY_IN_QUERY_MESSAGE));
    }
    const key = presentedKey(request);
    if (key === null) return done();
    load(request, reply, key).then(() => done(), done);
  });
}

/**
 * States that the reads of this folder registered after it (GET routes under the folder's
 * access rule `rule`; a route of another rule or method names `schema['x-key-scope']` itself,
 * as `POST /api/capacity` does) accept an API key holding `scope`. Put it after the folder's
 * `documentAccess`.
 */
export function acceptKeys(app: FastifyInstance, scope: ApiKeyScope, rule: AccessRule): void {
  app.addHook('onRoute', (route) => {
    if (route.schema?.['x-key-scope']) return;
    if ((route.schema?.['x-access'] ?? rule) !== rule) return;
    const methods = [route.method].flat();
    if (!methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    route.schema = { ...route.schema, 'x-key-scope': scope };
  });
}
