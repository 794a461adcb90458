import type { AdminUserRow } from '@shared/api/admin';
import type { Actor } from '@shared/permissions';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAdminUsers } from '../api/users';
import { CompanyPlan } from './company-plan';
import { InviteUserDialog } from './invite-user-dialog';
import { UserRow } from './user-row';

/** Seed: an account admin's Users card: Invite User and the people of their company. */
export function UsersCard({
  actor,
  companyName,
  onOpenCredentials,
}: {
  actor: Actor | null;
  companyName: string | null;
  onOpenCredentials: (user: AdminUserRow) => void;
}) {
  const users = useAdminUsers();
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 space-y-0 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle as="h2" className="text-xl">
            Users
          </CardTitle>
          <CardDescription>
            Everyone who sees {companyName ?? 'your company'}&apos;s board. Administrators can
            change settings and invite people.
          </CardDescription>
          {actor?.companyId != null && users.data && (
            <CompanyPlan
              actor={actor}
              companyId={actor.companyId}
              status={users.data.find((u) => u.companyId === actor.companyId)?.subscriptionStatus}
              people={users.data}
            />
          )}
        </div>
        <InviteUserDialog actor={actor} companyName={companyName} />
      </CardHeader>
      <CardContent>
        {users.isPending ? (
          <p className="text-sm text-muted-foreground">Loading users...</p>
        ) : users.isError ? (
          <p className="text-sm text-muted-foreground">
            The users could not be loaded: {users.error.message}
          </p>
        ) : users.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No users yet. Use Invite User to add the people who should see the board.
          </p>
        ) : (
          <ul className="grid gap-2">
            {users.data.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                actor={actor}
                onOpenCredentials={onOpenCredentials}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
