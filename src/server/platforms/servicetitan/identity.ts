import crypto from 'node:crypto';
import type { ServiceTitanCredential } from './contract.js';

/**
 * A stable name for a credential in shared caches (snapshot keys). It covers every value that
 * changes what ServiceTitan answers, so a corrected secret is not stuck behind the old one's
 * failure. SHA-256 of high-entropy secrets reveals nothing usable.
 */
export function credentialIdentity(credential: ServiceTitanCredential): string {
  return crypto
    .createHash('sha256')
    .update(
      JSON.stringify([
        'st-credential-v1',
        credential.environment,
        credential.tenantId,
        credential.clientId,
        credential.clientSecret,
        credential.appKey,
      ]),
    )
    .digest('base64url')
    .slice(0, 32);
}
