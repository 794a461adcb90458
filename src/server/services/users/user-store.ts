import { asc, eq, sql } from 'drizzle-orm';
import type { AdminUserRow } from '../../../shared/api/admin.js';
import { isProtectedAccount, type Role, type UserTarget } from '../../../shared/permissions.js';
import type { Database } from '../../db/index.js';
import { companies, users } from '../../db/schema.js';
import { notFound } from '../../errors.js';

/** Users as the admin API sees them: the one module that reads and changes them for it. */

const rowColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  companyId: users.companyId,
  companyName: companies.name,
  subscriptionStatus: sql<
    AdminUserRow['subscriptionStatus']
  >`coalesce(${companies.subscriptionStatus}, 'none')`,
};

type Selected = Omit<AdminUserRow, 'isProtected'>;

const withProtection =
  (protectedAdminEmail: string) =>
  (row: Selected): AdminUserRow => ({
    ...row,
    isProtected: isProtectedAccount(row, protectedAdminEmail),
  });

/** Users by company, then name; only one company's when `companyId` is given. */
export async function listAdminUsers(
  db: Database,
  options: { protectedAdminEmail: string; companyId?: number },
): Promise<AdminUserRow[]> {
  const rows = await db
    .select(rowColumns)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(options.companyId === undefined ? undefined : eq(users.companyId, options.companyId))
    .orderBy(
      asc(sql`lower(coalesce(${companies.name}, ''))`),
      asc(sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`),
      asc(sql`lower(${users.email})`),
    );
  return rows.map(withProtection(options.protectedAdminEmail));
}

export async function findAdminUser(
  db: Database,
  userId: string,
  protectedAdminEmail: string,
): Promise<AdminUserRow | undefined> {
  const [row] = await db
    .select(rowColumns)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? withProtection(protectedAdminEmail)(row) : undefined;
}

/** The rules' view of a user row. */
export const userTarget = (row: AdminUserRow): UserTarget => ({
  id: row.id,
  role: row.role,
  companyId: row.companyId,
  isProtected: row.isProtected,
});

export async function setUserRole(
  db: Database,
  options: { userId: string; role: Role; now: Date; protectedAdminEmail: string },
): Promise<AdminUserRow> {
  const updated = await db
    .update(users)
    .set({ role: options.role, updatedAt: options.now })
    .where(eq(users.id, options.userId))
    .returning({ id: users.id });
  if (updated.length === 0) throw notFound('User');
  return (await findAdminUser(db, options.userId, options.protectedAdminEmail))!;
}

/** Deletes the user; their sessions, preferences, groups and credentials go with them (FKs). */
export async function deleteUser(db: Database, userId: string): Promise<void> {
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  if (deleted.length === 0) throw notFound('User');
}

/** The company a user belongs to (null: none), or undefined when there is no such user. */
export async function companyOfUser(
  db: Database,
  userId: string,
): Promise<{ companyId: number | null } | undefined> {
  const [row] = await db
    .select({ companyId: users.companyId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * The user's e-mail when the identity provider vouched for it at their last sign-in (the
 * address invitations are offered to), else null.
 */
export async function verifiedEmailOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email, verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.verified ? row.email.toLowerCase() : null;
}

/** A member of this company with this e-mail (inviting them again would be pointless). */
export async function memberOfCompanyWithEmail(
  db: Database,
  companyId: number,
  email: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      sql`lower(${users.email}) = ${email.toLowerCase()} and ${users.companyId} = ${companyId}`,
    )
    .limit(1);
  return Boolean(row);
}
