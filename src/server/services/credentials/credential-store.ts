import { and, desc, eq } from 'drizzle-orm';
import type { Credential } from '../../../shared/api/credentials.js';
import type { Database } from '../../db/index.js';
import { credentials, users } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { openIfReadable, type SecretBox } from '../../security/secret-box.js';
import { secretStatus } from '../companies/company-store.js';
import type { DefaultCredential } from '../../platforms/index.js';

/**
 * Users' own credentials (seed "Credential": the default platform's values): the one module
 * that reads and writes `credentials`.
 */

type Row = typeof credentials.$inferSelect;

const toCredential = (secretBox: SecretBox, row: Row): Credential => ({
  id: row.id,
  userId: row.userId,
  clientId: row.clientId,
  tenantId: row.tenantId,
  isActive: row.isActive,
  clientSecret: secretStatus(secretBox, row.clientSecretEnc),
  appKey: secretStatus(secretBox, row.appKeyEnc),
  createdAt: row.createdAt.toISOString(),
});

/** One user's credentials, newest first. */
export async function listCredentials(
  db: Database,
  secretBox: SecretBox,
  userId: string,
): Promise<Credential[]> {
  const rows = await db
    .select()
    .from(credentials)
    .where(eq(credentials.userId, userId))
    .orderBy(desc(credentials.createdAt), desc(credentials.id));
  return rows.map((row) => toCredential(secretBox, row));
}

/** A credential with the company its owner belongs to (for the scope check). */
export async function findCredential(
  db: Database,
  secretBox: SecretBox,
  id: number,
): Promise<{ credential: Credential; companyId: number | null } | undefined> {
  const [row] = await db
    .select({ credential: credentials, companyId: users.companyId })
    .from(credentials)
    .innerJoin(users, eq(users.id, credentials.userId))
    .where(eq(credentials.id, id))
    .limit(1);
  return row
    ? { credential: toCredential(secretBox, row.credential), companyId: row.companyId }
    : undefined;
}

export async function createCredential(
  db: Database,
  secretBox: SecretBox,
  values: {
    userId: string;
    clientId: string;
    clientSecret: string;
    tenantId?: string;
    appKey?: string;
    isActive: boolean;
  },
): Promise<Credential> {
  const [row] = await db
    .insert(credentials)
    .values({
      userId: values.userId,
      clientId: values.clientId,
      clientSecretEnc: secretBox.seal(values.clientSecret),
      tenantId: values.tenantId || null,
      appKeyEnc: values.appKey ? secretBox.seal(values.appKey) : null,
      isActive: values.isActive,
    })
    .returning();
  return toCredential(secretBox, row!);
}

export async function deleteCredential(db: Database, id: number): Promise<void> {
  const deleted = await db
    .delete(credentials)
    .where(eq(credentials.id, id))
    .returning({ id: credentials.id });
  if (deleted.length === 0) throw notFound('Credential');
}

/** A stored credential's values, opened (for the connection check). */
export async function storedCredentialValues(
  db: Database,
  secretBox: SecretBox,
  id: number,
): Promise<
  Partial<Omit<DefaultCredential, 'environment'>> & {
    environment: DefaultCredential['environment'];
  }
> {
  const [row] = await db
    .select()
    .from(credentials)
    .where(and(eq(credentials.id, id)))
    .limit(1);
  if (!row) throw notFound('Credential');
  const open = (envelope: string | null) => openIfReadable(secretBox, envelope);
  return {
    clientId: row.clientId,
    clientSecret: open(row.clientSecretEnc),
    tenantId: row.tenantId ?? undefined,
    appKey: open(row.appKeyEnc),
    environment: row.environment,
  };
}
