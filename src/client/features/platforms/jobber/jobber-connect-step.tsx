import type { JobberResult } from '@shared/platforms/jobber/api';
import { CircleAlert, CircleCheck, ExternalLink, Unplug } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { reportError } from '@/lib/report-error';
import { jobberConnectUrl, useDisconnectJobber, useJobberConnection } from './jobber-api';

/**
 * For a company on another platform: one line saying it may run on Jobber instead, with the
 * button (shown while this server can connect Jobber).
 */
export function JobberChoice({
  companyId,
  companyName,
}: {
  companyId?: number;
  /** Another company's name (the master admin's look); absent: "your company". */
  companyName?: string | undefined;
}) {
  const status = useJobberConnection(companyId);
  if (!status.data?.available) return null;
  return (
    <p
      className="text-muted-foreground flex flex-wrap items-center gap-3 text-sm"
      data-testid="jobber-choice"
    >
      Does {companyName ?? 'your company'} run on Jobber instead?
      <Button asChild variant="outline" size="sm">
        <a href={jobberConnectUrl(companyId)} data-testid="connect-jobber">
          <ExternalLink aria-hidden />
          Connect Jobber
        </a>
      </Button>
    </p>
  );
}

/** What the callback said (`?jobber=`), in words. */
const OUTCOMES: Record<JobberResult, { ok: boolean; text: string }> = {
  connected: { ok: true, text: 'Jobber is connected. Your board now counts your Jobber visits.' },
  denied: { ok: false, text: 'Jobber was not connected: access was not allowed in Jobber.' },
  expired: {
    ok: false,
    text: 'That Jobber link expired or was already used. Choose Connect Jobber again.',
  },
  failed: {
    ok: false,
    text: 'Jobber could not be connected just now. Choose Connect Jobber to try again.',
  },
};

export function jobberOutcome(search: string): JobberResult | null {
  const value = new URLSearchParams(search).get('jobber');
  return value && value in OUTCOMES ? (value as JobberResult) : null;
}

/**
 * The connect step for a company on Jobber (issue 38): one button to Jobber's authorize page
 * (the account owner allows access there, and Jobber sends them back), the account once
 * connected, Disconnect, and what to do when Jobber ended the connection.
 */
export function JobberConnectStep({
  companyId,
  outcome,
}: {
  /** Another company's (the master admin's); absent: the admin's own. */
  companyId?: number;
  outcome: JobberResult | null;
}) {
  const status = useJobberConnection(companyId);
  const disconnect = useDisconnectJobber(companyId);
  const said = outcome ? OUTCOMES[outcome] : null;
  const connected = status.data?.connected === true;
  return (
    <Card data-testid="jobber-connect-step">
      <CardHeader>
        <CardTitle>Connect Jobber</CardTitle>
        <CardDescription>
          Your board reads your Jobber visits: each visit counts on the day it starts, under its
          first service (Services) and its first team member (Team). Connecting takes one click:
          Jobber asks the account owner to allow access, then sends you back here.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {said && !(outcome === 'connected' && !connected && status.isSuccess) && (
          <p
            role="status"
            className={`flex items-start gap-2 rounded-md border p-3 text-sm ${
              said.ok
                ? 'border-emerald-600/40 bg-emerald-600/10'
                : 'border-amber-600/40 bg-amber-600/10'
            }`}
          >
            {said.ok ? (
              <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
            ) : (
              <CircleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden />
            )}
            {said.text}
          </p>
        )}
        {status.isError && (
          <p className="text-destructive text-sm">
            The connection could not be read: {status.error.message}
          </p>
        )}
        {status.data && !status.data.available && (
          <p className="text-muted-foreground text-sm">{status.data.message}</p>
        )}
        {status.data?.available && connected && (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-center gap-2" data-testid="jobber-connected">
              <CircleCheck className="h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
              <span>
                Connected to Jobber account <strong>{status.data.accountName}</strong>.
              </span>
            </p>
            <Button
              variant="outline"
              disabled={disconnect.isPending}
              onClick={() =>
                disconnect.mutate(undefined, { onError: (error) => reportError(error) })
              }
            >
              <Unplug aria-hidden />
              Disconnect
            </Button>
          </div>
        )}
        {status.data?.available && !connected && (
          <div className="space-y-3">
            {status.data.message && (
              <p role="alert" className="flex items-start gap-2 text-sm">
                <CircleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden />
                {status.data.message}
              </p>
            )}
            <Button asChild>
              {/* A page of the server: it sends the browser on to Jobber's authorize page. */}
              <a href={jobberConnectUrl(companyId)} data-testid="connect-jobber">
                <ExternalLink aria-hidden />
                {status.data.accountName ? 'Reconnect Jobber' : 'Connect Jobber'}
              </a>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
