import { HousecallProError } from './contract.js';

/** The pino subset used; app.log fits. */
export interface HousecallProLogger {
  debug(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface HousecallProHttpSettings {
  fetch: typeof fetch;
  /** `HOUSECALLPRO_API_URL`, default https://api.housecallpro.com. */
  apiUrl: string;
  logger?: HousecallProLogger | undefined;
  /** Per attempt. */
  timeoutMs: number;
  /** Retries after a 429, 5xx or network error. */
  maxRetries: number;
  /** A Retry-After longer than this fails the read as `rate_limited` at once. */
  maxRetryAfterMs: number;
  sleep: (ms: number) => Promise<void>;
  now: () => Date;
  random: () => number;
}

/** `Retry-After` as seconds or an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(headers: Headers, nowMs: number): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

export type HousecallProGet = (
  path: string,
  query: [string, string][],
  signal?: AbortSignal,
) => Promise<unknown>;

/**
 * One GET to Housecall Pro with a Company API key (`Authorization: Token <key>`): a timeout on
 * every attempt; on 429 it waits as long as `Retry-After` says (or backs off when it says
 * nothing) and tries again, a bounded number of times; 5xx and network errors are retried with
 * back-off; every other failure is a HousecallProError with a kind. Log lines carry the path,
 * status and duration only: never the key, a query or a body.
 */
export function createHousecallProGet(
  settings: HousecallProHttpSettings,
  apiKey: string,
): HousecallProGet {
  const base = settings.apiUrl.replace(/\/+$/, '');
  const backoffMs = (retry: number) => {
    const ceiling = Math.min(1000 * 2 ** retry, 8000);
    return Math.round(ceiling / 2 + settings.random() * (ceiling / 2));
  };
  const fail = (error: HousecallProError): never => {
    settings.logger?.warn(
      { path: error.detail.path, kind: error.kind, status: error.detail.status },
      'housecall pro call failed',
    );
    throw error;
  };

  return async function get(path, query, signal) {
    const url = new URL(`${base}${path}`);
    for (const [name, value] of query) url.searchParams.append(name, value);
    for (let retries = 0; ;) {
      signal?.throwIfAborted();
      const timeout = AbortSignal.timeout(settings.timeoutMs);
      const started = performance.now();
      let response: Response;
      let text: string;
      try {
        response = await settings.fetch(url, {
          headers: { authorization: `Token ${apiKey}`, accept: 'application/json' },
          signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
        });
        text = await response.text();
      } catch (error) {
        signal?.throwIfAborted();
        if (timeout.aborted) {
          return fail(
            new HousecallProError(
              'timeout',
              `Housecall Pro did not answer ${path} within ${settings.timeoutMs} ms`,
              { path },
            ),
          );
        }
        if (retries < settings.maxRetries) {
          await settings.sleep(backoffMs(retries++));
          continue;
        }
        return fail(
          new HousecallProError(
            'unavailable',
            `Housecall Pro could not be reached (${error instanceof Error ? error.message : String(error)})`,
            { path },
          ),
        );
      }
      const status = response.status;
      settings.logger?.debug(
        { path, status, durationMs: Math.round(performance.now() - started) },
        'housecall pro call',
      );
      if (status >= 200 && status < 300) {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          return fail(
            new HousecallProError(
              'bad_response',
              `Housecall Pro answered ${path} with invalid JSON`,
              {
                status,
                path,
              },
            ),
          );
        }
      }
      if (status === 429) {
        // Housecall Pro publishes no limits: honour Retry-After when sent, else back off.
        const wait = retryAfterMs(response.headers, settings.now().getTime()) ?? backoffMs(retries);
        if (retries < settings.maxRetries && wait <= settings.maxRetryAfterMs) {
          retries++;
          await settings.sleep(wait);
          continue;
        }
        return fail(
          new HousecallProError('rate_limited', `Housecall Pro is throttling ${path}`, {
            status,
            path,
          }),
        );
      }
      if (status >= 500) {
        if (retries < settings.maxRetries) {
          await settings.sleep(backoffMs(retries++));
          continue;
        }
        return fail(
          new HousecallProError('unavailable', `Housecall Pro answered ${path} with ${status}`, {
            status,
            path,
          }),
        );
      }
      if (status === 401) {
        return fail(
          new HousecallProError('invalid_credentials', 'Housecall Pro refused the API key', {
            status,
            path,
          }),
        );
      }
      if (status === 403) {
        return fail(
          new HousecallProError('forbidden', `Housecall Pro refused ${path}`, { status, path }),
        );
      }
      if (status === 404) {
        return fail(
          new HousecallProError('not_found', `Housecall Pro answered ${path} with 404`, {
            status,
            path,
          }),
        );
      }
      return fail(
        new HousecallProError('bad_response', `Housecall Pro answered ${path} with ${status}`, {
          status,
          path,
        }),
      );
    }
  };
}
