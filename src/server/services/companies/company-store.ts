import crypto from 'node:crypto';
import { and, asc, count, eq, isNull, sql, TransactionRollbackError } from 'drizzle-orm';
import { providerOfBody, type Company } from '../../../shared/api/companies.js';
import type { ProviderId } from '../../../shared/providers/platforms.js';
import type { SecretStatus } from '../../../shared/api/secrets.js';
import type { Database } from '../../db/index.js';
import { companies, credentials, invitations, jobberConnections, users } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { openIfReadable, type SecretBox } from '../../security/secret-box.js';
import type { HousecallProCredential } from '../housecallpro/contract.js';
import type { JobberCredential } from '../jobber/adapter.js';
import type { ServiceTitanCredential } from '../servicetitan/contract.js';

/** Companies: the one module that reads and writes the `companies` table for the admin API. */

type CompanyRow = typeof companies.$inferSelect & { jobberAccount?: string | null };

/** The Jobber account a company's connection reads (null: not connected; issue 38). */
export const jobberAccountSql = sql<
  string | null
>`(select ${jobberConnections.accountId} from ${jobberConnections} where ${jobberConnections.companyId} = ${companies.id})`;

/** Whether a secret is stored and its last 4 characters; the value never leaves this module. */
export function secretStatus(secretBox: SecretBox, envelope: string | null): SecretStatus {
  if (!envelope) return { configured: false, last4: null };
  // A secret sealed under another key is stored, but has to be entered again to be used.
  const value = openIfReadable(secretBox, envelope);
  // Short secrets show no last 4: that would give most of them away.
  return { configured: true, last4: value && value.length >= 8 ? value.slice(-4) : null };
}

/**
 * The Companies screen's "Configured", judged by the company's own platform: ServiceTitan's four
 * values present, or Housecall Pro's API key.
 */
export const isConfigured = (row: {
  provider: ProviderId;
  stClientId: string | null;
  stClientSecretEnc: string | null;
  stTenantId: string | null;
  stAppKeyEnc: string | null;
  hcpApiKeyEnc: string | null;
  /** Jobber: the account its connection reads (decision 057). */
  jobberAccount?: string | null;
}): boolean =>
  row.provider === 'jobber'
    ? Boolean(row.jobberAccount)
    : row.provider === 'housecallpro'
      ? Boolean(row.hcpApiKeyEnc)
      : Boolean(row.stClientId && row.stClientSecretEnc && row.stTenantId && row.stAppKeyEnc);

/**
 * Whether a company names the account its history is read from (ServiceTitan: a tenant id;
 * Housecall Pro: an API key), as SQL over the companies alias `c`.
 */
export const hasPlatformAccountSql = sql.raw(`(case when c.provider = 'housecallpro'
  then c.hcp_api_key_enc is not null
  when c.provider = 'jobber'
  then exists (select 1 from jobber_connections j where j.company_id = c.id)
  else c.st_tenant_id is not null end)`);

function toCompany(secretBox: SecretBox, row: CompanyRow, userCount: number): Company {
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
    .select({ company: companies, n: counts.n, jobberAccount: jobberAccountSql })
    .from(companies)
    .leftJoin(counts, eq(counts.companyId, companies.id))
    .where(options.onlyId === undefined ? undefined : eq(companies.id, options.onlyId))
    .orderBy(asc(sql`lower(${companies.name})`), asc(companies.id));
  return rows.map((r) =>
    toCompany(secretBox, { ...r.company, jobberAccount: r.jobberAccount }, Number(r.n ?? 0)),
  );
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
  provider?: ProviderId;
  clientId?: string;
  clientSecret?: string;
  tenantId?: string;
  appKey?: string;
  apiKey?: string;
  /** null: webhooks off (the address accepts nothing). */
  webhookSecret?: string | null;
}

/** The address part of a company's Housecall Pro webhooks: 32 random bytes. */
export const webhookKeyHash = (key: string): string =>
  crypto.createHash('sha256').update(key).digest('hex');

/**
 * Columns to write: "" clears the id fields; a blank secret keeps the stored one. The platform
 * the values are for becomes the company's (decision 040); on Housecall Pro the company gets its
 * webhook address once, kept when it switches away and back.
 */
function columns(secretBox: SecretBox, values: CompanyValues, insert = false) {
  const set: Partial<Record<keyof typeof companies.$inferInsert, unknown>> = {};
  if (values.name !== undefined) set.name = values.name;
  const provider = providerOfBody(values);
  if (provider !== undefined) set.provider = provider;
  if (values.clientId !== undefined) set.stClientId = values.clientId || null;
  if (values.tenantId !== undefined) set.stTenantId = values.tenantId || null;
  if (values.clientSecret) set.stClientSecretEnc = secretBox.seal(values.clientSecret);
  if (values.appKey) set.stAppKeyEnc = secretBox.seal(values.appKey);
  if (values.apiKey) set.hcpApiKeyEnc = secretBox.seal(values.apiKey);
  if (values.webhookSecret === null) set.hcpWebhookSecretEnc = null;
  else if (values.webhookSecret) set.hcpWebhookSecretEnc = secretBox.seal(values.webhookSecret);
  if (provider === 'housecallpro') {
    const key = crypto.randomBytes(32).toString('base64url');
    // A new row has no address yet (an INSERT may not read its own columns); an update keeps
    // the one it has.
    set.hcpWebhookKeyEnc = insert
      ? secretBox.seal(key)
      : sql`coalesce(${companies.hcpWebhookKeyEnc}, ${secretBox.seal(key)})`;
    set.hcpWebhookKeyHash = insert
      ? webhookKeyHash(key)
      : sql`coalesce(${companies.hcpWebhookKeyHash}, ${webhookKeyHash(key)})`;
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

/** The company's stored values on its own platform, opened (for its connection check). */
export type StoredConnection =
  | { provider: 'servicetitan'; values: Awaited<ReturnType<typeof storedCompanyCredential>> }
  | { provider: 'housecallpro'; values: Partial<HousecallProCredential> }
  | { provider: 'jobber'; values: Partial<JobberCredential> };

export async function storedCompanyConnection(
  db: Database,
  secretBox: SecretBox,
  id: number,
): Promise<StoredConnection> {
  const [row] = await db
    .select({ provider: companies.provider, apiKeyEnc: companies.hcpApiKeyEnc })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  if (!row) throw notFound('Company');
  if (row.provider === 'jobber') {
    const [connection] = await db
      .select({
        accountId: jobberConnections.accountId,
        connectionId: jobberConnections.connectionId,
      })
      .from(jobberConnections)
      .where(eq(jobberConnections.companyId, id));
    return { provider: 'jobber', values: connection ? { companyId: id, ...connection } : {} };
  }
  if (row.provider === 'housecallpro') {
    const apiKey = openIfReadable(secretBox, row.apiKeyEnc);
    return { provider: 'housecallpro', values: apiKey ? { apiKey } : {} };
  }
  return { provider: 'servicetitan', values: await storedCompanyCredential(db, secretBox, id) };
}

/**
 * The company's Housecall Pro webhook address part (null before it first chose Housecall Pro,
 * or when it cannot be opened) and whether a signing secret is set.
 */
export async function companyWebhookKey(
  db: Database,
  secretBox: SecretBox,
  companyId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ keyEnc: companies.hcpWebhookKeyEnc })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return openIfReadable(secretBox, row?.keyEnc ?? null) ?? null;
}

/**
 * The company a webhook address names, its platform and its signing secret (null: webhooks off,
 * or a secret that cannot be opened). Undefined when no company has this address.
 */
export async function findWebhookCompany(
  db: Database,
  secretBox: SecretBox,
  key: string,
): Promise<{ companyId: number; provider: ProviderId; secret: string | null } | undefined> {
  const [row] = await db
    .select({
      id: companies.id,
      provider: companies.provider,
      secretEnc: companies.hcpWebhookSecretEnc,
    })
    .from(companies)
    .where(eq(companies.hcpWebhookKeyHash, webhookKeyHash(key)))
    .limit(1);
  if (!row) return undefined;
  return {
    companyId: row.id,
    provider: row.provider,
    secret: openIfReadable(secretBox, row.secretEnc) ?? null,
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
        provider: companies.provider,
        stClientId: companies.stClientId,
        stClientSecretEnc: companies.stClientSecretEnc,
        stTenantId: companies.stTenantId,
        stAppKeyEnc: companies.stAppKeyEnc,
        hcpApiKeyEnc: companies.hcpApiKeyEnc,
        jobberAccount: jobberAccountSql,
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

/**
 * Whether the company names the platform account its history is read from (a ServiceTitan
 * tenant; a Housecall Pro API key).
 */
export async function hasPlatformAccount(db: Database, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({
      provider: companies.provider,
      tenant: companies.stTenantId,
      apiKey: companies.hcpApiKeyEnc,
      jobberAccount: jobberAccountSql,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (row?.provider === 'jobber') return Boolean(row.jobberAccount);
  return Boolean(row && (row.provider === 'housecallpro' ? row.apiKey : row.tenant));
}
