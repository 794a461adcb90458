import crypto from 'node:crypto';
import type { ServiceTitanCredential } from './contract.js';
import type { TokenResponse } from './types.js';

/** Renew this long before ServiceTitan says the token expires (clock skew, slow calls). */
const RENEW_BEFORE_MS = 60_000;

interface CachedToken {
  accessToken: string;
  renewAtMs: number;
}

/**
 * One access token per credential. The token endpoint is throttled, so tokens are reused until
 * shortly before they expire, and callers arriving while a renewal is under way share it.
 * The key holds a hash of the secret, never the secret: a changed secret gets a new token.
 */
export function createTokenCache(deps: {
  now: () => Date;
  requestToken: (credential: ServiceTitanCredential) => Promise<TokenResponse>;
  /** Distinguishes credentials that point at different auth hosts. */
  authUrlFor: (credential: ServiceTitanCredential) => string;
}) {
  const tokens = new Map<string, CachedToken>();
  const renewals = new Map<string, Promise<string>>();

  function keyOf(credential: ServiceTitanCredential): string {
    const secretHash = crypto.createHash('sha256').update(credential.clientSecret).digest('hex');
    return [
      credential.environment,
      deps.authUrlFor(credential),
      credential.clientId,
      secretHash,
    ].join('|');
  }

  function renew(key: string, credential: ServiceTitanCredential): Promise<string> {
    const running = renewals.get(key);
    if (running) return running;
    const renewal = (async () => {
      try {
        const answer = await deps.requestToken(credential);
        const lifetimeMs = answer.expires_in * 1000;
        const margin = Math.min(RENEW_BEFORE_MS, lifetimeMs / 2);
        tokens.set(key, {
          accessToken: answer.access_token,
          renewAtMs: deps.now().getTime() + lifetimeMs - margin,
        });
        return answer.access_token;
      } finally {
        renewals.delete(key);
      }
    })();
    renewals.set(key, renewal);
    return renewal;
  }

  return {
    async get(credential: ServiceTitanCredential): Promise<string> {
      const key = keyOf(credential);
      const cached = tokens.get(key);
      if (cached && deps.now().getTime() < cached.renewAtMs) return cached.accessToken;
      return renew(key, credential);
    },
    /** Forgets `token` after ServiceTitan refused it; a newer token already cached is kept. */
    invalidate(credential: ServiceTitanCredential, token: string): void {
      const key = keyOf(credential);
      if (tokens.get(key)?.accessToken === token) tokens.delete(key);
    },
  };
}

export type TokenCache = ReturnType<typeof createTokenCache>;
