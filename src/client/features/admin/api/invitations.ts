import type { CreateInvitationBody, CreatedInvitation, Invitation } from '@shared/api/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiJson } from '@/lib/api';
import { reportError } from '@/lib/report-error';

export const INVITATIONS_KEY = ['/api/admin/invitations'] as const;

/** `GET /api/admin/invitations`: pending invitations in the caller's scope. */
export function useInvitations(enabled = true) {
  return useQuery({
    queryKey: INVITATIONS_KEY,
    queryFn: ({ signal }) =>
      apiJson<Invitation[]>('GET', '/api/admin/invitations', undefined, { signal }),
    enabled,
  });
}

/** Errors are the form's to show (under a field when the server names one). */
export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvitationBody) =>
      apiJson<CreatedInvitation>('POST', '/api/admin/invitations', body),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY });
      // Says it was sent only when it was e-mailed (issue 33 item 7).
      toast(
        created.emailed
          ? { title: 'Invitation sent successfully' }
          : {
              title: 'Invitation saved, not e-mailed',
              description: `${created.emailProblem ?? 'No e-mail was sent'}. Tell ${created.email} to sign in at ${created.signInUrl} with this address.`,
            },
      );
    },
  });
}

export function useDeleteInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<Invitation>('DELETE', `/api/admin/invitations/${id}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY });
      toast({ title: 'Invitation deleted' });
    },
    onError: (error) => reportError(error),
  });
}
