import type { FieldIssue } from '@shared/api/errors';
import { hashKey, QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';

/**
 * A non-OK response. `message` is `${status}: ${body text or statusText}` (seed section 8), where
 * the body text of our own JSON errors is their `error` sentence: a TV shows words, not JSON.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /**
     * Our server's own sentence (without the status), for a toast or a field; empty when the
     * answer was not ours (a proxy's page, an empty body), so the caller says it in its words.
     */
    readonly sentence = '',
    /** Fields the server named as wrong (a 400's issues, or a conflict on one field). */
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Reason phrases for when a response carries none (HTTP/2 has no status text). */
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  413: 'Content Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const statusText = (response: Response) =>
  response.statusText || STATUS_TEXT[response.status] || 'Request failed';

/** An HTML page (a proxy's or load balancer's error page): markup a TV must never show. */
function isHtml(response: Response, body: string): boolean {
  const type = response.headers.get('content-type') ?? '';
  return /\bhtml\b/i.test(type) || /^\s*</.test(body);
}

/** A field the server named as wrong: `email`, `clientSecret`, `a.b[0]`. */
export type FieldError = FieldIssue;

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = await response.text().catch(() => '');
  const parsed = parseErrorBody(body);
  const text =
    parsed?.error ?? (body.trim() && !isHtml(response, body) ? body : statusText(response));
  throw new ApiError(
    response.status,
    `${response.status}: ${text}`,
    parsed?.error ?? '',
    parsed?.fieldErrors ?? [],
  );
}

/**
 * The server's one error shape (errorBodySchema in @shared/api/errors, read here by hand so the
 * app shell loads without the schema library): `{ error, code, details? }`. A validation 400 lists its fields
 * in `details.issues`; an error about one field (a conflict on `email`) names it in
 * `details.field`. Anything else is not ours, and null.
 */
function parseErrorBody(body: string): { error: string; fieldErrors: FieldError[] } | null {
  if (!body.startsWith('{')) return null;
  let parsed: { error?: unknown; details?: { issues?: unknown; field?: unknown } } | null;
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    return null;
  }
  const error = parsed?.error;
  if (typeof error !== 'string' || error.trim() === '') return null;
  const fieldErrors: FieldError[] = [];
  const issues = parsed?.details?.issues;
  if (Array.isArray(issues)) {
    for (const issue of issues as { field?: unknown; message?: unknown }[]) {
      if (typeof issue?.field === 'string' && typeof issue.message === 'string')
        fieldErrors.push({ field: issue.field, message: issue.message });
    }
  }
  const field = parsed?.details?.field;
  if (typeof field === 'string' && !fieldErrors.some((f) => f.field === field))
    fieldErrors.push({ field, message: error });
  return { error, fieldErrors };
}

/** Headers every request carries from now on (a paired screen: the board build it runs). */
const standingHeaders: Record<string, string> = {};
export function setStandingHeader(name: string, value: string): void {
  standingHeaders[name] = value;
}

/**
 * The one way the client calls the API: cookies always sent, a JSON body only when one is given,
 * and any non-OK answer becomes an ApiError.
 */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  init: { signal?: AbortSignal } = {},
): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers:
      body !== undefined
        ? { ...standingHeaders, 'Content-Type': 'application/json' }
        : { ...standingHeaders },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: init.signal,
  });
  await throwIfNotOk(response);
  return response;
}

/** A raw body (an image) sent with its own type; the JSON answer parsed. Same error rules. */
export async function apiUpload<T>(method: string, url: string, body: Blob): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: { 'Content-Type': body.type || 'application/octet-stream' },
    body,
  });
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

/** apiRequest that parses the JSON answer. */
export async function apiJson<T>(
  method: string,
  url: string,
  body?: unknown,
  init?: { signal?: AbortSignal },
) {
  const response = await apiRequest(method, url, body, init);
  return (await response.json()) as T;
}

/** The default query: a GET of the key's segments joined with slashes. On 401, `null` or throw. */
export function getQueryFn<T>(options: { on401: 'returnNull' | 'throw' }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKey.join('/'), {
      credentials: 'include',
      signal,
      headers: { ...standingHeaders },
    });
    if (options.on401 === 'returnNull' && response.status === 401) return null as T;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

/**
 * Seed section 9: no automatic retries, no refetch on focus, no interval refetch, data never
 * goes stale. Screens that need fresh data (the board every 60 s) ask for it themselves.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: { retry: false },
  },
});

/** Prefetched data younger than this is not read again by the page it was prefetched for. */
export const PREFETCH_FRESH_MS = 5_000;

/**
 * Queries prefetched for the first page (`prefetchForFirstMount`): the time of the answer their
 * first mount took (0 until a mount has looked).
 */
const prefetchedForFirstMount = new Map<string, number>();

/**
 * Reads a query before the page that shows it has rendered (main.tsx, tv-main.tsx): its first
 * mount takes the answer as it is instead of asking again (`readAgainOnMount`).
 */
export function prefetchForFirstMount(options: {
  queryKey: QueryKey;
  queryFn: QueryFunction<unknown, QueryKey>;
}): void {
  prefetchedForFirstMount.set(hashKey(options.queryKey), 0);
  void queryClient.prefetchQuery(options);
}

/**
 * `refetchOnMount` for queries that otherwise read afresh on every mount: the first mount after a
 * prefetch for it takes the prefetched answer if it is a few seconds old at most and nothing has
 * invalidated it since; every other mount reads again. TanStack Query asks this more than once
 * for one mount (as it renders, then as it subscribes): while the query still holds the answer
 * the first look took, and it is that fresh, the reply stays "no", so the prefetched answer is
 * not read twice (it was: the second look found the prefetch already used and read again).
 */
export const readAgainOnMount = (query: {
  queryHash: string;
  state: { dataUpdatedAt: number; isInvalidated: boolean };
}) => {
  const taken = prefetchedForFirstMount.get(query.queryHash);
  if (taken === undefined) return true;
  const { dataUpdatedAt, isInvalidated } = query.state;
  if (taken === 0) prefetchedForFirstMount.set(query.queryHash, dataUpdatedAt);
  else if (taken !== dataUpdatedAt) {
    prefetchedForFirstMount.delete(query.queryHash);
    return true;
  }
  const fresh = !isInvalidated && Date.now() - dataUpdatedAt <= PREFETCH_FRESH_MS;
  if (!fresh) prefetchedForFirstMount.delete(query.queryHash);
  return !fresh;
};
