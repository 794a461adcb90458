import { JobberError } from './errors.js';

/**
 * Jobber's OAuth 2.0 endpoints (authorization code only; Jobber's app-authorization page):
 * `GET {api}/api/oauth/authorize`, `POST {api}/api/oauth/token` form-encoded. Access tokens are
 * JWTs whose `exp` says when they end (about 60 minutes); refresh tokens rotate.
 */
export interface JobberApp {
  clientId: string;
  clientSecret: string;
  /** JOBBER_API_URL, without a trailing slash. */
  apiUrl: string;
}

export interface JobberTokens {
  accessToken: string;
  refreshToken: string;
  /** When the access token ends (from the JWT's `exp`, else `expires_at`, else an hour). */
  accessExpiresAt: Date;
}

const TOKEN_TIMEOUT_MS = 15_000;

export function authorizeUrl(app: JobberApp, redirectUri: string, state: string): string {
  const url = new URL(`${app.apiUrl}/api/oauth/authorize`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', app.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  return url.toString();
}

/** The `exp` of a JWT, without checking its signature (it is Jobber's to check). */
export function jwtExpiry(token: string): Date | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : null;
  } catch {
    return null;
  }
}

/**
 * One call to the token endpoint. A refused grant (`invalid_grant`, or Jobber's "The provided
 * refresh token is not valid.") is `disconnected`; a refused client is `invalid_credentials`;
 * anything else the next attempt may fix.
 */
export async function requestTokens(
  app: JobberApp,
  grant:
    | { grant_type: 'authorization_code'; code: string; redirect_uri: string }
    | { grant_type: 'refresh_token'; refresh_token: string },
  deps: { fetch: typeof fetch; now: () => Date; signal?: AbortSignal | undefined },
): Promise<JobberTokens> {
  let response: Response;
  let text: string;
  try {
    response = await deps.fetch(`${app.apiUrl}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: app.clientId,
        client_secret: app.clientSecret,
        ...grant,
      }).toString(),
      signal: deps.signal
        ? AbortSignal.any([deps.signal, AbortSignal.timeout(TOKEN_TIMEOUT_MS)])
        : AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    if (deps.signal?.aborted) throw deps.signal.reason;
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new JobberError(timedOut ? 'timeout' : 'unavailable', `token endpoint: ${String(error)}`);
  }
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON: judged by the status below.
  }
  if (
    response.ok &&
    typeof body.access_token === 'string' &&
    typeof body.refresh_token === 'string'
  ) {
    const fromExpiresAt =
      typeof body.expires_at === 'string'
        ? new Date(body.expires_at.replace(' UTC', 'Z').replace(' ', 'T'))
        : null;
    const accessExpiresAt =
      jwtExpiry(body.access_token) ??
      (fromExpiresAt && !Number.isNaN(fromExpiresAt.getTime()) ? fromExpiresAt : null) ??
      new Date(deps.now().getTime() + 3_600_000);
    return { accessToken: body.access_token, refreshToken: body.refresh_token, accessExpiresAt };
  }
  const described = `token endpoint answered ${response.status} ${String(body.error ?? '')}`.trim();
  if (response.status === 401 && body.error === 'invalid_client')
    throw new JobberError('invalid_credentials', described);
  if (
    (response.status === 400 || response.status === 401) &&
    (body.error === 'invalid_grant' || /refresh token is not valid/i.test(text))
  )
    throw new JobberError('disconnected', described);
  if (response.status === 429) throw new JobberError('rate_limited', described);
  if (response.status >= 500) throw new JobberError('unavailable', described);
  throw new JobberError('bad_response', described);
}
