import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiJson } from './api';

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
