import type { AdminUserRow } from '@shared/api/admin';
import type { ConnectionCheck } from '@shared/api/companies';
import type { Credential } from '@shared/api/credentials';
import { DEFAULT_PROVIDER, providerName } from '@shared/providers/platforms';
import { useMutation } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ConnectionCheckResult } from '@/components/connection-check-result';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useCompanyList } from '@/hooks/use-company-list';
import { AddCredentialDialog } from '@/features/platforms';
import { apiJson } from '@/lib/api';
import { reportError } from '@/lib/report-error';
import { FETCH_FAILED, useCredentials, useDeleteCredential } from '../api/credentials';
import { displayName } from '../lib/user-labels';

/** Users' own credentials are the default platform's (seed "Credential"). */
const CREDENTIAL_PLATFORM = providerName(DEFAULT_PROVIDER);

const secretText = (secret: Credential['clientSecret']) =>
  secret.configured ? `configured ••••${secret.last4 ?? ''}` : 'not set';

/** Seed "Credentials" dialog of one user: large, scrollable, with Add Credential. */
export function CredentialsDialog({
  user,
  onClose,
}: {
  user: AdminUserRow | null;
  onClose: () => void;
}) {
  const credentials = useCredentials(user?.id ?? null);
  const remove = useDeleteCredential();
  // The company's own platform connection already feeds this person's board.
  const company = useCompanyList(user !== null).data?.find((c) => c.id === user?.companyId);
  const [check, setCheck] = useState<{ clientId: string; result: ConnectionCheck } | null>(null);
  const test = useMutation({
    mutationFn: (credential: Credential) =>
      apiJson<ConnectionCheck>('POST', `/api/credentials/${credential.id}/check`),
    onSuccess: (result, credential) => setCheck({ clientId: credential.clientId, result }),
    onError: (error) => reportError(error),
  });

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCheck(null);
          onClose();
        }
      }}
    >
      <DialogContent className="max-h-[85vh] max-w-4xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Credentials{user ? ` of ${displayName(user)}` : ''}</DialogTitle>
          <DialogDescription>
            {CREDENTIAL_PLATFORM} API credentials this person&apos;s board can use. Secrets are
            never shown again after saving.
          </DialogDescription>
        </DialogHeader>
        <div className="flex justify-end">
          <AddCredentialDialog
            userId={user?.id ?? null}
            onCreated={(result) =>
              setCheck(
                result.connectionCheck
                  ? { clientId: result.credential.clientId, result: result.connectionCheck }
                  : null,
              )
            }
          />
        </div>
        {check && (
          <div className="grid gap-1">
            <p className="text-sm font-medium">Connection check for {check.clientId}</p>
            <ConnectionCheckResult check={check.result} />
          </div>
        )}
        {credentials.isPending ? (
          <p className="text-sm text-muted-foreground">Loading credentials...</p>
        ) : credentials.isError ? (
          <p className="text-sm text-muted-foreground">{FETCH_FAILED}</p>
        ) : credentials.data.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="no-credentials-text">
            {company?.configured
              ? `This person's board uses ${company.name}'s ${providerName(company.provider)} connection. Add a credential here only to give this person's board another ${CREDENTIAL_PLATFORM} account.`
              : `No credentials yet. Add the ${CREDENTIAL_PLATFORM} client ID and secret to connect this person's board.`}
          </p>
        ) : (
          <ul className="grid gap-2" aria-label="Credentials">
            {credentials.data.map((credential) => (
              <li
                key={credential.id}
                data-testid="credential-row"
                className="flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
                  <dt className="text-muted-foreground">Client ID</dt>
                  <dd className="break-all font-mono">{credential.clientId}</dd>
                  <dt className="text-muted-foreground">Client Secret</dt>
                  <dd className="font-mono">{secretText(credential.clientSecret)}</dd>
                  <dt className="text-muted-foreground">Tenant ID</dt>
                  <dd className="font-mono">{credential.tenantId || 'not set'}</dd>
                  <dt className="text-muted-foreground">App Key</dt>
                  <dd className="font-mono">{secretText(credential.appKey)}</dd>
                </dl>
                <div className="flex items-center gap-2">
                  <Badge variant={credential.isActive ? 'default' : 'outline'}>
                    {credential.isActive ? 'Active' : 'Inactive'}
                  </Badge>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={test.isPending}
                    onClick={() => test.mutate(credential)}
                  >
                    Check connection
                  </Button>
                  <ConfirmDialog
                    trigger={
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete credential ${credential.clientId}`}
                        className="text-destructive hover:text-destructive"
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    }
                    title="Delete credential?"
                    description={`The credential ${credential.clientId} will be removed. A board using it stops getting numbers until another credential is added.`}
                    confirmLabel="Delete"
                    onConfirm={() => remove.mutate(credential)}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
