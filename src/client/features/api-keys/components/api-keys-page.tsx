import { zodResolver } from '@hookform/resolvers/zod';
import {
  API_KEY_SCOPES,
  API_KEY_SCOPE_WORDS,
  createApiKeySchema,
  type ApiKeyScope,
  type ApiKeyView,
  type CreateApiKey,
} from '@shared/api/api-keys';
import { can } from '@shared/permissions';
import { Check, Copy, KeyRound, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch, type SubmitHandler } from 'react-hook-form';
import type { z } from 'zod';
import { CompanySelect } from '@/components/company-select';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageShell } from '@/components/layout/page-shell';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { useBoards } from '@/features/boards/api/boards-api';
import { describeAge } from '@/features/dashboard/lib/describe-age';
import { useNow } from '@/features/dashboard/hooks/use-now';
import { useAuth } from '@/hooks/use-auth';
import { toast } from '@/hooks/use-toast';
import { showFieldErrors } from '@/lib/form-errors';
import { reportError } from '@/lib/report-error';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys-api';

type FormInput = z.input<typeof createApiKeySchema>;
const FIELDS = ['name', 'scopes', 'boardIds', 'companyId'] as const;

function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
      {message}
    </p>
  );
}

/** The boards a key may read: every board (also later ones), or the ones ticked. */
function BoardsField({
  companyId,
  value,
  onChange,
  error,
}: {
  companyId: number | undefined;
  value: number[] | null | undefined;
  onChange: (value: number[] | null) => void;
  error?: string | undefined;
}) {
  const boards = useBoards(companyId).data?.boards ?? [];
  const some = Array.isArray(value);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Boards</legend>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="radio"
          name="key-boards"
          checked={!some}
          onChange={() => onChange(null)}
          className="h-4 w-4 accent-primary"
        />
        Every board, also boards made later
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="radio"
          name="key-boards"
          checked={some}
          onChange={() => onChange(boards[0] ? [boards[0].id] : [])}
          className="h-4 w-4 accent-primary"
        />
        Only some boards
      </label>
      {some && (
        <div className="ml-6 grid gap-2">
          {boards.map((board) => {
            const id = `key-board-${board.id}`;
            return (
              <div key={board.id} className="flex items-center gap-2">
                <Checkbox
                  id={id}
                  checked={value.includes(board.id)}
                  onCheckedChange={(checked) =>
                    onChange(
                      checked ? [...value, board.id] : value.filter((other) => other !== board.id),
                    )
                  }
                />
                <Label htmlFor={id} className="font-normal">
                  {board.name}
                </Label>
              </div>
            );
          })}
        </div>
      )}
      <FieldError id="key-boards-error" message={error} />
    </fieldset>
  );
}

function CreateKeyCard({
  master,
  onCreated,
}: {
  master: boolean;
  onCreated: (created: { key: string; name: string }) => void;
}) {
  const create = useCreateApiKey();
  const defaults: FormInput = { name: '', scopes: ['boards:read'], boardIds: null };
  const form = useForm<FormInput, unknown, CreateApiKey>({
    resolver: zodResolver(createApiKeySchema),
    defaultValues: defaults,
  });
  const { errors, isSubmitting } = form.formState;
  const companyId = useWatch({ control: form.control, name: 'companyId' });

  const onSubmit: SubmitHandler<CreateApiKey> = async (values) => {
    try {
      const created = await create.mutateAsync(values);
      form.reset(defaults);
      onCreated({ key: created.key, name: created.apiKey.name });
    } catch (error) {
      if (!showFieldErrors(error, FIELDS, form.setError)) reportError(error);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-xl">
          <KeyRound className="h-5 w-5" aria-hidden /> Create a key
        </CardTitle>
        <CardDescription>
          For a script, a spreadsheet or a BI tool. A key only reads, only what its scopes name, and
          goes in the <span className="font-mono">Authorization: Bearer</span> header. It is shown
          once.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)} noValidate>
          <TextField
            label="Name"
            placeholder="Weekly bookings spreadsheet"
            autoComplete="off"
            error={errors.name?.message}
            {...form.register('name')}
          />
          {master && (
            <Controller
              control={form.control}
              name="companyId"
              render={({ field }) => (
                <CompanySelect
                  id="key-company"
                  value={field.value}
                  onChange={(id) => {
                    field.onChange(id);
                    form.setValue('boardIds', null);
                  }}
                  {...(errors.companyId?.message ? { error: errors.companyId.message } : {})}
                />
              )}
            />
          )}
          <Controller
            control={form.control}
            name="scopes"
            render={({ field }) => (
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">Scopes</legend>
                {API_KEY_SCOPES.map((scope) => {
                  const id = `key-scope-${scope.replace(':', '-')}`;
                  const chosen = (field.value ?? []) as ApiKeyScope[];
                  return (
                    <div key={scope} className="flex items-start gap-2">
                      <Checkbox
                        id={id}
                        className="mt-0.5"
                        checked={chosen.includes(scope)}
                        onCheckedChange={(checked) =>
                          field.onChange(
                            checked
                              ? API_KEY_SCOPES.filter((s) => s === scope || chosen.includes(s))
                              : chosen.filter((s) => s !== scope),
                          )
                        }
                      />
                      <Label htmlFor={id} className="grid gap-0.5 font-normal">
                        <span className="font-mono text-sm">{scope}</span>
                        <span className="text-sm text-muted-foreground">
                          {API_KEY_SCOPE_WORDS[scope]}
                        </span>
                      </Label>
                    </div>
                  );
                })}
                <FieldError id="key-scopes-error" message={errors.scopes?.message} />
              </fieldset>
            )}
          />
          {(!master || companyId !== undefined) && (
            <Controller
              control={form.control}
              name="boardIds"
              render={({ field }) => (
                <BoardsField
                  companyId={companyId}
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.boardIds?.message ?? errors.boardIds?.root?.message}
                />
              )}
            />
          )}
          <div>
            <Button type="submit" disabled={isSubmitting}>
              <KeyRound aria-hidden /> Create key
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** The new key, this once: copy it, then it is gone from the page. */
function NewKeyCard({
  created,
  onDone,
}: {
  created: { key: string; name: string };
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
      toast({ title: 'Key copied' });
    } catch {
      toast({
        title: 'Copying failed: select the key and copy it by hand',
        variant: 'destructive',
      });
    }
  };
  return (
    <Card className="border-amber-500">
      <CardHeader>
        <CardTitle as="h2" className="text-xl">
          Copy your key for {created.name} now
        </CardTitle>
        <CardDescription>
          It is shown only this once: only a hash of it is kept, so nobody can show it again. If it
          is lost, revoke it and create another.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <code
          data-testid="new-api-key"
          className="block break-all rounded-md bg-muted p-3 font-mono text-sm"
        >
          {created.key}
        </code>
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={() => void copy()}>
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? 'Copied' : 'Copy key'}
          </Button>
          <Button type="button" variant="outline" onClick={onDone}>
            Done, I have saved it
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function KeyRow({ apiKey, now }: { apiKey: ApiKeyView; now: Date }) {
  const revoke = useRevokeApiKey();
  return (
    <li className="grid gap-2 border-b py-3 last:border-b-0 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{apiKey.name}</span>
          <span className="font-mono text-sm text-muted-foreground">
            {apiKey.prefix}…{apiKey.lastFour}
          </span>
        </div>
        <div className="flex flex-wrap gap-1">
          {apiKey.scopes.map((scope) => (
            <Badge key={scope} variant="secondary" className="font-mono">
              {scope}
            </Badge>
          ))}
          <Badge variant="outline">
            {apiKey.boardIds === null
              ? 'Every board'
              : `${apiKey.boardIds.length} board${apiKey.boardIds.length === 1 ? '' : 's'}`}
          </Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          Created by {apiKey.createdBy ?? 'a former member'}{' '}
          {describeAge(new Date(apiKey.createdAt), now)} ·{' '}
          {apiKey.lastUsedAt
            ? `last used ${describeAge(new Date(apiKey.lastUsedAt), now)} from ${apiKey.lastUsedFrom ?? 'an unknown address'}`
            : 'never used'}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" aria-label={`Revoke ${apiKey.name}`}>
            <Trash2 aria-hidden /> Revoke
          </Button>
        }
        title={`Revoke ${apiKey.name}?`}
        description="Whatever uses this key is refused from its next request on, on every server. This cannot be undone."
        confirmLabel="Revoke key"
        onConfirm={() => revoke.mutate({ id: apiKey.id, name: apiKey.name })}
      />
    </li>
  );
}

/**
 * The API keys page (issue 37, decision 050): an account admin's (or the master admin's) keys
 * for outside tools. Create (name, scopes, boards), copy once, list, revoke.
 */
export function ApiKeysPage() {
  const { actor, user } = useAuth();
  const master = can(actor, 'companies.manage');
  const keys = useApiKeys();
  const now = useNow(30_000);
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  const list = keys.data?.keys ?? [];
  return (
    <PageShell
      title="API keys"
      width="max-w-4xl"
      description={
        master
          ? 'Keys of every company, for scripts, spreadsheets and BI tools.'
          : `Keys for scripts, spreadsheets and BI tools that read ${user?.companyName ?? 'your company'}'s boards.`
      }
    >
      <div className="grid gap-6">
        {created ? (
          <NewKeyCard created={created} onDone={() => setCreated(null)} />
        ) : (
          <CreateKeyCard master={master} onCreated={setCreated} />
        )}
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-xl">
              Keys
            </CardTitle>
            <CardDescription>
              Send a key as <span className="font-mono">Authorization: Bearer cbk_…</span>. The
              whole API, with <em>Try it</em>, is at{' '}
              <a className="underline" href="/api/docs">
                /api/docs
              </a>
              .
            </CardDescription>
          </CardHeader>
          <CardContent>
            {keys.isLoading ? (
              <p className="text-sm text-muted-foreground">Loading…</p>
            ) : list.length === 0 ? (
              <p className="text-sm text-muted-foreground">No keys yet.</p>
            ) : (
              <ul aria-label="API keys">
                {list.map((apiKey) => (
                  <KeyRow key={apiKey.id} apiKey={apiKey} now={now} />
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </PageShell>
  );
}
