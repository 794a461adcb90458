import type { DescribedFailure, ProviderErrorKind } from '../../services/providers/port.js';

/** Any failure talking to Jobber, with the port's kind; `detail` goes to the log only. */
export class JobberError extends Error {
  constructor(
    readonly kind: ProviderErrorKind | 'not_connected',
    detail: string,
    /** For `rate_limited`: how long Jobber asked us to wait. */
    readonly retryAfterMs?: number,
  ) {
    super(detail);
    this.name = 'JobberError';
  }
}

/** The board's words when Jobber refused the connection's refresh token (issue 38). */
export const JOBBER_DISCONNECTED = 'Jobber disconnected: an admin reconnects from Setup';

/**
 * A failed read in one sentence an office manager can act on (kept beside the last good
 * numbers). The raw error goes to the log only.
 */
export function describeJobberFailure(error: unknown): DescribedFailure {
  const kind =
    error instanceof JobberError
      ? error.kind
      : error && typeof error === 'object' && 'kind' in error && typeof error.kind === 'string'
        ? error.kind
        : 'unknown';
  switch (kind) {
    case 'disconnected':
    case 'not_connected':
    case 'invalid_credentials':
      return { kind: 'disconnected', message: JOBBER_DISCONNECTED };
    case 'forbidden':
      return {
        kind,
        message:
          'Jobber refused to share this data with the app. An admin reconnects Jobber from Setup and allows access.',
      };
    case 'rate_limited':
      return {
        kind,
        message: 'Jobber asked us to slow down. The board will try again shortly.',
      };
    case 'unavailable':
      return {
        kind,
        message: 'Jobber is not answering right now. The board will try again shortly.',
      };
    case 'timeout':
      return { kind, message: 'Jobber took too long to answer. The board will try again shortly.' };
    case 'bad_response':
      return {
        kind,
        message:
          'Jobber sent an answer the board could not read. The board will try again; if this keeps happening, contact support.',
      };
    default:
      return {
        kind: 'unknown',
        message:
          'Something went wrong while reading from Jobber. The board will try again shortly.',
      };
  }
}
