import type { Company, CompanyBody, UpdateCompanyBody } from '@shared/api/companies';
import type { SecretStatus } from '@shared/api/secrets';
import type { FieldErrors, UseFormRegister, UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';

/**
 * The Company API key field (write-only): a stored key shows by its last 4 and a blank field
 * keeps it; `emptyHint` says what to do without one.
 */
export function HousecallProKeyField({
  stored,
  emptyHint,
  error,
  registration,
}: {
  stored: SecretStatus | undefined;
  emptyHint: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <TextField
      label="Company API key"
      type="password"
      autoComplete="new-password"
      spellCheck={false}
      hint={
        stored?.configured
          ? `configured ••••${stored.last4 ?? ''} (leave blank to keep it)`
          : emptyHint
      }
      error={error}
      {...registration}
    />
  );
}

/** The Companies form's field for Housecall Pro (optional there). */
export function HousecallProCompanyField({
  register,
  errors,
  company,
}: {
  register: UseFormRegister<CompanyBody>;
  errors: FieldErrors<CompanyBody>;
  company: Company | null;
}) {
  return (
    <HousecallProKeyField
      stored={company?.provider === 'housecallpro' ? company.apiKey : undefined}
      emptyHint="Optional"
      error={errors.apiKey?.message}
      registration={register('apiKey')}
    />
  );
}

/**
 * The company form's body for Housecall Pro: the platform is named (switching the company) only
 * with a key, or when the company runs on another platform now.
 */
export function housecallProCompanyBody(
  values: CompanyBody,
  company: Company | null,
): UpdateCompanyBody {
  const body: UpdateCompanyBody = { name: values.name };
  return values.apiKey || company?.provider !== 'housecallpro'
    ? { ...body, provider: 'housecallpro', ...(values.apiKey ? { apiKey: values.apiKey } : {}) }
    : body;
}
