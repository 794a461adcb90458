import type {
  CreateCredentialBody,
  Credential,
  CredentialWriteResult,
} from '@shared/api/credentials';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiJson } from '@/lib/api';
import { reportError } from '@/lib/report-error';
import { handleSessionExpired, isSessionExpired } from '@/lib/session-expired';

export const FETCH_FAILED = 'Failed to fetch credentials';

const CREDENTIALS_KEY = ['/api/credentials'] as const;
const credentialsKey = (userId: string) => [...CREDENTIALS_KEY, { userId }] as const;

/** `GET /api/credentials?userId=`: the credentials of one user (seed: "Failed to fetch credentials"). */
export function useCredentials(userId: string | null) {
  return useQuery({
    queryKey: credentialsKey(userId ?? ''),
    queryFn: async ({ signal }) => {
      try {
        return await apiJson<Credential[]>(
          'GET',
          `/api/credentials?userId=${encodeURIComponent(userId ?? '')}`,
          undefined,
          { signal },
        );
      } catch (error) {
        if (isSessionExpired(error)) handleSessionExpired();
        else if (!signal.aborted)
          toast({ title: 'Error', description: FETCH_FAILED, variant: 'destructive' });
        throw error;
      }
    },
    enabled: userId !== null,
    // A credential added elsewhere shows when the dialog opens again.
    staleTime: 0,
  });
}

/** Errors are the form's to show. The answer carries the connection check. */
export function useCreateCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCredentialBody) =>
      apiJson<CredentialWriteResult>('POST', '/api/credentials', body),
    onSuccess: async (_result, body) => {
      await queryClient.invalidateQueries({ queryKey: credentialsKey(body.userId ?? '') });
      toast({ title: 'Credential created' });
    },
  });
}

export function useDeleteCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credential: Credential) =>
      apiJson<Credential>('DELETE', `/api/credentials/${credential.id}`),
    onSuccess: async (_result, credential) => {
      await queryClient.invalidateQueries({ queryKey: credentialsKey(credential.userId) });
      toast({ title: 'Credential deleted' });
    },
    onError: (error) => reportError(error),
  });
}
