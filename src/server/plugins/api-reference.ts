import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../shared/api/errors.js';
import { accessStatement, type AccessRule } from './permissions.js';
import { SCREEN_COOKIE } from './screens.js';
import { SESSION_COOKIE } from './sessions.js';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Who the route accepts, as the API reference states it (plugins/permissions.ts
     * ACCESS_RULES). Set for a whole route folder by `documentAccess`; a route whose own hook
     * differs names its rule here.
     */
    'x-access'?: AccessRule;
  }
}

/** Where the OpenAPI document and the reference page are served. */
export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/**
 * The routes the API reference describes: the API, the health checks and screen links; not the
 * built client's files, the development identity provider (/oidc) or the reference page itself.
 */
export function isDocumentedRoute(url: string): boolean {
  if (url.startsWith('/oidc') || url.startsWith(API_DOCS_PATH)) return false;
  if (url.startsWith('/api/')) return true;
  return url === '/healthz' || url === '/readyz' || url.startsWith('/tv/link/');
}

/** Path heads that belong to another resource's group in the reference. */
const GROUPS: Record<string, string> = {
  login: 'auth',
  callback: 'auth',
  logout: 'auth',
  healthz: 'health',
  readyz: 'health',
  'openapi.json': 'reference',
  'connection-check': 'credentials',
  screen: 'screens',
  tv: 'screens',
  'business-unit-preferences': 'preferences',
  'job-type-preferences': 'preferences',
};

/** The reference's group for a route: its resource (`/api/admin/users` → admin). */
const tagOf = (url: string) => {
  const parts = url.split('/').filter(Boolean);
  const head = (parts[0] === 'api' ? parts[1] : parts[0]) ?? 'api';
  return GROUPS[head] ?? head;
};

/**
 * The OpenAPI 3.1 document (`GET /api/openapi.json`) and its reference page (`/api/docs`), built
 * by @fastify/swagger from the routes as registered: their Zod schemas (request, answers) through
 * fastify-type-provider-zod's transform, their access rule (`x-access`) as OpenAPI security,
 * and every error answer as the one error body. Registered before the routes (it hears them as
 * they are added); nothing here runs on a request to any other route. The document is built
 * once, on its first request.
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '3-Day Call Board API',
        version: app.buildVersion,
        description:
          'The API the board, the admin pages and paired TVs use. Every answer is JSON unless ' +
          'stated; an error is `{ error, code, details? }` with a stable `code`. Callers are a ' +
          `signed-in person (the \`${SESSION_COOKIE}\` cookie, from signing in at /api/login) or a ` +
          `paired screen (the \`${SCREEN_COOKIE}\` device cookie); each operation says which it ` +
          'accepts (a role name in its security requirement is the permission it needs). Writes ' +
          'from a browser must come from an allowed origin.',
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'A signed-in person (GET /api/login).',
          },
          screen: {
            type: 'apiKey',
            in: 'cookie',
            name: SCREEN_COOKIE,
            description: "A paired TV screen: reads its own company's board only.",
          },
          stripeSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'stripe-signature',
            description: "Stripe's signature over the exact request body.",
          },
        },
      },
    },
    transform: (document) => {
      const { schema, url } = document;
      if (!isDocumentedRoute(url)) return { schema: { hide: true } as FastifySchema, url };
      const rule = schema?.['x-access'];
      const access = rule ? accessStatement(rule) : undefined;
      const described: FastifySchema = {
        ...schema,
        tags: schema?.tags ?? [tagOf(url)],
        ...(access
          ? {
              security: access.security,
              description: [schema?.description, `**Access:** ${access.description}`]
                .filter(Boolean)
                .join('\n\n'),
            }
          : {}),
        response: {
          ...(schema?.response as Record<string, unknown> | undefined),
          '4XX': {
            description:
              'Refused: bad input (naming the field), not signed in, not allowed, not found',
            content: { 'application/json': { schema: errorBodySchema } },
          },
        },
      };
      return jsonSchemaTransform({ ...document, schema: described });
    },
    transformObject: jsonSchemaTransformObject,
  });

  // Served as text made once: the document never changes while the process runs.
  let documentText: string | undefined;
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        'x-access': 'public',
        summary: 'This document (OpenAPI 3.1)',
        response: {
          200: {
            description: 'The OpenAPI 3.1 document of this API',
            content: { 'application/json': { schema: openApiDocumentSchema } },
          },
        },
      },
    },
    async (_request, reply) => {
      documentText ??= JSON.stringify(app.swagger());
      return reply.type('application/json; charset=utf-8').send(documentText);
    },
  );

  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
    theme: { title: '3-Day Call Board API' },
  });
}

const openApiDocumentSchema = z
  .object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }) })
  .loose();

/**
 * The documented answer of a route that answers with a redirect (no body): a response schema
 * for the API reference only (a redirect has no body to serialize).
 */
export const redirectResponse = (description: string) =>
  z.null().describe(`${description} (a redirect: see its Location header)`);

/**
 * The documented answer of a route whose body is not JSON (plain text, a stream, an image):
 * a string in the reference; `Body` is what the handler sends (text or bytes, never serialized).
 */
export const contentResponse = <Body = string>(description: string, mediaType: string) => ({
  description,
  content: { [mediaType]: { schema: z.string() as unknown as z.ZodType<Body> } },
});
