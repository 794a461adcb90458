import { ServiceTitanError } from './contract.js';
import type { ConcurrencyLimit } from './concurrency-limit.js';

/** The pino subset we use; app.log fits. */
export interface ServiceTitanLogger {
  debug(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface HttpSettings {
  fetch: typeof fetch;
  logger: ServiceTitanLogger | undefined;
  timeoutMs: number;
  maxRetries: number;
  sleep: (ms: number) => Promise<void>;
  now: () => Date;
  random: () => number;
  limit: ConcurrencyLimit;
  /** A server asking us to wait longer than this gets a 'rate_limited' error at once instead. */
  maxRetryAfterMs: number;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  /** Path without host or query: what errors and log lines may name. */
  path: string;
  /** Built again for every attempt, so a renewed token is picked up. */
  headers: () => Promise<Record<string, string>>;
  body?: string;
  /** Requests sharing a key share the concurrency cap (one key per tenant). */
  limitKey?: string;
  /** Once aborted: no further attempt or retry; the send rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Turns statuses this request handles specially into an error, or 'retry' (at most once). */
  onClientError?: (status: number, bodyText: string) => ServiceTitanError | 'retry' | undefined;
}

type Outcome =
  | { kind: 'answer'; status: number; headers: Headers; text: string }
  | { kind: 'timeout' }
  | { kind: 'network'; message: string };

/** Where access tokens come from (on the auth host). */
export const TOKEN_PATH = '/connect/token';

/** API scope an admin must grant, by the module in the URL. */
const PERMISSION_BY_MODULE: Record<string, string> = {
  settings: 'Settings',
  jpm: 'Job Planning & Management',
  dispatch: 'Dispatch',
};

export function permissionForPath(path: string): string {
  const module = path.split('/').filter(Boolean)[0] ?? '';
  return PERMISSION_BY_MODULE[module] ?? module;
}

/** The `title` and `detail` of an RFC 7807 problem body, for diagnostics (never secrets). */
function problemText(bodyText: string): string | undefined {
  try {
    const body = JSON.parse(bodyText) as { title?: unknown; detail?: unknown };
    const parts = [body.title, body.detail].filter(
      (part): part is string => typeof part === 'string' && part.trim() !== '',
    );
    return parts.length > 0 ? parts.join(' ').slice(0, 300) : undefined;
  } catch {
    return undefined;
  }
}

/** Seconds from `Retry-After` (delta or HTTP date) or from "Try again in N seconds." text. */
export function retryAfterMs(
  headers: Headers,
  bodyText: string,
  nowMs: number,
): number | undefined {
  const header = headers.get('retry-after')?.trim();
  if (header) {
    if (/^\d+(\.\d+)?$/.test(header)) return Math.round(Number(header) * 1000);
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.max(0, at - nowMs);
  }
  const match = /try again in (\d+(?:\.\d+)?) seconds?/i.exec(bodyText);
  if (match?.[1]) return Math.round(Number(match[1]) * 1000);
  return undefined;
}

/**
 * One HTTP exchange with ServiceTitan: timeout on every attempt, bounded retries with backoff on
 * 429/5xx/network errors, and every other failure mapped to a ServiceTitanError. Log lines
 * carry method, path, status and duration only: never headers, bodies, tokens or secrets.
 */
export function createHttp(settings: HttpSettings) {
  function backoffMs(retry: number): number {
    const base = Math.min(250 * 2 ** retry, 8000);
    return Math.round(base / 2 + settings.random() * (base / 2));
  }

  async function attempt(request: HttpRequest): Promise<Outcome> {
    const headers = await request.headers();
    const started = performance.now();
    // The clock starts when the request gets its slot: time spent queued behind the per-tenant
    // cap is not ServiceTitan's slowness.
    const exchange = async (): Promise<Outcome> => {
      // Queued behind the cap while a sibling read failed: do not start.
      request.signal?.throwIfAborted();
      const signal = AbortSignal.timeout(settings.timeoutMs);
      try {
        const response = await settings.fetch(request.url, {
          method: request.method,
          headers,
          body: request.body,
          signal: request.signal ? AbortSignal.any([signal, request.signal]) : signal,
        });
        const text = await response.text();
        return { kind: 'answer', status: response.status, headers: response.headers, text };
      } catch (err) {
        request.signal?.throwIfAborted();
        if (signal.aborted) return { kind: 'timeout' };
        return { kind: 'network', message: err instanceof Error ? err.message : String(err) };
      }
    };
    const outcome = request.limitKey
      ? await settings.limit.run(request.limitKey, exchange)
      : await exchange();
    const durationMs = Math.round(performance.now() - started);
    const status = outcome.kind === 'answer' ? outcome.status : outcome.kind;
    settings.logger?.debug(
      { method: request.method, path: request.path, status, durationMs },
      'servicetitan call',
    );
    return outcome;
  }

  function fail(request: HttpRequest, error: ServiceTitanError): never {
    settings.logger?.warn(
      { method: request.method, path: request.path, kind: error.kind, status: error.detail.status },
      'servicetitan call failed',
    );
    throw error;
  }

  return {
    /** Performs the request and returns the parsed JSON body of a 2xx answer. */
    async send(request: HttpRequest): Promise<unknown> {
      let retries = 0;
      let retriedClientError = false;
      const path = request.path;
      for (;;) {
        request.signal?.throwIfAborted();
        const outcome = await attempt(request);
        if (outcome.kind === 'timeout') {
          // Not retried: a refresh that already waited this long should report, not wait again.
          fail(
            request,
            new ServiceTitanError(
              'timeout',
              `ServiceTitan did not answer ${path} within ${settings.timeoutMs} ms`,
              {
                path,
              },
            ),
          );
        }
        if (outcome.kind === 'network') {
          if (retries < settings.maxRetries) {
            await settings.sleep(backoffMs(retries++));
            continue;
          }
          fail(
            request,
            new ServiceTitanError(
              'unavailable',
              `ServiceTitan could not be reached (${outcome.message})`,
              { path },
            ),
          );
        }
        const { status, text } = outcome;
        if (status >= 200 && status < 300) {
          try {
            return JSON.parse(text) as unknown;
          } catch {
            fail(
              request,
              new ServiceTitanError(
                'bad_response',
                `ServiceTitan answered ${path} with invalid JSON`,
                { status, path },
              ),
            );
          }
        }
        if (status === 429) {
          const wait =
            retryAfterMs(outcome.headers, text, settings.now().getTime()) ?? backoffMs(retries);
          if (retries < settings.maxRetries && wait <= settings.maxRetryAfterMs) {
            retries++;
            await settings.sleep(wait);
            continue;
          }
          fail(
            request,
            new ServiceTitanError(
              'rate_limited',
              `ServiceTitan is throttling requests to ${path}`,
              { status, path },
            ),
          );
        }
        if (status >= 500) {
          if (retries < settings.maxRetries) {
            await settings.sleep(backoffMs(retries++));
            continue;
          }
          fail(
            request,
            new ServiceTitanError(
              'unavailable',
              `ServiceTitan answered ${path} with HTTP ${status}`,
              { status, path },
            ),
          );
        }
        const special = request.onClientError?.(status, text);
        if (special === 'retry' && !retriedClientError) {
          retriedClientError = true;
          continue;
        }
        if (special instanceof ServiceTitanError) fail(request, special);
        if (status === 401) {
          fail(
            request,
            new ServiceTitanError(
              'invalid_credentials',
              `ServiceTitan refused the access token or app key for ${path}`,
              {
                status,
                path,
              },
            ),
          );
        }
        if (status === 403 && path === TOKEN_PATH) {
          // The token endpoint has no API scope to name: a refusal there is the credentials.
          fail(
            request,
            new ServiceTitanError(
              'invalid_credentials',
              'ServiceTitan refused the client ID and secret',
              { status, path },
            ),
          );
        }
        if (status === 403) {
          const missingPermission = permissionForPath(path);
          fail(
            request,
            new ServiceTitanError(
              'forbidden',
              `ServiceTitan refused ${path}: the app lacks the "${missingPermission}" API scope or the tenant has not connected the app`,
              { status, path, missingPermission, explanation: problemText(text) },
            ),
          );
        }
        if (status === 404) {
          fail(
            request,
            new ServiceTitanError(
              'not_found',
              `ServiceTitan answered ${path} with 404 (unknown tenant or resource)`,
              { status, path },
            ),
          );
        }
        fail(
          request,
          new ServiceTitanError(
            'bad_response',
            `ServiceTitan answered ${path} with HTTP ${status}`,
            { status, path },
          ),
        );
      }
    },
  };
}

export type Http = ReturnType<typeof createHttp>;
