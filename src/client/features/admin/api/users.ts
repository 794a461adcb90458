import type { AdminUserRow, UpdateUserRoleBody } from '@shared/api/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { COMPANIES_KEY } from '@/hooks/use-company-list';
import { apiJson } from '@/lib/api';
import { reportError } from '@/lib/report-error';
import { COMPANIES_OVERVIEW_KEY } from './companies-overview';

export const ADMIN_USERS_KEY = ['/api/admin/users'] as const;

/** `GET /api/admin/users`: the caller's company (every company for the master admin). */
export function useAdminUsers(enabled = true) {
  return useQuery({
    queryKey: ADMIN_USERS_KEY,
    queryFn: ({ signal }) =>
      apiJson<AdminUserRow[]>('GET', '/api/admin/users', undefined, { signal }),
    enabled,
  });
}

/** Both user lists (the account admin's and the master admin's overview) show the change. */
function useRefreshUserLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
      queryClient.invalidateQueries({ queryKey: COMPANIES_OVERVIEW_KEY }),
      queryClient.invalidateQueries({ queryKey: COMPANIES_KEY }),
    ]);
}

export function useUpdateUserRole() {
  const refresh = useRefreshUserLists();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string } & UpdateUserRoleBody) =>
      apiJson<AdminUserRow>('PATCH', `/api/admin/users/${encodeURIComponent(userId)}`, { role }),
    onSuccess: async () => {
      await refresh();
      toast({ title: 'User role updated' });
    },
    onError: (error) => reportError(error),
  });
}

export function useDeleteUser() {
  const refresh = useRefreshUserLists();
  return useMutation({
    mutationFn: (userId: string) =>
      apiJson<AdminUserRow>('DELETE', `/api/admin/users/${encodeURIComponent(userId)}`),
    onSuccess: async () => {
      await refresh();
      toast({ title: 'User deleted successfully' });
    },
    onError: (error) => reportError(error),
  });
}
