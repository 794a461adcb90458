import type { JobberConnectionStatus } from '@shared/platforms/jobber/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTH_USER_KEY } from '@/hooks/use-auth';
import { COMPANIES_KEY } from '@/hooks/use-company-list';
import { apiJson } from '@/lib/api';
import { withQuery } from '@/lib/with-query';

/** Where "Connect Jobber" goes: a page of the server that sends the admin on to Jobber. */
export const jobberConnectUrl = (companyId?: number) =>
  withQuery('/api/providers/jobber/connect', { companyId });

const connectionUrl = (companyId?: number) =>
  withQuery('/api/providers/jobber/connection', { companyId });

/** `GET /api/providers/jobber/connection`: connected, to which account, and what to do. */
export function useJobberConnection(companyId?: number, enabled = true) {
  return useQuery({
    queryKey: [connectionUrl(companyId)],
    queryFn: () => apiJson<JobberConnectionStatus>('GET', connectionUrl(companyId)),
    enabled,
  });
}

/** `DELETE /api/providers/jobber/connection`: Jobber is told, and the tokens forgotten. */
export function useDisconnectJobber(companyId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiJson<{ disconnected: true; jobberConfirmed: boolean }>('DELETE', connectionUrl(companyId)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [connectionUrl(companyId)] }),
        queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
        queryClient.invalidateQueries({ queryKey: COMPANIES_KEY }),
        queryClient.invalidateQueries({ queryKey: ['/api/capacity'] }),
      ]),
  });
}
