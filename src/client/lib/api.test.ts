import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiJson,
  PREFETCH_FRESH_MS,
  prefetchForFirstMount,
  queryClient,
  readAgainOnMount,
} from './api';

/** Seed section 8: a non-OK response raises "status: body text" (statusText when empty). */
describe('apiJson errors', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const failWith = (status: number, body: string, statusText = 'Status Text') =>
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(body || null, { status, statusText }))),
    );

  it('uses the sentence of our JSON error body', async () => {
    failWith(401, JSON.stringify({ error: 'Unauthorized', code: 'UNAUTHENTICATED' }));
    await expect(apiJson('GET', '/api/x')).rejects.toThrow(/^401: Unauthorized$/);
  });

  it('uses any other body text as it is, and the status text when the body is empty', async () => {
    failWith(502, 'Bad gateway from the proxy');
    await expect(apiJson('GET', '/api/x')).rejects.toThrow(/^502: Bad gateway from the proxy$/);
    failWith(500, '{"error":""}');
    await expect(apiJson('GET', '/api/x')).rejects.toThrow(/^500: \{"error":""\}$/);
    failWith(503, '', 'Service Unavailable');
    await expect(apiJson('GET', '/api/x')).rejects.toThrow(/^503: Service Unavailable$/);
  });

  it('shows the status text, never the markup, of an HTML error page from a proxy', async () => {
    failWith(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', 'Bad Gateway');
    await expect(apiJson('GET', '/api/x')).rejects.toThrow(/^502: Bad Gateway$/);
    failWith(502, '<html>Bad Gateway</html>', '');
    await expect(apiJson('GET', '/api/x')).rejects.toThrow(/^502: Bad Gateway$/);
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response('  <!DOCTYPE html><title>x</title>', {
            status: 504,
            headers: { 'content-type': 'text/html' },
          }),
        ),
      ),
    );
    await expect(apiJson('GET', '/api/x')).rejects.toThrow(/^504: Gateway Timeout$/);
  });
});

describe('field errors', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const answer = (status: number, body: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status }))),
    );

  it("keeps a validation 400's fields and the sentence without the status", async () => {
    answer(400, {
      error: 'email: Invalid email address',
      code: 'VALIDATION_FAILED',
      details: { location: 'body', issues: [{ field: 'email', message: 'Invalid email address' }] },
    });
    const error = await apiJson('POST', '/api/x', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 400,
      message: '400: email: Invalid email address',
      sentence: 'email: Invalid email address',
      fieldErrors: [{ field: 'email', message: 'Invalid email address' }],
    });
  });

  it('names the one field of a conflict', async () => {
    answer(409, {
      error: 'This e-mail already has an invitation',
      code: 'CONFLICT',
      details: { field: 'email' },
    });
    const error = await apiJson('POST', '/api/x', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({
      fieldErrors: [{ field: 'email', message: 'This e-mail already has an invitation' }],
    });
  });
});

/** A page's query after main.tsx or tv-main.tsx prefetched it (`prefetchForFirstMount`). */
describe('readAgainOnMount', () => {
  afterEach(() => {
    vi.useRealTimers();
    queryClient.clear();
  });

  /** Mounts a query as useQuery does: a look while rendering, then a subscription. */
  function mount(queryKey: string[], queryFn: () => Promise<string>) {
    const options = queryClient.defaultQueryOptions({
      queryKey,
      queryFn,
      staleTime: 0,
      refetchOnMount: readAgainOnMount,
    });
    options._optimisticResults = 'optimistic';
    const observer = new QueryObserver(queryClient, options);
    observer.getOptimisticResult(options);
    return observer.subscribe(() => undefined);
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('the first mount takes the prefetched answer without asking again', async () => {
    const queryFn = vi.fn(() => Promise.resolve('answer'));
    prefetchForFirstMount({ queryKey: ['first-mount'], queryFn });
    await settle();
    const unmount = mount(['first-mount'], queryFn);
    await settle();
    expect(queryFn).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('reads again when the prefetched answer is more than a few seconds old', async () => {
    const queryFn = vi.fn(() => Promise.resolve('answer'));
    prefetchForFirstMount({ queryKey: ['old-answer'], queryFn });
    await settle();
    vi.useFakeTimers({ now: Date.now() + PREFETCH_FRESH_MS + 1, toFake: ['Date'] });
    const unmount = mount(['old-answer'], queryFn);
    await settle();
    expect(queryFn).toHaveBeenCalledTimes(2);
    unmount();
  });

  it('a query not prefetched, or mounted after a newer answer came, reads on every mount', async () => {
    const queryFn = vi.fn(() => Promise.resolve('answer'));
    prefetchForFirstMount({ queryKey: ['later-mount'], queryFn });
    await settle();
    mount(['later-mount'], queryFn)();
    await queryClient.refetchQueries({ queryKey: ['later-mount'] });
    expect(queryFn).toHaveBeenCalledTimes(2);
    const unmount = mount(['later-mount'], queryFn);
    await settle();
    expect(queryFn).toHaveBeenCalledTimes(3);
    unmount();
  });
});
