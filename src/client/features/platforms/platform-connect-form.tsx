import type { CompanyWriteResult, ConnectionCheck, UpdateCompanyBody } from '@shared/api/companies';
import type { ConnectionCheckBody } from '@shared/api/credentials';
import { providerName, type ProviderId } from '@shared/providers/platforms';
import { FlaskConical, MonitorPlay } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import {
  useFormState,
  type FieldPath,
  type FieldValues,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { ConnectionCheckResult } from '@/components/connection-check-result';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { showFieldErrors } from '@/lib/form-errors';
import { reportError } from '@/lib/report-error';
import { useSaveConnection, useTestConnection } from '@/features/onboarding/api/onboarding';

/**
 * A platform's connect step for values typed in (decision 16, decision 040): its fields, "Save
 * and check connection" (the company's values saved, then checked with the platform in plain
 * words), "Check without saving", and, while the platform's bundled stand-in runs, one button
 * that fills in its sample values. Each platform's step gives its words, fields and bodies.
 */
export function PlatformConnectForm<V extends FieldValues, O>({
  provider,
  companyId,
  title,
  description,
  form,
  fields,
  children,
  note,
  toBody,
  toCheck,
  resetAfterSave,
  sample,
  savedWhat,
  onConnected,
  testId,
}: {
  provider: ProviderId;
  companyId: number;
  title: string;
  description: ReactNode;
  form: UseFormReturn<V, unknown, O>;
  /** The fields the server may name in a 400 (shown under each). */
  fields: readonly FieldPath<V>[];
  /** The form's fields. */
  children: ReactNode;
  /** A line under the fields (how the platform's bookings count). */
  note?: ReactNode;
  toBody: (values: O) => UpdateCompanyBody;
  toCheck: (values: O) => ConnectionCheckBody;
  /** The form's values after a save (secrets are never shown again); unset: kept as typed. */
  resetAfterSave?: V;
  /** While the platform's stand-in runs: what it is, the button's words, and its values. */
  sample?: { text: ReactNode; label: string; values: () => Promise<Partial<V>> } | undefined;
  /** "The values are saved", "The key is saved". */
  savedWhat: string;
  /** Saved and the platform answered every read: the board is next. */
  onConnected: () => void;
  testId?: string;
}) {
  const name = providerName(provider);
  const save = useSaveConnection();
  const test = useTestConnection();
  const [result, setResult] = useState<{ check: ConnectionCheck; saved: boolean } | null>(null);
  const { isSubmitting } = useFormState({ control: form.control });

  const showErrors = (error: unknown) => {
    if (!showFieldErrors(error, fields, form.setError)) reportError(error);
  };

  const onSave = form.handleSubmit(async (values) => {
    try {
      const written: CompanyWriteResult = await save.mutateAsync({
        companyId,
        body: toBody(values),
      });
      if (resetAfterSave) form.reset(resetAfterSave);
      setResult(written.connectionCheck ? { check: written.connectionCheck, saved: true } : null);
      if (written.connectionCheck?.ok) onConnected();
    } catch (error) {
      showErrors(error);
    }
  });

  const onTest = form.handleSubmit(async (values) => {
    try {
      const check = await test.mutateAsync({ companyId, ...toCheck(values) });
      setResult({ check, saved: false });
    } catch (error) {
      showErrors(error);
    }
  });

  // While the sample's values are on their way, saving would send the form without them: the
  // buttons wait (a click right after "Use the sample tenant" once saved an empty form).
  const [fillingSample, setFillingSample] = useState(false);
  const fillSample = async (values: () => Promise<Partial<V>>) => {
    setFillingSample(true);
    try {
      const given = await values();
      for (const field of fields) {
        if (given[field] === undefined) continue;
        form.setValue(field, given[field] as PathValue<V, typeof field>, {
          shouldDirty: true,
          shouldValidate: true,
        });
      }
    } catch (error) {
      reportError(error);
    } finally {
      setFillingSample(false);
    }
  };

  const busy = isSubmitting || test.isPending || fillingSample;
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle as="h2" className="text-xl">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sample && (
          <div className="flex flex-col gap-2 rounded-md border border-dashed p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
            <p>{sample.text}</p>
            <Button
              type="button"
              variant="secondary"
              disabled={fillingSample}
              onClick={() => void fillSample(sample.values)}
            >
              <FlaskConical aria-hidden />
              {sample.label}
            </Button>
          </div>
        )}
        <form className="grid gap-4" onSubmit={onSave} noValidate>
          {children}
          {note}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {isSubmitting ? `Checking with ${name}...` : 'Save and check connection'}
            </Button>
            <Button type="button" variant="outline" disabled={busy} onClick={() => void onTest()}>
              {test.isPending ? 'Checking...' : 'Check without saving'}
            </Button>
          </div>
        </form>
        {result && <ConnectionCheckResult check={result.check} provider={provider} />}
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
                {savedWhat}. Fix what is listed above and save again, or open the board: it says
                what is wrong until {name} answers.
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
