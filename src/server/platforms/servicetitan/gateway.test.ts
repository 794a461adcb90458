import { describe, expect, it } from 'vitest';
import { ServiceTitanError, type ServiceTitanErrorKind } from './contract.js';
import { retryAfterMs } from './http.js';
import {
  createServiceTitanGateway,
  describeServiceTitanError,
  type ServiceTitanCredential,
} from './index.js';

const credential: ServiceTitanCredential = {
  clientId: 'cid.test',
  clientSecret: 'cs1.super-secret',
  tenantId: '42',
  appKey: 'ak1.app',
  environment: 'production',
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** A fake ServiceTitan answering by URL; records every request. */
function fakeServiceTitan(
  answer: (url: URL, init: RequestInit | undefined) => Response | Promise<Response>,
) {
  const requests: { url: URL; init: RequestInit | undefined }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    requests.push({ url, init });
    if (url.pathname === '/connect/token')
      return json(200, { access_token: 'tok-1', expires_in: 900, token_type: 'Bearer' });
    return answer(url, init);
  };
  return { fetchImpl, requests };
}

const emptyPage = { page: 1, pageSize: 500, hasMore: false, data: [] };

describe('hosts', () => {
  it('uses the production or integration hosts by environment', async () => {
    const { fetchImpl, requests } = fakeServiceTitan(() => json(200, emptyPage));
    const gateway = createServiceTitanGateway({ fetch: fetchImpl });
    await gateway.clientFor(credential).listBusinessUnits();
    await gateway.clientFor({ ...credential, environment: 'integration' }).listBusinessUnits();
    expect(requests.map((r) => `${r.url.origin}${r.url.pathname}`)).toEqual([
      'https://auth.servicetitan.io/connect/token',
      'https://api.servicetitan.io/settings/v2/tenant/42/business-units',
      'https://auth-integration.servicetitan.io/connect/token',
      'https://api-integration.servicetitan.io/settings/v2/tenant/42/business-units',
    ]);
    const tokenBody = new URLSearchParams(String(requests[0]?.init?.body));
    expect(Object.fromEntries(tokenBody)).toEqual({
      grant_type: 'client_credentials',
      client_id: 'cid.test',
      client_secret: 'cs1.super-secret',
    });
    const headers = new Headers(requests[1]?.init?.headers);
    expect(headers.get('authorization')).toBe('Bearer tok-1');
    expect(headers.get('st-app-key')).toBe('ak1.app');
  });

  it('uses the configured hosts when given', async () => {
    const { fetchImpl, requests } = fakeServiceTitan(() => json(200, emptyPage));
    const gateway = createServiceTitanGateway({
      fetch: fetchImpl,
      authUrl: 'http://auth.local:1/',
      apiUrl: 'http://api.local:2',
    });
    await gateway.clientFor(credential).listJobTypes();
    expect(requests.map((r) => `${r.url.origin}${r.url.pathname}`)).toEqual([
      'http://auth.local:1/connect/token',
      'http://api.local:2/jpm/v2/tenant/42/job-types',
    ]);
  });
});

describe('answers', () => {
  it('accepts extra fields and timestamps without a zone, and normalises them to UTC', async () => {
    const { fetchImpl } = fakeServiceTitan(() =>
      json(200, {
        page: 1,
        pageSize: 500,
        hasMore: false,
        somethingNew: true,
        data: [
          {
            id: 1,
            jobId: 2,
            start: '2025-03-10T13:00:00',
            end: '2025-03-10T14:00:00Z',
            status: 'Scheduled',
            extra: 'x',
          },
        ],
      }),
    );
    const client = createServiceTitanGateway({ fetch: fetchImpl }).clientFor(credential);
    expect(await client.listAppointments({ startsOnOrAfter: 'a', startsBefore: 'b' })).toEqual([
      {
        id: 1,
        jobId: 2,
        start: '2025-03-10T13:00:00.000Z',
        end: '2025-03-10T14:00:00.000Z',
        status: 'Scheduled',
      },
    ]);
  });

  it('reports a record missing a used field as bad_response naming it', async () => {
    const { fetchImpl } = fakeServiceTitan(() =>
      json(200, { ...emptyPage, data: [{ id: 1, name: 'HVAC' }] }),
    );
    const client = createServiceTitanGateway({ fetch: fetchImpl }).clientFor(credential);
    const err = await client.listBusinessUnits().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceTitanError);
    expect((err as ServiceTitanError).kind).toBe('bad_response');
    expect((err as ServiceTitanError).message).toContain('data.0.active');
  });

  it('stops a server that always says hasMore with empty pages', async () => {
    const { fetchImpl, requests } = fakeServiceTitan(() =>
      json(200, { ...emptyPage, hasMore: true }),
    );
    const client = createServiceTitanGateway({ fetch: fetchImpl }).clientFor(credential);
    const err = (await client
      .listJobs({ startsOnOrAfter: 'a', startsBefore: 'b' })
      .catch((e: unknown) => e)) as ServiceTitanError;
    expect(err.kind).toBe('bad_response');
    expect(requests.length).toBe(2);
  });

  it('does not retry other 4xx answers', async () => {
    const { fetchImpl, requests } = fakeServiceTitan(() => json(400, { title: 'bad' }));
    const client = createServiceTitanGateway({ fetch: fetchImpl }).clientFor(credential);
    const err = (await client.listJobTypes().catch((e: unknown) => e)) as ServiceTitanError;
    expect(err.kind).toBe('bad_response');
    expect(err.detail.status).toBe(400);
    expect(requests.length).toBe(2);
  });

  it('fails fast when Retry-After asks for more than a refresh can wait', async () => {
    const sleeps: number[] = [];
    const { fetchImpl } = fakeServiceTitan(() => json(429, {}, { 'retry-after': '120' }));
    const client = createServiceTitanGateway({
      fetch: fetchImpl,
      sleep: async (ms) => void sleeps.push(ms),
    }).clientFor(credential);
    const err = (await client.listJobTypes().catch((e: unknown) => e)) as ServiceTitanError;
    expect(err.kind).toBe('rate_limited');
    expect(sleeps).toEqual([]);
  });
});

describe('cancellation', () => {
  it('stops retrying once the read is aborted, rejecting with the reason', async () => {
    const controller = new AbortController();
    const { fetchImpl, requests } = fakeServiceTitan(() => json(503, {}));
    const sibling = new Error('the other read failed');
    const client = createServiceTitanGateway({
      fetch: fetchImpl,
      // The sibling read fails while this one waits to retry.
      sleep: async () => void controller.abort(sibling),
    }).clientFor(credential);
    const err = await client
      .listJobs({ startsOnOrAfter: 'a', startsBefore: 'b' }, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(err).toBe(sibling);
    // The token, then one 503; no retries after the abort.
    expect(requests.map((r) => r.url.pathname)).toEqual([
      '/connect/token',
      '/jpm/v2/tenant/42/jobs',
    ]);
  });

  it('cancels a request in flight', async () => {
    const controller = new AbortController();
    const { fetchImpl, requests } = fakeServiceTitan(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
          setTimeout(() => controller.abort(new Error('stop')), 5);
        }),
    );
    const client = createServiceTitanGateway({ fetch: fetchImpl }).clientFor(credential);
    const err = (await client
      .listBusinessUnits({ signal: controller.signal })
      .catch((e: unknown) => e)) as Error;
    expect(err.message).toBe('stop');
    expect(requests.length).toBe(2);
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2025-03-07T19:00:00Z');
  it('reads seconds, an HTTP date, or the body text', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }), '', now)).toBe(3000);
    expect(
      retryAfterMs(new Headers({ 'retry-after': 'Fri, 07 Mar 2025 19:00:05 GMT' }), '', now),
    ).toBe(5000);
    expect(
      retryAfterMs(
        new Headers(),
        '{"title":"Rate limit is exceeded. Try again in 12 seconds."}',
        now,
      ),
    ).toBe(12000);
    expect(retryAfterMs(new Headers(), 'Too many requests', now)).toBeUndefined();
  });
});

describe('describeServiceTitanError', () => {
  it('has an office-manager sentence for every kind', () => {
    const kinds: ServiceTitanErrorKind[] = [
      'invalid_credentials',
      'forbidden',
      'not_found',
      'rate_limited',
      'unavailable',
      'timeout',
      'bad_response',
    ];
    const sentences = kinds.map((kind) =>
      describeServiceTitanError(new ServiceTitanError(kind, 'x', { path: '/connect/token' })),
    );
    expect(new Set(sentences).size).toBe(kinds.length);
    for (const sentence of sentences) expect(sentence).toMatch(/^[A-Z].*\.$/);
    expect(
      describeServiceTitanError(
        new ServiceTitanError('forbidden', 'x', { missingPermission: 'Dispatch' }),
      ),
    ).toContain('"Dispatch" permission');
    expect(describeServiceTitanError(new Error('boom'))).toContain('try again');
  });
});
