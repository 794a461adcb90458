import fs from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_KEY_SCOPE_WORDS, type ApiKeyScope } from '../../shared/api/api-keys.js';
import { errorBodySchema } from '../../shared/api/errors.js';
import { projectRoot } from '../paths.js';
import { PLATFORM_ROUTE_TAGS, PLATFORM_SECURITY_SCHEMES } from '../platforms/access.js';
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
    /** The kinds of caller the route serves, as the reference states them (from `x-access`). */
    'x-callers'?: readonly string[];
    /**
     * The scope an API key needs to call the route (issue 37, decision 050); absent: no key may
     * (403). Set for a folder's reads by `acceptKeys` (plugins/api-keys.ts).
     */
    'x-key-scope'?: ApiKeyScope;
  }
}

/** Where the OpenAPI document and the reference page are served. */
export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/**
 * The routes the API reference describes: the API, the health checks, screen links, alert
 * confirmation links and boards' short links; not the
 * built client's files, the development identity provider (/oidc) or the reference page itself.
 */
export function isDocumentedRoute(url: string): boolean {
  if (url.startsWith('/oidc') || url.startsWith(API_DOCS_PATH)) return false;
  if (url.startsWith('/api/')) return true;
  return (
    url === '/healthz' ||
    url === '/readyz' ||
    url.startsWith('/tv/link/') ||
    url.startsWith('/alerts/confirm/') ||
    url.startsWith('/b/')
  );
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
  'alert-rules': 'alerts',
  'alert-deliveries': 'alerts',
  'alert-lines': 'alerts',
  'push-subscriptions': 'push',
  'alert-recipients': 'alerts',
  'target-suggestions': 'targets',
  pace: 'targets',
  'item-groups': 'preferences',
  'board-settings': 'boards',
  capacity: 'boards',
  events: 'boards',
  stripe: 'billing',
  ...PLATFORM_ROUTE_TAGS,
  b: 'boards',
};

/** The reference's groups, in the order a newcomer reads them, each said in a line. */
const TAGS: { name: string; description: string }[] = [
  {
    name: 'boards',
    description: "A company's boards: their numbers, settings, logo and live updates.",
  },
  { name: 'history', description: "Past working days' final numbers per item, as JSON or CSV." },
  {
    name: 'alerts',
    description:
      "A board's alert rules, what they sent, and the lines a firing rule puts on the wall.",
  },
  {
    name: 'push',
    description:
      "Notifications on people's own devices: the key browsers subscribe with, your devices, who a push channel can name.",
  },
  {
    name: 'targets',
    description: 'Targets suggested from the history, and the pace curve the history teaches.',
  },
  {
    name: 'preferences',
    description: 'Names, targets, hiding and groups of business units and job types.',
  },
  {
    name: 'screens',
    description: 'Paired TVs and screen links, and the routes a TV itself calls.',
  },
  {
    name: 'api-keys',
    description:
      "The company's API keys for scripts, spreadsheets and BI tools: create, list, revoke.",
  },
  { name: 'admin', description: 'Users, invitations and the overview of companies.' },
  { name: 'companies', description: 'Creating, renaming and deleting companies.' },
  {
    name: 'credentials',
    description: "Users' own platform credentials and the connection check.",
  },
  {
    name: 'invitations',
    description: 'Invitations waiting for the signed-in person: accept or decline.',
  },
  { name: 'onboarding', description: 'Help for the first setup.' },
  {
    name: 'billing',
    description: 'The company subscription (Stripe): status, checkout, portal, webhook.',
  },
  { name: 'auth', description: 'Signing in and out, and who is signed in.' },
  { name: 'weather', description: "The forecast for a board's ZIP code." },
  { name: 'fonts', description: 'The font families a board can use.' },
  { name: 'health', description: 'Liveness and readiness for load balancers.' },
  { name: 'reference', description: 'This document.' },
];

/** The reference's group for a route: its resource (`/api/admin/users` → admin). */
const tagOf = (url: string) => {
  const parts = url.split('/').filter(Boolean);
  const head = (parts[0] === 'api' ? parts[1] : parts[0]) ?? 'api';
  return GROUPS[head] ?? head;
};

/** The release this server is (package.json `version`): the reference's version. */
export const RELEASE_VERSION = (
  JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }
).version;

/** The one error body, referenced by every error answer of the document. */
const ERROR_SCHEMA_REF = { $ref: '#/components/schemas/Error' };

const errorAnswer = (description: string, extra: Record<string, unknown> = {}) => ({
  description,
  content: { 'application/json': { schema: ERROR_SCHEMA_REF } },
  ...extra,
});

/**
 * The error answers an operation can give, from what it takes and who it accepts: 400 for
 * input, 401/403 unless it is public, 404 when it names something, 429 for the API's budget.
 */
function errorAnswers(schema: FastifySchema, rule: AccessRule | undefined, url: string) {
  const takesInput = Boolean(schema.querystring || schema.params || schema.body || schema.consumes);
  const names = url.includes('/:') || Boolean(schema.params) || takesCompanyOrBoard(schema);
  const guarded = rule !== undefined && rule !== 'public' && rule !== 'stripe';
  return {
    ...(takesInput || rule === 'stripe'
      ? {
          400: errorAnswer(
            'Bad input, changing nothing: `error` says what is wrong, `details.issues` names each field.',
          ),
        }
      : {}),
    ...(guarded
      ? {
          401: errorAnswer('Not signed in: no valid session, paired TV or key.'),
          403: errorAnswer('Not allowed for this caller: `error` says why.'),
        }
      : {}),
    ...(names
      ? { 404: errorAnswer('Not found: no such thing, or it belongs to another company.') }
      : {}),
    ...(url.startsWith('/api/')
      ? {
          429: errorAnswer('Too many requests: try again after `Retry-After` seconds.', {
            headers: {
              'retry-after': {
                type: 'integer',
                description: 'Seconds to wait before asking again.',
              },
            },
          }),
        }
      : {}),
  };
}

/** Whether a route's query names a company or a board (a name that can be 404). */
function takesCompanyOrBoard(schema: FastifySchema): boolean {
  const shape = (schema.querystring as { shape?: Record<string, unknown> } | undefined)?.shape;
  return Boolean(shape && ('companyId' in shape || 'boardId' in shape));
}

/** A route's access statement with the API key it also accepts (issue 37), if any. */
function withKey(
  statement: ReturnType<typeof accessStatement>,
  scope: ApiKeyScope | undefined,
): ReturnType<typeof accessStatement> {
  if (!scope) return statement;
  return {
    callers: [...statement.callers, 'key'],
    security: [...statement.security, { apiKey: [scope] }],
    description: `${statement.description} Or an API key of the company with the \`${scope}\` scope (a key limited to some boards reads only those).`,
  };
}

/**
 * The OpenAPI 3.1 document (`GET /api/openapi.json`) and its reference page (`/api/docs`), built
 * by @fastify/swagger from the routes as registered: their Zod schemas (request, answers) through
 * fastify-type-provider-zod's transform, their summary, description and operationId, their access
 * rule (`x-access`) as OpenAPI security, callers and a sentence, and the error answers each can
 * give. Registered before the routes (it hears them as they are added); nothing here runs on a
 * request to any other route. The document is built once, on its first request.
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '3-Day Call Board API',
        version: RELEASE_VERSION,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        description: [
          "Read your company's boards, their live numbers, their history (also as CSV) and their alerts, and manage everything the 3-Day Call Board app manages.",
          'Every answer is JSON unless an operation says otherwise. An error is `{ "error": "...", "code": "..." }`: `error` is a sentence for people, `code` a stable word for programs (`BAD_REQUEST`, `UNAUTHENTICATED`, `FORBIDDEN`, `NOT_FOUND`, `CONFLICT`, `RATE_LIMITED`, ...); a bad input names its field in `details`.',
          `**Callers.** A signed-in person (the \`${SESSION_COOKIE}\` cookie, from signing in at \`/api/login\`), a paired TV (the \`${SCREEN_COOKIE}\` device cookie), or an **API key** a company's admin creates on the API keys page: send it as \`Authorization: Bearer cbk_…\` (never in the address: a key in the query string is refused with 400). A key only reads, and only what its scopes name (${Object.keys(
            API_KEY_SCOPE_WORDS,
          )
            .map((s) => `\`${s}\``)
            .join(
              ', ',
            )}), on its company's boards: another company's board answers 404, a route outside its scopes 403 naming the scope. Each operation says who may call it. To try an operation here, press **Authorize** and paste a key.`,
          `**Limits.** Each key may make a number of requests a minute, counted across every server: answers carry \`RateLimit-Policy\` and \`RateLimit\` headers (IETF draft), and a 429 carries \`Retry-After\`.`,
          'Changes sent from a browser must come from this site. Too many requests in a minute answer 429 with `Retry-After`.',
        ].join('\n\n'),
      },
      servers: [{ url: app.config.publicUrl, description: 'This installation' }],
      tags: TAGS,
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'cbk_…',
            description: `An API key of a company, as \`Authorization: Bearer cbk_…\`. Its scopes: ${Object.entries(
              API_KEY_SCOPE_WORDS,
            )
              .map(([scope, words]) => `\`${scope}\` (${words})`)
              .join('; ')}. A key in the query string is refused (400).`,
          },
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'A signed-in person: the cookie signing in at /api/login sets.',
          },
          screen: {
            type: 'apiKey',
            in: 'cookie',
            name: SCREEN_COOKIE,
            description: "A paired TV: reads its own company's board only.",
          },
          stripeSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'stripe-signature',
            description: "Stripe's signature over the exact request body.",
          },
          ...PLATFORM_SECURITY_SCHEMES,
          twilioSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'x-twilio-signature',
            description:
              "Twilio's Base64 HMAC-SHA1 of the URL it called and the sorted form parameters, keyed with the account's auth token.",
          },
        },
      },
    },
    transform: (document) => {
      const { schema, url } = document;
      if (!isDocumentedRoute(url)) return { schema: { hide: true } as FastifySchema, url };
      const rule = schema?.['x-access'];
      const keyScope = schema?.['x-key-scope'];
      const access = rule ? withKey(accessStatement(rule), keyScope) : undefined;
      const described: FastifySchema = {
        ...schema,
        tags: schema?.tags ?? [tagOf(url)],
        ...(access
          ? {
              security: access.security,
              'x-callers': access.callers,
              description: [schema?.description, `**Who may call:** ${access.description}`]
                .filter(Boolean)
                .join('\n\n'),
            }
          : {}),
      };
      const transformed = jsonSchemaTransform({ ...document, schema: described });
      const response = transformed.schema.response as Record<string, unknown> | undefined;
      transformed.schema.response = { ...errorAnswers(schema ?? {}, rule, url), ...response };
      return transformed;
    },
    transformObject: (document) => {
      const built = jsonSchemaTransformObject(document) as ReturnType<
        typeof jsonSchemaTransformObject
      > & { components: { schemas?: Record<string, unknown> } };
      built.components.schemas = {
        ...built.components.schemas,
        Error: z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12', io: 'output' }),
      };
      return built;
    },
  });

  // Served as text made once: the document never changes while the process runs.
  let documentText: string | undefined;
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        'x-access': 'public',
        operationId: 'getOpenApiDocument',
        summary: 'Get this API reference as OpenAPI 3.1',
        description:
          'The OpenAPI 3.1 document of this API, the one the reference page at /api/docs shows: every operation, its parameters, answers and who may call it. Feed it to a client generator or an API tool.',
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

  // The reference page. Its HTML names no viewport, so a phone laid it out 980 px wide: the
  // page says it is made for the device's width (and the theme's CSS fits it there).
  await app.register(async (docs) => {
    docs.addHook('onSend', (request, _reply, payload, done) => {
      const page = request.url.split('?')[0];
      if ((page === API_DOCS_PATH || page === `${API_DOCS_PATH}/`) && typeof payload === 'string') {
        done(
          null,
          payload.replace(
            '<meta charset="UTF-8">',
            '<meta charset="UTF-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">',
          ),
        );
        return;
      }
      done(null, payload);
    });
    await docs.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
      // "Try it" with a key: Authorize keeps the key across reloads (in this browser's storage),
      // and every operation opens ready to send.
      uiConfig: {
        docExpansion: 'list',
        deepLinking: true,
        defaultModelsExpandDepth: 0,
        persistAuthorization: true,
        tryItOutEnabled: true,
      },
      theme: {
        title: '3-Day Call Board API',
        css: [{ filename: 'call-board.css', content: DOCS_CSS }],
      },
    });
  });
}

/**
 * The reference page's own look: the product's name in the top bar instead of Swagger's logo and
 * address box, and a layout that fits a phone (operations wrap instead of running off the page).
 */
const DOCS_CSS = `
.swagger-ui .topbar { padding: 8px 0; background: #0f172a; }
.swagger-ui .topbar-wrapper { flex-wrap: nowrap; }
.swagger-ui .topbar .download-url-wrapper { display: none; }
.swagger-ui .topbar-wrapper .link { visibility: hidden; position: relative; }
.swagger-ui .topbar-wrapper .link::after {
  visibility: visible; position: absolute; left: 0; top: 50%; transform: translateY(-50%);
  content: '3-Day Call Board API'; color: #fff; font: 600 18px/1.2 sans-serif; white-space: nowrap;
}
@media (max-width: 600px) {
  .swagger-ui .wrapper { padding: 0 10px; }
  .swagger-ui .info { margin: 16px 0; }
  .swagger-ui .info .title { font-size: 24px; }
  .swagger-ui .scheme-container { padding: 12px 0; }
  .swagger-ui .opblock .opblock-summary-control { flex-wrap: wrap; align-items: center; }
  .swagger-ui .opblock .opblock-summary-method { min-width: 58px; padding: 4px 0; font-size: 12px; }
  .swagger-ui .opblock .opblock-summary-path,
  .swagger-ui .opblock .opblock-summary-path__deprecated {
    flex: 1 1 0; max-width: none; padding: 0 0 0 8px; font-size: 14px; word-break: normal; overflow-wrap: anywhere;
  }
  .swagger-ui .opblock .opblock-summary-description { flex-basis: 100%; padding: 4px 0 0; font-size: 13px; }
  .swagger-ui .opblock-tag { font-size: 18px; padding: 8px 0; }
  .swagger-ui .opblock-tag small { display: none; }
  .swagger-ui table tbody tr td, .swagger-ui .parameters-col_description { display: block; width: 100%; }
  .swagger-ui .parameters-col_name { width: 100%; }
  .swagger-ui .responses-inner { padding: 8px; }
  .swagger-ui .btn.authorize { padding: 4px 12px; }
}
`;

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
