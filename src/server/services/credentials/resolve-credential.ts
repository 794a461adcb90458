import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import { DEFAULT_PROVIDER, type ProviderId } from '../../../shared/providers/platforms.js';
import type { Database } from '../../db/index.js';
import { companies, credentials, users } from '../../db/schema.js';
import type { ProviderConnection } from '../../platforms/index.js';
import {
  STORED_PLATFORMS,
  openUserCredential,
  platformAccountSql,
  platformHandleSql,
} from '../../platforms/stored.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { CompanyRow, OpenedConnection } from '../providers/stored-connection.js';

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

/** The company's row with its platform's account and handle (platforms/stored.ts). */
const companyColumns = {
  ...getTableColumns(companies),
  account: platformAccountSql,
  handle: platformHandleSql,
};
type CompanyWithAccount = CompanyRow & { account: string | null; handle: string | null };

/** A way to the connection: opened when its turn comes, in order. */
type Candidate = { source: 'user' | 'company'; open: () => OpenedConnection<unknown> } & {
  provider: ProviderId;
};

/** The company's own candidate on its platform. */
function companyCandidate(
  company: CompanyWithAccount | null | undefined,
  secretBox: SecretBox,
): Candidate[] {
  // A left join without a company may come back as a row of nulls.
  if (!company || (company.provider as ProviderId | null) === null) return [];
  const { account, handle, ...row } = company;
  return [
    {
      provider: company.provider,
      source: 'company',
      open: () => STORED_PLATFORMS[company.provider].open(secretBox, row, account, handle),
    },
  ];
}

/**
 * The connection used for a user: their own newest active credential (seed "Credential": the
 * default platform's), else their company's on its platform. Only a complete, readable
 * credential is used; when none is, the first problem found is reported so the office knows
 * what to fix.
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
    return resolveFrom(companyCandidate(company, secretBox), company?.provider, identify);
  }
  if (userId === undefined) return { status: 'none', provider: DEFAULT_PROVIDER };
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

  // A person's own credential (the seed's "Credential": the default platform's) comes first.
  const candidates: Candidate[] = [];
  const own = row?.own;
  if (own) {
    candidates.push({
      provider: DEFAULT_PROVIDER,
      source: 'user',
      open: () => openUserCredential(own, secretBox, 'user'),
    });
  }
  candidates.push(...companyCandidate(row?.company, secretBox));

  return resolveFrom(candidates, row?.company?.provider, identify);
}

function resolveFrom(
  candidates: Candidate[],
  companyProvider: ProviderId | undefined,
  identify: (connection: ProviderConnection) => string,
): CredentialResolution {
  const provider = companyProvider ?? DEFAULT_PROVIDER;
  let firstProblem: string | null = null;
  for (const candidate of candidates) {
    const opened = candidate.open();
    if (opened.status === 'none') continue;
    if (opened.status === 'unusable') {
      firstProblem ??= opened.reason;
      continue;
    }
    // The credential is the candidate's platform's (STORED_PLATFORMS pairs them).
    const connection = {
      provider: candidate.provider,
      credential: opened.credential,
    } as ProviderConnection;
    return {
      status: 'ready',
      connection,
      source: candidate.source,
      identity: identify(connection),
    };
  }
  return firstProblem
    ? { status: 'unusable', reason: firstProblem, provider }
    : { status: 'none', provider };
}
