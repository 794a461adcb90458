import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from './config.js';
import { secretPlatformPaths } from './platforms/routes.js';

/**
 * What can carry a credential in a request, in one place (issue 24). Every URL and header a log
 * line shows goes through it; a route that takes a secret in its URL or a header adds it here,
 * and tests/integration/log-redaction.test.ts opens each one and reads the log.
 */
export const CREDENTIALS_IN_REQUESTS = {
  /** Headers: sessions, device cookies, bearer tokens, Stripe's webhook signature. */
  headers: [
    'cookie',
    'authorization',
    'proxy-authorization',
    'stripe-signature',
    'api-signature',
    'set-cookie',
  ],
  /**
   * Paths whose segments after the prefix are a secret (a screen link's 400-day token, a
   * company's webhook address on its platform, an alert recipient's confirmation link).
   */
  secretPathPrefixes: ['/tv/link/', ...secretPlatformPaths, '/alerts/confirm/'],
  /**
   * Paths whose whole query is sign-in material: the callback's `code` and `state`, and
   * whatever the identity provider's own endpoints receive (codes, tokens, PKCE verifiers).
   */
  secretQueryPaths: ['/api/callback', '/oidc'],
  /**
   * Query parameters that are a credential on any path: the TV's pairing QR
   * (/admin/screens?code=), a Checkout return (?session_id=), tokens in general.
   */
  secretQueryParams: [
    'code',
    'state',
    'token',
    'session_id',
    'access_token',
    'id_token',
    'id_token_hint',
    'code_verifier',
    'client_secret',
    // API keys (issue 37): refused in a query string (400), and never logged there either.
    'api_key',
    'apikey',
    'key',
  ],
  /** Query values that are a credential whatever their parameter: an API key (issue 37). */
  secretValuePrefixes: ['cbk_'],
} as const;

const REDACTED = '[redacted]';
const SECRET_PARAMS: ReadonlySet<string> = new Set(CREDENTIALS_IN_REQUESTS.secretQueryParams);

/** Pino paths of every credential header, wherever a line carries headers, and body secrets. */
const REDACT = [
  ...CREDENTIALS_IN_REQUESTS.headers.flatMap((h) => [
    `headers["${h}"]`,
    `*.headers["${h}"]`,
    `*.*.headers["${h}"]`,
  ]),
  '*.clientSecret',
  '*.appKey',
  '*.apiKey',
  '*.webhookSecret',
  '*.access_token',
  '*.client_secret',
];

/** A query value that is a credential whatever its name (an API key's `cbk_`, also encoded). */
function secretValue(raw: string): boolean {
  let value = raw;
  try {
    value = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    // Judged as sent.
  }
  const lower = value.trim().toLowerCase();
  return CREDENTIALS_IN_REQUESTS.secretValuePrefixes.some((p) => lower.startsWith(p));
}

/** The URL as a log line may show it: secret path segments and secret query values replaced. */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? null : url.slice(q + 1);
  const lower = path.toLowerCase();
  for (const prefix of CREDENTIALS_IN_REQUESTS.secretPathPrefixes) {
    if (lower.startsWith(prefix) && path.length > prefix.length) {
      path = `${path.slice(0, prefix.length)}${REDACTED}`;
    }
  }
  if (query === null) return path;
  const signIn = CREDENTIALS_IN_REQUESTS.secretQueryPaths.some(
    (p) => lower === p || lower.startsWith(`${p}/`),
  );
  if (signIn) return `${path}?${REDACTED}`;
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    const rawName = eq === -1 ? part : part.slice(0, eq);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      // An undecodable name is shown as sent (it names nothing we redact).
    }
    return eq !== -1 && (SECRET_PARAMS.has(name.toLowerCase()) || secretValue(part.slice(eq + 1)))
      ? `${rawName}=${REDACTED}`
      : part;
  });
  return `${path}?${parts.join('&')}`;
}

/** Fastify's request serializer with the URL made loggable. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * What a database error may carry that is SQL text or stored values: the statement and its
 * parameters (Drizzle's `DrizzleQueryError`, PGlite's errors), the statement PostgreSQL ran
 * inside a function (`internalQuery`, `where`) and the row's values (`detail`).
 */
const DATABASE_ERROR_SECRETS = [
  'query',
  'params',
  'queryOptions',
  'internalQuery',
  'where',
  'detail',
];
/** Drizzle's message: "Failed query: <sql>\nparams: <values>". */
const FAILED_QUERY = /^Failed query:/;

function carriesSql(error: Error): boolean {
  return (
    FAILED_QUERY.test(error.message) ||
    DATABASE_ERROR_SECRETS.some((key) => Object.prototype.hasOwnProperty.call(error, key))
  );
}

/**
 * The error as a log line may show it: a failed database statement keeps its class, its
 * PostgreSQL code and message (which name no values) and where in our code it failed, never its
 * SQL text or parameters, at any depth of `cause` (issue 33: a 500 logged the statement).
 */
export function loggableError(error: Error, depth = 0): Error {
  const cause = (error as { cause?: unknown }).cause;
  const safeCause = cause instanceof Error && depth < 5 ? loggableError(cause, depth + 1) : cause;
  if (!carriesSql(error) && safeCause === cause) return error;
  const message = FAILED_QUERY.test(error.message)
    ? 'Failed query (its SQL text is not logged)'
    : error.message;
  const safe = new Error(message, safeCause === undefined ? undefined : { cause: safeCause });
  safe.name = error.name;
  for (const [key, value] of Object.entries(error)) {
    if (!DATABASE_ERROR_SECRETS.includes(key) && key !== 'cause') {
      (safe as unknown as Record<string, unknown>)[key] = value;
    }
  }
  // PostgreSQL's SQLSTATE, which pino's serializer would not show from the cause.
  const causeCode = (safeCause as { code?: unknown } | undefined)?.code;
  if (!('code' in safe) && typeof causeCode === 'string') {
    (safe as Error & { code?: string }).code = causeCode;
  }
  // The stack's first lines repeat the message; only its frames are kept.
  const frames = (error.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  safe.stack = [`${error.name}: ${message}`, ...frames].join('\n');
  return safe;
}

/** Every line's `err` made loggable before pino serializes it (see loggableError). */
function logFormatter(object: Record<string, unknown>): Record<string, unknown> {
  const err = object.err;
  if (!(err instanceof Error)) return object;
  const safe = loggableError(err);
  return safe === err ? object : { ...object, err: safe };
}

/** The app's logger: level from config, secrets redacted; `stream` lets tests read the lines. */
export function loggerOptions(
  config: Config,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACT, censor: REDACTED },
    serializers: { req: serializeRequest },
    formatters: { log: logFormatter },
    ...(stream ? { stream } : {}),
  };
}

/**
 * The console of `npm start` (LOG_FORMAT=pretty, development's default): pino-pretty's readable
 * lines (time, level, message) instead of a JSON object per line. Loaded only when asked for,
 * so production (JSON) never loads it. `destination` is for tests; the default is stdout.
 */
export async function prettyConsole(destination?: NodeJS.WritableStream) {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    sync: true,
    ...(destination ? { destination } : {}),
  });
}

/**
 * Pretty format: one line per answered request ("GET /api/capacity 200 12 ms") in place of
 * Fastify's two JSON objects ("incoming request", "request completed") per request.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Nothing on arrival: the line is written when the answer is sent.
  }
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = `${request.method} ${loggableUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}

/** Fastify's request lines: Fastify's own (JSON), or one readable line each (pretty). */
export function requestLogOptions(config: Config): Pick<FastifyServerOptions, 'logController'> {
  return config.logFormat === 'pretty' ? { logController: new OneLinePerRequest() } : {};
}
