import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The whole data model. Secrets (ServiceTitan client secret and app key, Housecall Pro's API key
 * and webhook secret) are stored only as AES-256-GCM envelopes (`*_enc` columns, see ../security/secret-box.ts).
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export { ROLES as roles, type Role } from '../../shared/permissions.js';
import { ROLES as roles } from '../../shared/permissions.js';
import { PROVIDER_IDS } from '../../shared/providers/platforms.js';

export const subscriptionStatuses = ['active', 'trialing', 'canceled', 'past_due', 'none'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const serviceTitanEnvironments = ['production', 'integration'] as const;
export type ServiceTitanEnvironment = (typeof serviceTitanEnvironments)[number];

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  stClientId: text('st_client_id'),
  stClientSecretEnc: text('st_client_secret_enc'),
  stTenantId: text('st_tenant_id'),
  stAppKeyEnc: text('st_app_key_enc'),
  stEnvironment: text('st_environment', { enum: serviceTitanEnvironments })
    .notNull()
    .default('production'),
  /**
   * The field-service platform the company runs on (decision 040), one at a time. Each platform
   * keeps its own columns, so switching back finds them again; only this one's are read.
   */
  provider: text('provider', { enum: PROVIDER_IDS }).notNull().default('servicetitan'),
  /** Housecall Pro's Company API key, sealed (decision 041). */
  hcpApiKeyEnc: text('hcp_api_key_enc'),
  /** The signing secret Housecall Pro shows for the company's webhooks, sealed. */
  hcpWebhookSecretEnc: text('hcp_webhook_secret_enc'),
  /**
   * The unguessable part of the company's webhook address: sealed (shown again to its admins)
   * and as SHA-256 hex (how an arriving event finds its company).
   */
  hcpWebhookKeyEnc: text('hcp_webhook_key_enc'),
  hcpWebhookKeyHash: text('hcp_webhook_key_hash').unique(),
  stripeCustomerId: text('stripe_customer_id').unique(),
  stripeSubscriptionId: text('stripe_subscription_id'),
  subscriptionStatus: text('subscription_status', { enum: subscriptionStatuses })
    .notNull()
    .default('none'),
  subscriptionCurrentPeriodEnd: timestamp('subscription_current_period_end', {
    withTimezone: true,
  }),
  /** The subscription ends at `subscriptionCurrentPeriodEnd` instead of renewing. */
  subscriptionCancelAtPeriodEnd: boolean('subscription_cancel_at_period_end')
    .notNull()
    .default(false),
  /**
   * When someone set or accepted the company's item targets (issue 27, decision 036): until
   * then, and while every item keeps the default target, the board says its targets are
   * defaults. Nullable, no default: an instance of the previous version never reads it.
   */
  targetsReviewedAt: timestamp('targets_reviewed_at', { withTimezone: true }),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    role: text('role', { enum: roles }).notNull().default('user'),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /**
     * The identity provider vouched for `email` at the last sign-in (decision 019): only then
     * are the invitations sent to it offered to this person.
     */
    emailVerified: boolean('email_verified').notNull().default(false),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_issuer_subject_idx').on(t.issuer, t.subject),
    index('users_email_idx').on(sql`lower(${t.email})`),
    index('users_company_idx').on(t.companyId),
  ],
);

/** Opaque session ids: the cookie holds the id, the table holds only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** In-flight OIDC sign-ins (state, nonce, PKCE verifier), keyed by a hash of a short-lived cookie. */
export const loginAttempts = pgTable('login_attempts', {
  idHash: text('id_hash').primaryKey(),
  state: text('state').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  returnTo: text('return_to').notNull().default('/'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role', { enum: roles }).notNull().default('user'),
    isAdmin: boolean('is_admin').notNull().default(false),
    invitedByUserId: text('invited_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (t) => [
    // One pending invitation per company and address (decision 019); the master admin's
    // invitations without a company count as company 0.
    uniqueIndex('invitations_company_email_idx').on(
      sql`coalesce(${t.companyId}, 0)`,
      sql`lower(${t.email})`,
    ),
    index('invitations_email_idx').on(sql`lower(${t.email})`),
  ],
);

/** ServiceTitan credentials a user added (seed "Credential"); a company's own sit on `companies`. */
export const credentials = pgTable(
  'credentials',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    clientSecretEnc: text('client_secret_enc').notNull(),
    tenantId: text('tenant_id'),
    appKeyEnc: text('app_key_enc'),
    environment: text('environment', { enum: serviceTitanEnvironments })
      .notNull()
      .default('production'),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('credentials_user_idx').on(t.userId)],
);

export const itemTypes = ['businessUnit', 'jobType'] as const;
/** What a board measures (issue 35): shared/api/boards.ts BOARD_MEASURES. */
export const boardMeasures = ['jobs', 'hours'] as const;
export type ItemType = (typeof itemTypes)[number];

/** A company's groups of business units or job types (the office's shared board, decision 007). */
export const itemGroups = pgTable(
  'item_groups',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: itemTypes }).notNull(),
    ...timestamps,
  },
  (t) => [index('item_groups_company_type_idx').on(t.companyId, t.type)],
);

/**
 * A company's preference for one business unit or job type (seed "Business-unit preference" and
 * "Job-type preference" in one table: they differ only in the kind of item). No row means the
 * seed's defaults: shown, ungrouped, no custom name, each day target 5.
 */
export const itemPreferences = pgTable(
  'item_preferences',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text('type', { enum: itemTypes }).notNull(),
    /** The ServiceTitan business unit or job type id (64-bit). */
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    customName: text('custom_name'),
    groupId: integer('group_id').references(() => itemGroups.id, { onDelete: 'set null' }),
    targetCapacity: integer('target_capacity').notNull().default(5),
    day1Target: integer('day1_target').notNull().default(5),
    day2Target: integer('day2_target').notNull().default(5),
    day3Target: integer('day3_target').notNull().default(5),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('item_prefs_company_item_idx').on(t.companyId, t.type, t.itemId),
    index('item_prefs_group_idx').on(t.groupId),
    check(
      'item_prefs_targets_positive',
      sql`${t.day1Target} > 0 and ${t.day2Target} > 0 and ${t.day3Target} > 0`,
    ),
  ],
);

/**
 * Last result fetched from ServiceTitan per credential and window, shared by every app
 * instance. `lease_*` lets exactly one instance refresh a key at a time.
 */
export const capacitySnapshots = pgTable('capacity_snapshots', {
  key: text('key').primaryKey(),
  payload: jsonb('payload'),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }),
  attemptedAt: timestamp('attempted_at', { withTimezone: true }),
  lastError: jsonb('last_error'),
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The platform said the data changed at this moment (a webhook, decision 041): the snapshot is
   * read again early, spaced by `early_at` (the start of the last read that served such a wish).
   */
  wantedAt: timestamp('wanted_at', { withTimezone: true }),
  earlyAt: timestamp('early_at', { withTimezone: true }),
});

/**
 * Platform webhooks already seen (decision 041): a delivery's signature (a replay is refused) and
 * its body (a duplicate delivery is answered but acts once). Rows older than a day are deleted.
 */
export const webhookReceipts = pgTable(
  'webhook_receipts',
  {
    key: text('key').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webhook_receipts_received_idx').on(t.receivedAt)],
);

/** Stripe events already applied, so webhook deliveries are idempotent. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Raw bytes (a company's logo). postgres-js hands back a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A company's board settings (seed section 3; issue 11): one row per company, shared by every
 * board and screen of it. `settings` holds the dashboard settings without the per-person view
 * type and without the logo (see `company_logos`); `version` grows by one on every write.
 */
export const boardSettings = pgTable('board_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').notNull(),
  version: integer('version').notNull().default(1),
  updatedByUserId: text('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/** A company's logo, stored once (type and size checked on the server), served by hash. */
export const companyLogos = pgTable('company_logos', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  sha256: text('sha256').notNull(),
  byteLength: integer('byte_length').notNull(),
  ...timestamps,
});

/**
 * A company's boards (issue 26, decision 014): one per branch or trade, each with its own items,
 * view type and board settings; the business units, job types, targets and groups stay the
 * company's. `position` orders them (the first is what a request without `boardId` reads).
 *
 * `settings` NULL means the board's settings and logo are still the company's row in
 * `board_settings` / `company_logos` (read through): the board the migration made from them,
 * so instances of the previous version, which read and write those tables by company, stay
 * consistent with it during a rolling deploy. Every other board keeps its own `settings` and
 * `version` here and its logo in `board_logos`.
 */
export const boards = pgTable(
  'boards',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    viewType: text('view_type', { enum: itemTypes }).notNull().default('businessUnit'),
    /**
     * What its numbers are (issue 35): booked jobs against typed targets, or technician hours
     * from the platform (business-unit boards only).
     */
    measure: text('measure', { enum: boardMeasures }).notNull().default('jobs'),
    /** The items it shows: ServiceTitan ids and `group:<id>`; NULL = all (new items appear). */
    itemIds: jsonb('item_ids').$type<(number | string)[]>(),
    position: integer('position').notNull().default(0),
    settings: jsonb('settings'),
    version: integer('version').notNull().default(1),
    updatedByUserId: text('updated_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (t) => [
    index('boards_company_idx').on(t.companyId, t.position),
    // At most one board per company reads through to the company's `board_settings` row.
    uniqueIndex('boards_company_read_through_idx')
      .on(t.companyId)
      .where(sql`${t.settings} is null`),
  ],
);

/** A board's logo (boards whose settings live in `boards.settings`; see `boards`). */
export const boardLogos = pgTable('board_logos', {
  boardId: integer('board_id')
    .primaryKey()
    .references(() => boards.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  sha256: text('sha256').notNull(),
  byteLength: integer('byte_length').notNull(),
  ...timestamps,
});

export const screenKinds = ['paired', 'link'] as const;
export type ScreenKind = (typeof screenKinds)[number];

/**
 * A company's paired TV or screen link (issue 11). The device credential is random and kept
 * here only as its SHA-256; revoking deletes the row, so the credential is refused at once.
 */
export const screens = pgTable(
  'screens',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: screenKinds }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** What the screen shows: business units or job types (a screen has nobody to choose). */
    viewType: text('view_type', { enum: itemTypes }).notNull().default('businessUnit'),
    /**
     * The board it shows; NULL (a screen paired by an instance of the previous version during a
     * rolling deploy) means the company's first board. Since boards, `view_type` is the board's.
     */
    boardId: integer('board_id').references(() => boards.id, { onDelete: 'set null' }),
    createdByUserId: text('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    pairedAt: timestamp('paired_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** The build of the board the screen last reported running. */
    boardVersion: text('board_version'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('screens_token_hash_idx').on(t.tokenHash),
    index('screens_company_idx').on(t.companyId),
    index('screens_board_idx').on(t.boardId),
  ],
);

/**
 * A TV waiting to be paired: the short code it shows (hashed) and the hash of the device secret
 * it already holds in a cookie. Claiming the code (once, before `expires_at`) turns that secret
 * into a screen's credential; the row is deleted then.
 */
export const screenPairings = pgTable(
  'screen_pairings',
  {
    codeHash: text('code_hash').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('screen_pairings_secret_idx').on(t.secretHash),
    index('screen_pairings_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Alert rules (issue 23, decision 023): per board (`board_id`; deleted with it), with
 * their channels (webhook URLs encrypted, `channels_enc`) and the webhook signing secret
 * (`secret_enc`). `state` and `firing_*` are the rule's Grafana-style state (ok → firing →
 * ok); `lease_*` lets one instance at a time evaluate it (a convenience: deliveries are queued
 * once by `alert_deliveries`' unique key whoever evaluates).
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** A board's rules go with it (decision 023). */
    boardId: integer('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['behind', 'stale', 'full'] }).notNull(),
    dayOffset: integer('day_offset').notNull().default(1),
    thresholdPercent: integer('threshold_percent'),
    belowPace: boolean('below_pace').notNull().default(false),
    itemId: text('item_id'),
    at: jsonb('at').$type<string[]>().notNull().default([]),
    staleMinutes: integer('stale_minutes'),
    repeatMinutes: integer('repeat_minutes'),
    /** The channels as JSON, sealed by the secret box (webhook URLs are secrets). */
    channelsEnc: text('channels_enc').notNull(),
    /** The `whsec_` secret webhooks are signed with, sealed by the secret box. */
    secretEnc: text('secret_enc').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    state: text('state', { enum: ['ok', 'firing'] })
      .notNull()
      .default('ok'),
    /** What fired: its occurrence key (deliveries' key stem) and the wall's line. */
    firingKey: text('firing_key'),
    firingLine: text('firing_line'),
    firingSince: timestamp('firing_since', { withTimezone: true }),
    /** The last check time (`YYYY-MM-DDTHH:MM` local) a behind rule evaluated. */
    lastCheck: text('last_check'),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('alert_rules_board_idx').on(t.boardId)],
);

/**
 * One message to one channel of a rule for one occurrence (issue 23, decision 023). The unique
 * key (rule, occurrence, channel) is what makes a firing queued exactly once however many
 * instances evaluate it: the second insert of the same key does nothing. Delivery is at least
 * once (decision 045): a sender that dies after its message left sends it again after its
 * lease, with the same `webhook-id` or e-mail `Message-ID`. Sending is claimed
 * with a lease (`lease_until`) and retried with back-off until `failed`.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    boardId: integer('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    occurrence: text('occurrence').notNull(),
    channelIndex: integer('channel_index').notNull(),
    /** The channel's type; a new type is a new driver (services/alerts/channel-types). */
    channelType: text('channel_type').notNull(),
    /**
     * Which of the channel's recipients this message is for (an address, a number, a member's
     * id: one delivery each, decision 046); '' for a channel that is one destination (a URL).
     */
    recipient: text('recipient').notNull().default(''),
    target: text('target').notNull(),
    /** The channel as it was when the occurrence happened, sealed (webhook URLs are secrets). */
    channelEnc: text('channel_enc').notNull(),
    event: text('event', { enum: ['firing', 'repeat', 'resolved', 'test'] }).notNull(),
    /** The message (company, board, day, numbers, link), rendered per channel when sent. */
    message: jsonb('message').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'delivered', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    /** The carrier's id of the message (a Twilio message SID): its status callbacks name it. */
    externalId: text('external_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alert_deliveries_once_idx').on(
      t.ruleId,
      t.occurrence,
      t.channelIndex,
      t.recipient,
    ),
    index('alert_deliveries_external_idx').on(t.externalId),
    index('alert_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('alert_deliveries_board_idx').on(t.boardId, t.createdAt),
  ],
);

/**
 * What a carrier reported about a message it took, by its id (a Twilio message SID; decision
 * 053), kept whether or not a delivery has recorded that id yet: Twilio's status callback may
 * come before the sender has written the SID Twilio answered. The callback writes the row, the
 * sender upserts it in the transaction that records the SID, so the two serialize on this row and
 * whichever comes second applies the report. `status` only moves forward (queued < sent <
 * delivered, undelivered, failed); `last_error` is the report's words for the delivery log.
 * Rows older than a week are deleted by the alert pass.
 */
export const carrierReports = pgTable(
  'carrier_reports',
  {
    externalId: text('external_id').primaryKey(),
    status: text('status', {
      enum: ['queued', 'sent', 'delivered', 'undelivered', 'failed'],
    }).notNull(),
    errorCode: text('error_code'),
    lastError: text('last_error'),
    /** When the status was reported (a delivered message's time of delivery). */
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('carrier_reports_reported_idx').on(t.reportedAt)],
);

/**
 * Who alerts may reach (decision 30, issue 36, decision 046): one row per company and address
 * (an e-mail address, an E.164 number, a member's user id for push). `status` is what the person
 * said: pending until they confirm (a link for e-mail, a 6-digit code for a number), opted out
 * by STOP. A member's own verified address, number or device counts as confirmed whatever the
 * row says (worked out when read). The one confirmation message is sent once
 * (`confirmation_sent_at`); the link's token and the code are kept only as SHA-256 hashes, the
 * token also sealed (`token_enc`) for the stop link in every later e-mail.
 */
export const alertRecipients = pgTable(
  'alert_recipients',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['email', 'sms', 'push'] }).notNull(),
    address: text('address').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'opted_out'] })
      .notNull()
      .default('pending'),
    tokenHash: text('token_hash').notNull(),
    tokenEnc: text('token_enc').notNull(),
    codeHash: text('code_hash'),
    codeAttempts: integer('code_attempts').notNull().default(0),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    confirmationError: text('confirmation_error'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alert_recipients_address_idx').on(t.companyId, t.kind, t.address),
    uniqueIndex('alert_recipients_token_idx').on(t.tokenHash),
    index('alert_recipients_number_idx').on(t.kind, t.address),
  ],
);

/**
 * Message budgets (issue 33 item 5): how many messages of one kind a rule, a company or an
 * address has been sent in the current fixed window, shared by every instance. A claim adds to
 * `used` in one conditional upsert (nothing past `limit`), so two instances cannot both take the
 * last unit; `until` is the window's end (the answer's `Retry-After`). Ended windows are deleted.
 */
export const messageBudgets = pgTable(
  'message_budgets',
  {
    key: text('key').notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    used: integer('used').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.until] }),
    index('message_budgets_until_idx').on(t.until),
  ],
);

export const historySources = ['recorded', 'reconstructed'] as const;
export type HistorySource = (typeof historySources)[number];

/**
 * The board numbers as they changed (issue 27, decision 026): a row per company, working day,
 * item (a business unit or job type, whatever board shows it) and change. `recorded_at` is when
 * the numbers were read from ServiceTitan (the snapshot's fetch), so two instances recording the
 * same read write one row. A `reconstructed` row was read back from ServiceTitan afterwards (the
 * backfill of past days). The primary key leads with company and date: range reads use it.
 */
export const capacityHistory = pgTable(
  'capacity_history',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The working day, `YYYY-MM-DD` in the zone of the company's first board. */
    day: date('day', { mode: 'string' }).notNull(),
    itemType: text('item_type', { enum: itemTypes }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    scheduled: integer('scheduled').notNull(),
    target: integer('target').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    source: text('source', { enum: historySources }).notNull().default('recorded'),
    /**
     * A business unit's technician hours that day (issue 35), when a board of the company
     * measures hours: booked and capacity. Null when they were not read (jobs only).
     */
    bookedHours: doublePrecision('booked_hours'),
    capacityHours: doublePrecision('capacity_hours'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.day, t.itemType, t.itemId, t.recordedAt] }),
    check('capacity_history_counts', sql`${t.scheduled} >= 0 and ${t.target} >= 0`),
  ],
);

/**
 * A company's history bookkeeping (decision 026): the ServiceTitan tenant its history was read
 * from (another tenant rebuilds it), the day its retention and thinning last ran, the backfill of
 * past days and its progress (resumable after a restart), and the lease (services/leases) that
 * lets one instance of all do this work at a time.
 */
export const historyState = pgTable('history_state', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  tenant: text('tenant'),
  maintainedOn: date('maintained_on', { mode: 'string' }),
  backfillStatus: text('backfill_status', {
    enum: ['pending', 'running', 'done', 'failed'],
  }),
  backfillProgress: jsonb('backfill_progress'),
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  ...timestamps,
});

/**
 * A company's Jobber connection (issue 38, decision 057): the Jobber account it reads and its
 * OAuth tokens, sealed (AES-256-GCM envelopes). Refresh tokens rotate: one instance at a time
 * refreshes (the lease), and the new tokens replace the old ones in one statement guarded by
 * `token_version`, so the stored refresh token is always the newest one Jobber gave. A refused
 * refresh leaves the row with no tokens and `disconnected_at` set: the board says so.
 */
export const jobberConnections = pgTable(
  'jobber_connections',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    accountName: text('account_name').notNull(),
    /** A new one with each consent (not with each rotation): names the connection in caches. */
    connectionId: text('connection_id').notNull(),
    accessTokenEnc: text('access_token_enc'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    refreshTokenEnc: text('refresh_token_enc'),
    /** Bumped by every rotation and every new connection: a write from an older one loses. */
    tokenVersion: integer('token_version').notNull().default(0),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    disconnectedReason: text('disconnected_reason'),
    connectedBy: text('connected_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('jobber_connections_account_idx').on(t.accountId)],
);

/**
 * An OAuth authorization under way (issue 38): the `state` sent to the platform, stored only as
 * its SHA-256, bound to the admin's session and the company, used once, for 10 minutes.
 */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider').notNull(),
  sessionIdHash: text('session_id_hash').notNull(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The VAPID key pair push messages are signed with (issue 36, decision 052), when
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: one row (`id` = 1), made by whichever
 * instance starts first (`INSERT ... ON CONFLICT DO NOTHING`), read by all, so every instance on
 * one database signs with the same pair. The private key is sealed by the secret box.
 */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: integer('id').primaryKey(),
    publicKey: text('public_key').notNull(),
    privateKeyEnc: text('private_key_enc').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('push_vapid_keys_one_row', sql`${t.id} = 1`)],
);

/**
 * A person's device with notifications on (issue 36, decision 052): the browser's push
 * subscription. The endpoint is a capability (with our VAPID key, whoever holds it can reach the
 * device): it is sealed, and found by its SHA-256; the same browser subscribing again updates its
 * row (and moves it to whoever subscribed last on it). The device goes with its owner.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpointSha256: text('endpoint_sha256').notNull(),
    endpointEnc: text('endpoint_enc').notNull(),
    /** `{ p256dh, auth }` as JSON, sealed. */
    keysEnc: text('keys_enc').notNull(),
    /** The push service's host, shown to the owner. */
    pushService: text('push_service').notNull(),
    /** "Safari on iPhone", read from the browser's User-Agent when it subscribed. */
    label: text('label').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpointSha256),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * Which devices one alert delivery has reached (or failed on for good), so a retry of a push
 * channel's delivery sends only to the devices still waiting: a device gets each message once.
 */
export const pushSends = pgTable(
  'push_sends',
  {
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => alertDeliveries.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: ['sent', 'failed'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.subscriptionId] })],
);

/**
 * API keys (issue 37, decision 050): a company's keys for outside tools. Only the key's SHA-256
 * is kept (`key_hash`; a key is 256 random bits, so no slow hash is needed), and its last four
 * characters to tell keys apart. `revoked_at` set: the key answers 401 on the next request of
 * any instance (every request reads its row; nothing keeps a key in memory). A key dies with its
 * company.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    lastFour: text('last_four').notNull(),
    scopes: text('scopes').array().notNull(),
    /** The boards it may read; NULL: every board of the company. */
    boardIds: integer('board_ids').array(),
    createdByUserId: text('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedFrom: text('last_used_from'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_idx').on(t.keyHash),
    index('api_keys_company_idx').on(t.companyId),
  ],
);
