import { and, asc, eq, sql } from 'drizzle-orm';
import type { CreateInvitation, Invitation } from '../../../shared/api/admin.js';
import type { Database } from '../../db/index.js';
import { companies, invitations } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';

/**
 * Pending invitations: the one module that reads and writes the `invitations` table. An
 * invitation belongs to the company that sent it (decision 019): one per company and address.
 */

const columns = {
  id: invitations.id,
  email: invitations.email,
  firstName: invitations.firstName,
  lastName: invitations.lastName,
  companyId: invitations.companyId,
  companyName: companies.name,
  role: invitations.role,
  isAdmin: invitations.isAdmin,
  createdAt: invitations.createdAt,
};

type Selected = Omit<Invitation, 'createdAt'> & { createdAt: Date };
const toInvitation = (row: Selected): Invitation => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export async function listInvitations(
  db: Database,
  options: { companyId?: number } = {},
): Promise<Invitation[]> {
  const rows = await db
    .select(columns)
    .from(invitations)
    .leftJoin(companies, eq(companies.id, invitations.companyId))
    .where(
      options.companyId === undefined ? undefined : eq(invitations.companyId, options.companyId),
    )
    .orderBy(asc(invitations.createdAt), asc(invitations.id));
  return rows.map(toInvitation);
}

export async function findInvitation(db: Database, id: number): Promise<Invitation | undefined> {
  const [row] = await db
    .select(columns)
    .from(invitations)
    .leftJoin(companies, eq(companies.id, invitations.companyId))
    .where(eq(invitations.id, id))
    .limit(1);
  return row ? toInvitation(row) : undefined;
}

export const ALREADY_INVITED =
  'This e-mail address already has a pending invitation from this company';

/** 409 on `email` when this company (or, without one, the master admin) already invited it. */
export async function createInvitation(
  db: Database,
  values: Omit<CreateInvitation, 'companyId'> & {
    companyId: number | null;
    invitedByUserId: string;
  },
): Promise<Invitation> {
  const inserted = await db
    .insert(invitations)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: invitations.id });
  if (inserted.length === 0) {
    throw new AppError('CONFLICT', ALREADY_INVITED, { field: 'email' });
  }
  return (await findInvitation(db, inserted[0]!.id))!;
}

export async function deleteInvitation(db: Database, id: number): Promise<void> {
  const deleted = await db
    .delete(invitations)
    .where(eq(invitations.id, id))
    .returning({ id: invitations.id });
  if (deleted.length === 0) throw notFound('Invitation');
}

const emailMatches = (email: string) => sql`lower(${invitations.email}) = ${email.toLowerCase()}`;

/** Every pending invitation sent to an address, oldest first (what a person is offered). */
export async function invitationsForEmail(db: Database, email: string): Promise<Invitation[]> {
  const rows = await db
    .select(columns)
    .from(invitations)
    .leftJoin(companies, eq(companies.id, invitations.companyId))
    .where(emailMatches(email))
    .orderBy(asc(invitations.createdAt), asc(invitations.id));
  return rows.map(toInvitation);
}

/** One invitation sent to this address, or undefined (an id of someone else's finds nothing). */
export async function findInvitationForEmail(
  db: Database,
  id: number,
  email: string,
): Promise<Invitation | undefined> {
  const [row] = await db
    .select(columns)
    .from(invitations)
    .leftJoin(companies, eq(companies.id, invitations.companyId))
    .where(and(eq(invitations.id, id), emailMatches(email)))
    .limit(1);
  return row ? toInvitation(row) : undefined;
}

/** Removes every invitation sent to an address (the person chose one, or none). */
export async function deleteInvitationsForEmail(db: Database, email: string): Promise<number> {
  const deleted = await db
    .delete(invitations)
    .where(emailMatches(email))
    .returning({ id: invitations.id });
  return deleted.length;
}
