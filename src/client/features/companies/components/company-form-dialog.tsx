import { zodResolver } from '@hookform/resolvers/zod';
import {
  companyBodySchema,
  type Company,
  type CompanyBody,
  type CompanyWriteResult,
  type UpdateCompanyBody,
} from '@shared/api/companies';
import { PROVIDER_IDS, providerName, type ProviderId } from '@shared/providers/platforms';
import { useState } from 'react';
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
import { Label } from '@/components/ui/label';
import { NATIVE_SELECT } from '@/components/ui/native-select';
import { TextField } from '@/components/ui/text-field';
import { showFieldErrors } from '@/lib/form-errors';
import { reportError } from '@/lib/report-error';
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

/** What connecting each platform here takes, in a line. */
const HOW: Record<ProviderId, string> = {
  servicetitan:
    'The ServiceTitan values come from ServiceTitan: Settings › Integrations › API Application Access. With all four, saving checks the connection.',
  housecallpro:
    'The Company API key comes from Housecall Pro: App Store › API › Generate API Key (MAX plan). Saving it checks the connection.',
  jobber:
    'Jobber is connected with "Connect Jobber" (the company’s admin page or its Setup): Jobber asks its account owner to allow access.',
};

/**
 * Only the chosen platform's values go in the body (another platform's are a 400). Naming a
 * platform other than the company's switches it, so the body names one only when it carries
 * values or the admin chose another platform.
 */
function bodyFor(provider: ProviderId, values: CompanyBody, company: Company | null) {
  const body: UpdateCompanyBody = { name: values.name };
  if (provider === 'servicetitan') {
    const { clientId, clientSecret, tenantId, appKey } = values;
    return { ...body, clientId, clientSecret, tenantId, appKey };
  }
  if (provider === 'housecallpro') {
    return values.apiKey || company?.provider !== 'housecallpro'
      ? { ...body, provider, ...(values.apiKey ? { apiKey: values.apiKey } : {}) }
      : body;
  }
  return body;
}

/**
 * Seed Create/Edit company dialog: a name (required) and the connection values of the company's
 * platform (ServiceTitan's four, Housecall Pro's API key; Jobber connects by its own button).
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
  const [provider, setProvider] = useState<ProviderId>(company?.provider ?? 'servicetitan');
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const { errors, isSubmitting } = form.formState;
  const storedKey = company?.provider === 'housecallpro' ? company.apiKey : undefined;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const body = bodyFor(provider, values, company);
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
          <DialogDescription>{HOW[provider]}</DialogDescription>
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
                {provider === 'jobber'
                  ? `${company.name} stays on ${providerName(company.provider)} until Jobber is connected.`
                  : `Saving switches ${company.name} from ${providerName(company.provider)} to ${providerName(provider)}: its boards, settings and the targets of items that still exist stay.`}
              </p>
            )}
          </div>
          {provider === 'servicetitan' && (
            <ServiceTitanFields
              register={form.register}
              errors={errors}
              stored={company ?? undefined}
            />
          )}
          {provider === 'housecallpro' && (
            <TextField
              label="Company API key"
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              hint={
                storedKey?.configured
                  ? `configured ••••${storedKey.last4 ?? ''} (leave blank to keep it)`
                  : 'Optional'
              }
              error={errors.apiKey?.message}
              {...form.register('apiKey')}
            />
          )}
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
