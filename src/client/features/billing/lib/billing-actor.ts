import type { CurrentUser } from '@shared/api/auth';
import { can } from '@shared/permissions';
import { actorOf } from '@/hooks/use-auth';

/** May this person buy, change or cancel their company's plan (`subscription.manage`)? */
export function canManageSubscription(user: CurrentUser | null): boolean {
  return can(actorOf(user), 'subscription.manage');
}
