import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';

/** Paths whose values must never reach a log line. */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.clientSecret',
  '*.appKey',
  '*.access_token',
  '*.client_secret',
];

/**
 * Paths whose query strings carry sign-in material: the callback's `code` and `state`, and
 * whatever the identity provider's own endpoints receive (codes, tokens, PKCE verifiers).
 */
const SIGN_IN_PATHS = ['/api/callback', '/oidc'];

/** The URL as a log line may show it: the query of a sign-in path is replaced. */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const path = url.slice(0, q);
  const signIn = SIGN_IN_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
  return signIn ? `${path}?[redacted]` : url;
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

/** The app's logger: level from config, secrets redacted; `stream` lets tests read the lines. */
export function loggerOptions(
  config: Config,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: { req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}
