import type { Company } from '@shared/api/companies';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

/** Every company query starts with this; invalidate it after a company or its users change. */
export const COMPANIES_KEY = ['/api/companies'] as const;

/** `GET /api/companies`: every company for the master admin, the caller's own for an account admin. */
export function useCompanyList(enabled = true) {
  return useQuery({
    queryKey: COMPANIES_KEY,
    queryFn: ({ signal }) => apiJson<Company[]>('GET', '/api/companies', undefined, { signal }),
    enabled,
  });
}
