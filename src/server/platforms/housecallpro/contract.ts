import type { ProviderErrorKind } from '../../services/providers/port.js';

/**
 * Housecall Pro's credential and error: what this folder's adapter (adapter.ts, decision 041)
 * and tests use. The rest of the server reaches Housecall Pro only through the provider port.
 */
export interface HousecallProCredential {
  /** A Company API key (App Store > "API" card > Generate API Key; a MAX plan), sent as `Token`. */
  apiKey: string;
}

export class HousecallProError extends Error {
  constructor(
    readonly kind: Exclude<ProviderErrorKind, 'disconnected' | 'unknown'>,
    message: string,
    readonly detail: { status?: number; path?: string } = {},
  ) {
    super(message);
    this.name = 'HousecallProError';
  }
}
