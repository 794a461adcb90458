import { JobberError } from './errors.js';
import { sleep as abortableSleep } from './sleep.js';
import type { JobberTokenStore } from './token-store.js';

/**
 * The GraphQL API version every request names (`X-JOBBER-GRAPHQL-VERSION`, required by Jobber;
 * decision 058). The one place it is pinned: moving it is a change to review against Jobber's
 * changelog, and the stand-in's supported versions.
 */
export const JOBBER_GRAPHQL_VERSION = '2026-05-12';

/** Per attempt. */
const REQUEST_TIMEOUT_MS = 20_000;
/**
 * How long one read may wait for Jobber's cost bucket or its 429s in total before giving up
 * until the next interval (the snapshot's refresh limit is 29 s; the bucket refills whole in
 * 20 s at 500 points a second).
 */
export const MAX_WAIT_PER_READ_MS = 12_000;
/** Waiting when a 429 names no Retry-After: 1 s, 2 s, 4 s. */
const BACKOFF_MS = [1_000, 2_000, 4_000];

export interface QueryCost {
  requestedQueryCost: number;
  actualQueryCost: number;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}

interface Budget {
  available: number;
  max: number;
  restoreRate: number;
  atMs: number;
}

export interface JobberGraphql {
  /**
   * One query for the company, as its connection: waits before sending when the last known
   * budget cannot pay `expectedCost`, backs off THROTTLED answers and 429s within
   * MAX_WAIT_PER_READ_MS (then `rate_limited`), refreshes a token the API refused once.
   */
  query<T>(
    companyId: number,
    query: string,
    variables: Record<string, unknown>,
    options?: {
      signal?: AbortSignal | undefined;
      expectedCost?: number;
      /** A token not yet stored (the OAuth callback reads the account it was given for). */
      accessToken?: string;
    },
  ): Promise<T>;
}

export function createJobberGraphql(deps: {
  apiUrl: () => string | null;
  tokens: JobberTokenStore;
  fetch: typeof fetch;
  now: () => Date;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}): JobberGraphql {
  const { tokens, now } = deps;
  const sleep = deps.sleep ?? abortableSleep;
  /** The last cost budget Jobber reported, per company (the bucket is per app and account). */
  const budgets = new Map<number, Budget>();

  /** Points available now by the last report and the restore rate. */
  function estimate(companyId: number): Budget | undefined {
    const budget = budgets.get(companyId);
    if (!budget) return undefined;
    const elapsed = (now().getTime() - budget.atMs) / 1000;
    return {
      ...budget,
      available: Math.min(budget.max, budget.available + elapsed * budget.restoreRate),
    };
  }
  const remember = (companyId: number, cost: QueryCost | undefined) => {
    const status = cost?.throttleStatus;
    if (!status || typeof status.currentlyAvailable !== 'number') return;
    budgets.set(companyId, {
      available: status.currentlyAvailable,
      max: status.maximumAvailable,
      restoreRate: status.restoreRate > 0 ? status.restoreRate : 500,
      atMs: now().getTime(),
    });
  };

  return {
    async query<T>(
      companyId: number,
      query: string,
      variables: Record<string, unknown>,
      options: {
        signal?: AbortSignal | undefined;
        expectedCost?: number;
        accessToken?: string;
      } = {},
    ): Promise<T> {
      const { signal } = options;
      const apiUrl = deps.apiUrl();
      if (!apiUrl) throw new JobberError('not_connected', 'JOBBER_API_URL is not configured');
      let waited = 0;
      const wait = async (ms: number, why: string) => {
        if (waited + ms > MAX_WAIT_PER_READ_MS)
          throw new JobberError('rate_limited', `${why}; would wait past the read's bound`, ms);
        waited += ms;
        await sleep(ms, signal);
      };
      let staleVersion: number | undefined;
      let backoff = 0;
      for (;;) {
        signal?.throwIfAborted();
        // Wait when the budget runs low rather than be throttled (Jobber's own template waits).
        const budget = estimate(companyId);
        const expected = options.expectedCost ?? 0;
        if (budget && expected > 0 && budget.available < expected) {
          await wait(
            Math.ceil(((expected - budget.available) / budget.restoreRate) * 1000),
            'query cost budget low',
          );
        }
        const { token, version } = options.accessToken
          ? { token: options.accessToken, version: -1 }
          : await tokens.accessToken(companyId, {
              signal,
              ...(staleVersion !== undefined ? { staleVersion } : {}),
            });
        let response: Response;
        let text: string;
        try {
          response = await deps.fetch(`${apiUrl}/api/graphql`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              accept: 'application/json',
              'x-jobber-graphql-version': JOBBER_GRAPHQL_VERSION,
            },
            body: JSON.stringify({ query, variables }),
            signal: signal
              ? AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)])
              : AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
          text = await response.text();
        } catch (error) {
          if (signal?.aborted) throw signal.reason;
          const timedOut = error instanceof Error && error.name === 'TimeoutError';
          throw new JobberError(timedOut ? 'timeout' : 'unavailable', `graphql: ${String(error)}`);
        }
        if (response.status === 429) {
          const retryAfter = Number(response.headers.get('retry-after'));
          const ms =
            Number.isFinite(retryAfter) && retryAfter > 0
              ? retryAfter * 1000
              : (BACKOFF_MS[Math.min(backoff, BACKOFF_MS.length - 1)] ?? 4_000);
          backoff += 1;
          await wait(ms, 'HTTP 429');
          continue;
        }
        if (response.status === 401) {
          if (/disconnected this app/i.test(text)) {
            if (!options.accessToken)
              await tokens.markDisconnected(companyId, version, 'app_disconnected');
            throw new JobberError('disconnected', 'the account disconnected the app');
          }
          if (staleVersion === undefined && !options.accessToken) {
            // Refused although its clock says valid: refresh once and try again.
            staleVersion = version;
            continue;
          }
          throw new JobberError('invalid_credentials', 'graphql answered 401 after a refresh');
        }
        if (response.status >= 500)
          throw new JobberError('unavailable', `graphql answered ${response.status}`);
        let body: {
          data?: T | null;
          errors?: { message?: string; extensions?: { code?: string } }[];
          extensions?: { cost?: QueryCost };
        };
        try {
          body = JSON.parse(text) as typeof body;
        } catch {
          throw new JobberError('bad_response', `graphql answered ${response.status}, not JSON`);
        }
        remember(companyId, body.extensions?.cost);
        const errors = body.errors ?? [];
        if (errors.some((e) => e.extensions?.code === 'THROTTLED')) {
          // HTTP 200 with THROTTLED: wait until the bucket pays the requested cost.
          const cost = body.extensions?.cost;
          const status = cost?.throttleStatus;
          const ms =
            cost && status && status.restoreRate > 0
              ? Math.ceil(
                  (Math.max(0, cost.requestedQueryCost - status.currentlyAvailable) /
                    status.restoreRate) *
                    1000,
                ) + 100
              : (BACKOFF_MS[Math.min(backoff, BACKOFF_MS.length - 1)] ?? 4_000);
          if (cost && status && cost.requestedQueryCost > status.maximumAvailable)
            throw new JobberError('bad_response', 'a query costs more than Jobber ever allows');
          backoff += 1;
          await wait(ms, 'THROTTLED');
          continue;
        }
        if (errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) {
          if (staleVersion === undefined && !options.accessToken) {
            staleVersion = version;
            continue;
          }
          throw new JobberError('invalid_credentials', 'graphql UNAUTHENTICATED after a refresh');
        }
        if (!response.ok || errors.length > 0 || body.data == null) {
          throw new JobberError(
            'bad_response',
            `graphql ${response.status}: ${errors
              .map((e) => e.message ?? '')
              .join('; ')
              .slice(0, 300)}`,
          );
        }
        return body.data;
      }
    },
  };
}
