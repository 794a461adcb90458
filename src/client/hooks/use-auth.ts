import type { CurrentUser } from '@shared/api/auth';
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
  return {
    user,
    isLoading,
    error,
    isAuthenticated: user !== null,
    /** Settings editing (seed section 6): account and master admins. */
    canEdit: user?.role === 'account_admin' || user?.role === 'master_admin',
    isAdmin:
      user !== null &&
      (user.isAdmin || user.role === 'account_admin' || user.role === 'master_admin'),
  };
}
