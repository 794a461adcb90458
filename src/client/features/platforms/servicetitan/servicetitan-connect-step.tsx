import { zodResolver } from '@hookform/resolvers/zod';
import { companyBodySchema, type Company, type CompanyBody } from '@shared/api/companies';
import type { SampleCredentials } from '@shared/platforms/servicetitan/api';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { getSampleValues } from '@/features/onboarding/api/onboarding';
import { PlatformConnectForm } from '../platform-connect-form';
import { ServiceTitanFields } from './servicetitan-fields';

const FIELDS = ['clientId', 'clientSecret', 'tenantId', 'appKey'] as const;
const REQUIRED: Record<(typeof FIELDS)[number], string> = {
  clientId: 'Client ID is required',
  clientSecret: 'Client Secret is required',
  tenantId: 'Tenant ID is required',
  appKey: 'App Key is required',
};

/**
 * The company form's schema, with all four values needed to connect: a secret already stored
 * may stay blank (it is kept), everything else must be filled in.
 */
function connectSchema(stored: Company | undefined) {
  return companyBodySchema.superRefine((values, ctx) => {
    for (const field of FIELDS) {
      const kept =
        (field === 'clientSecret' || field === 'appKey') && stored?.[field].configured === true;
      if (!values[field] && !kept)
        ctx.addIssue({ code: 'custom', path: [field], message: REQUIRED[field] });
    }
  });
}

/**
 * Step 2 (decision 16): the company's ServiceTitan values, checked with ServiceTitan in plain
 * words before the board is opened. While the bundled simulator runs, one button fills in its
 * sample tenant.
 */
export function ServiceTitanConnectStep({
  company,
  sampleTenantAvailable,
  onConnected,
}: {
  company: Company;
  sampleTenantAvailable: boolean;
  /** Saved and ServiceTitan answered every read: the board is next. */
  onConnected: () => void;
}) {
  const schema = useMemo(() => connectSchema(company), [company]);
  const form = useForm<CompanyBody, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: company.name,
      clientId: company.clientId ?? '',
      clientSecret: '',
      tenantId: company.tenantId ?? '',
      appKey: '',
    },
  });
  const { errors } = form.formState;
  return (
    <PlatformConnectForm
      provider="servicetitan"
      companyId={company.id}
      title="Connect ServiceTitan"
      description={
        <>
          The board reads {company.name}&apos;s jobs and appointments from ServiceTitan. In
          ServiceTitan, open Settings › Integrations › API Application Access, connect the 3-Day
          Call Board app, and copy its four values here. We check them with ServiceTitan right away.
        </>
      }
      form={form}
      fields={FIELDS}
      toBody={(values) => values}
      toCheck={({ clientId, clientSecret, tenantId, appKey }) => ({
        clientId,
        tenantId,
        // Blank secrets test the stored ones.
        ...(clientSecret ? { clientSecret } : {}),
        ...(appKey ? { appKey } : {}),
      })}
      sample={
        sampleTenantAvailable
          ? {
              text: 'Just trying it out? A sample ServiceTitan tenant runs with this app, full of realistic jobs.',
              label: 'Use the sample tenant',
              values: () => getSampleValues<SampleCredentials>(),
            }
          : undefined
      }
      savedWhat="The values are saved"
      onConnected={onConnected}
    >
      <ServiceTitanFields register={form.register} errors={errors} stored={company} required />
    </PlatformConnectForm>
  );
}
