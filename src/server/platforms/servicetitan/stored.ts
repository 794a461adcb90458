import { sql } from 'drizzle-orm';
import { companies } from '../../db/schema.js';
import { fieldError } from '../../errors.js';
import { openIfReadable, type SecretBox } from '../../security/secret-box.js';
import type {
  CompanyColumns,
  CompanyRow,
  OpenedConnection,
  StoredPlatform,
} from '../../services/providers/stored-connection.js';
import type { ServiceTitanCredential } from './contract.js';

/** ServiceTitan's stored values, opened where readable (the connection check). */
export type StoredServiceTitanValues = Partial<Omit<ServiceTitanCredential, 'environment'>> & {
  environment: ServiceTitanCredential['environment'];
};

/** ServiceTitan's four values as a row keeps them: a company's, or a user's own credential. */
export interface SealedServiceTitan {
  clientId: string | null;
  clientSecretEnc: string | null;
  tenantId: string | null;
  appKeyEnc: string | null;
  environment: ServiceTitanCredential['environment'];
}

function missingParts(stored: SealedServiceTitan): string[] {
  const missing: string[] = [];
  if (!stored.clientId?.trim()) missing.push('client ID');
  if (!stored.clientSecretEnc) missing.push('client secret');
  if (!stored.tenantId?.trim()) missing.push('tenant ID');
  if (!stored.appKeyEnc) missing.push('app key');
  return missing;
}

function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * A ServiceTitan credential, opened: only a complete, readable one is ready; `source` says whose
 * it is in the words the office reads. A company that has not set one of the four values has
 * none.
 */
export function openServiceTitan(
  stored: SealedServiceTitan,
  secretBox: SecretBox,
  source: 'user' | 'company',
): OpenedConnection<ServiceTitanCredential> {
  const missing = missingParts(stored);
  if (missing.length === 4 && source === 'company') return { status: 'none' };
  const owner =
    source === 'user' ? 'Your ServiceTitan credential' : "Your company's ServiceTitan credential";
  if (missing.length > 0) {
    return {
      status: 'unusable',
      reason: `${owner} is missing the ${joinWords(missing)}. An administrator can complete it in the Admin panel.`,
    };
  }
  try {
    return {
      status: 'ready',
      credential: {
        clientId: stored.clientId!.trim(),
        clientSecret: secretBox.open(stored.clientSecretEnc!),
        tenantId: stored.tenantId!.trim(),
        appKey: secretBox.open(stored.appKeyEnc!),
        environment: stored.environment,
      },
    };
  } catch {
    // Sealed under another encryption key, or damaged: the admin has to enter it again.
    return {
      status: 'unusable',
      reason: `${owner} could not be read. An administrator needs to enter it again in the Admin panel.`,
    };
  }
}

const sealedOf = (row: CompanyRow): SealedServiceTitan => ({
  clientId: row.stClientId,
  clientSecretEnc: row.stClientSecretEnc,
  tenantId: row.stTenantId,
  appKeyEnc: row.stAppKeyEnc,
  environment: row.stEnvironment,
});

/** ServiceTitan's four values in a company's row (`st_*`); its tenant is the history's account. */
export const serviceTitanStored: StoredPlatform<ServiceTitanCredential, StoredServiceTitanValues> =
  {
    columns(secretBox, values) {
      const set: CompanyColumns = {};
      if (values.clientId !== undefined) set.stClientId = values.clientId || null;
      if (values.tenantId !== undefined) set.stTenantId = values.tenantId || null;
      if (values.clientSecret) set.stClientSecretEnc = secretBox.seal(values.clientSecret);
      if (values.appKey) set.stAppKeyEnc = secretBox.seal(values.appKey);
      return set;
    },
    account: sql<string | null>`${companies.stTenantId}`,
    accountOverC: 'c.st_tenant_id',
    handle: sql<string | null>`null`,
    configured: (row) =>
      Boolean(row.stClientId && row.stClientSecretEnc && row.stTenantId && row.stAppKeyEnc),
    async stored(_db, secretBox, row) {
      const open = (envelope: string | null) => openIfReadable(secretBox, envelope);
      return {
        clientId: row.stClientId ?? undefined,
        clientSecret: open(row.stClientSecretEnc),
        tenantId: row.stTenantId ?? undefined,
        appKey: open(row.stAppKeyEnc),
        environment: row.stEnvironment,
      };
    },
    checkValues(given, stored) {
      if (given.apiKey !== undefined) {
        throw fieldError(
          'VALIDATION_FAILED',
          'apiKey',
          "apiKey: send it with provider 'housecallpro'",
        );
      }
      // A value given (non-blank) replaces the stored one; blank keeps it.
      const merged: Partial<ServiceTitanCredential> = { ...stored };
      for (const key of ['clientId', 'clientSecret', 'tenantId', 'appKey'] as const) {
        const value = given[key];
        if (value) merged[key] = value;
      }
      return merged;
    },
    open: (secretBox, row) => openServiceTitan(sealedOf(row), secretBox, 'company'),
  };
