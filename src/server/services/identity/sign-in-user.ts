import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { invitations, users, type Role } from '../../db/schema.js';
import { invitationsApplyTo, invitedRole } from '../../../shared/permissions.js';
import type { VerifiedIdentity } from './oidc-sign-in.js';

/**
 * Whether the provider vouches for the e-mail: `email_verified: true`, or no such claim at all
 * when the deployment trusts its provider's addresses (OIDC_TRUST_EMAIL_WITHOUT_VERIFIED_CLAIM).
 */
export const emailIsVerified = (
  identity: Pick<VerifiedIdentity, 'email' | 'emailVerified'>,
  trustWithoutClaim: boolean,
): boolean =>
  Boolean(identity.email) &&
  (identity.emailVerified === true || (identity.emailVerified === undefined && trustWithoutClaim));

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What a sign-in did: the user, and whether they have invitations to choose from. */
export interface SignInResult {
  userId: string;
  /**
   * Invitations wait for this person's choice (decision 019): one or several companies invited
   * them. The callback sends them to the choice page (join one, or create or keep their own).
   */
  chooseInvitation: boolean;
}

/**
 * Creates or updates the user for a verified identity (issuer + subject, never e-mail alone).
 * Only when the provider vouches for the e-mail (see emailIsVerified) are invitations to it
 * considered and the protected account made a master admin. Invitations (decision 019): a
 * master admin is never changed by one; anyone else with one or more keeps their place and
 * chooses on the invitations page (join one, or create or keep their own company): nobody joins
 * a company without choosing it, not even with a single invitation (issue 33).
 */
export async function signInUser(
  db: Database,
  identity: VerifiedIdentity,
  options: { protectedAdminEmail: string; now: Date; trustEmailWithoutVerifiedClaim: boolean },
): Promise<SignInResult> {
  const email = (identity.email ?? `${identity.subject}@unknown.invalid`).toLowerCase();
  const verified = emailIsVerified(identity, options.trustEmailWithoutVerifiedClaim);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(users)
      .where(and(eq(users.issuer, identity.issuer), eq(users.subject, identity.subject)))
      .limit(1);
    let role: Role = existing?.role ?? 'user';
    if (verified && email === options.protectedAdminEmail) role = 'master_admin';
    const offered =
      verified && invitationsApplyTo(role)
        ? await tx
            .select({ id: invitations.id })
            .from(invitations)
            .where(sql`lower(${invitations.email}) = ${email}`)
            .limit(1)
        : [];
    const companyId = existing?.companyId ?? null;
    const values = {
      email,
      emailVerified: verified,
      firstName: identity.firstName ?? existing?.firstName ?? null,
      lastName: identity.lastName ?? existing?.lastName ?? null,
      role,
      companyId,
      lastSignInAt: options.now,
      updatedAt: options.now,
    };
    let userId: string;
    if (existing) {
      await tx.update(users).set(values).where(eq(users.id, existing.id));
      userId = existing.id;
    } else {
      userId = crypto.randomUUID();
      await tx
        .insert(users)
        .values({ ...values, id: userId, issuer: identity.issuer, subject: identity.subject });
    }
    return { userId, chooseInvitation: offered.length > 0 };
  });
}

/**
 * The person takes up an invitation: its role, company and names become theirs, and every
 * invitation to their address is settled (they chose this one). Never for a master admin.
 */
export async function joinByInvitation(
  tx: Tx | Database,
  input: {
    userId: string;
    email: string;
    invitation: Pick<typeof invitations.$inferSelect, 'role' | 'isAdmin' | 'companyId'> & {
      firstName: string;
      lastName: string;
    };
    now: Date;
  },
): Promise<void> {
  const { invitation } = input;
  const [current] = await tx
    .select({ role: users.role, companyId: users.companyId })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!current || !invitationsApplyTo(current.role)) return;
  await tx
    .update(users)
    .set({
      role: invitedRole(invitation.role, invitation.isAdmin),
      companyId: invitation.companyId ?? current.companyId,
      firstName: invitation.firstName,
      lastName: invitation.lastName,
      updatedAt: input.now,
    })
    .where(eq(users.id, input.userId));
  await tx.delete(invitations).where(sql`lower(${invitations.email}) = ${input.email}`);
}
