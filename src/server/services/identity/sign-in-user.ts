import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { invitations, users, type Role } from '../../db/schema.js';
import { invitedRole } from '../../../shared/permissions.js';
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

/**
 * Creates or updates the user for a verified identity (issuer + subject, never e-mail alone).
 * Only when the provider vouches for the e-mail (see emailIsVerified): applies a pending
 * invitation for it to a person who has no company yet, and makes the protected account a
 * master admin. Returns the user id.
 */
export async function signInUser(
  db: Database,
  identity: VerifiedIdentity,
  options: { protectedAdminEmail: string; now: Date; trustEmailWithoutVerifiedClaim: boolean },
): Promise<string> {
  const email = (identity.email ?? `${identity.subject}@unknown.invalid`).toLowerCase();
  const verified = emailIsVerified(identity, options.trustEmailWithoutVerifiedClaim);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(users)
      .where(and(eq(users.issuer, identity.issuer), eq(users.subject, identity.subject)))
      .limit(1);
    // An invitation never moves someone out of the company they are in.
    const [invitation] =
      verified && (existing?.companyId ?? null) === null
        ? await tx
            .select()
            .from(invitations)
            .where(sql`lower(${invitations.email}) = ${email}`)
            .limit(1)
        : [];

    let role: Role = existing?.role ?? 'user';
    let companyId = existing?.companyId ?? null;
    let firstName = identity.firstName ?? existing?.firstName ?? null;
    let lastName = identity.lastName ?? existing?.lastName ?? null;
    if (invitation) {
      role = invitedRole(invitation.role, invitation.isAdmin);
      companyId = invitation.companyId ?? companyId;
      firstName = invitation.firstName;
      lastName = invitation.lastName;
      await tx.delete(invitations).where(eq(invitations.id, invitation.id));
    }
    if (verified && email === options.protectedAdminEmail) role = 'master_admin';

    if (existing) {
      await tx
        .update(users)
        .set({
          email,
          firstName,
          lastName,
          role,
          companyId,
          lastSignInAt: options.now,
          updatedAt: options.now,
        })
        .where(eq(users.id, existing.id));
      return existing.id;
    }
    const id = crypto.randomUUID();
    await tx.insert(users).values({
      id,
      issuer: identity.issuer,
      subject: identity.subject,
      email,
      firstName,
      lastName,
      role,
      companyId,
      lastSignInAt: options.now,
    });
    return id;
  });
}
