/**
 * API keys' scopes and words (issue 37, decision 050), without dependencies: the permission
 * vocabulary (src/shared/permissions.ts) reads them, and the app shell loads that.
 */

/** Every key starts with it, so secret scanners (and people) recognise a leaked one. */
export const API_KEY_PREFIX = 'cbk_';

/** What a key may read. */
export const API_KEY_SCOPES = ['boards:read', 'history:read', 'alerts:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Each scope in words, for the page and the reference. */
export const API_KEY_SCOPE_WORDS: Record<ApiKeyScope, string> = {
  'boards:read': 'Boards, their numbers (as POST /api/capacity answers them) and their settings',
  'history:read': 'History and its CSV',
  'alerts:read': 'Alert rules and deliveries',
};

/** The 403 a key gets on a route its scopes do not cover. */
export const missingScopeMessage = (scope: ApiKeyScope): string =>
  `This key lacks the ${scope} scope`;

/** The 403 a key gets on a route no key may call (writes, people's own pages, TVs). */
export const KEY_DENIAL =
  'An API key only reads boards, history and alerts: this route needs a signed-in person.';

/** The 400 for a key in the address, where logs, proxies and browser history keep it. */
export const KEY_IN_QUERY_MESSAGE =
  'API keys are not accepted in the query string (addresses end up in logs and browser history): send it as the header "Authorization: Bearer cbk_…" instead.';

/** Query parameters a key must never come in (any value starting with `cbk_` neither). */
export const KEY_QUERY_PARAMS = ['api_key', 'apikey', 'key', 'access_token'] as const;

/** The parameter of a query string that carries a key, or null. */
export function keyInQuery(query: string): string | null {
  for (const part of query.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    let name = eq === -1 ? part : part.slice(0, eq);
    let value = eq === -1 ? '' : part.slice(eq + 1);
    try {
      name = decodeURIComponent(name.replace(/\+/g, ' '));
      value = decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      // Undecodable: judged as sent.
    }
    if ((KEY_QUERY_PARAMS as readonly string[]).includes(name.toLowerCase())) return name;
    if (value.trim().toLowerCase().startsWith(API_KEY_PREFIX)) return name;
  }
  return null;
}
