import { zodResolver } from '@hookform/resolvers/zod';
import type { Company, ConnectionCheck } from '@shared/api/companies';
import { providerValueSchema } from '@shared/api/secrets';
import { FlaskConical, MonitorPlay } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { ConnectionCheckResult } from '@/components/connection-check-result';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { showFieldErrors } from '@/lib/form-errors';
import { reportError } from '@/lib/report-error';
import {
  getSampleHousecallPro,
  useSaveConnection,
  useTestConnection,
} from '@/features/onboarding/api/onboarding';
import { HousecallProWebhooks } from './housecallpro-webhooks';

const FIELDS = ['apiKey'] as const;

/** The key may stay blank only when the company runs on Housecall Pro with one stored. */
function keySchema(kept: boolean) {
  return z.object({ apiKey: providerValueSchema }).superRefine((values, ctx) => {
    if (!values.apiKey && !kept)
      ctx.addIssue({ code: 'custom', path: ['apiKey'], message: 'API key is required' });
  });
}
type KeyValues = z.input<ReturnType<typeof keySchema>>;

/**
 * The connect step for a company on Housecall Pro (issue 34): its Company API key, checked with
 * Housecall Pro before the board is opened ("Use the sample account" while the bundled stand-in
 * runs), then its webhooks: the company's address to paste into Housecall Pro, and the signing
 * secret Housecall Pro then shows. Saving switches a company from another platform.
 */
export function HousecallProConnectStep({
  company,
  sampleAccountAvailable,
  onConnected,
}: {
  company: Company;
  sampleAccountAvailable: boolean;
  /** Saved and Housecall Pro answered every read: the board is next. */
  onConnected: () => void;
}) {
  const onHousecallPro = company.provider === 'housecallpro';
  const kept = onHousecallPro && company.apiKey.configured;
  const schema = useMemo(() => keySchema(kept), [kept]);
  const form = useForm<KeyValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { apiKey: '' },
  });
  const save = useSaveConnection();
  const test = useTestConnection();
  const [result, setResult] = useState<{ check: ConnectionCheck; saved: boolean } | null>(null);
  const { errors, isSubmitting } = form.formState;

  const onSave = form.handleSubmit(async ({ apiKey }) => {
    try {
      const written = await save.mutateAsync({
        companyId: company.id,
        // A blank key keeps the stored one.
        body: { provider: 'housecallpro', ...(apiKey ? { apiKey } : {}) },
      });
      form.reset({ apiKey: '' });
      setResult(written.connectionCheck ? { check: written.connectionCheck, saved: true } : null);
      if (written.connectionCheck?.ok) onConnected();
    } catch (error) {
      if (!showFieldErrors(error, FIELDS, form.setError)) reportError(error);
    }
  });

  const onTest = form.handleSubmit(async ({ apiKey }) => {
    try {
      const check = await test.mutateAsync({
        companyId: company.id,
        provider: 'housecallpro',
        // Blank: the stored key is tried.
        ...(apiKey ? { apiKey } : {}),
      });
      setResult({ check, saved: false });
    } catch (error) {
      if (!showFieldErrors(error, FIELDS, form.setError)) reportError(error);
    }
  });

  // As with ServiceTitan's sample tenant: the buttons wait while the sample key is on its way.
  const [fillingSample, setFillingSample] = useState(false);
  const fillSample = async () => {
    setFillingSample(true);
    try {
      const sample = await getSampleHousecallPro();
      form.setValue('apiKey', sample.apiKey, { shouldDirty: true, shouldValidate: true });
    } catch (error) {
      reportError(error);
    } finally {
      setFillingSample(false);
    }
  };

  const busy = isSubmitting || test.isPending || fillingSample;
  return (
    <div className="grid gap-6">
      <Card data-testid="housecallpro-connect-step">
        <CardHeader>
          <CardTitle as="h2" className="text-xl">
            Connect Housecall Pro
          </CardTitle>
          <CardDescription>
            The board reads {company.name}&apos;s jobs and their appointments from Housecall Pro
            with a Company API key. An admin of your Housecall Pro account makes one in Housecall
            Pro&apos;s App Store: open the &quot;API&quot; card, choose Generate API Key and name it
            (the API comes with Housecall Pro&apos;s MAX plan). Paste it here: we check it with
            Housecall Pro right away.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {sampleAccountAvailable && (
            <div className="flex flex-col gap-2 rounded-md border border-dashed p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
              <p>
                Just trying it out? A sample Housecall Pro account runs with this app: a plumbing
                shop booking jobs through the day.
              </p>
              <Button
                type="button"
                variant="secondary"
                disabled={fillingSample}
                onClick={() => void fillSample()}
              >
                <FlaskConical aria-hidden />
                Use the sample account
              </Button>
            </div>
          )}
          <form className="grid gap-4" onSubmit={onSave} noValidate>
            <TextField
              label="Company API key"
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              hint={
                kept
                  ? `configured ••••${company.apiKey.last4 ?? ''} (leave blank to keep it)`
                  : 'From Housecall Pro: App Store › API › Generate API Key.'
              }
              error={errors.apiKey?.message}
              {...form.register('apiKey')}
            />
            <p className="text-sm text-muted-foreground">
              A job counts on each day one of its appointments starts (else its scheduled start);
              canceled and unscheduled jobs do not count.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={busy}>
                {isSubmitting ? 'Checking with Housecall Pro...' : 'Save and check connection'}
              </Button>
              <Button type="button" variant="outline" disabled={busy} onClick={() => void onTest()}>
                {test.isPending ? 'Checking...' : 'Check without saving'}
              </Button>
            </div>
          </form>
          {result && <ConnectionCheckResult check={result.check} provider="housecallpro" />}
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
                  The key is saved. Fix what is listed above and save again, or open the board: it
                  says what is wrong until Housecall Pro answers.
                </p>
              )}
            </div>
          )}
        </CardContent>
      </Card>
      {onHousecallPro && company.configured && <HousecallProWebhooks company={company} />}
    </div>
  );
}
