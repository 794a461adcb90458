import type { CurrentUser } from '@shared/api/auth';
import { can, type Actor } from '@shared/permissions';

/** The signed-in person as the permission vocabulary sees them. */
export function actorOf(user: CurrentUser | null): Actor | null {
  return user ? { kind: 'person', id: user.id, role: user.role, companyId: user.companyId } : null;
}

/** May this person buy, change or cancel their company's plan (`subscription.manage`)? */
export function canManageSubscription(user: CurrentUser | null): boolean {
  return can(actorOf(user), 'subscription.manage');
}
