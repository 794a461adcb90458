import type { Company } from '@shared/api/companies';
import { providerValueSchema } from '@shared/api/secrets';
import { CircleCheck, Webhook } from 'lucide-react';
import { useState } from 'react';
import { CopyField } from '@/components/copy-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/hooks/use-toast';
import { useProviderMetadata } from '@/hooks/use-platform';
import { fieldMessage } from '@/lib/form-errors';
import { reportError } from '@/lib/report-error';
import { useSaveConnection } from '@/features/onboarding/api/onboarding';

/**
 * Housecall Pro's webhooks (issue 34, decision 041): the company's own unguessable address to
 * paste into Housecall Pro (shown to its admins only), and the signing secret Housecall Pro then
 * shows. With the secret saved, a booking reaches the board within seconds; without one the
 * address accepts nothing, and the board still reads Housecall Pro every interval.
 */
export function HousecallProWebhooks({ company }: { company: Company }) {
  const metadata = useProviderMetadata();
  const save = useSaveConnection();
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | undefined>();
  const on = company.webhookSecret.configured;
  const url = metadata.data?.webhookUrl ?? null;

  const saveSecret = async (value: string | null) => {
    setError(undefined);
    if (value !== null) {
      const parsed = providerValueSchema.safeParse(value);
      if (!parsed.success || !parsed.data) {
        setError(parsed.success ? 'Signing secret is required' : parsed.error.issues[0]?.message);
        return;
      }
      value = parsed.data;
    }
    try {
      await save.mutateAsync({
        companyId: company.id,
        body: { provider: 'housecallpro', webhookSecret: value },
      });
      setSecret('');
      toast({
        title: value === null ? 'Webhooks turned off' : 'Webhooks on',
        description:
          value === null
            ? 'The address accepts nothing now; the board reads Housecall Pro every interval.'
            : 'Bookings now reach the board within seconds of Housecall Pro sending them.',
      });
    } catch (failure) {
      const message = fieldMessage(failure, 'webhookSecret');
      if (message) setError(message);
      else reportError(failure);
    }
  };

  return (
    <Card data-testid="housecallpro-webhooks">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-xl">
          <Webhook className="h-5 w-5" aria-hidden />
          Bookings in seconds: webhooks
        </CardTitle>
        <CardDescription>
          Optional. The board reads Housecall Pro every minute; with webhooks on, Housecall Pro
          tells it about each booking as it happens. In Housecall Pro (an admin, on the MAX plan),
          open the App Store, then Webhooks: make it Active, paste this address, choose the job
          events and save. Housecall Pro then shows a signing secret: paste it below.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor="hcp-webhook-url">Your company&apos;s webhook address</Label>
          {url ? (
            <CopyField
              value={url}
              noun="address"
              id="hcp-webhook-url"
              className="font-mono text-xs"
              data-testid="webhook-url"
              onFocus={(event) => event.currentTarget.select()}
            />
          ) : (
            <p className="text-sm text-muted-foreground">
              {metadata.isPending
                ? 'Loading the address...'
                : 'The address could not be loaded. Reload the page to try again.'}
            </p>
          )}
          <p className="text-xs text-muted-foreground">
            Keep it to your admins: it is your company&apos;s alone.
          </p>
        </div>
        {on && (
          <p className="flex items-center gap-2 text-sm" data-testid="webhooks-on">
            <CircleCheck className="h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
            Webhooks are on (signing secret ••••{company.webhookSecret.last4 ?? ''}).
          </p>
        )}
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void saveSecret(secret);
          }}
        >
          <TextField
            label="Signing secret"
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
            hint={
              on
                ? 'Paste a new one only if Housecall Pro shows you another.'
                : 'Housecall Pro shows it once the webhook address is saved there.'
            }
            error={error}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              {on ? 'Save new signing secret' : 'Turn on webhooks'}
            </Button>
            {on && (
              <Button
                type="button"
                variant="outline"
                disabled={save.isPending}
                onClick={() => void saveSecret(null)}
              >
                Turn off webhooks
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
