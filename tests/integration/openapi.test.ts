import fs from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outsideApi } from '../helpers/api-routes.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The API reference (GET /api/openapi.json, /api/docs): every route the server registers is in
 * the OpenAPI 3.1 document with a response schema, its access rule, an operationId, a one-line
 * summary and a description in user words, built from the routes' own Zod schemas. A route added
 * without them fails here, as does anything Redocly's recommended rules call an error.
 */

interface Operation {
  security?: Record<string, string[]>[];
  'x-access'?: string;
  'x-callers'?: string[];
  operationId?: string;
  summary?: string;
  description?: string;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  parameters?: { name: string; in: string; description?: string; example?: unknown }[];
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema?: Record<string, unknown> }> }
  >;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

/** `/api/screens/:id` as OpenAPI writes it: `/api/screens/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** What the reference adds after a route's own description: who may call it. */
const WHO_MAY_CALL = '**Who may call:**';

/** Every operation of the document with its method and path. */
const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );

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

  it('is an OpenAPI 3.1 document of this API, versioned as the release', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.title).toBe('3-Day Call Board API');
    const release = (
      JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
        version: string;
      }
    ).version;
    expect(doc.info.version).toBe(release);
    expect(doc.servers?.map((s) => s.url)).toEqual([t.app.config.publicUrl]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'apiKey',
      'housecallproSignature',
      'jobberSignature',
      'screen',
      'session',
      'stripeSignature',
      'twilioSignature',
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
      // Its error answers: each the one error body (a page's plain-text answers aside).
      const errors = Object.entries(operation.responses).filter(([code]) => /^[45]/.test(code));
      if (url.startsWith('/api/') && errors.length === 0) {
        problems.push(`${name}: its error answers are not described`);
      }
      for (const [code, answer] of errors) {
        const json = answer.content?.['application/json'];
        if (json && json.schema?.$ref !== '#/components/schemas/Error' && code !== '503') {
          problems.push(`${name}: its ${code} answer is not the error body`);
        }
      }
      if (!operation['x-access'] || !Array.isArray(operation.security)) {
        problems.push(`${name}: no access rule (documentAccess or schema['x-access'])`);
      }
      if (!operation['x-callers']?.length) problems.push(`${name}: says no callers`);
    }
    expect(problems).toEqual([]);
    // Nothing outside the API is described (the client's files, the dev IdP, the page itself).
    const documented = Object.keys(doc.paths);
    expect(documented.filter((p) => outsideApi(p.replace(/\{(\w+)\}/g, ':$1')))).toEqual([]);
  });

  it('gives every operation an operationId, a one-line summary and a description in user words', () => {
    const problems: string[] = [];
    const ids = new Map<string, string>();
    for (const { name, operation } of operationsOf(doc)) {
      const { operationId, summary, description = '' } = operation;
      if (!operationId || !/^[a-z][a-zA-Z0-9]+$/.test(operationId)) {
        problems.push(`${name}: operationId missing or not camelCase (schema.operationId)`);
      } else if (ids.has(operationId)) {
        problems.push(`${name}: operationId ${operationId} is also ${ids.get(operationId)}'s`);
      } else ids.set(operationId, name);
      if (!summary || summary.length > 80 || /[\n.]$|\n/.test(summary)) {
        problems.push(`${name}: summary missing, longer than 80 characters, or not one line`);
      }
      // The route's own words come first; the reference adds who may call it after them.
      const own = description.split(WHO_MAY_CALL)[0]!.trim();
      if (own.length < 20) problems.push(`${name}: no description of its own (schema.description)`);
      if (!description.includes(WHO_MAY_CALL)) problems.push(`${name}: does not say who may call`);
      for (const parameter of operation.parameters ?? []) {
        if (!parameter.description) {
          problems.push(`${name}: parameter ${parameter.name} has no description (.meta)`);
        }
      }
    }
    expect(problems).toEqual([]);
    // Formats and examples a stranger can copy: dates, ids, the CSV choice.
    const history = doc.paths['/api/history']!.get!.parameters!;
    const from = history.find((p) => p.name === 'from') as unknown as {
      schema: { format?: string };
      example?: string;
    };
    expect(from.schema.format).toBe('date');
    expect(from.example).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(history.find((p) => p.name === 'boardId')?.example).toMatch(/^\d+$/);
    expect(history.find((p) => p.name === 'format')?.example).toBe('csv');
  });

  it('names no source file and no internal hash', () => {
    const text = JSON.stringify(doc);
    expect(text.match(/.{0,40}(\bsrc\/|\.tsx?\b).{0,40}/g)).toBeNull();
    // A build or commit hash (12+ hex digits); a UUID-shaped example is no hash.
    const withoutUuids = text.replace(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi,
      '',
    );
    // Digits and letters a-f mixed: a number alone (an integer bound) is no hash.
    const hash = /.{0,40}\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{12,}\b.{0,10}/g;
    expect(withoutUuids.match(hash)).toBeNull();
  });

  it("passes Redocly's recommended rules with no error, and validates as OpenAPI 3.1", async () => {
    const source = JSON.stringify(doc);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: '/openapi.json', config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);
    expect(errors).toEqual([]);
    const warnings = problems.filter((p) => p.severity === 'warn');
    console.info(
      `Redocly recommended: ${errors.length} errors, ${warnings.length} warnings (${[...new Set(warnings.map((w) => w.ruleId))].join(', ')})`,
    );
    // For `npx @redocly/cli lint` by hand on the same document.
    if (process.env.OPENAPI_OUT) fs.writeFileSync(process.env.OPENAPI_OUT, source);
    // Its own copy: the validator dereferences in place.
    await expect(SwaggerParser.validate(JSON.parse(source) as never)).resolves.toBeDefined();
  });

  it("states the routes' requests and access rules from the routes' own schemas", () => {
    // The board's numbers: a person or a paired screen; its body and answer from src/shared/api.
    const capacity = doc.paths['/api/capacity']!.post!;
    expect(capacity['x-access']).toBe('viewer');
    // An API key too (issue 37): the bearer scheme, with the scope it needs.
    expect(capacity.security).toEqual([
      { session: [] },
      { screen: [] },
      { apiKey: ['boards:read'] },
    ]);
    expect(capacity['x-callers']).toEqual(['person', 'screen', 'key']);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/history']!.get!.security).toContainEqual({
      apiKey: ['history:read'],
    });
    expect(doc.paths['/api/alert-deliveries']!.get!.security).toContainEqual({
      apiKey: ['alerts:read'],
    });
    // A write, and a person's own page, take no key.
    for (const operation of [doc.paths['/api/boards']!.post!, doc.paths['/api/api-keys']!.get!]) {
      expect(operation.security?.flatMap((requirement) => Object.keys(requirement))).not.toContain(
        'apiKey',
      );
    }
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
