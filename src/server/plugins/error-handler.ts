import type { FastifyError, FastifyInstance } from 'fastify';
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
        status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST';
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

/** 404 for unknown API routes; with the built client present, page URLs get index.html. */
export function registerNotFoundHandler(
  app: FastifyInstance,
  options: { spaFallback: boolean },
): void {
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage =
      request.method === 'GET' &&
      !url.startsWith('/api/') &&
      !url.startsWith('/oidc/') &&
      !/\.[a-z0-9]+$/i.test(url);
    if (options.spaFallback && isPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { maxAge: 0 });
    }
    const body: ErrorBody = {
      error: `Route ${request.method} ${url} not found`,
      code: 'NOT_FOUND',
    };
    return reply.status(404).send(body);
  });
}
