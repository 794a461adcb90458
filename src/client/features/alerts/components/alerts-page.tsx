import type {
  AlertDelivery,
  AlertRecipient,
  AlertRule,
  AlertTestResult,
  CreatedAlertRule,
} from '@shared/api/alerts';
import { describeRule } from '@shared/alerts/describe';
import type { BoardMeasure } from '@shared/api/boards';
import { can } from '@shared/permissions';
import {
  BellRing,
  Check,
  Copy,
  Mail,
  MessageSquare,
  Pencil,
  Plus,
  Send,
  Trash2,
  X,
} from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageShell } from '@/components/layout/page-shell';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { alertsOf } from '@/config/paths';
import { useBoards } from '@/features/boards/api/boards-api';
import { NotifyCard } from '@/features/push/components/notify-card';
import { BoardPicker } from '@/features/boards/components/board-picker';
import { useAuth } from '@/hooks/use-auth';
import { useChosenCompany } from '@/hooks/use-chosen-company';
import { usePlatform } from '@/hooks/use-platform';
import { toast } from '@/hooks/use-toast';
import { cn } from '@/lib/utils';
import {
  useAlertDeliveries,
  useAlertRules,
  useConfirmRecipient,
  useDeleteAlertRule,
  useSendTest,
} from '../api/alerts-api';
import { ApiError } from '@/lib/api';
import { CHANNEL_LABELS, describeChannel } from '../lib/channel-words';
import { RuleFormDialog } from './rule-form-dialog';

/** `?boardId=` of the address, when it is a whole number. */
function boardIdOf(search: string): number | undefined {
  const raw = new URLSearchParams(search).get('boardId');
  return raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : undefined;
}

/** A moment in the board's zone, named ("Thu, Nov 26, 2:00 PM EST"), as its messages say it. */
const when = (iso: string, timeZone: string | undefined) => {
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  try {
    return new Date(iso).toLocaleString('en-US', { ...options, timeZone });
  } catch {
    return new Date(iso).toLocaleString('en-US', options);
  }
};

/**
 * The Alerts page of one board (issue 23, `/alerts?boardId=`): its rules with what each will do
 * in a sentence, Send test, and the delivery log. Admins (`alerts.manage`) create, change and
 * delete rules; members of the company read them.
 */
export function AlertsPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const boardId = boardIdOf(search);
  const { actor } = useAuth();
  const canManage = can(actor, 'alerts.manage');
  // A master admin reads any company's (`?companyId=`, as on History and Boards), else their own.
  const { chosen: otherCompany } = useChosenCompany();
  const boards = useBoards(otherCompany);
  const platform = usePlatform(otherCompany);
  const rules = useAlertRules(boardId, otherCompany);
  const deliveries = useAlertDeliveries(boardId, otherCompany);
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null);
  const [secret, setSecret] = useState<CreatedAlertRule | null>(null);

  const boardList = boards.data?.boards ?? [];
  const board = boardId === undefined ? boardList[0] : boardList.find((b) => b.id === boardId);
  const mailCatcherUrl = rules.data?.mailCatcherUrl ?? null;
  const smsStandinUrl = rules.data?.smsStandinUrl ?? null;
  const notFound = rules.error && 'status' in rules.error && rules.error.status === 404;

  return (
    <PageShell
      title="Alerts"
      description={
        board
          ? `Tell the office when ${board.name} is behind, full, or showing stale numbers.`
          : 'Tell the office when a board is behind, full, or showing stale numbers.'
      }
      actions={
        canManage && !notFound ? (
          <Button onClick={() => setEditing('new')} data-testid="new-alert-rule">
            <Plus aria-hidden /> New rule
          </Button>
        ) : undefined
      }
      width="max-w-5xl"
    >
      <div className="grid gap-6">
        <BoardPicker
          id="alerts-board"
          className="max-w-sm"
          boards={boardList}
          value={board?.id}
          onChange={(id) => navigate(alertsOf(id, otherCompany))}
        />

        {mailCatcherUrl && (
          <p className="flex items-start gap-2 rounded-md border border-sky-500/40 bg-sky-500/10 p-3 text-sm">
            <Mail className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>
              Development: alert e-mails stay on this computer, in the{' '}
              <a
                href={mailCatcherUrl}
                target="_blank"
                rel="noreferrer"
                className="font-medium underline"
                data-testid="mail-catcher-link"
              >
                mail catcher
              </a>
              . Set <code>SMTP_URL</code> to send real ones.
            </span>
          </p>
        )}

        {smsStandinUrl && (
          <p className="flex items-start gap-2 rounded-md border border-sky-500/40 bg-sky-500/10 p-3 text-sm">
            <MessageSquare className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>
              Development: text messages stay on this computer, in the{' '}
              <a
                href={smsStandinUrl}
                target="_blank"
                rel="noreferrer"
                className="font-medium underline"
                data-testid="sms-standin-link"
              >
                Twilio stand-in
              </a>{' '}
              (codes, alerts, and a button to reply STOP). Set <code>TWILIO_ACCOUNT_SID</code> to
              send real ones.
            </span>
          </p>
        )}

        <NotifyCard isAdmin={canManage} />

        {!canManage && (
          <p className="text-sm text-muted-foreground">
            You can see this board&apos;s alert rules and what was sent; an administrator changes
            them.
          </p>
        )}

        <section aria-labelledby="alert-rules-heading" className="grid gap-3">
          <h2 id="alert-rules-heading" className="text-lg font-semibold">
            Rules
          </h2>
          {notFound ? (
            <p className="text-muted-foreground">This board does not exist.</p>
          ) : rules.isLoading ? (
            <p className="text-muted-foreground">Loading...</p>
          ) : (rules.data?.rules ?? []).length === 0 ? (
            <p className="text-muted-foreground" data-testid="no-alert-rules">
              No rules yet.{canManage ? ' Create one to hear when a day falls behind.' : ''}
            </p>
          ) : (
            (rules.data?.rules ?? []).map((rule) => (
              <RuleCard
                key={rule.id}
                rule={rule}
                platformName={platform.name}
                measure={board?.measure}
                canManage={canManage}
                onEdit={() => setEditing(rule)}
              />
            ))
          )}
        </section>

        <DeliveryLog
          deliveries={deliveries.data?.deliveries ?? []}
          timeZone={deliveries.data?.timeZone}
          loading={deliveries.isLoading}
        />
      </div>

      <RuleFormDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        boardId={board?.id ?? boardId}
        measure={board?.measure}
        companyId={otherCompany}
        rule={editing === 'new' ? null : editing}
        // The signing secret matters only to a webhook receiver: shown when the rule has one.
        onCreated={(created) => {
          if (created.channels.some((c) => c.type === 'webhook')) setSecret(created);
        }}
      />
      <SecretDialog created={secret} onClose={() => setSecret(null)} />
    </PageShell>
  );
}

function StateBadge({ rule }: { rule: AlertRule }) {
  if (!rule.enabled) return <Badge variant="outline">Paused</Badge>;
  if (rule.state === 'firing')
    return <Badge className="border-transparent bg-orange-700 text-white">Firing</Badge>;
  return <Badge variant="secondary">OK</Badge>;
}

function RuleCard({
  rule,
  platformName,
  measure,
  canManage,
  onEdit,
}: {
  rule: AlertRule;
  /** The company's platform, which a stale rule names. */
  platformName: string;
  /** What the rule's board measures (its percent's words). */
  measure: BoardMeasure | undefined;
  canManage: boolean;
  onEdit: () => void;
}) {
  const sendTest = useSendTest();
  const remove = useDeleteAlertRule();
  const [result, setResult] = useState<AlertTestResult | null>(null);
  return (
    <Card data-testid="alert-rule">
      <CardHeader className="gap-2 pb-3">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle className="text-base sm:text-lg">{rule.name}</CardTitle>
          <StateBadge rule={rule} />
        </div>
        <CardDescription className="text-sm text-foreground/80">
          {describeRule(rule, undefined, platformName, measure)}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {rule.state === 'firing' && rule.firingLine && (
          <p className="flex items-center gap-2 text-sm font-medium text-orange-700 dark:text-orange-300">
            <BellRing className="h-4 w-4 shrink-0" aria-hidden />
            {rule.firingLine}
          </p>
        )}
        <ul className="grid gap-1 text-sm text-muted-foreground">
          {rule.channels.map((channel, index) => (
            <li key={index} className="break-all">
              {describeChannel(channel)}
            </li>
          ))}
        </ul>
        {rule.recipients.length > 0 && <RecipientList recipients={rule.recipients} />}
        {canManage && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={sendTest.isPending}
              onClick={() =>
                sendTest.mutate(rule.id, {
                  onSuccess: (answer) => setResult(answer),
                })
              }
            >
              <Send aria-hidden /> {sendTest.isPending ? 'Sending...' : 'Send test'}
            </Button>
            <Button variant="outline" size="sm" onClick={onEdit}>
              <Pencil aria-hidden /> Edit
            </Button>
            <ConfirmDialog
              trigger={
                <Button variant="outline" size="sm">
                  <Trash2 aria-hidden /> Delete
                </Button>
              }
              title={`Delete "${rule.name}"?`}
              description="Its delivery log goes with it. This cannot be undone."
              confirmLabel="Delete rule"
              onConfirm={() => remove.mutate(rule.id)}
            />
          </div>
        )}
        {result && (
          <ul className="grid gap-1 rounded-md border p-3 text-sm" data-testid="alert-test-result">
            {result.results.map((r, index) => (
              <li key={index} className="flex items-start gap-2">
                {r.ok ? (
                  <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden />
                ) : (
                  <X className="mt-0.5 h-4 w-4 shrink-0 text-red-600" aria-hidden />
                )}
                <span className="break-all">
                  {CHANNEL_LABELS[r.channelType]} ({r.target}):{' '}
                  {r.ok ? 'test sent' : `not sent: ${r.error}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const RECIPIENT_STYLE: Record<AlertRecipient['status'], string> = {
  confirmed: 'border-transparent bg-green-700 text-white',
  pending: 'border-transparent bg-amber-500 text-black',
  opted_out: 'border-transparent bg-zinc-600 text-white',
};
const RECIPIENT_WORDS: Record<AlertRecipient['status'], string> = {
  confirmed: 'Confirmed',
  pending: 'Pending',
  opted_out: 'Opted out',
};

/**
 * Who the rule's channels reach, each with where they stand (decision 30): a pending recipient
 * gets nothing but their one confirmation message until they confirm.
 */
function RecipientList({ recipients }: { recipients: AlertRecipient[] }) {
  return (
    <ul className="grid gap-1.5 text-sm" data-testid="alert-recipients" aria-label="Recipients">
      {recipients.map((r) => (
        <li
          key={r.id}
          className="flex flex-wrap items-center gap-2"
          data-testid="alert-recipient"
          data-status={r.status}
        >
          <Badge className={RECIPIENT_STYLE[r.status]}>{RECIPIENT_WORDS[r.status]}</Badge>
          <span className="break-all font-medium">{r.label}</span>
          <span className="text-muted-foreground">{r.statusText}</span>
          {r.kind === 'sms' && r.status === 'pending' && r.confirmationSentAt && (
            <CodeForm recipient={r} />
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Where a number's 6-digit code is typed (decision 053): its owner reads it out, or types it
 * themself. A wrong code says so under the field; 5 wrong codes lock it.
 */
function CodeForm({ recipient }: { recipient: AlertRecipient }) {
  const confirm = useConfirmRecipient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = `code-${recipient.id}`;
  return (
    <form
      className="flex w-full flex-wrap items-start gap-2 sm:w-auto"
      data-testid="recipient-code-form"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        confirm.mutate(
          { id: recipient.id, code: code.trim() },
          {
            onError: (err) =>
              setError(
                err instanceof ApiError
                  ? (err.fieldErrors[0]?.message.replace(/^code: /, '') ?? err.message)
                  : 'The code could not be checked: try again.',
              ),
          },
        );
      }}
    >
      <label htmlFor={id} className="sr-only">
        6-digit code texted to {recipient.label}
      </label>
      <Input
        id={id}
        className="h-8 w-28"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        placeholder="6-digit code"
        value={code}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
      />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={confirm.isPending || code.length !== 6}
      >
        Confirm number
      </Button>
      {error && (
        <p
          id={`${id}-error`}
          role="alert"
          className="w-full text-sm font-medium text-red-600 dark:text-red-400"
        >
          {error}
        </p>
      )}
    </form>
  );
}

const STATUS_STYLE: Record<AlertDelivery['status'], string> = {
  delivered: 'border-transparent bg-green-700 text-white',
  sent: 'border-transparent bg-sky-700 text-white',
  failed: 'border-transparent bg-red-600 text-white',
  pending: 'border-transparent bg-amber-500 text-black',
  skipped: 'border-transparent bg-zinc-600 text-white',
};
const STATUS_WORDS: Record<AlertDelivery['status'], string> = {
  delivered: 'delivered',
  sent: 'sent',
  failed: 'failed',
  pending: 'waiting',
  skipped: 'not sent',
};

const EVENT_WORDS: Record<AlertDelivery['event'], string> = {
  firing: 'Fired',
  repeat: 'Reminder',
  resolved: 'Resolved',
  test: 'Test',
};

function DeliveryLog({
  deliveries,
  timeZone,
  loading,
}: {
  deliveries: AlertDelivery[];
  timeZone: string | undefined;
  loading: boolean;
}) {
  return (
    <section aria-labelledby="alert-log-heading" className="grid gap-3">
      <div className="flex flex-wrap items-baseline gap-x-3">
        <h2 id="alert-log-heading" className="text-lg font-semibold">
          Delivery log
        </h2>
        {timeZone && (
          <p className="text-sm text-muted-foreground" data-testid="alert-log-zone">
            Times in the board&apos;s time zone, {timeZone.replace(/_/g, ' ')}
          </p>
        )}
      </div>
      {loading ? (
        <p className="text-muted-foreground">Loading...</p>
      ) : deliveries.length === 0 ? (
        <p className="text-muted-foreground">Nothing sent yet.</p>
      ) : (
        <ol className="divide-y rounded-md border" data-testid="alert-deliveries">
          {deliveries.map((d) => (
            <li key={d.id} className="grid gap-1 p-3 text-sm" data-testid="alert-delivery">
              <div className="flex flex-wrap items-center gap-2">
                <Badge className={STATUS_STYLE[d.status]}>{STATUS_WORDS[d.status]}</Badge>
                <span className="font-medium">{EVENT_WORDS[d.event]}</span>
                <span className="text-muted-foreground">· {d.ruleName}</span>
                <span className="ml-auto text-xs text-muted-foreground">
                  {when(d.createdAt, timeZone)}
                </span>
              </div>
              <p className="break-words">{d.summary}</p>
              <p className="break-all text-muted-foreground">
                {CHANNEL_LABELS[d.channelType]} → {d.target} · {d.attempts}{' '}
                {d.attempts === 1 ? 'attempt' : 'attempts'}
              </p>
              {d.lastError && (
                <p
                  className={cn(
                    'break-words',
                    d.status === 'failed'
                      ? 'text-red-700 dark:text-red-400'
                      : d.status === 'skipped'
                        ? 'text-muted-foreground'
                        : 'text-amber-700 dark:text-amber-300',
                  )}
                >
                  {d.status === 'failed'
                    ? 'Failed: '
                    : d.status === 'skipped'
                      ? 'Not sent: '
                      : 'Last try: '}
                  {d.lastError}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The `whsec_` secret webhooks are signed with, shown this once after the rule is created. */
function SecretDialog({
  created,
  onClose,
}: {
  created: CreatedAlertRule | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog
      open={created !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Webhook signing secret</DialogTitle>
          <DialogDescription>
            Webhook messages of &quot;{created?.name}&quot; are signed with this secret (Standard
            Webhooks). Copy it into the receiver now: it is not shown again.
          </DialogDescription>
        </DialogHeader>
        <code
          className="block rounded-md border bg-muted p-3 text-sm break-all"
          data-testid="alert-secret"
        >
          {created?.secret}
        </code>
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => {
              if (!created) return;
              navigator.clipboard.writeText(created.secret).then(
                () => setCopied(true),
                () =>
                  toast({ title: 'Copy it by hand: the browser refused', variant: 'destructive' }),
              );
            }}
          >
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {copied ? 'Copied' : 'Copy'}
          </Button>
          <Button
            onClick={() => {
              setCopied(false);
              onClose();
            }}
          >
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
