import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { invitations, users } from '../../src/server/db/schema.js';
import type { VerifiedIdentity } from '../../src/server/services/identity/oidc-sign-in.js';
import { signInUser } from '../../src/server/services/identity/sign-in-user.js';
import { createCompany, createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Invitations and the protected admin are matched by e-mail only when the identity provider
 * vouches for the address (email_verified: true), or, with
 * OIDC_TRUST_EMAIL_WITHOUT_VERIFIED_CLAIM, when it sends no such claim at all.
 */
describe('sign-in matches e-mails only when they are verified', () => {
  let t: TestApp;
  let companyId: number;
  const PROTECTED = 'owner@callboard.test';

  beforeAll(async () => {
    t = await createTestApp({ env: { PROTECTED_ADMIN_EMAIL: PROTECTED } });
    companyId = await createCompany(t.app, { name: 'Invite Co' });
  });
  afterAll(() => t?.close());

  const identity = (email: string, emailVerified: boolean | undefined): VerifiedIdentity => ({
    issuer: 'https://idp.test',
    subject: crypto.randomUUID(),
    email,
    emailVerified,
    firstName: 'Sam',
    lastName: 'Signer',
  });
  const signIn = async (who: VerifiedIdentity, trust = false) => {
    const { userId: id, chooseInvitation } = await signInUser(t.app.db, who, {
      protectedAdminEmail: PROTECTED,
      now: new Date(),
      trustEmailWithoutVerifiedClaim: trust,
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
    return { ...row!, chooseInvitation };
  };
  const invite = async (email: string) => {
    await t.app.db
      .insert(invitations)
      .values({ email, firstName: 'Ivy', lastName: 'Invited', companyId, role: 'account_admin' });
  };
  const pending = async (email: string) =>
    (await t.app.db.select().from(invitations).where(eq(invitations.email, email))).length;

  it.each([
    ['email_verified false', false, false, false],
    ['no email_verified claim', undefined, false, false],
    ['no email_verified claim, with the trust setting', undefined, true, true],
    ['email_verified false, even with the trust setting', false, true, false],
    ['email_verified true', true, false, true],
  ])('%s: invitation offered = %s', async (_name, verified, trust, offered) => {
    const email = `inv-${crypto.randomBytes(3).toString('hex')}@example.test`;
    await invite(email);
    const row = await signIn(identity(email, verified), trust);
    // Nobody joins without choosing (issue 33): an invitation is offered, never applied.
    expect(row).toMatchObject({
      companyId: null,
      role: 'user',
      firstName: 'Sam',
      chooseInvitation: offered,
    });
    // Offered or not, the invitation waits (for the choice, or for the real owner of the address).
    expect(await pending(email)).toBe(1);
  });

  it('makes the protected address master admin only when it is verified', async () => {
    const impostor = await signIn(identity(PROTECTED, false));
    expect(impostor.role).toBe('user');
    const unclaimed = await signIn(identity(PROTECTED, undefined));
    expect(unclaimed.role).toBe('user');
    const owner = await signIn(identity(PROTECTED, true));
    expect(owner.role).toBe('master_admin');
  });

  it('never moves a member of a company elsewhere through an invitation', async () => {
    const other = await createCompany(t.app, { name: 'Other Co' });
    const email = `member-${crypto.randomBytes(3).toString('hex')}@example.test`;
    const who = identity(email, true);
    await signIn(who);
    await t.app.db.update(users).set({ companyId: other }).where(eq(users.email, email));
    await invite(email);
    const again = await signIn(who);
    expect(again.companyId).toBe(other);
  });

  it('reads the setting from the environment, off by default', () => {
    expect(loadConfig({}).trustEmailWithoutVerifiedClaim).toBe(false);
    expect(
      loadConfig({ OIDC_TRUST_EMAIL_WITHOUT_VERIFIED_CLAIM: 'true' })
        .trustEmailWithoutVerifiedClaim,
    ).toBe(true);
  });
});
