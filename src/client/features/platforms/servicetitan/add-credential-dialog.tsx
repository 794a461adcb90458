import { zodResolver } from '@hookform/resolvers/zod';
import { createCredentialBodySchema, type CredentialWriteResult } from '@shared/api/credentials';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
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
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/hooks/use-toast';
import { showFieldErrors } from '@/lib/form-errors';
import { reportError } from '@/lib/report-error';
import { useCreateCredential } from '@/features/admin/api/credentials';

const formSchema = createCredentialBodySchema.omit({ userId: true });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const FIELDS = ['clientId', 'clientSecret', 'tenantId', 'appKey', 'isActive'] as const;
const EMPTY: FormInput = {
  clientId: '',
  clientSecret: '',
  tenantId: '',
  appKey: '',
  isActive: true,
};

/** Seed "Add Credential": client id and secret required, tenant and app key optional, active by default. */
export function AddCredentialDialog({
  userId,
  onCreated,
}: {
  userId: string | null;
  onCreated: (result: CredentialWriteResult) => void;
}) {
  const [open, setOpen] = useState(false);
  const create = useCreateCredential();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!userId) {
      toast({ title: 'Error', description: 'No user selected', variant: 'destructive' });
      return;
    }
    try {
      const result = await create.mutateAsync({ ...values, userId });
      form.reset(EMPTY);
      setOpen(false);
      onCreated(result);
    } catch (error) {
      if (!showFieldErrors(error, FIELDS, form.setError)) reportError(error);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset(EMPTY);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <Plus aria-hidden />
          Add Credential
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Credential</DialogTitle>
          <DialogDescription>
            From ServiceTitan: Settings › Integrations › API Application Access. Saving checks the
            connection.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <TextField
            label="Client ID"
            autoComplete="off"
            error={errors.clientId?.message}
            {...form.register('clientId')}
          />
          <TextField
            label="Client Secret"
            type="password"
            autoComplete="new-password"
            error={errors.clientSecret?.message}
            {...form.register('clientSecret')}
          />
          <TextField
            label="Tenant ID"
            inputMode="numeric"
            autoComplete="off"
            hint="Optional"
            error={errors.tenantId?.message}
            {...form.register('tenantId')}
          />
          <TextField
            label="App Key"
            type="password"
            autoComplete="new-password"
            hint="Optional"
            error={errors.appKey?.message}
            {...form.register('appKey')}
          />
          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => (
              <CheckboxField
                id="credential-active"
                label="Active"
                checked={field.value ?? true}
                onCheckedChange={field.onChange}
              />
            )}
          />
          <DialogFooter>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving and checking...' : 'Save Credential'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
