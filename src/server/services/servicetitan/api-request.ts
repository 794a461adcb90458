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
 * Authenticated GETs for one credential: bearer token and app key on every call; a 401 drops
 * the token and retries once with a fresh one (tokens can be revoked before they expire).
 */
export function createApiGet(deps: {
  http: Http;
  tokens: TokenCache;
  apiBase: string;
  credential: ServiceTitanCredential;
}): ApiGet {
  const { credential } = deps;
  const limitKey = `${deps.apiBase}|${credential.tenantId}`;
  return async (module, resource, query, options) => {
    const path = `/${module}/v2/tenant/${encodeURIComponent(credential.tenantId)}/${resource}`;
    const search = new URLSearchParams(query).toString();
    let usedToken: string | undefined;
    return deps.http.send({
      method: 'GET',
      url: `${deps.apiBase}${path}${search ? `?${search}` : ''}`,
      path,
      limitKey,
      signal: options?.signal,
      headers: async () => {
        usedToken = await deps.tokens.get(credential);
        return {
          authorization: `Bearer ${usedToken}`,
          'ST-App-Key': credential.appKey,
          accept: 'application/json',
        };
      },
      onClientError: (status) => {
        if (status !== 401) return undefined;
        if (usedToken) deps.tokens.invalidate(credential, usedToken);
        return 'retry';
      },
    });
  };
}
