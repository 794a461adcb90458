import { z } from 'zod';
import { displayName } from './display-name.js';
import { isE164 } from '../alerts/sms.js';
import {
  boardIdQuery,
  companyIdQuery,
  MAX_SERIAL_ID,
  pathParams,
  serialIdParam,
} from './path-params.js';

/**
 * Alert rules and their deliveries (issue 23). A rule belongs to one board and tells people
 * through channels (e-mail, Slack, Microsoft Teams Workflows, a signed webhook) when a day is
 * behind, the numbers are stale, or a day is full: once when it starts firing and once when it
 * resolves, and again every `repeatMinutes` while it fires when that is set.
 */

export const ALERT_KINDS = ['behind', 'stale', 'full'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const CHANNEL_TYPES = ['email', 'slack', 'teams', 'webhook', 'push', 'sms'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

export const MAX_RECIPIENTS = 20;
export const MAX_CHANNELS = 10;
/** Members one push channel may name. */
export const MAX_PUSH_MEMBERS = 50;
export const MAX_CHECK_TIMES = 24;
/** The board shows three days; a rule watches one of them (1 = the first displayed). */
export const MAX_DAY_OFFSET = 3;

const hhmm = z
  .string()
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'must be a time as HH:MM (00:00 to 23:59)');

const httpUrl = z
  .string()
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http or https URL');

export const emailChannelSchema = z.object({
  type: z.literal('email'),
  to: z
    .array(z.email('must be an e-mail address'))
    .min(1, 'must name at least one recipient')
    .max(MAX_RECIPIENTS, `must name at most ${MAX_RECIPIENTS} recipients`),
});
export const urlChannelSchema = z.object({
  type: z.enum(['slack', 'teams', 'webhook']),
  url: httpUrl,
});
/**
 * Push notifications to members' own devices (issue 36): the members named, or without
 * `userIds`, every admin of the company who has turned notifications on on a device.
 */
export const pushChannelSchema = z.object({
  type: z.literal('push'),
  userIds: z
    .array(z.string().trim().min(1, 'must be a member id').max(100, 'must be a member id'))
    .min(1, 'must name at least one member (or leave userIds out: every admin who subscribed)')
    .max(MAX_PUSH_MEMBERS, `must name at most ${MAX_PUSH_MEMBERS} members`)
    .optional(),
});
/**
 * Text messages (issue 36, decision 053): numbers in E.164 (`+12025550143`), each valid for its
 * country (libphonenumber-js). A number is texted alerts only once its owner typed the 6-digit
 * code it was sent.
 */
export const phoneNumberSchema = z
  .string()
  .trim()
  .max(16, 'must be a phone number in E.164 form, e.g. +12025550143')
  .refine(isE164, 'must be a phone number in E.164 form, e.g. +12025550143')
  .meta({ description: 'A phone number in E.164 form', example: '+12025550143' });
export const smsChannelSchema = z.object({
  type: z.literal('sms'),
  to: z
    .array(phoneNumberSchema)
    .min(1, 'must name at least one phone number')
    .max(MAX_RECIPIENTS, `must name at most ${MAX_RECIPIENTS} numbers`),
});
export const channelSchema = z.discriminatedUnion('type', [
  emailChannelSchema,
  urlChannelSchema,
  pushChannelSchema,
  smsChannelSchema,
]);
export type AlertChannel = z.infer<typeof channelSchema>;

/**
 * A channel as the API shows it: a webhook URL is a secret (whoever has a Slack or Teams URL
 * can post to that channel), so only its host and last four characters are shown.
 */
export const channelViewSchema = z.discriminatedUnion('type', [
  emailChannelSchema,
  z.object({ type: z.enum(['slack', 'teams', 'webhook']), urlHint: z.string() }),
  pushChannelSchema.extend({
    /** The named members' names, in `userIds`' order ("a former member" for one who left). */
    people: z.array(z.string()).optional(),
  }),
  smsChannelSchema,
]);
export type AlertChannelView = z.infer<typeof channelViewSchema>;

const percent = z
  .number('must be a number')
  .min(0, 'must be at least 0')
  .max(1000, 'must be at most 1000');
const minutes = (min: number, max: number) =>
  z
    .number('must be a number')
    .int('must be a whole number of minutes')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/** The fields a rule is made of; kind-specific requirements are checked by `ruleProblems`. */
const ruleFields = {
  name: displayName({ max: 100 }),
  kind: z.enum(ALERT_KINDS, "must be 'behind', 'stale' or 'full'"),
  /** Which displayed day (1 = the first): behind and full. */
  dayOffset: z
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_DAY_OFFSET, `must be at most ${MAX_DAY_OFFSET}`),
  /** behind: fire below this percent of the day's target. */
  thresholdPercent: percent.nullable(),
  /** behind: fire below the day's expected pace (the pace work's status). */
  belowPace: z.boolean(),
  /** behind / full: one item of the board (a business unit, job type or `group:<id>`); null: the whole board. */
  itemId: z.union([z.number().int(), z.string().min(1).max(64)]).nullable(),
  /** behind: the local check times on the board's working days, in its zone. */
  at: z.array(hhmm).max(MAX_CHECK_TIMES, `must name at most ${MAX_CHECK_TIMES} times`),
  /** stale: fire when the platform has failed for more than this many minutes. */
  staleMinutes: minutes(1, 24 * 60).nullable(),
  /** Notify again every this many minutes while firing; null: once. */
  repeatMinutes: minutes(5, 7 * 24 * 60).nullable(),
  channels: z
    .array(channelSchema)
    .min(1, 'must name at least one channel')
    .max(MAX_CHANNELS, `must name at most ${MAX_CHANNELS} channels`),
  enabled: z.boolean(),
};

/** Problems a whole rule can have beyond its fields' own formats (field → message). */
export function ruleProblems(rule: {
  kind: AlertKind;
  at: string[];
  thresholdPercent: number | null;
  belowPace: boolean;
  staleMinutes: number | null;
}): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (rule.kind === 'behind') {
    if (rule.at.length === 0)
      problems.push({ field: 'at', message: 'must name at least one check time (HH:MM)' });
    if (rule.thresholdPercent === null && !rule.belowPace)
      problems.push({
        field: 'thresholdPercent',
        message: 'set a percent of target, or belowPace, for a behind rule',
      });
  }
  if (rule.kind === 'stale' && rule.staleMinutes === null)
    problems.push({ field: 'staleMinutes', message: 'a stale rule needs staleMinutes' });
  return problems;
}

const boardIdField = z
  .number('must be a number')
  .int('must be a whole number')
  .positive('must be a positive id')
  .max(MAX_SERIAL_ID);

/** `POST /api/alert-rules`. Unset optional fields take the defaults shown. */
export const createAlertRuleSchema = z
  .object({
    boardId: boardIdField.optional(),
    name: ruleFields.name,
    kind: ruleFields.kind,
    dayOffset: ruleFields.dayOffset.default(1),
    thresholdPercent: ruleFields.thresholdPercent.default(null),
    belowPace: ruleFields.belowPace.default(false),
    itemId: ruleFields.itemId.default(null),
    at: ruleFields.at.default([]),
    staleMinutes: ruleFields.staleMinutes.default(null),
    repeatMinutes: ruleFields.repeatMinutes.default(null),
    channels: ruleFields.channels,
    enabled: ruleFields.enabled.default(true),
  })
  .strict()
  .superRefine((rule, ctx) => {
    for (const problem of ruleProblems(rule))
      ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type CreateAlertRule = z.infer<typeof createAlertRuleSchema>;

/**
 * A whole rule as the Alerts page's form edits an existing one: every field but the channels,
 * which an edit may leave as they are (the API never shows a webhook URL again).
 */
export const editAlertRuleSchema = z
  .object({ ...ruleFields, channels: ruleFields.channels.optional() })
  .strict()
  .superRefine((rule, ctx) => {
    for (const problem of ruleProblems(rule))
      ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type EditAlertRule = z.infer<typeof editAlertRuleSchema>;

/** `PATCH /api/alert-rules/:id`: any of the fields; channels, when given, replace all of them. */
export const updateAlertRuleSchema = z
  .object({
    name: ruleFields.name,
    kind: ruleFields.kind,
    dayOffset: ruleFields.dayOffset,
    thresholdPercent: ruleFields.thresholdPercent,
    belowPace: ruleFields.belowPace,
    itemId: ruleFields.itemId,
    at: ruleFields.at,
    staleMinutes: ruleFields.staleMinutes,
    repeatMinutes: ruleFields.repeatMinutes,
    channels: ruleFields.channels,
    enabled: ruleFields.enabled,
  })
  .partial()
  .strict();
export type UpdateAlertRule = z.infer<typeof updateAlertRuleSchema>;

/**
 * Who a message may reach (decision 30, issue 36): an e-mail address, a phone number, or a
 * member's devices (push). A recipient belongs to the company, so one confirmation serves every
 * rule naming it.
 */
export const RECIPIENT_KINDS = ['email', 'sms', 'push'] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];
export const RECIPIENT_STATUSES = ['pending', 'confirmed', 'opted_out'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export const alertRecipientSchema = z.object({
  id: z.number().int(),
  kind: z.enum(RECIPIENT_KINDS),
  /** The address, the number (E.164), or for push the member's user id. */
  address: z.string(),
  /** How the page names it: the address, the number formatted, a member's name. */
  label: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  /** Confirmed without a message: a member's own verified address, number or device. */
  member: z.boolean(),
  /** When the one confirmation message went out (null: not sent, see `confirmationError`). */
  confirmationSentAt: z.string().nullable(),
  /** Why it was not sent, in plain words, or why confirming is stuck. */
  confirmationError: z.string().nullable(),
  /** Where it stands, in a sentence the page shows. */
  statusText: z.string(),
});
export type AlertRecipient = z.infer<typeof alertRecipientSchema>;
export const alertRecipientListSchema = z.object({ recipients: z.array(alertRecipientSchema) });

export const alertStateSchema = z.enum(['ok', 'firing']);

export const alertRuleSchema = z.object({
  id: z.number().int(),
  boardId: z.number().int(),
  name: z.string(),
  kind: z.enum(ALERT_KINDS),
  dayOffset: z.number().int(),
  thresholdPercent: z.number().nullable(),
  belowPace: z.boolean(),
  itemId: z.union([z.number(), z.string()]).nullable(),
  at: z.array(z.string()),
  staleMinutes: z.number().int().nullable(),
  repeatMinutes: z.number().int().nullable(),
  channels: z.array(channelViewSchema),
  enabled: z.boolean(),
  state: alertStateSchema,
  /** While firing: the short line the board and the TV show. */
  firingLine: z.string().nullable(),
  firingSince: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * The people its channels reach who must agree first (decision 30), with where each stands:
   * pending ones get nothing but their one confirmation message.
   */
  recipients: z.array(alertRecipientSchema),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

/** The create answer: the rule, and its webhook signing secret, shown this once. */
export const createdAlertRuleSchema = alertRuleSchema.extend({
  secret: z.string(),
});
export type CreatedAlertRule = z.infer<typeof createdAlertRuleSchema>;

export const alertRuleListSchema = z.object({
  rules: z.array(alertRuleSchema),
  /** Outside production, the mail catcher's page when it runs (development). */
  mailCatcherUrl: z.string().nullable(),
  /** Outside production, the Twilio stand-in's page of texts when it runs (development). */
  smsStandinUrl: z.string().nullable().optional(),
});

/**
 * `pending`: queued or retrying; `sent`: handed to a carrier that reports delivery later (a text
 * message); `delivered`; `failed` (with the reason); `skipped`: not sent at all, because the
 * recipient has not agreed yet or opted out (decision 30).
 */
export const DELIVERY_STATUSES = ['pending', 'sent', 'delivered', 'failed', 'skipped'] as const;
export const DELIVERY_EVENTS = ['firing', 'repeat', 'resolved', 'test'] as const;
export type DeliveryEvent = (typeof DELIVERY_EVENTS)[number];

export const alertDeliverySchema = z.object({
  id: z.number().int(),
  ruleId: z.number().int(),
  ruleName: z.string(),
  boardId: z.number().int(),
  event: z.enum(DELIVERY_EVENTS),
  channelType: z.enum(CHANNEL_TYPES),
  /** Where it went: recipients, or the webhook's host and last four characters. */
  target: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** Why it failed (or why the last attempt failed while retries remain). */
  lastError: z.string().nullable(),
  /** The message's one-line summary. */
  summary: z.string(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type AlertDelivery = z.infer<typeof alertDeliverySchema>;
export const alertDeliveryListSchema = z.object({
  deliveries: z.array(alertDeliverySchema),
  /** The board's time zone (IANA): the log shows its times there, and names it. */
  timeZone: z.string(),
});

/**
 * `?boardId=` of the rules and the delivery log; without it, the first board of the company
 * `?companyId=` names (the master admin, as on the board's other routes) or of the caller's.
 */
export const boardQuerySchema = z
  .object({ boardId: boardIdQuery, companyId: companyIdQuery })
  .strict();

export const alertRuleParamsSchema = pathParams({ id: serialIdParam });
export const alertRecipientParamsSchema = pathParams({ id: serialIdParam });

/** `POST /api/alert-recipients/:id/confirm`: the 6-digit code texted to the number. */
export const confirmRecipientSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'must be the 6 digits texted to the number')
      .meta({ description: 'The 6-digit code texted to the number', example: '482913' }),
  })
  .strict();

/** `POST /api/alert-rules/:id/test`: what each channel answered. */
export const alertTestResultSchema = z.object({
  results: z.array(
    z.object({
      channelType: z.enum(CHANNEL_TYPES),
      target: z.string(),
      ok: z.boolean(),
      error: z.string().nullable(),
    }),
  ),
});
export type AlertTestResult = z.infer<typeof alertTestResultSchema>;

/**
 * `GET /api/alert-lines[?boardId=][&companyId=]`: the firing rules' short lines of a board (its
 * page and its TVs show them).
 */
export const alertLinesSchema = z.object({
  lines: z.array(z.object({ ruleId: z.number().int(), line: z.string() })),
});
export type AlertLines = z.infer<typeof alertLinesSchema>;
