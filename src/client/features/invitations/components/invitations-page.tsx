import type { Invitation } from '@shared/api/admin';
import type { DeclineInvitationsResult } from '@shared/api/invitations';
import { isAdminRole } from '@shared/permissions';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { paths } from '@/config/paths';
import { PageShell } from '@/components/layout/page-shell';
import { FullPageLoader } from '@/components/layout/full-page-loader';
import { Redirect } from '@/components/layout/redirect';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/hooks/use-auth';
import { apiJson } from '@/lib/api';
import { reportError } from '@/lib/report-error';

const MINE_KEY = ['/api/invitations'] as const;

/** Starts afresh at / so who-am-I, the board and the menus all read the new company. */
const startOver = () => window.location.assign(paths.home);

const roleWords = (invitation: Invitation) =>
  invitation.role === 'master_admin'
    ? 'a master admin'
    : isAdminRole(invitation.role)
      ? 'an administrator'
      : 'a team member';

/**
 * `/invitations` (decision 019): the sign-in sends a person here whenever a company invited them,
 * one or several, whether or not they belong to a company. They join one, or none (creating
 * their own company, or staying in theirs); nobody is moved without choosing (issue 33).
 */
export function InvitationsPage() {
  const { user } = useAuth();
  const mine = useQuery({
    queryKey: MINE_KEY,
    queryFn: ({ signal }) =>
      apiJson<Invitation[]>('GET', '/api/invitations', undefined, { signal }),
  });
  const accept = useMutation({
    mutationFn: (id: number) => apiJson<Invitation>('POST', `/api/invitations/${id}/accept`),
    onSuccess: startOver,
    onError: (error) => reportError(error, 'Failed to accept the invitation'),
  });
  const decline = useMutation({
    mutationFn: () => apiJson<DeclineInvitationsResult>('DELETE', '/api/invitations'),
    onSuccess: startOver,
    onError: (error) => reportError(error, 'Failed to decline the invitations'),
  });
  const busy = accept.isPending || decline.isPending;

  if (!user) return null;
  if (mine.isPending) return <FullPageLoader />;
  if (mine.isSuccess && mine.data.length === 0) return <Redirect to={paths.home} />;
  const current = user.companyName;

  return (
    <PageShell
      title="You have been invited"
      description={
        current
          ? `You are a member of ${current}. Joining another company moves you there; you can also stay where you are.`
          : 'Choose the company you work for. Nobody adds you to a company until you choose.'
      }
      width="max-w-2xl"
      back={false}
    >
      {mine.isError ? (
        <p className="text-muted-foreground">
          Your invitations could not be loaded: {mine.error.message}
        </p>
      ) : (
        <div className="grid gap-4">
          {mine.data?.map((invitation) => (
            <Card key={invitation.id}>
              <CardHeader className="flex flex-row items-center gap-3 space-y-0">
                <Building2 className="h-6 w-6 shrink-0 text-muted-foreground" aria-hidden />
                <div className="min-w-0">
                  <CardTitle as="h2" className="truncate text-lg">
                    {invitation.companyName ?? 'Master admin (no company)'}
                  </CardTitle>
                  <CardDescription>
                    Invites {invitation.firstName} {invitation.lastName} ({invitation.email}) as{' '}
                    {roleWords(invitation)}.
                  </CardDescription>
                </div>
              </CardHeader>
              <CardContent>
                <Button disabled={busy} onClick={() => accept.mutate(invitation.id)}>
                  {invitation.companyName ? `Join ${invitation.companyName}` : 'Accept'}
                </Button>
              </CardContent>
            </Card>
          ))}
          <div>
            <Button variant="outline" disabled={busy} onClick={() => decline.mutate()}>
              {current ? `Stay with ${current}` : 'Create your own company'}
            </Button>
            <p className="mt-2 text-sm text-muted-foreground">
              {mine.data && mine.data.length > 1
                ? 'This declines every invitation above; a company can invite you again.'
                : 'This declines the invitation above; the company can invite you again.'}
            </p>
          </div>
        </div>
      )}
    </PageShell>
  );
}
