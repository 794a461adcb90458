import type { DescribedFailure } from '../../services/providers/port.js';
import { ServiceTitanError } from './contract.js';
import { describeServiceTitanError } from './describe-error.js';

/**
 * A failed refresh as stored beside the last good snapshot: a machine-readable kind and a
 * sentence an office manager can act on. The raw error (paths, statuses) goes only to the log.
 */
export function describeFailure(error: unknown): DescribedFailure {
  if (error instanceof ServiceTitanError)
    return { kind: error.kind, message: describeServiceTitanError(error) };
  const kind =
    error && typeof error === 'object' && 'kind' in error && typeof error.kind === 'string'
      ? error.kind
      : 'unknown';
  if (kind === 'timeout') {
    return {
      kind,
      message: describeServiceTitanError(
        new ServiceTitanError('timeout', 'refresh exceeded its lease'),
      ),
    };
  }
  return { kind: 'unknown', message: describeServiceTitanError(error) };
}
