import { zodResolver } from '@hookform/resolvers/zod';
import type { Company } from '@shared/api/companies';
import { providerValueSchema } from '@shared/api/secrets';
import type { SampleHousecallPro } from '@shared/platforms/housecallpro/api';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { getSampleValues } from '@/features/onboarding/api/onboarding';
import { PlatformConnectForm } from '../platform-connect-form';
import { HousecallProKeyField } from './housecallpro-company-values';
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
  const { errors } = form.formState;
  return (
    <div className="grid gap-6">
      <PlatformConnectForm
        provider="housecallpro"
        companyId={company.id}
        testId="housecallpro-connect-step"
        title="Connect Housecall Pro"
        description={
          <>
            The board reads {company.name}&apos;s jobs and their appointments from Housecall Pro
            with a Company API key. An admin of your Housecall Pro account makes one in Housecall
            Pro&apos;s App Store: open the &quot;API&quot; card, choose Generate API Key and name it
            (the API comes with Housecall Pro&apos;s MAX plan). Paste it here: we check it with
            Housecall Pro right away.
          </>
        }
        form={form}
        fields={FIELDS}
        // A blank key keeps the stored one (saving) or tries it (checking).
        toBody={({ apiKey }) => ({ provider: 'housecallpro', ...(apiKey ? { apiKey } : {}) })}
        toCheck={({ apiKey }) => ({ provider: 'housecallpro', ...(apiKey ? { apiKey } : {}) })}
        resetAfterSave={{ apiKey: '' }}
        sample={
          sampleAccountAvailable
            ? {
                text: 'Just trying it out? A sample Housecall Pro account runs with this app: a plumbing shop booking jobs through the day.',
                label: 'Use the sample account',
                values: () => getSampleValues<SampleHousecallPro>('housecallpro'),
              }
            : undefined
        }
        note={
          <p className="text-sm text-muted-foreground">
            A job counts on each day one of its appointments starts (else its scheduled start);
            canceled and unscheduled jobs do not count.
          </p>
        }
        savedWhat="The key is saved"
        onConnected={onConnected}
      >
        <HousecallProKeyField
          stored={kept ? company.apiKey : undefined}
          emptyHint="From Housecall Pro: App Store › API › Generate API Key."
          error={errors.apiKey?.message}
          registration={form.register('apiKey')}
        />
      </PlatformConnectForm>
      {onHousecallPro && company.configured && <HousecallProWebhooks company={company} />}
    </div>
  );
}
