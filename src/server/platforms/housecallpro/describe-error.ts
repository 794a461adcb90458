import type { DescribedFailure } from '../../services/providers/port.js';
import { HousecallProError } from './contract.js';

/** Where an admin makes a Company API key (research section 1.1). */
export const WHERE_TO_MAKE_A_KEY =
  'In Housecall Pro, open the App Store, choose the "API" card and generate an API key (API access needs the MAX plan).';

/**
 * One sentence an office manager can act on, for any failure reading Housecall Pro. Shown on the
 * board beside the last good numbers and in the connection check.
 */
export function describeHousecallProError(error: unknown): string {
  const kind =
    error instanceof HousecallProError
      ? error.kind
      : error && typeof error === 'object' && 'kind' in error && error.kind === 'timeout'
        ? 'timeout'
        : null;
  switch (kind) {
    case 'invalid_credentials':
      return `Housecall Pro refused the API key: it may have been deleted or mistyped. ${WHERE_TO_MAKE_A_KEY} Then enter it in Setup.`;
    case 'forbidden':
      return 'Housecall Pro refused to share jobs with this API key. API access needs the MAX plan: check the plan and the key in Housecall Pro.';
    case 'not_found':
      return 'Housecall Pro did not find what the board asked for. Check the API key in Setup.';
    case 'rate_limited':
      return 'Housecall Pro is busy and asked us to slow down. The board will try again shortly.';
    case 'unavailable':
      return 'Housecall Pro is not answering right now. The board will try again shortly.';
    case 'timeout':
      return 'Housecall Pro took too long to answer. The board will try again shortly.';
    case 'bad_response':
      return 'Housecall Pro sent an answer the board could not read. The board will try again; if this keeps happening, contact support.';
    default:
      return 'Something went wrong while reading from Housecall Pro. The board will try again shortly.';
  }
}

export function describeFailure(error: unknown): DescribedFailure {
  const kind =
    error instanceof HousecallProError
      ? error.kind
      : error && typeof error === 'object' && 'kind' in error && error.kind === 'timeout'
        ? 'timeout'
        : 'unknown';
  return { kind, message: describeHousecallProError(error) };
}
