import { zodResolver } from '@hookform/resolvers/zod';
import {
  companyBodySchema,
  type Company,
  type CompanyBody,
  type CompanyWriteResult,
} from '@shared/api/companies';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ServiceTitanFields } from '@/components/servicetitan-fields';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { showFieldErrors } from '@/lib/form-errors';
import { reportError } from '@/lib/report-error';
import { useCreateCompany, useUpdateCompany } from '../api/companies';

const FIELDS = ['name', 'clientId', 'clientSecret', 'tenantId', 'appKey'] as const;

const valuesOf = (company: Company | null): CompanyBody => ({
  name: company?.name ?? '',
  clientId: company?.clientId ?? '',
  // Secrets are write-only: blank keeps what is stored.
  clientSecret: '',
  tenantId: company?.tenantId ?? '',
  appKey: '',
});

/**
 * Seed Create/Edit company dialog: a name (required) and the ServiceTitan values. `company`
 * null creates. Saving with all four values runs the connection check; `onSaved` gets it.
 */
export function CompanyFormDialog({
  open,
  company,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  company: Company | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (result: CompanyWriteResult) => void;
}) {
  // Mounted per opening (keyed by the caller), so defaults are the company's current values.
  const form = useForm<CompanyBody, unknown, z.output<typeof companyBodySchema>>({
    resolver: zodResolver(companyBodySchema),
    defaultValues: valuesOf(company),
  });
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = company
        ? await update.mutateAsync({ id: company.id, body: values })
        : await create.mutateAsync(values);
      onOpenChange(false);
      onSaved(result);
    } catch (error) {
      if (!showFieldErrors(error, FIELDS, form.setError))
        reportError(error, company ? 'Failed to update company' : 'Failed to create company');
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{company ? 'Edit Company' : 'Create Company'}</DialogTitle>
          <DialogDescription>
            The ServiceTitan values come from ServiceTitan: Settings › Integrations › API
            Application Access. With all four, saving checks the connection.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <TextField
            label="Company Name"
            autoComplete="organization"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <ServiceTitanFields
            register={form.register}
            errors={errors}
            stored={company ?? undefined}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : company ? 'Save Changes' : 'Create Company'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
