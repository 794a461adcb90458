import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { companies, credentials, jobberConnections, users } from '../../db/schema.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { ProviderId } from '../../../shared/providers/platforms.js';
import type { ProviderConnection } from '../platforms/index.js';
import type { ServiceTitanCredential } from '../servicetitan/contract.js';

export type CredentialResolution =
  /** No connection: `provider` is the platform the company chose (its words say what is missing). */
  | { status: 'none'; provider: ProviderId }
  /** A credential exists but cannot be used as stored; `reason` is shown to the office. */
  | { status: 'unusable'; reason: string; provider: ProviderId }
  | {
      status: 'ready';
      /** The platform and its credential (provider port, decision 040). */
      connection: ProviderConnection;
      source: 'user' | 'company';
      /** Stable hash naming this connection in shared caches; reveals nothing of the secret. */
      identity: string;
    };

/** A company's platform and each platform's stored columns. */
interface StoredCompany extends StoredCredential {
  id: number | null;
  provider: ProviderId;
  hcpApiKeyEnc: string | null;
  jobberAccount: string | null;
  jobberConnectionId: string | null;
}

type Candidate =
  | { kind: 'servicetitan'; stored: StoredCredential; source: 'user' | 'company' }
  | { kind: 'housecallpro'; apiKeyEnc: string }
  | { kind: 'jobber'; companyId: number; accountId: string; connectionId: string };

/** A company's Jobber connection (decision 057): the account and the connection, no tokens. */
const jobberColumn = <K extends 'accountId' | 'connectionId'>(key: K) =>
  sql<
    string | null
  >`(select ${jobberConnections[key]} from ${jobberConnections} where ${jobberConnections.companyId} = ${companies.id})`;

const companyColumns = {
  id: companies.id,
  provider: companies.provider,
  jobberAccount: jobberColumn('accountId'),
  jobberConnectionId: jobberColumn('connectionId'),
  clientId: companies.stClientId,
  clientSecretEnc: companies.stClientSecretEnc,
  tenantId: companies.stTenantId,
  appKeyEnc: companies.stAppKeyEnc,
  environment: companies.stEnvironment,
  hcpApiKeyEnc: companies.hcpApiKeyEnc,
};

/** The company's own candidate on its platform; none when it has not entered anything. */
function companyCandidate(company: StoredCompany | null | undefined): Candidate[] {
  if (!company) return [];
  if (company.provider === 'jobber') {
    // Connected, or ended by Jobber: the reads then say "Jobber disconnected" beside the last
    // numbers (a stale board), until an admin reconnects from Setup.
    return company.id !== null && company.jobberAccount && company.jobberConnectionId
      ? [
          {
            kind: 'jobber',
            companyId: company.id,
            accountId: company.jobberAccount,
            connectionId: company.jobberConnectionId,
          },
        ]
      : [];
  }
  if (company.provider === 'housecallpro') {
    return company.hcpApiKeyEnc ? [{ kind: 'housecallpro', apiKeyEnc: company.hcpApiKeyEnc }] : [];
  }
  // A company with none of the four values set simply has no credential.
  return missingParts(company).length < 4
    ? [{ kind: 'servicetitan', stored: company, source: 'company' }]
    : [];
}

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
      .select(companyColumns)
      .from(companies)
      .where(eq(companies.id, companyId))
      .limit(1);
    return resolveFrom(companyCandidate(company), company?.provider, secretBox, identify);
  }
  if (userId === undefined) return { status: 'none', provider: 'servicetitan' };
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
      company: companyColumns,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(credentials, and(eq(credentials.userId, users.id), eq(credentials.isActive, true)))
    .where(eq(users.id, userId))
    .orderBy(desc(credentials.createdAt), desc(credentials.id))
    .limit(1);

  // A person's own credential (the seed's "Credential": ServiceTitan's) comes first.
  const candidates: Candidate[] = [];
  if (row?.own) candidates.push({ kind: 'servicetitan', stored: row.own, source: 'user' });
  candidates.push(...companyCandidate(row?.company));

  return resolveFrom(candidates, row?.company?.provider, secretBox, identify);
}

function resolveFrom(
  candidates: Candidate[],
  companyProvider: ProviderId | undefined,
  secretBox: SecretBox,
  identify: (connection: ProviderConnection) => string,
): CredentialResolution {
  const provider = companyProvider ?? 'servicetitan';
  let firstProblem: string | null = null;
  for (const candidate of candidates) {
    if (candidate.kind === 'jobber') {
      const { companyId, accountId, connectionId } = candidate;
      const connection: ProviderConnection = {
        provider: 'jobber',
        credential: { companyId, accountId, connectionId },
      };
      return { status: 'ready', connection, source: 'company', identity: identify(connection) };
    }
    if (candidate.kind === 'housecallpro') {
      let apiKey: string;
      try {
        apiKey = secretBox.open(candidate.apiKeyEnc);
      } catch {
        firstProblem ??=
          "Your company's Housecall Pro API key could not be read. An administrator needs to enter it again in Setup.";
        continue;
      }
      const connection: ProviderConnection = { provider: 'housecallpro', credential: { apiKey } };
      return { status: 'ready', connection, source: 'company', identity: identify(connection) };
    }
    const { stored, source } = candidate;
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
  return firstProblem
    ? { status: 'unusable', reason: firstProblem, provider }
    : { status: 'none', provider };
}

function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
