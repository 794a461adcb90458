import type { ApiKeyList, CreateApiKey, CreatedApiKey } from '@shared/api/api-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiJson } from '@/lib/api';
import { reportError } from '@/lib/report-error';

export const API_KEYS_KEY = ['/api/api-keys'] as const;

/** `GET /api/api-keys`: the company's keys (every company's for the master admin). */
export function useApiKeys() {
  return useQuery({
    queryKey: API_KEYS_KEY,
    queryFn: ({ signal }) => apiJson<ApiKeyList>('GET', '/api/api-keys', undefined, { signal }),
  });
}

/** Errors are the form's to show under the field the server names. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKey) => apiJson<CreatedApiKey>('POST', '/api/api-keys', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number; name: string }) =>
      apiJson<{ id: number }>('DELETE', `/api/api-keys/${id}`),
    onSuccess: async (_answer, { name }) => {
      await queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
      toast({ title: `${name} is revoked: it no longer works anywhere` });
    },
    onError: (error) => reportError(error),
  });
}
