import { zodResolver } from '@hookform/resolvers/zod';
import {
  COMPANY_REQUIRED_MESSAGE,
  createInvitationBodySchema,
  type CreateInvitation,
  type CreateInvitationBody,
} from '@shared/api/admin';
import { assignableRoles, can, type Actor, type Role } from '@shared/permissions';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { useCompanyList } from '@/hooks/use-company-list';
import { usePlatform } from '@/hooks/use-platform';
import { showFieldErrors } from '@/lib/form-errors';
import { reportError } from '@/lib/report-error';
import { useCreateInvitation } from '../api/invitations';
import { ROLE_LABELS } from '../lib/user-labels';

const FIELDS = ['email', 'firstName', 'lastName', 'companyId', 'role', 'isAdmin'] as const;
const NO_COMPANY = 'none';

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
      {message}
    </p>
  );
}

/**
 * Seed "Invite New User". A master admin picks the company (required unless inviting a master
 * admin) and the role; an account admin invites into their own company (shown, not editable)
 * and the role field is hidden: they may only make the person an administrator of it.
 */
export function InviteUserDialog({
  actor,
  companyName,
}: {
  actor: Actor | null;
  /** The account admin's own company, shown read-only. */
  companyName: string | null;
}) {
  const [open, setOpen] = useState(false);
  const master = can(actor, 'companies.manage');
  const roles = assignableRoles(actor);
  const companies = useCompanyList(open && master);
  // An account admin invites into their own company: its platform names the connection.
  const platform = usePlatform(undefined, open && !master);
  const invite = useCreateInvitation();
  const defaults: CreateInvitationBody = {
    email: '',
    firstName: '',
    lastName: '',
    companyId: master ? null : actor?.kind === 'person' ? actor.companyId : null,
    role: 'user',
    isAdmin: false,
  };
  const form = useForm<CreateInvitationBody, unknown, CreateInvitation>({
    resolver: zodResolver(createInvitationBodySchema),
    defaultValues: defaults,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await invite.mutateAsync(values);
      form.reset(defaults);
      setOpen(false);
    } catch (error) {
      if (!showFieldErrors(error, FIELDS, form.setError)) reportError(error);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset(defaults);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden />
          Invite User
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite New User</DialogTitle>
          <DialogDescription>
            They join when they first sign in with this e-mail address.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First name"
              autoComplete="off"
              error={errors.firstName?.message}
              {...form.register('firstName')}
            />
            <TextField
              label="Last name"
              autoComplete="off"
              error={errors.lastName?.message}
              {...form.register('lastName')}
            />
          </div>
          {master ? (
            <>
              <Controller
                control={form.control}
                name="companyId"
                render={({ field }) => (
                  <div className="grid gap-1.5">
                    <Label htmlFor="invite-company">
                      Company{' '}
                      <span className="font-normal text-muted-foreground">
                        ({COMPANY_REQUIRED_MESSAGE})
                      </span>
                    </Label>
                    <Select
                      value={field.value ? String(field.value) : NO_COMPANY}
                      onValueChange={(value) =>
                        field.onChange(value === NO_COMPANY ? null : Number(value))
                      }
                    >
                      <SelectTrigger
                        id="invite-company"
                        aria-invalid={errors.companyId ? true : undefined}
                        aria-describedby={errors.companyId ? 'invite-company-error' : undefined}
                      >
                        <SelectValue placeholder="Choose a company" />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value={NO_COMPANY}>No company</SelectItem>
                        {(companies.data ?? []).map((company) => (
                          <SelectItem key={company.id} value={String(company.id)}>
                            {company.name}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <FieldError id="invite-company-error" message={errors.companyId?.message} />
                  </div>
                )}
              />
              <Controller
                control={form.control}
                name="role"
                render={({ field }) => (
                  <div className="grid gap-1.5">
                    <Label htmlFor="invite-role">Role</Label>
                    <Select
                      value={field.value ?? 'user'}
                      onValueChange={(v) => field.onChange(v as Role)}
                    >
                      <SelectTrigger id="invite-role">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {roles.map((role) => (
                          <SelectItem key={role} value={role}>
                            {ROLE_LABELS[role]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <FieldError id="invite-role-error" message={errors.role?.message} />
                  </div>
                )}
              />
            </>
          ) : (
            <>
              <div className="grid gap-1.5">
                <Label htmlFor="invite-company">Company</Label>
                <Input id="invite-company" value={companyName ?? ''} readOnly disabled />
              </div>
              <Controller
                control={form.control}
                name="isAdmin"
                render={({ field }) => (
                  <CheckboxField
                    id="invite-is-admin"
                    label={`Administrator (can manage users and the ${platform.name} connection)`}
                    checked={field.value ?? false}
                    onCheckedChange={field.onChange}
                  />
                )}
              />
            </>
          )}
          <DialogFooter>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Sending...' : 'Send Invitation'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
