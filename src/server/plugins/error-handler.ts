import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError, type ErrorBody } from '../errors.js';

/** Turns `/a/b/0` (JSON pointer) into `a.b[0]`, the way a caller names a field. */
function fieldName(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
}

/** A PostgreSQL data exception (SQLSTATE class 22), possibly wrapped by Drizzle as `cause`. */
function isDataException(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The one error handler: 4xx carry their real message and a stable code; 5xx are logged and
 * answered with a generic message so nothing internal leaks.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: ErrorBody;
    let status: number;
    if (error instanceof AppError) {
      status = error.statusCode;
      // A spent budget says when it renews, as a 429 should (RFC 9110 Retry-After).
      const retryAfter = error.details?.retryAfterSeconds;
      if (status === 429 && typeof retryAfter === 'number')
        void reply.header('retry-after', String(retryAfter));
      body = {
        error: error.message,
        code: error.code,
        ...(error.details ? { details: error.details } : {}),
      };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const location = error.validationContext ?? 'request';
      const issues = error.validation.map((v) => ({
        field: fieldName(v.instancePath) || location,
        message: v.message ?? 'Invalid value',
      }));
      const first = issues[0];
      body = {
        error: first ? `${first.field}: ${first.message}` : 'Invalid request',
        code: 'VALIDATION_FAILED',
        details: { location, issues },
      };
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      status = 500;
      body = { error: 'Internal Server Error', code: 'INTERNAL' };
    } else if (
      typeof error.statusCode === 'number' &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type...
      status = error.statusCode;
      const code =
        status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 414
            ? 'URI_TOO_LONG'
            : status === 415
              ? 'UNSUPPORTED_MEDIA_TYPE'
              : status === 429
                ? 'RATE_LIMITED'
                : 'BAD_REQUEST';
      body = { error: error.message, code };
    } else if (isDataException(error)) {
      // The database refused a value the schemas let through (SQLSTATE class 22: out of range,
      // a NUL byte in text...): the caller's input, not our failure. Nothing was written.
      status = 400;
      body = { error: 'A value in the request cannot be stored', code: 'BAD_REQUEST' };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      status = 500;
      body = { error: 'Internal Server Error', code: 'INTERNAL' };
    }
    if (status >= 500 && error instanceof AppError)
      request.log.error({ err: error }, error.message);
    return reply.status(status).send(body);
  });
}

/**
 * Errors Fastify raises before any route runs (Fastify's `frameworkErrors` option): a URL that
 * cannot be decoded, or a path parameter longer than the router accepts. Answered in the app's
 * error format like every other error.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const body: ErrorBody =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? { error: 'The URL is too long', code: 'URI_TOO_LONG' }
      : { error: 'The URL is not valid', code: 'BAD_REQUEST' };
  void reply.status(body.code === 'URI_TOO_LONG' ? 414 : 400).send(body);
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or URL past Node's size
 * limit, malformed HTTP): answered in the app's error format on the raw socket, then closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body: ErrorBody = tooLarge
    ? { error: 'The URL or request headers are too long', code: 'HEADERS_TOO_LARGE' }
    : { error: 'The request is not valid HTTP', code: 'BAD_REQUEST' };
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
  );
}

const TV_PAGE_PATH = '/tv';

/**
 * 404 for unknown API routes; with the built client present, page URLs get index.html, and
 * `/tv` its own tv.html.
 */
export function registerNotFoundHandler(
  app: FastifyInstance,
  options: {
    spaFallback: boolean;
    /** Called before a page (index.html) is sent: cookies that follow page loads. */
    onPage?: (request: FastifyRequest, reply: FastifyReply) => void;
  },
): void {
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage =
      request.method === 'GET' &&
      !url.startsWith('/api/') &&
      !url.startsWith('/oidc/') &&
      !/\.[a-z0-9]+$/i.test(url);
    if (options.spaFallback && isPage) {
      options.onPage?.(request, reply);
      // A paired screen's `/tv` has a page of its own: only the board's code (issue 25).
      const page = url === TV_PAGE_PATH ? 'tv.html' : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page, { maxAge: 0 });
    }
    const body: ErrorBody = {
      error: `Route ${request.method} ${url} not found`,
      code: 'NOT_FOUND',
    };
    return reply.status(404).send(body);
  });
}
