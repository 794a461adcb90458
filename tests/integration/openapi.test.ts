import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outsideApi } from '../helpers/api-routes.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The API reference (GET /api/openapi.json, /api/docs): every route the server registers is in
 * the OpenAPI 3.1 document with a response schema and its access rule, built from the routes'
 * own Zod schemas. A route added without them fails here.
 */

interface Operation {
  security?: Record<string, string[]>[];
  'x-access'?: string;
  description?: string;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  parameters?: { name: string; in: string }[];
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema?: Record<string, unknown> }> }
  >;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

/** `/api/screens/:id` as OpenAPI writes it: `/api/screens/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('API reference', () => {
  const registered: { method: string; url: string }[] = [];
  let t: TestApp;
  let doc: Document;

  beforeAll(async () => {
    t = await createTestApp({
      build: {
        onRoute: (route: RouteOptions) => {
          for (const method of [route.method].flat()) {
            if (method !== 'HEAD') registered.push({ method, url: route.url });
          }
        },
      },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json<Document>();
  });
  afterAll(async () => t.close());

  it('is an OpenAPI 3.1 document of this API', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.title).toBe('3-Day Call Board API');
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'screen',
      'session',
      'stripeSignature',
    ]);
  });

  it('describes every registered route with its answers and its access rule', () => {
    const api = registered.filter((r) => !outsideApi(r.url));
    expect(api.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const { method, url } of api) {
      const name = `${method} ${url}`;
      const operation = doc.paths[openApiPath(url)]?.[method.toLowerCase()];
      if (!operation) {
        problems.push(`${name}: missing from the document`);
        continue;
      }
      const answers = Object.entries(operation.responses).filter(([code]) => /^[23]/.test(code));
      if (answers.length === 0) problems.push(`${name}: no response schema for its answer`);
      for (const [code, answer] of answers) {
        // A redirect has no body; any other answer says what its body is.
        if (code.startsWith('3')) continue;
        const schemas = Object.values(answer.content ?? {}).filter((c) => c.schema);
        if (schemas.length === 0) problems.push(`${name}: its ${code} answer has no schema`);
      }
      if (!operation.responses['4XX']?.content?.['application/json']?.schema) {
        problems.push(`${name}: its error answers are not described`);
      }
      if (!operation['x-access'] || !Array.isArray(operation.security)) {
        problems.push(`${name}: no access rule (documentAccess or schema['x-access'])`);
      }
    }
    expect(problems).toEqual([]);
    // Nothing outside the API is described (the client's files, the dev IdP, the page itself).
    const documented = Object.keys(doc.paths);
    expect(documented.filter((p) => outsideApi(p.replace(/\{(\w+)\}/g, ':$1')))).toEqual([]);
  });

  it("states the routes' requests and access rules from the routes' own schemas", () => {
    // The board's numbers: a person or a paired screen; its body and answer from src/shared/api.
    const capacity = doc.paths['/api/capacity']!.post!;
    expect(capacity['x-access']).toBe('viewer');
    expect(capacity.security).toEqual([{ session: [] }, { screen: [] }]);
    expect(capacity.parameters?.map((p) => `${p.in}:${p.name}`)).toContain('query:companyId');
    // The configuration pages' calls name the company a master admin supports, as the board's do.
    for (const [path, method] of [
      ['/api/business-unit-preferences', 'get'],
      ['/api/business-unit-preferences', 'post'],
      ['/api/job-type-preferences', 'get'],
      ['/api/job-type-preferences', 'post'],
      ['/api/item-groups', 'get'],
      ['/api/item-groups', 'post'],
      ['/api/item-groups/{id}', 'patch'],
      ['/api/item-groups/{id}', 'delete'],
      ['/api/target-suggestions', 'get'],
      ['/api/target-suggestions/apply', 'post'],
      ['/api/servicetitan/metadata', 'get'],
    ] as const) {
      const names = doc.paths[path]![method]!.parameters?.map((p) => `${p.in}:${p.name}`);
      expect(names, `${method} ${path}`).toContain('query:companyId');
    }
    const board = capacity.responses['200']!.content!['application/json']!.schema!;
    expect(JSON.stringify(board)).toContain('"staleReason"');
    // An admin write names the permission it needs, and its request body.
    const invite = doc.paths['/api/admin/invitations']!.post!;
    expect(invite.security).toEqual([{ session: ['admin.access'] }]);
    const inviteBody = invite.requestBody!.content['application/json']!.schema;
    expect(inviteBody).toMatchObject({ required: expect.arrayContaining(['email']) });
    // A route's own rule wins over its folder's.
    expect(doc.paths['/api/admin/companies']!.get!.security).toEqual([
      { session: ['companies.manage'] },
    ]);
    expect(doc.paths['/healthz']!.get!.security).toEqual([]);
    // A TV's status: any browser learns whether it is paired (issue 25: no 401 while waiting).
    expect(doc.paths['/api/screen']!.get!.security).toEqual([]);
    expect(doc.paths['/api/stripe/webhook']!.post!.security).toEqual([{ stripeSignature: [] }]);
    expect(doc.paths['/api/login']!.get!.responses['302']).toBeDefined();
  });

  it('serves a reference page under the Content-Security-Policy, with its files from here', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith('/api/docs/')).toBe(true);
      const file = await t.app.inject({ method: 'GET', url: src });
      expect(file.statusCode, src).toBe(200);
    }
    const initializer = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(initializer.body).toContain("resolveUrl('./json')");
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json<Document>().openapi).toBe(doc.openapi);
  });
});
