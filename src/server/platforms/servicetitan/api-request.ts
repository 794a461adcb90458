import type { ReadOptions, ServiceTitanCredential } from './contract.js';
import type { Http } from './http.js';
import type { TokenCache } from './token-cache.js';

export type StModule = 'settings' | 'jpm' | 'dispatch';

/** A GET on `{api}/{module}/v2/tenant/{tenantId}/{resource}` for one credential. */
export type ApiGet = (
  module: StModule,
  resource: string,
  query: Record<string, string>,
  options?: ReadOptions,
) => Promise<unknown>;

/**
 * A POST of a JSON body that reads (ServiceTitan's capacity query is one) on
 * `{api}/{module}/v2/tenant/{tenantId}/{resource}`.
 */
export type ApiPost = (
  module: StModule,
  resource: string,
  body: unknown,
  options?: ReadOptions,
) => Promise<unknown>;

interface ApiDeps {
  http: Http;
  tokens: TokenCache;
  apiBase: string;
  credential: ServiceTitanCredential;
}

/**
 * One authenticated call for one credential: bearer token and app key on every call; a 401
 * drops the token and retries once with a fresh one (tokens can be revoked before they expire).
 */
function call(
  deps: ApiDeps,
  request: {
    method: 'GET' | 'POST';
    module: StModule;
    resource: string;
    query?: Record<string, string>;
    body?: unknown;
    options?: ReadOptions | undefined;
  },
): Promise<unknown> {
  const { credential } = deps;
  const path = `/${request.module}/v2/tenant/${encodeURIComponent(credential.tenantId)}/${request.resource}`;
  const search = new URLSearchParams(request.query ?? {}).toString();
  let usedToken: string | undefined;
  const json = request.body !== undefined;
  return deps.http.send({
    method: request.method,
    url: `${deps.apiBase}${path}${search ? `?${search}` : ''}`,
    path,
    limitKey: `${deps.apiBase}|${credential.tenantId}`,
    signal: request.options?.signal,
    ...(json ? { body: JSON.stringify(request.body) } : {}),
    headers: async () => {
      usedToken = await deps.tokens.get(credential);
      return {
        authorization: `Bearer ${usedToken}`,
        'ST-App-Key': credential.appKey,
        accept: 'application/json',
        ...(json ? { 'content-type': 'application/json' } : {}),
      };
    },
    onClientError: (status) => {
      if (status !== 401) return undefined;
      if (usedToken) deps.tokens.invalidate(credential, usedToken);
      return 'retry';
    },
  });
}

/** Authenticated GETs for one credential. */
export function createApiGet(deps: ApiDeps): ApiGet {
  return (module, resource, query, options) =>
    call(deps, { method: 'GET', module, resource, query, options });
}

/** Authenticated POSTs of a JSON body for one credential. */
export function createApiPost(deps: ApiDeps): ApiPost {
  return (module, resource, body, options) =>
    call(deps, { method: 'POST', module, resource, body, options });
}
