import type { AdminUserRow } from '@shared/api/admin';
import type { Role } from '@shared/permissions';

export const ROLE_LABELS: Record<Role, string> = {
  user: 'User',
  account_admin: 'Account Admin',
  master_admin: 'Master Admin',
};

/** "First Last", or the e-mail for someone who has not given a name. */
export function displayName(user: Pick<AdminUserRow, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}

/** The permission vocabulary's view of a row (the target of a user action). */
export function userTarget(user: AdminUserRow) {
  return { id: user.id, role: user.role, companyId: user.companyId, isProtected: user.isProtected };
}
