import type { CurrentUser } from '@shared/api/auth';
import { can, denialReason, type Actor } from '@shared/permissions';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/api';

export const AUTH_USER_KEY = ['/api/auth/user'] as const;

/** The signed-in user; a 401 means signed out (null). */
export function useAuth() {
  const { data, isLoading, error } = useQuery<CurrentUser | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn<CurrentUser | null>({ on401: 'returnNull' }),
    // Sign-in and sign-out are full-page navigations, so one answer per page load is enough;
    // re-asking on every mount would loop between the loader and the page after a failure.
    refetchOnMount: false,
  });
  const user = data ?? null;
  const actor: Actor | null = user
    ? { kind: 'person', id: user.id, role: user.role, companyId: user.companyId }
    : null;
  return {
    user,
    isLoading,
    error,
    isAuthenticated: user !== null,
    actor,
    /** Settings editing (seed section 6): account and master admins of the company. */
    canEdit: can(actor, 'boardSettings.edit'),
    /** Why settings (and so the lock) are read-only for this person; null when they may edit. */
    editDenial: denialReason(actor, 'boardSettings.edit'),
    isAdmin:
      user !== null &&
      (user.isAdmin || user.role === 'account_admin' || user.role === 'master_admin'),
  };
}
