import type { CompanyBody, UpdateCompanyBody } from '@shared/api/companies';
import type { SecretStatus } from '@shared/api/secrets';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';

/** What is stored already: shown as hints, since secrets never come back from the server. */
export interface StoredServiceTitan {
  clientSecret: SecretStatus;
  appKey: SecretStatus;
}

const secretHint = (secret: SecretStatus | undefined, required: boolean) =>
  secret?.configured
    ? `configured ••••${secret.last4 ?? ''} (leave blank to keep it)`
    : required
      ? undefined
      : 'Optional';

/**
 * The four ServiceTitan values of a company (Settings › Integrations › API Application Access
 * in ServiceTitan). Secrets are write-only: a blank field keeps the stored value.
 */
export function ServiceTitanFields({
  register,
  errors,
  stored,
  required = false,
}: {
  register: UseFormRegister<CompanyBody>;
  errors: FieldErrors<CompanyBody>;
  stored?: StoredServiceTitan;
  /** The connect step needs all four; the company form takes them later. */
  required?: boolean;
}) {
  const optional = required ? undefined : 'Optional';
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Client ID"
        autoComplete="off"
        spellCheck={false}
        hint={optional}
        error={errors.clientId?.message}
        {...register('clientId')}
      />
      <TextField
        label="Client Secret"
        type="password"
        autoComplete="new-password"
        hint={secretHint(stored?.clientSecret, required)}
        error={errors.clientSecret?.message}
        {...register('clientSecret')}
      />
      <TextField
        label="Tenant ID"
        inputMode="numeric"
        autoComplete="off"
        hint={optional}
        error={errors.tenantId?.message}
        {...register('tenantId')}
      />
      <TextField
        label="App Key"
        type="password"
        autoComplete="new-password"
        hint={secretHint(stored?.appKey, required)}
        error={errors.appKey?.message}
        {...register('appKey')}
      />
    </div>
  );
}

/** The company form's body for ServiceTitan: its four values (the default platform's, unnamed). */
export function serviceTitanCompanyBody(values: CompanyBody): UpdateCompanyBody {
  const { name, clientId, clientSecret, tenantId, appKey } = values;
  return { name, clientId, clientSecret, tenantId, appKey };
}
