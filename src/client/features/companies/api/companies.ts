import type {
  Company,
  CompanyBody,
  CompanyWriteResult,
  UpdateCompanyBody,
} from '@shared/api/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_USER_KEY } from '@/hooks/use-auth';
import { COMPANIES_KEY } from '@/hooks/use-company-list';
import { toast } from '@/hooks/use-toast';
import { apiJson } from '@/lib/api';
import { reportError } from '@/lib/report-error';

/** Everything that shows companies or a company's setup state (the onboarding step too). */
function useRefreshCompanies() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: COMPANIES_KEY }),
      queryClient.invalidateQueries({ queryKey: ['/api/admin/companies'] }),
      queryClient.invalidateQueries({ queryKey: ['/api/admin/users'] }),
      queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
    ]);
}

/** Errors are the form's to show (under a field when the server names one). */
export function useCreateCompany() {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: (body: CompanyBody) => apiJson<CompanyWriteResult>('POST', '/api/companies', body),
    onSuccess: async () => {
      await refresh();
      toast({ title: 'Company created successfully' });
    },
  });
}

export function useUpdateCompany() {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateCompanyBody }) =>
      apiJson<CompanyWriteResult>('PATCH', `/api/companies/${id}`, body),
    onSuccess: async () => {
      await refresh();
      toast({ title: 'Company updated successfully' });
    },
  });
}

export function useDeleteCompany() {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: (company: Company) => apiJson<Company>('DELETE', `/api/companies/${company.id}`),
    onSuccess: async () => {
      await refresh();
      toast({ title: 'Company deleted successfully' });
    },
    onError: (error) => reportError(error, 'Failed to delete company'),
  });
}
