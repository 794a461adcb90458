import { zodResolver } from '@hookform/resolvers/zod';
import {
  companyBodySchema,
  type Company,
  type CompanyBody,
  type CompanyWriteResult,
} from '@shared/api/companies';
import {
  DEFAULT_PROVIDER,
  PLATFORMS,
  PROVIDER_IDS,
  providerName,
  type ProviderId,
} from '@shared/providers/platforms';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NATIVE_SELECT } from '@/components/ui/native-select';
import { TextField } from '@/components/ui/text-field';
import { showFieldErrors } from '@/lib/form-errors';
import { reportError } from '@/lib/report-error';
import { COMPANY_FORM_HINT, CompanyValueFields, companyBodyFor } from '@/features/platforms';
import { useCreateCompany, useUpdateCompany } from '../api/companies';

const FIELDS = ['name', 'clientId', 'clientSecret', 'tenantId', 'appKey', 'apiKey'] as const;

const valuesOf = (company: Company | null): CompanyBody => ({
  name: company?.name ?? '',
  clientId: company?.clientId ?? '',
  // Secrets are write-only: blank keeps what is stored.
  clientSecret: '',
  tenantId: company?.tenantId ?? '',
  appKey: '',
  apiKey: '',
});

/**
 * Seed Create/Edit company dialog: a name (required) and the connection values of the company's
 * platform (its fields from features/platforms; a one-click platform connects by its own button).
 * `company` null creates. Saving complete values runs the connection check; `onSaved` gets it.
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
  const [provider, setProvider] = useState<ProviderId>(company?.provider ?? DEFAULT_PROVIDER);
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const body = companyBodyFor(provider, values, company);
      const result = company
        ? await update.mutateAsync({ id: company.id, body })
        : await create.mutateAsync({ ...body, name: values.name });
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
          <DialogDescription>{COMPANY_FORM_HINT[provider]}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <TextField
            label="Company Name"
            autoComplete="organization"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <div className="grid content-start gap-1.5">
            <Label htmlFor="company-platform">Platform</Label>
            <select
              id="company-platform"
              className={NATIVE_SELECT}
              value={provider}
              onChange={(event) => setProvider(event.target.value as ProviderId)}
            >
              {PROVIDER_IDS.map((id) => (
                <option key={id} value={id}>
                  {providerName(id)}
                </option>
              ))}
            </select>
            {company && provider !== company.provider && (
              <p className="text-xs text-muted-foreground">
                {PLATFORMS[provider].connectBy === 'oauth'
                  ? `${company.name} stays on ${providerName(company.provider)} until ${providerName(provider)} is connected.`
                  : `Saving switches ${company.name} from ${providerName(company.provider)} to ${providerName(provider)}: its boards, settings and the targets of items that still exist stay.`}
              </p>
            )}
          </div>
          <CompanyValueFields
            provider={provider}
            register={form.register}
            errors={errors}
            company={company}
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
