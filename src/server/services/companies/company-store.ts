import { and, asc, count, eq, isNull, sql, TransactionRollbackError } from 'drizzle-orm';
import { providerOfBody, type Company } from '../../../shared/api/companies.js';
import { DEFAULT_PROVIDER, type ProviderId } from '../../../shared/providers/platforms.js';
import type { SecretStatus } from '../../../shared/api/secrets.js';
import type { Database } from '../../db/index.js';
import { companies, credentials, invitations, users } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { openIfReadable, type SecretBox } from '../../security/secret-box.js';
import {
  STORED_PLATFORMS,
  platformAccountSql,
  type StoredConnection,
  type StoredValuesOf,
} from '../../platforms/stored.js';
import type { CompanyRow, CompanyValues } from '../providers/stored-connection.js';

/**
 * Companies: the one module that reads and writes the `companies` table for the admin API. Each
 * platform's part of a row is its own (platforms/stored.ts).
 */

export type { CompanyValues, StoredConnection };

/** Whether a secret is stored and its last 4 characters; the value never leaves this module. */
export function secretStatus(secretBox: SecretBox, envelope: string | null): SecretStatus {
  if (!envelope) return { configured: false, last4: null };
  // A secret sealed under another key is stored, but has to be entered again to be used.
  const value = openIfReadable(secretBox, envelope);
  // Short secrets show no last 4: that would give most of them away.
  return { configured: true, last4: value && value.length >= 8 ? value.slice(-4) : null };
}

/**
 * The Companies screen's "Configured", judged by the company's own platform (`account`: its
 * platform account, platformAccountSql).
 */
const isConfigured = (row: CompanyRow, account: string | null): boolean =>
  STORED_PLATFORMS[row.provider].configured(row, account);

function toCompany(
  secretBox: SecretBox,
  row: CompanyRow,
  account: string | null,
  userCount: number,
): Company {
  return {
    id: row.id,
    name: row.name,
    clientId: row.stClientId,
    tenantId: row.stTenantId,
    clientSecret: secretStatus(secretBox, row.stClientSecretEnc),
    appKey: secretStatus(secretBox, row.stAppKeyEnc),
    provider: row.provider,
    apiKey: secretStatus(secretBox, row.hcpApiKeyEnc),
    webhookSecret: secretStatus(secretBox, row.hcpWebhookSecretEnc),
    configured: isConfigured(row, account),
    userCount,
    subscriptionStatus: row.subscriptionStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

const userCounts = (db: Database) =>
  db
    .select({ companyId: users.companyId, n: count().as('n') })
    .from(users)
    .groupBy(users.companyId)
    .as('user_counts');

/** Companies by name; only `onlyId` when given (an account admin sees their own). */
export async function listCompanies(
  db: Database,
  secretBox: SecretBox,
  options: { onlyId?: number } = {},
): Promise<Company[]> {
  const counts = userCounts(db);
  const rows = await db
    .select({ company: companies, n: counts.n, account: platformAccountSql })
    .from(companies)
    .leftJoin(counts, eq(counts.companyId, companies.id))
    .where(options.onlyId === undefined ? undefined : eq(companies.id, options.onlyId))
    .orderBy(asc(sql`lower(${companies.name})`), asc(companies.id));
  return rows.map((r) => toCompany(secretBox, r.company, r.account, Number(r.n ?? 0)));
}

export async function findCompany(
  db: Database,
  secretBox: SecretBox,
  id: number,
): Promise<Company | undefined> {
  const [company] = await listCompanies(db, secretBox, { onlyId: id });
  return company;
}

/** A company's name, or null when there is no such company. */
export async function companyNameOf(db: Database, id: number): Promise<string | null> {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  return row?.name ?? null;
}

/** The platform a company runs on (the default one for a company that never chose). */
export async function companyProvider(db: Database, id: number): Promise<ProviderId> {
  const [row] = await db
    .select({ provider: companies.provider })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  return row?.provider ?? DEFAULT_PROVIDER;
}

export async function companyExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  return Boolean(row);
}

/**
 * Columns to write: "" clears the id fields; a blank secret keeps the stored one. The platform
 * the values are for becomes the company's (decision 040); each platform's part is its own
 * (platforms/stored.ts).
 */
function columns(secretBox: SecretBox, values: CompanyValues, insert = false) {
  const set: Partial<Record<keyof typeof companies.$inferInsert, unknown>> = {};
  if (values.name !== undefined) set.name = values.name;
  const provider = providerOfBody(values);
  if (provider !== undefined) set.provider = provider;
  // Each platform writes its own values; the chosen one may add what it needs (an address).
  for (const [id, stored] of Object.entries(STORED_PLATFORMS)) {
    Object.assign(set, stored.columns(secretBox, values, id === provider, insert));
  }
  return set as Partial<typeof companies.$inferInsert>;
}

/**
 * Creates a company. With `owner`, the owner joins it as its account_admin in the same
 * transaction (onboarding), and only if they still have no company (a double click creates one).
 */
export async function createCompany(
  db: Database,
  secretBox: SecretBox,
  values: CompanyValues & { name: string },
  options: { owner?: { userId: string }; now: Date },
): Promise<Company | null> {
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(companies)
        .values({ ...columns(secretBox, values, true), name: values.name })
        .returning({ id: companies.id });
      if (options.owner) {
        const joined = await tx
          .update(users)
          .set({ companyId: row!.id, role: 'account_admin', updatedAt: options.now })
          .where(and(eq(users.id, options.owner.userId), sql`${users.companyId} is null`))
          .returning({ id: users.id });
        if (joined.length === 0) {
          tx.rollback();
        }
      }
      return row!.id;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return null;
      throw error;
    });
  if (id === null) return null;
  return (await findCompany(db, secretBox, id)) ?? null;
}

export async function updateCompany(
  db: Database,
  secretBox: SecretBox,
  id: number,
  values: CompanyValues,
  now: Date,
): Promise<Company> {
  const [row] = await db
    .update(companies)
    .set({ ...columns(secretBox, values), updatedAt: now })
    .where(eq(companies.id, id))
    .returning({ id: companies.id });
  if (!row) throw notFound('Company');
  return (await findCompany(db, secretBox, id))!;
}

/**
 * Deletes a company: its users stay but are unassigned (seed), its invitations and its users'
 * credentials go (they were the company's platform access). Returns the deleted row.
 */
export async function deleteCompany(
  db: Database,
  secretBox: SecretBox,
  id: number,
): Promise<Company> {
  const company = await findCompany(db, secretBox, id);
  if (!company) throw notFound('Company');
  await db.transaction(async (tx) => {
    await tx
      .delete(credentials)
      .where(
        sql`${credentials.userId} in (select ${users.id} from ${users} where ${users.companyId} = ${id})`,
      );
    await tx.delete(invitations).where(eq(invitations.companyId, id));
    await tx.update(users).set({ companyId: null }).where(eq(users.companyId, id));
    await tx.delete(companies).where(eq(companies.id, id));
  });
  return company;
}

/** The company's stored values on `provider` (its own or another), opened (the connection check). */
export async function storedValuesOn<P extends keyof StoredValuesOf>(
  db: Database,
  secretBox: SecretBox,
  id: number,
  provider: P,
): Promise<StoredValuesOf[P]> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  if (!row) throw notFound('Company');
  return STORED_PLATFORMS[provider].stored(db, secretBox, row);
}

/** The company's stored values on its own platform, opened (for its connection check). */
export async function storedCompanyConnection(
  db: Database,
  secretBox: SecretBox,
  id: number,
): Promise<StoredConnection> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  if (!row) throw notFound('Company');
  const values = await STORED_PLATFORMS[row.provider].stored(db, secretBox, row);
  // The values are the row's own platform's (STORED_PLATFORMS pairs them).
  return { provider: row.provider, values } as StoredConnection;
}

/** What onboarding needs to know about a person's company and credentials. */
export async function setupStatus(
  db: Database,
  options: { userId: string; companyId: number | null },
): Promise<{ companyConfigured: boolean; hasOwnCredential: boolean }> {
  const [own] = await db
    .select({ id: credentials.id })
    .from(credentials)
    .where(and(eq(credentials.userId, options.userId), eq(credentials.isActive, true)))
    .limit(1);
  let companyConfigured = false;
  if (options.companyId !== null) {
    const [row] = await db
      .select({ company: companies, account: platformAccountSql })
      .from(companies)
      .where(eq(companies.id, options.companyId))
      .limit(1);
    companyConfigured = row ? isConfigured(row.company, row.account) : false;
  }
  return { companyConfigured, hasOwnCredential: Boolean(own) };
}

/** When the company's targets were set or accepted (decision 036), or null. */
export async function targetsReviewedAt(db: Database, companyId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: companies.targetsReviewedAt })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.at ?? null;
}

/** Notes that someone set or accepted the company's targets (the first time counts). */
export async function markTargetsReviewed(
  db: Database,
  companyId: number,
  at: Date,
): Promise<void> {
  await db
    .update(companies)
    .set({ targetsReviewedAt: at })
    .where(and(eq(companies.id, companyId), isNull(companies.targetsReviewedAt)));
}

/**
 * Whether the company names the platform account its history is read from (a tenant, an API key,
 * a connected account).
 */
export async function hasPlatformAccount(db: Database, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ account: platformAccountSql })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return Boolean(row?.account);
}
