import { zodResolver } from '@hookform/resolvers/zod';
import {
  ALERT_KINDS,
  CHANNEL_TYPES,
  MAX_DAY_OFFSET,
  createAlertRuleSchema,
  editAlertRuleSchema,
  type AlertChannel,
  type AlertKind,
  type AlertRule,
  type ChannelType,
  type CreatedAlertRule,
  type EditAlertRule,
} from '@shared/api/alerts';
import { describeRule, displayedDay, thresholdOf } from '@shared/alerts/describe';
import type { BoardMeasure } from '@shared/api/boards';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import {
  Controller,
  useFieldArray,
  useForm,
  useWatch,
  type FieldPath,
  type UseFormReturn,
} from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { NATIVE_SELECT } from '@/components/ui/native-select';
import { CheckboxField } from '@/components/ui/checkbox-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { usePlatform } from '@/hooks/use-platform';
import { ApiError } from '@/lib/api';
import { reportError } from '@/lib/report-error';
import { useBoardItems, useCreateAlertRule, useUpdateAlertRule } from '../api/alerts-api';
import { PushMembersField } from '@/features/push/components/push-members-field';
import { CHANNEL_LABELS, describeChannel } from '../lib/channel-words';
import { formatPhone, toE164 } from '@shared/alerts/sms';

/** What the form edits: a whole rule; `channels` left out while an edit keeps them. */
type RuleValues = EditAlertRule;

const KIND_LABELS: Record<AlertKind, string> = {
  behind: 'A day is behind',
  stale: 'The numbers are stale',
  full: 'A day is full (at its goal)',
};

const blankChannel = (type: ChannelType): AlertChannel =>
  type === 'email' || type === 'sms'
    ? { type, to: [] }
    : type === 'push'
      ? { type }
      : { type, url: '' };

const NEW_RULE: RuleValues = {
  name: '',
  kind: 'behind',
  dayOffset: 2,
  thresholdPercent: 60,
  belowPace: false,
  itemId: null,
  at: ['14:00'],
  staleMinutes: 30,
  repeatMinutes: null,
  channels: [{ type: 'email', to: [] }],
  enabled: true,
};

const valuesOf = (rule: AlertRule): RuleValues => ({
  name: rule.name,
  kind: rule.kind,
  dayOffset: rule.dayOffset,
  thresholdPercent: rule.thresholdPercent,
  belowPace: rule.belowPace,
  itemId: rule.itemId,
  at: rule.at,
  staleMinutes: rule.staleMinutes,
  repeatMinutes: rule.repeatMinutes,
  channels: undefined,
  enabled: rule.enabled,
});

/** Only what the rule's kind reads is saved: the rest goes back to its empty value. */
function forKind(values: RuleValues): RuleValues {
  const { kind } = values;
  return {
    ...values,
    thresholdPercent: kind === 'behind' ? values.thresholdPercent : null,
    belowPace: kind === 'behind' ? values.belowPace : false,
    itemId: kind === 'stale' ? null : values.itemId,
    at: kind === 'behind' ? values.at : [],
    staleMinutes: kind === 'stale' ? values.staleMinutes : null,
  };
}

const numberOrNull = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

/** `channels[0].url` (the server's name) → `channels.0.url` (the form's). */
const formPath = (field: string) => field.replace(/\[(\d+)\]/g, '.$1');

/** Puts each field the server named under it; true when at least one landed. */
function showServerErrors(error: unknown, form: UseFormReturn<RuleValues>): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const issue of error.fieldErrors) {
    const message = issue.message.replace(`${issue.field}: `, '');
    form.setError(formPath(issue.field) as FieldPath<RuleValues>, { type: 'server', message });
    shown = true;
  }
  return shown;
}

function FieldError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
      {message}
    </p>
  );
}

/** The first message among a list field's errors of its entries (kept by index). */
function firstEntryMessage(errors: object | undefined): string | undefined {
  return Object.values(errors ?? {}).find(
    (e): e is { message: string } => typeof e === 'object' && e !== null && 'message' in e,
  )?.message;
}

function Field({
  label,
  htmlFor,
  children,
}: {
  label: string;
  htmlFor: string;
  children: ReactNode;
}) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  );
}

/** What a channel's addresses are typed into: the form holds them as an array. */
interface AddressesInputProps {
  id: string;
  value: string[];
  onChange: (to: string[]) => void;
  invalid: boolean;
}

/** Recipients typed as a list ("a@x.com, b@x.com"); the form holds them as an array. */
function RecipientsInput({ id, value, onChange, invalid }: AddressesInputProps) {
  const [text, setText] = useState(value.join(', '));
  return (
    <Input
      id={id}
      type="text"
      inputMode="email"
      placeholder="ops@example.com, owner@example.com"
      value={text}
      aria-invalid={invalid || undefined}
      onChange={(e) => {
        setText(e.target.value);
        onChange(
          e.target.value
            .split(/[,;\s]+/)
            .map((s) => s.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}

/**
 * Phone numbers typed as a list ("(312) 555-0123, +44 20 7183 8750"): each that reads as a number
 * is held in E.164, a number without a country code as a US one; anything else is kept as typed,
 * so the schema's words show under the field.
 */
function PhoneNumbersInput({ id, value, onChange, invalid }: AddressesInputProps) {
  const [text, setText] = useState(value.map(formatPhone).join(', '));
  return (
    <>
      <Input
        id={id}
        type="text"
        inputMode="tel"
        autoComplete="off"
        aria-label="Phone numbers"
        placeholder="(312) 555-0123, +44 20 7183 8750"
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          setText(e.target.value);
          onChange(
            e.target.value
              .split(/[,;]+/)
              .map((s) => s.trim())
              .filter(Boolean)
              .map((typed) => toE164(typed) ?? typed),
          );
        }}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Each number is texted a 6-digit code once; it gets alerts after its owner gives you the code
        (type it on the rule). Reply STOP stops them.
      </p>
    </>
  );
}

/**
 * Create or edit one rule (issue 23): the shared Zod schema checks it as it is typed, a sentence
 * says what it will do, and the server's 400 lands under the field it names.
 */
export function RuleFormDialog({
  open,
  onOpenChange,
  boardId,
  companyId,
  rule,
  onCreated,
  measure = 'jobs',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The board a new rule is for (undefined: the company's first). */
  boardId: number | undefined;
  /** The company a master admin chose (none: the person's own), whose board the rule watches. */
  companyId?: number | undefined;
  /** The rule to edit; none: a new rule. */
  rule: AlertRule | null;
  onCreated: (rule: CreatedAlertRule) => void;
  /** What the board measures: a behind rule's percent is of its target or of its crew's hours. */
  measure?: BoardMeasure | undefined;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{rule ? `Edit "${rule.name}"` : 'New alert rule'}</DialogTitle>
          <DialogDescription>
            Tell the office when a day is behind, when the numbers are stale, or when a day is full.
          </DialogDescription>
        </DialogHeader>
        {open && (
          <RuleForm
            key={rule?.id ?? 'new'}
            boardId={boardId}
            companyId={companyId}
            rule={rule}
            measure={measure}
            onDone={(created) => {
              onOpenChange(false);
              if (created) onCreated(created);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function RuleForm({
  boardId,
  companyId,
  rule,
  measure,
  onDone,
}: {
  boardId: number | undefined;
  companyId: number | undefined;
  rule: AlertRule | null;
  measure: BoardMeasure;
  onDone: (created: CreatedAlertRule | null) => void;
}) {
  const create = useCreateAlertRule();
  const update = useUpdateAlertRule();
  const items = useBoardItems(boardId, companyId);
  const platform = usePlatform(companyId);
  const [changeChannels, setChangeChannels] = useState(rule === null);
  const form = useForm<RuleValues>({
    resolver: zodResolver(
      changeChannels ? createAlertRuleSchema : editAlertRuleSchema,
    ) as unknown as ReturnType<typeof zodResolver<RuleValues, unknown, RuleValues>>,
    defaultValues: rule ? valuesOf(rule) : NEW_RULE,
  });
  const { errors, isSubmitting } = form.formState;
  const channels = useFieldArray({ control: form.control, name: 'channels' });
  const values = useWatch({ control: form.control }) as RuleValues;
  const kind = values.kind;

  const itemName = (id: number | string | null) =>
    id === null ? null : (items.data?.find((i) => String(i.id) === String(id))?.name ?? null);
  const sentence = describeRule(
    {
      ...forKind({ ...NEW_RULE, ...values }),
      channels: changeChannels ? (values.channels ?? []) : (rule?.channels ?? []),
    },
    itemName(values.itemId ?? null),
    platform.name,
    measure,
  );

  const onSubmit = form.handleSubmit(async (raw) => {
    const body = forKind(raw);
    try {
      if (rule) {
        const { channels: typed, ...rest } = body;
        await update.mutateAsync({
          id: rule.id,
          ...rest,
          ...(changeChannels ? { channels: typed } : {}),
        });
        onDone(null);
      } else {
        const created = await create.mutateAsync({
          ...body,
          channels: body.channels ?? [],
          ...(boardId === undefined ? {} : { boardId }),
        });
        onDone(created);
      }
    } catch (error) {
      if (!showServerErrors(error, form)) reportError(error);
    }
  });

  const channelErrors = errors.channels as
    | (Record<
        number,
        {
          url?: { message?: string };
          to?: { message?: string } & Record<number, { message?: string }>;
          userIds?: { message?: string } & Record<number, { message?: string }>;
        }
      > & {
        message?: string;
        root?: { message?: string };
      })
    | undefined;

  return (
    <form className="grid gap-5" onSubmit={onSubmit} noValidate data-testid="alert-rule-form">
      <TextField
        label="Name"
        autoComplete="off"
        placeholder="Tomorrow behind at 2 PM"
        error={errors.name?.message}
        {...form.register('name')}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Alert when" htmlFor="rule-kind">
          <select id="rule-kind" className={NATIVE_SELECT} {...form.register('kind')}>
            {ALERT_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </Field>
        {kind !== 'stale' && (
          <Field label="Which day" htmlFor="rule-day">
            <select
              id="rule-day"
              className={NATIVE_SELECT}
              {...form.register('dayOffset', { setValueAs: Number })}
            >
              {Array.from({ length: MAX_DAY_OFFSET }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {displayedDay(n).replace(/^the /, 'The ')}
                </option>
              ))}
            </select>
            <FieldError message={errors.dayOffset?.message} />
          </Field>
        )}
      </div>

      {kind !== 'stale' && (
        <Field label="What it watches" htmlFor="rule-item">
          <Controller
            control={form.control}
            name="itemId"
            render={({ field }) => (
              <select
                id="rule-item"
                className={NATIVE_SELECT}
                value={
                  field.value === null || field.value === undefined
                    ? ''
                    : JSON.stringify(field.value)
                }
                onChange={(e) =>
                  field.onChange(
                    e.target.value === '' ? null : (JSON.parse(e.target.value) as number | string),
                  )
                }
              >
                <option value="">The whole board</option>
                {(items.data ?? []).map((item) => (
                  <option key={String(item.id)} value={JSON.stringify(item.id)}>
                    {item.name}
                  </option>
                ))}
                {field.value !== null &&
                  field.value !== undefined &&
                  !items.data?.some((i) => String(i.id) === String(field.value)) && (
                    <option value={JSON.stringify(field.value)}>Item {String(field.value)}</option>
                  )}
              </select>
            )}
          />
        </Field>
      )}

      {kind === 'behind' && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={`Below this % ${thresholdOf(measure)}`}
              type="number"
              inputMode="decimal"
              min={0}
              max={1000}
              hint="Leave empty to alert on pace only."
              error={errors.thresholdPercent?.message}
              {...form.register('thresholdPercent', { setValueAs: numberOrNull })}
            />
            <Controller
              control={form.control}
              name="belowPace"
              render={({ field }) => (
                <CheckboxField
                  id="rule-below-pace"
                  className="sm:pt-7"
                  label="Or below its expected pace"
                  checked={field.value ?? false}
                  onCheckedChange={field.onChange}
                />
              )}
            />
          </div>
          <Controller
            control={form.control}
            name="at"
            render={({ field }) => {
              const times = field.value ?? [];
              const atErrors = errors.at as
                ({ message?: string } & Record<number, { message?: string }>) | undefined;
              return (
                <fieldset className="grid gap-2">
                  <legend className="mb-1.5 text-sm font-medium">
                    Check at (the board&apos;s time zone, working days only)
                  </legend>
                  <div className="flex flex-wrap items-start gap-2">
                    {times.map((time, index) => (
                      <div key={index} className="grid gap-1">
                        <div className="flex items-center gap-1">
                          <Input
                            type="time"
                            aria-label={`Check time ${index + 1}`}
                            className="w-32"
                            value={time}
                            aria-invalid={atErrors?.[index] ? true : undefined}
                            onChange={(e) =>
                              field.onChange(
                                times.map((t, i) => (i === index ? e.target.value : t)),
                              )
                            }
                          />
                          <Button
                            type="button"
                            variant="ghost"
                            size="icon"
                            aria-label={`Remove check time ${index + 1}`}
                            onClick={() => field.onChange(times.filter((_, i) => i !== index))}
                          >
                            <Trash2 aria-hidden />
                          </Button>
                        </div>
                        <FieldError message={atErrors?.[index]?.message} />
                      </div>
                    ))}
                    <Button
                      type="button"
                      variant="outline"
                      onClick={() => field.onChange([...times, '16:00'])}
                    >
                      <Plus aria-hidden /> Add a time
                    </Button>
                  </div>
                  <FieldError message={atErrors?.message} />
                </fieldset>
              );
            }}
          />
        </>
      )}

      {kind === 'stale' && (
        <TextField
          label={`When ${platform.name} has failed for more than (minutes)`}
          type="number"
          inputMode="numeric"
          min={1}
          error={errors.staleMinutes?.message}
          {...form.register('staleMinutes', { setValueAs: numberOrNull })}
        />
      )}

      <TextField
        label="Remind every (minutes) while it lasts"
        type="number"
        inputMode="numeric"
        min={5}
        placeholder="Once"
        hint="Empty: tell once when it starts and once when it ends."
        error={errors.repeatMinutes?.message}
        {...form.register('repeatMinutes', { setValueAs: numberOrNull })}
      />

      <fieldset className="grid gap-3">
        <legend className="mb-1.5 text-sm font-medium">Tell</legend>
        {!changeChannels && rule ? (
          <div className="grid gap-2">
            <ul className="grid gap-1 text-sm">
              {rule.channels.map((channel, index) => (
                <li key={index}>{describeChannel(channel)}</li>
              ))}
            </ul>
            <div>
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  form.setValue(
                    'channels',
                    rule.channels.map((c) =>
                      c.type === 'email' || c.type === 'sms'
                        ? c
                        : c.type === 'push'
                          ? { type: 'push', ...(c.userIds ? { userIds: c.userIds } : {}) }
                          : blankChannel(c.type),
                    ),
                  );
                  setChangeChannels(true);
                }}
              >
                Change channels
              </Button>
              <p className="mt-1 text-xs text-muted-foreground">
                Webhook addresses are not shown again: changing channels asks for them anew.
              </p>
            </div>
          </div>
        ) : (
          <>
            {channels.fields.map((row, index) => {
              const type = values.channels?.[index]?.type ?? 'email';
              const rowErrors = channelErrors?.[index];
              return (
                <div
                  key={row.id}
                  className="grid gap-2 rounded-md border p-3 sm:grid-cols-[10rem_1fr_auto] sm:items-start"
                  data-testid="alert-channel"
                >
                  <select
                    aria-label={`Channel ${index + 1} kind`}
                    className={NATIVE_SELECT}
                    value={type}
                    onChange={(e) =>
                      channels.update(index, blankChannel(e.target.value as ChannelType))
                    }
                  >
                    {CHANNEL_TYPES.map((t) => (
                      <option key={t} value={t}>
                        {CHANNEL_LABELS[t]}
                      </option>
                    ))}
                  </select>
                  <div className="grid gap-1">
                    {type === 'push' ? (
                      <Controller
                        control={form.control}
                        name={`channels.${index}.userIds` as 'channels.0.userIds'}
                        render={({ field }) => (
                          <PushMembersField
                            index={index}
                            companyId={companyId}
                            value={field.value}
                            onChange={field.onChange}
                          />
                        )}
                      />
                    ) : type === 'sms' || type === 'email' ? (
                      <Controller
                        control={form.control}
                        name={`channels.${index}.to` as 'channels.0.to'}
                        render={({ field }) => {
                          const AddressesInput =
                            type === 'sms' ? PhoneNumbersInput : RecipientsInput;
                          return (
                            <AddressesInput
                              id={`channel-${index}-to`}
                              value={field.value ?? []}
                              onChange={field.onChange}
                              invalid={Boolean(rowErrors?.to)}
                            />
                          );
                        }}
                      />
                    ) : (
                      <Input
                        type="url"
                        aria-label={`Channel ${index + 1} ${CHANNEL_LABELS[type]} URL`}
                        placeholder={
                          type === 'slack'
                            ? 'https://hooks.slack.com/services/...'
                            : type === 'teams'
                              ? 'https://...logic.azure.com/workflows/...'
                              : 'https://example.com/hooks/call-board'
                        }
                        aria-invalid={rowErrors?.url ? true : undefined}
                        {...form.register(`channels.${index}.url` as 'channels.0.url')}
                      />
                    )}
                    <FieldError
                      message={
                        rowErrors?.url?.message ??
                        rowErrors?.to?.message ??
                        rowErrors?.userIds?.message ??
                        firstEntryMessage(rowErrors?.userIds) ??
                        firstEntryMessage(rowErrors?.to)
                      }
                    />
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove channel ${index + 1}`}
                    onClick={() => channels.remove(index)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              );
            })}
            <FieldError message={channelErrors?.message ?? channelErrors?.root?.message} />
            <div>
              <Button
                type="button"
                variant="outline"
                onClick={() => channels.append(blankChannel('email'))}
              >
                <Plus aria-hidden /> Add a channel
              </Button>
            </div>
          </>
        )}
      </fieldset>

      <Controller
        control={form.control}
        name="enabled"
        render={({ field }) => (
          <div className="flex items-center gap-2">
            <Switch
              id="rule-enabled"
              checked={field.value ?? true}
              onCheckedChange={(checked) => field.onChange(checked)}
            />
            <Label htmlFor="rule-enabled">On</Label>
          </div>
        )}
      />

      <p
        className="rounded-md border border-sky-500/40 bg-sky-500/10 p-3 text-sm"
        data-testid="rule-sentence"
        aria-live="polite"
      >
        {sentence}
      </p>

      <DialogFooter>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : rule ? 'Save rule' : 'Create rule'}
        </Button>
      </DialogFooter>
    </form>
  );
}
