import { zodResolver } from '@hookform/resolvers/zod';
import {
  companyBodySchema,
  type Company,
  type CompanyBody,
  type ConnectionCheck,
} from '@shared/api/companies';
import { FlaskConical, MonitorPlay } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from 'zod';
import { paths } from '@/config/paths';
import { ConnectionCheckResult } from '@/components/connection-check-result';
import { ServiceTitanFields } from '@/components/servicetitan-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { showFieldErrors } from '@/lib/form-errors';
import { reportError } from '@/lib/report-error';
import { getSampleCredentials, useSaveConnection, useTestConnection } from '../api/onboarding';

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
export function ConnectStep({
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
  const connect = useSaveConnection();
  const test = useTestConnection();
  const [result, setResult] = useState<{ check: ConnectionCheck; saved: boolean } | null>(null);
  const { errors, isSubmitting } = form.formState;

  const onSave = form.handleSubmit(async (values) => {
    try {
      const written = await connect.mutateAsync({ companyId: company.id, body: values });
      setResult(written.connectionCheck ? { check: written.connectionCheck, saved: true } : null);
      if (written.connectionCheck?.ok) onConnected();
    } catch (error) {
      if (!showFieldErrors(error, FIELDS, form.setError)) reportError(error);
    }
  });

  const onTest = form.handleSubmit(async ({ clientId, clientSecret, tenantId, appKey }) => {
    try {
      const check = await test.mutateAsync({
        companyId: company.id,
        clientId,
        tenantId,
        // Blank secrets test the stored ones.
        ...(clientSecret ? { clientSecret } : {}),
        ...(appKey ? { appKey } : {}),
      });
      setResult({ check, saved: false });
    } catch (error) {
      if (!showFieldErrors(error, FIELDS, form.setError)) reportError(error);
    }
  });

  // While the sample's values are on their way, saving would send the form without them: the
  // buttons wait (a click right after "Use the sample tenant" once saved an empty form).
  const [fillingSample, setFillingSample] = useState(false);
  const fillSample = async () => {
    setFillingSample(true);
    try {
      const sample = await getSampleCredentials();
      for (const field of FIELDS)
        form.setValue(field, sample[field], { shouldDirty: true, shouldValidate: true });
    } catch (error) {
      reportError(error);
    } finally {
      setFillingSample(false);
    }
  };

  const busy = isSubmitting || test.isPending || fillingSample;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-xl">
          Connect ServiceTitan
        </CardTitle>
        <CardDescription>
          The board reads {company.name}&apos;s jobs and appointments from ServiceTitan. In
          ServiceTitan, open Settings › Integrations › API Application Access, connect the 3-Day
          Call Board app, and copy its four values here. We check them with ServiceTitan right away.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sampleTenantAvailable && (
          <div className="flex flex-col gap-2 rounded-md border border-dashed p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
            <p>
              Just trying it out? A sample ServiceTitan tenant runs with this app, full of realistic
              jobs.
            </p>
            <Button
              type="button"
              variant="secondary"
              disabled={fillingSample}
              onClick={() => void fillSample()}
            >
              <FlaskConical aria-hidden />
              Use the sample tenant
            </Button>
          </div>
        )}
        <form className="grid gap-4" onSubmit={onSave} noValidate>
          <ServiceTitanFields register={form.register} errors={errors} stored={company} required />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {isSubmitting ? 'Checking with ServiceTitan...' : 'Save and check connection'}
            </Button>
            <Button type="button" variant="outline" disabled={busy} onClick={() => void onTest()}>
              {test.isPending ? 'Checking...' : 'Check without saving'}
            </Button>
          </div>
        </form>
        {result && <ConnectionCheckResult check={result.check} />}
        {result?.saved && (
          <div className="flex flex-wrap items-center gap-3">
            <Button asChild variant={result.check.ok ? 'default' : 'outline'}>
              <Link href={paths.home}>
                <MonitorPlay aria-hidden />
                {result.check.ok ? 'Open my board' : 'Open the board anyway'}
              </Link>
            </Button>
            {!result.check.ok && (
              <p className="text-sm text-muted-foreground">
                The values are saved. Fix what is listed above and save again, or open the board: it
                says what is wrong until ServiceTitan answers.
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
