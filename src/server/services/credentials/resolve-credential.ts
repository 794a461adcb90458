import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { companies, credentials, users } from '../../db/schema.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { ProviderConnection } from '../platforms/index.js';
import type { ServiceTitanCredential } from '../servicetitan/contract.js';

export type CredentialResolution =
  | { status: 'none' }
  /** A credential exists but cannot be used as stored; `reason` is shown to the office. */
  | { status: 'unusable'; reason: string }
  | {
      status: 'ready';
      /** The platform and its credential (provider port, decision 040). */
      connection: ProviderConnection;
      source: 'user' | 'company';
      /** Stable hash naming this connection in shared caches; reveals nothing of the secret. */
      identity: string;
    };

interface StoredCredential {
  clientId: string | null;
  clientSecretEnc: string | null;
  tenantId: string | null;
  appKeyEnc: string | null;
  environment: ServiceTitanCredential['environment'];
}

function missingParts(stored: StoredCredential): string[] {
  const missing: string[] = [];
  if (!stored.clientId?.trim()) missing.push('client ID');
  if (!stored.clientSecretEnc) missing.push('client secret');
  if (!stored.tenantId?.trim()) missing.push('tenant ID');
  if (!stored.appKeyEnc) missing.push('app key');
  return missing;
}

function open(stored: StoredCredential, secretBox: SecretBox): ServiceTitanCredential | null {
  try {
    return {
      clientId: stored.clientId!.trim(),
      clientSecret: secretBox.open(stored.clientSecretEnc!),
      tenantId: stored.tenantId!.trim(),
      appKey: secretBox.open(stored.appKeyEnc!),
      environment: stored.environment,
    };
  } catch {
    // Sealed under another encryption key, or damaged: the admin has to enter it again.
    return null;
  }
}

/**
 * The ServiceTitan credential used for a user: their own newest active credential, else their
 * company's. Only a complete, readable credential is used; when none is, the first problem
 * found is reported so the office knows what to fix.
 */
export async function resolveCredential(
  options: {
    db: Database;
    secretBox: SecretBox;
    /** The connection's name in shared caches (its adapter's `identity`). */
    identify: (connection: ProviderConnection) => string;
  } & (
    | {
        userId: string;
        /**
         * A company's board opened by a master admin (`?companyId=`): that company's credential
         * only, never the viewer's own.
         */
        companyId?: number | undefined;
      }
    /** A company's board with nobody looking (a screen, the refresh schedule): its own credential. */
    | { userId?: undefined; companyId: number }
  ),
): Promise<CredentialResolution> {
  const { db, secretBox, userId, companyId, identify } = options;
  if (companyId !== undefined) {
    const [company] = await db
      .select({
        clientId: companies.stClientId,
        clientSecretEnc: companies.stClientSecretEnc,
        tenantId: companies.stTenantId,
        appKeyEnc: companies.stAppKeyEnc,
        environment: companies.stEnvironment,
      })
      .from(companies)
      .where(eq(companies.id, companyId))
      .limit(1);
    return resolveFrom(
      company && missingParts(company).length < 4 ? [{ stored: company, source: 'company' }] : [],
      secretBox,
      identify,
    );
  }
  if (userId === undefined) return { status: 'none' };
  // One round trip: the user's newest active credential (the left join yields one row per
  // active credential, newest first, or one row of nulls) beside their company's.
  const [row] = await db
    .select({
      own: {
        clientId: credentials.clientId,
        clientSecretEnc: credentials.clientSecretEnc,
        tenantId: credentials.tenantId,
        appKeyEnc: credentials.appKeyEnc,
        environment: credentials.environment,
      },
      company: {
        clientId: companies.stClientId,
        clientSecretEnc: companies.stClientSecretEnc,
        tenantId: companies.stTenantId,
        appKeyEnc: companies.stAppKeyEnc,
        environment: companies.stEnvironment,
      },
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(credentials, and(eq(credentials.userId, users.id), eq(credentials.isActive, true)))
    .where(eq(users.id, userId))
    .orderBy(desc(credentials.createdAt), desc(credentials.id))
    .limit(1);

  const candidates: { stored: StoredCredential; source: 'user' | 'company' }[] = [];
  if (row?.own) candidates.push({ stored: row.own, source: 'user' });
  // A company with none of the four values set simply has no credential.
  if (row?.company && missingParts(row.company).length < 4)
    candidates.push({ stored: row.company, source: 'company' });

  return resolveFrom(candidates, secretBox, identify);
}

function resolveFrom(
  candidates: { stored: StoredCredential; source: 'user' | 'company' }[],
  secretBox: SecretBox,
  identify: (connection: ProviderConnection) => string,
): CredentialResolution {
  let firstProblem: string | null = null;
  for (const { stored, source } of candidates) {
    const missing = missingParts(stored);
    const owner =
      source === 'user' ? 'Your ServiceTitan credential' : "Your company's ServiceTitan credential";
    if (missing.length > 0) {
      firstProblem ??= `${owner} is missing the ${joinWords(missing)}. An administrator can complete it in the Admin panel.`;
      continue;
    }
    const credential = open(stored, secretBox);
    if (!credential) {
      firstProblem ??= `${owner} could not be read. An administrator needs to enter it again in the Admin panel.`;
      continue;
    }
    const connection: ProviderConnection = { provider: 'servicetitan', credential };
    return { status: 'ready', connection, source, identity: identify(connection) };
  }
  return firstProblem ? { status: 'unusable', reason: firstProblem } : { status: 'none' };
}

function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
