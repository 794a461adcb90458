import type { CompanyOverview } from '@shared/api/companies';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

export const COMPANIES_OVERVIEW_KEY = ['/api/admin/companies'] as const;

/** `GET /api/admin/companies`: every company with its admins and users (master admin). */
export function useCompaniesOverview(enabled = true) {
  return useQuery({
    queryKey: COMPANIES_OVERVIEW_KEY,
    queryFn: ({ signal }) =>
      apiJson<CompanyOverview[]>('GET', '/api/admin/companies', undefined, { signal }),
    enabled,
  });
}
