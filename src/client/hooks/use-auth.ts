import type { CurrentUser } from '@shared/api/auth';
import { can, denialReason, type Actor } from '@shared/permissions';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { hasSignedInHint } from '@shared/api/signed-in-hint';
import { getQueryFn } from '@/lib/api';

export const AUTH_USER_KEY = ['/api/auth/user'] as const;

/** The signed-in person as the permission vocabulary sees them. */
export function actorOf(user: CurrentUser | null): Actor | null {
  return user ? { kind: 'person', id: user.id, role: user.role, companyId: user.companyId } : null;
}

/**
 * The signed-in user; a 401 means signed out (null). What they may do is asked of
 * src/shared/permissions.ts with `actor` (the same rules the server decides with).
 */
/**
 * This browser holds a session cookie (the server's non-HttpOnly hint beside it, see
 * src/shared/api/signed-in-hint.ts): only then is there anyone to ask about.
 */
export const maybeSignedIn = () => hasSignedInHint(document.cookie);

const askWhoIsSignedIn = getQueryFn<CurrentUser | null>({ on401: 'returnNull' });

/**
 * Who is signed in: `null` when nobody is (401). Read once per page load, and only when the
 * browser may be signed in (seed: the user call "runs only when signed in").
 */
export const authUserQuery = {
  queryKey: AUTH_USER_KEY,
  queryFn: (context: Parameters<typeof askWhoIsSignedIn>[0]) =>
    maybeSignedIn() ? askWhoIsSignedIn(context) : Promise.resolve(null),
};

export function useAuth() {
  const { data, isLoading, error } = useQuery<CurrentUser | null>({
    ...authUserQuery,
    // Sign-in and sign-out are full-page navigations, so one answer per page load is enough;
    // re-asking on every mount would loop between the loader and the page after a failure.
    refetchOnMount: false,
  });
  const user = data ?? null;
  // One object per answer, so effects that depend on it run once per change of person.
  const actor = useMemo(() => actorOf(user), [user]);
  return {
    user,
    actor,
    isLoading,
    error,
    isAuthenticated: user !== null,
    /** Settings editing (seed section 6): account and master admins of the company. */
    canEdit: can(actor, 'boardSettings.edit'),
    /** Why settings (and so the lock) are read-only for this person; null when they may edit. */
    editDenial: denialReason(actor, 'boardSettings.edit'),
    /** The /admin area (seed: account_admin or master_admin). */
    isAdmin: can(actor, 'admin.access'),
  };
}
