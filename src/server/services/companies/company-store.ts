import { and, asc, count, eq, isNull, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Company } from '../../../shared/api/companies.js';
import type { SecretStatus } from '../../../shared/api/secrets.js';
import type { Database } from '../../db/index.js';
import { companies, credentials, invitations, users } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { openIfReadable, type SecretBox } from '../../security/secret-box.js';
import type { ServiceTitanCredential } from '../servicetitan/contract.js';

/** Companies: the one module that reads and writes the `companies` table for the admin API. */

type CompanyRow = typeof companies.$inferSelect;

/** Whether a secret is stored and its last 4 characters; the value never leaves this module. */
export function secretStatus(secretBox: SecretBox, envelope: string | null): SecretStatus {
  if (!envelope) return { configured: false, last4: null };
  // A secret sealed under another key is stored, but has to be entered again to be used.
  const value = openIfReadable(secretBox, envelope);
  // Short secrets show no last 4: that would give most of them away.
  return { configured: true, last4: value && value.length >= 8 ? value.slice(-4) : null };
}

/** The Companies screen's "Configured": all four ServiceTitan values present. */
export const isConfigured = (row: {
  stClientId: string | null;
  stClientSecretEnc: string | null;
  stTenantId: string | null;
  stAppKeyEnc: string | null;
}): boolean =>
  Boolean(row.stClientId && row.stClientSecretEnc && row.stTenantId && row.stAppKeyEnc);

function toCompany(secretBox: SecretBox, row: CompanyRow, userCount: number): Company {
  return {
    id: row.id,
    name: row.name,
    clientId: row.stClientId,
    tenantId: row.stTenantId,
    clientSecret: secretStatus(secretBox, row.stClientSecretEnc),
    appKey: secretStatus(secretBox, row.stAppKeyEnc),
    configured: isConfigured(row),
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
    .select({ company: companies, n: counts.n })
    .from(companies)
    .leftJoin(counts, eq(counts.companyId, companies.id))
    .where(options.onlyId === undefined ? undefined : eq(companies.id, options.onlyId))
    .orderBy(asc(sql`lower(${companies.name})`), asc(companies.id));
  return rows.map((r) => toCompany(secretBox, r.company, Number(r.n ?? 0)));
}

export async function findCompany(
  db: Database,
  secretBox: SecretBox,
  id: number,
): Promise<Company | undefined> {
  const [company] = await listCompanies(db, secretBox, { onlyId: id });
  return company;
}

export async function companyExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  return Boolean(row);
}

export interface CompanyValues {
  name?: string;
  clientId?: string;
  clientSecret?: string;
  tenantId?: string;
  appKey?: string;
}

/** Columns to write: "" clears the id fields; a blank secret keeps the stored one. */
function columns(secretBox: SecretBox, values: CompanyValues) {
  const set: Partial<typeof companies.$inferInsert> = {};
  if (values.name !== undefined) set.name = values.name;
  if (values.clientId !== undefined) set.stClientId = values.clientId || null;
  if (values.tenantId !== undefined) set.stTenantId = values.tenantId || null;
  if (values.clientSecret) set.stClientSecretEnc = secretBox.seal(values.clientSecret);
  if (values.appKey) set.stAppKeyEnc = secretBox.seal(values.appKey);
  return set;
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
        .values({ ...columns(secretBox, values), name: values.name })
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
 * credentials go (they were the company's ServiceTitan access). Returns the deleted row.
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

/** The company's stored ServiceTitan values, opened (for the connection check). */
export async function storedCompanyCredential(
  db: Database,
  secretBox: SecretBox,
  id: number,
): Promise<
  Partial<Omit<ServiceTitanCredential, 'environment'>> & {
    environment: ServiceTitanCredential['environment'];
  }
> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  if (!row) throw notFound('Company');
  const open = (envelope: string | null) => openIfReadable(secretBox, envelope);
  return {
    clientId: row.stClientId ?? undefined,
    clientSecret: open(row.stClientSecretEnc),
    tenantId: row.stTenantId ?? undefined,
    appKey: open(row.stAppKeyEnc),
    environment: row.stEnvironment,
  };
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
      .select({
        stClientId: companies.stClientId,
        stClientSecretEnc: companies.stClientSecretEnc,
        stTenantId: companies.stTenantId,
        stAppKeyEnc: companies.stAppKeyEnc,
      })
      .from(companies)
      .where(eq(companies.id, options.companyId))
      .limit(1);
    companyConfigured = row ? isConfigured(row) : false;
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

/** Whether the company names a ServiceTitan tenant (what its history is read from). */
export async function hasServiceTitanTenant(db: Database, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ tenant: companies.stTenantId })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return Boolean(row?.tenant);
}
