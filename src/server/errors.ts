/**
 * The one error type the server throws on purpose. `code` is stable and machine-readable;
 * `message` is safe to show to the caller (4xx) — 5xx messages are replaced by the error handler.
 */
export const errorCodes = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  /** BILLING_REQUIRED and the company has no active or trialing plan. */
  SUBSCRIPTION_REQUIRED: 402,
  FORBIDDEN: 403,
  CROSS_ORIGIN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  NOT_CONFIGURED: 503,
  UPSTREAM_UNAVAILABLE: 502,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorCodes[code];
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError('BAD_REQUEST', message, details);
export const unauthenticated = (message = 'Unauthorized') =>
  new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'Forbidden') => new AppError('FORBIDDEN', message);
export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const notConfigured = (message: string) => new AppError('NOT_CONFIGURED', message);

/** Shape of every error body the API sends. */
export interface ErrorBody {
  /** Human-readable message; for validation errors it names the field. */
  error: string;
  code: ErrorCode;
  details?: Record<string, unknown>;
}

/**
 * An error about one input field, in the same shape as a validation error (`details.issues`),
 * so a form shows it under that field.
 */
export const fieldError = (code: ErrorCode, field: string, message: string) =>
  new AppError(code, message, { field, issues: [{ field, message }] });
