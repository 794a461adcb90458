import type { AdminUserRow } from '@shared/api/admin';
import {
  assignableRoles,
  can,
  isAdminRole,
  ROLES,
  userActionDenial,
  type Actor,
  type Role,
} from '@shared/permissions';
import { KeyRound, ShieldCheck, Trash2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useDeleteUser, useUpdateUserRole } from '../api/users';
import { displayName, ROLE_LABELS, userTarget } from '../lib/user-labels';

/**
 * One person on /admin: name, role badge, e-mail, "Protected" for the protected master admin,
 * and what the viewer may do to them (the plan is the company's: shown once, on its card) (asked of the permission
 * vocabulary, which also says why a control is disabled).
 */
export function UserRow({
  user,
  actor,
  onOpenCredentials,
}: {
  user: AdminUserRow;
  actor: Actor | null;
  onOpenCredentials: (user: AdminUserRow) => void;
}) {
  const name = displayName(user);
  const target = userTarget(user);
  const roleDenial = userActionDenial(actor, 'users.changeRole', target);
  const deleteDenial = userActionDenial(actor, 'users.delete', target);
  const offered = assignableRoles(actor);
  // The current role is always listed, so the selector shows it even when the viewer may not give it.
  const options = ROLES.filter((role) => role === user.role || offered.includes(role));
  const updateRole = useUpdateUserRole();
  const deleteUser = useDeleteUser();
  const showCredentials = can(actor, 'credentials.manage', { companyId: user.companyId });

  return (
    <li
      className="flex flex-col gap-3 rounded-md border p-3 lg:flex-row lg:items-center lg:justify-between"
      data-testid="user-row"
      aria-label={name}
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{name}</span>
          <Badge
            variant={isAdminRole(user.role) ? 'secondary' : 'outline'}
            data-testid="role-badge"
          >
            {ROLE_LABELS[user.role]}
          </Badge>
          {user.isProtected && (
            <Badge variant="default" className="gap-1">
              <ShieldCheck className="h-3 w-3" aria-hidden />
              Protected
            </Badge>
          )}
        </div>
        <p className="truncate text-sm text-muted-foreground">{user.email}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Select
          value={user.role}
          disabled={roleDenial !== null || updateRole.isPending}
          onValueChange={(role) => updateRole.mutate({ userId: user.id, role: role as Role })}
        >
          <SelectTrigger
            className="w-40"
            aria-label={`Role of ${name}`}
            title={roleDenial ?? undefined}
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {options.map((role) => (
              <SelectItem
                key={role}
                value={role}
                disabled={userActionDenial(actor, 'users.changeRole', target, role) !== null}
              >
                {ROLE_LABELS[role]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {showCredentials && (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Credentials of ${name}`}
            onClick={() => onOpenCredentials(user)}
          >
            <KeyRound aria-hidden />
            Credentials
          </Button>
        )}
        <ConfirmDialog
          trigger={
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${name}`}
              title={deleteDenial ?? `Delete ${name}`}
              disabled={deleteDenial !== null || deleteUser.isPending}
              className="text-destructive hover:text-destructive"
            >
              <Trash2 aria-hidden />
            </Button>
          }
          title="Delete user?"
          description={`${name} (${user.email}) will be removed and signed out everywhere. This action cannot be undone.`}
          confirmLabel="Delete"
          onConfirm={() => deleteUser.mutate(user.id)}
        />
      </div>
    </li>
  );
}
