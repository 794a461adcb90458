import { isAdminRole, type Role } from '@shared/permissions';
import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDeleteInvitation, useInvitations } from '../api/invitations';
import { ROLE_LABELS } from '../lib/user-labels';

/** Seed "Pending Invitations": people invited who have not signed in yet. */
export function PendingInvitations({ showCompany }: { showCompany: boolean }) {
  const invitations = useInvitations();
  const remove = useDeleteInvitation();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-xl">
          Pending Invitations
        </CardTitle>
        <CardDescription>
          They join when they first sign in with the invited e-mail.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {invitations.isPending ? (
          <p className="text-sm text-muted-foreground">Loading invitations...</p>
        ) : invitations.isError ? (
          <p className="text-sm text-muted-foreground">
            The invitations could not be loaded: {invitations.error.message}
          </p>
        ) : invitations.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No pending invitations. Use Invite User to add someone.
          </p>
        ) : (
          <ul className="grid gap-2">
            {invitations.data.map((invitation) => {
              const name = `${invitation.firstName} ${invitation.lastName}`;
              const role: Role =
                invitation.isAdmin && !isAdminRole(invitation.role)
                  ? 'account_admin'
                  : invitation.role;
              return (
                <li
                  key={invitation.id}
                  data-testid="invitation-row"
                  aria-label={name}
                  className="flex items-center justify-between gap-3 rounded-md border p-3"
                >
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">{name}</span>
                      <Badge variant="outline">{ROLE_LABELS[role]}</Badge>
                      {showCompany && invitation.companyName && (
                        <Badge variant="secondary">{invitation.companyName}</Badge>
                      )}
                    </div>
                    <p className="truncate text-sm text-muted-foreground">{invitation.email}</p>
                  </div>
                  <ConfirmDialog
                    trigger={
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete invitation for ${invitation.email}`}
                        className="text-destructive hover:text-destructive"
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    }
                    title="Delete invitation?"
                    description={`${invitation.email} will no longer join when they sign in.`}
                    confirmLabel="Delete"
                    onConfirm={() => remove.mutate(invitation.id)}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
