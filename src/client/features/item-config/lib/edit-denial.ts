import type { CurrentUser } from '@shared/api/auth';
import { denialReason, type Actor } from '@shared/permissions';

/**
 * Why the signed-in person may not change the company's preferences and groups, or null
 * (decision 007: `preferences.edit`, inside a company). `companyId` is the company the page
 * configures: a master admin's choice, else the person's own. The server applies the same rule.
 */
export function preferenceEditDenial(
  user: CurrentUser | null,
  companyId: number | null = user?.companyId ?? null,
): string | null {
  const actor: Actor | null = user
    ? { kind: 'person', id: user.id, role: user.role, companyId: user.companyId }
    : null;
  const reason = denialReason(actor, 'preferences.edit');
  if (reason) return reason;
  return user && companyId === null ? 'Create or join a company first.' : null;
}
