import type {
  CompanyBody,
  CompanyWriteResult,
  ConnectionCheck,
  UpdateCompanyBody,
} from '@shared/api/companies';
import type { ConnectionCheckBody } from '@shared/api/credentials';
import type { ProviderId } from '@shared/providers/platforms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_USER_KEY } from '@/hooks/use-auth';
import { COMPANIES_KEY } from '@/hooks/use-company-list';
import { PROVIDER_METADATA_KEY } from '@/hooks/use-platform';
import { apiJson } from '@/lib/api';

/** The signed-in person's onboarding step comes with /api/auth/user: ask again after each step. */
function useRefreshMe() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
      queryClient.invalidateQueries({ queryKey: COMPANIES_KEY }),
      queryClient.invalidateQueries({ queryKey: ['/api/capacity'] }),
      queryClient.invalidateQueries({ queryKey: PROVIDER_METADATA_KEY }),
    ]);
}

/** Step 1: `POST /api/companies { name }`; the caller becomes the new company's account_admin. */
export function useCreateOwnCompany() {
  const refresh = useRefreshMe();
  return useMutation({
    mutationFn: (body: CompanyBody) => apiJson<CompanyWriteResult>('POST', '/api/companies', body),
    onSuccess: refresh,
  });
}

/**
 * Step 2: the company's platform values (each platform's own); the answer carries the
 * connection check. Naming another platform
 * switches the company to it.
 */
export function useSaveConnection() {
  const refresh = useRefreshMe();
  return useMutation({
    mutationFn: ({ companyId, body }: { companyId: number; body: UpdateCompanyBody }) =>
      apiJson<CompanyWriteResult>('PATCH', `/api/companies/${companyId}`, body),
    onSuccess: refresh,
  });
}

/** Test values before saving them (blank secrets test the stored ones). */
export function useTestConnection() {
  return useMutation({
    mutationFn: (body: ConnectionCheckBody) =>
      apiJson<ConnectionCheck>('POST', '/api/connection-check', body),
  });
}

/**
 * A platform's sample values from its bundled stand-in (only while it runs; never in
 * production): the default platform's, or `provider`'s.
 */
export function getSampleValues<T>(provider?: ProviderId): Promise<T> {
  const path = '/api/onboarding/sample-credentials';
  return apiJson<T>('GET', provider ? `${path}?provider=${provider}` : path);
}
