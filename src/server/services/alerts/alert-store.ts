import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type {
  AlertChannel,
  AlertChannelView,
  AlertDelivery,
  AlertRecipient,
  AlertRule,
  ChannelType,
  CreateAlertRule,
  DeliveryEvent,
} from '../../../shared/api/alerts.js';
import type { Database } from '../../db/index.js';
import { alertDeliveries, alertRules, carrierReports, companies } from '../../db/schema.js';
import type { SecretBox } from '../../security/secret-box.js';
import { leaseEnd, leaseFree } from '../leases/lease.js';
import { formatPhone } from '../../../shared/alerts/sms.js';

/**
 * The one module that reads and writes `alert_rules` and `alert_deliveries` (issue 23,
 * decision 023). Webhook URLs and the signing secret are sealed by the secret box at rest.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A rule's next state, as evaluation decides it. */
export interface StateChange {
  state: 'ok' | 'firing';
  firingKey: string | null;
  firingLine: string | null;
  firingSince: Date | null;
  lastCheck?: string | null;
}

export type RuleRow = typeof alertRules.$inferSelect;

/**
 * One notification to one destination of a channel, as evaluation plans it: queued, or written
 * straight to the log as `skipped` with the reason (`withheld`) when its recipient has not agreed.
 */
export interface PlannedDelivery {
  channelIndex: number;
  channel: AlertChannel;
  /** The recipient ('' for a URL channel). */
  to: string;
  target: string;
  withheld: string | null;
}
export type DeliveryRow = typeof alertDeliveries.$inferSelect;

/** A carrier's status of a message, as Twilio names it (decision 053). */
export type CarrierStatus = (typeof carrierReports.status.enumValues)[number];
/** What a carrier said of a message: its status, and for one not delivered, why. */
export interface CarrierReport {
  status: CarrierStatus;
  at: Date;
  errorCode?: string | null;
  /** The delivery log's words for a message not delivered. */
  error?: string | null;
}
/** Carrier reports are kept this long: far beyond any send's wait for Twilio's answer. */
const CARRIER_REPORT_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** How far along a status is: a report only ever moves a message forward. */
const statusRank = (status: SQL) =>
  sql`case ${status} when 'sent' then 1 when 'delivered' then 2 when 'undelivered' then 2 when 'failed' then 2 else 0 end`;

/** What a report (the furthest one kept) makes of a delivery still `sent`; null: nothing yet. */
function reportOutcome(report: {
  status: CarrierStatus;
  lastError: string | null;
  reportedAt: Date;
}): Partial<DeliveryRow> | null {
  if (report.status === 'delivered')
    return { status: 'delivered', deliveredAt: report.reportedAt, lastError: null };
  if (report.status === 'undelivered' || report.status === 'failed')
    return { status: 'failed', lastError: report.lastError };
  return null;
}

/** A rule with its channels and secret opened (the evaluator and the sender need them). */
export interface OpenRule extends Omit<RuleRow, 'channelsEnc' | 'secretEnc' | 'itemId'> {
  itemId: number | string | null;
  channels: AlertChannel[];
  secret: string;
}

/** What a message says (rendered per channel when sent). */
export interface AlertMessage {
  event: DeliveryEvent;
  ruleName: string;
  kind: 'behind' | 'stale' | 'full';
  companyName: string;
  boardName: string;
  boardUrl: string;
  /** The one-line summary (also the e-mail subject). */
  summary: string;
  day: { date: string; weekday: string } | null;
  item: string | null;
  booked: number | null;
  target: number | null;
  percent: number | null;
  /** The expected percent by now (pace), when the board knows it. */
  expectedPercent: number | null;
  staleSince: string | null;
  /** When it happened, ISO-8601 (the injected clock). */
  at: string;
  /** A behind rule's check time as the clock says it ("2:00 PM"); absent in older rows. */
  clock?: string | null;
  /** A full rule's goal for the day, percent. */
  goalPercent?: number | null;
  /** The board's short link (`/b/<code>`), for a text message. */
  shortUrl?: string;
  /**
   * `hours` on a board measuring technician hours (issue 35): `booked` and `target` are then
   * hours booked of the crew's capacity. Absent where they are jobs of target.
   */
  measure?: 'hours';
}

/** A new `whsec_` secret (Standard Webhooks: base64 of 24 random bytes after the prefix). */
export const newWebhookSecret = () => `whsec_${crypto.randomBytes(24).toString('base64')}`;

/** Host and last four characters of a webhook URL: enough to recognise, useless to post to. */
export function urlHint(raw: string): string {
  try {
    const url = new URL(raw);
    return `${url.host}/…${raw.slice(-4)}`;
  } catch {
    return `…${raw.slice(-4)}`;
  }
}

/** Where one channel sends to, as the delivery log shows it. */
export const channelTarget = (channel: AlertChannel) =>
  channel.type === 'email'
    ? channel.to.join(', ')
    : channel.type === 'push'
      ? channel.userIds
        ? `devices of ${channel.userIds.length} named ${channel.userIds.length === 1 ? 'member' : 'members'}`
        : 'devices of every admin who turned on notifications'
      : channel.type === 'sms'
        ? channel.to.map(formatPhone).join(', ')
        : urlHint(channel.url);
/** A channel as answers show it: a URL's secret parts hidden, the rest as typed. */
export const channelView = (channel: AlertChannel): AlertChannelView =>
  'url' in channel ? { type: channel.type, urlHint: urlHint(channel.url) } : channel;

const itemIdText = (itemId: number | string | null) =>
  itemId === null ? null : typeof itemId === 'number' ? `n:${itemId}` : `s:${itemId}`;
const itemIdValue = (text: string | null): number | string | null =>
  text === null ? null : text.startsWith('n:') ? Number(text.slice(2)) : text.slice(2);

export function createAlertStore(deps: { db: Database; secretBox: SecretBox }) {
  const { db, secretBox } = deps;

  const open = (row: RuleRow): OpenRule => {
    const { channelsEnc, secretEnc, itemId, ...rest } = row;
    return {
      ...rest,
      itemId: itemIdValue(itemId),
      channels: JSON.parse(secretBox.open(channelsEnc)) as AlertChannel[],
      secret: secretBox.open(secretEnc),
    };
  };

  const view = (rule: OpenRule, recipients: AlertRecipient[] = []): AlertRule => ({
    id: rule.id,
    boardId: rule.boardId,
    name: rule.name,
    kind: rule.kind,
    dayOffset: rule.dayOffset,
    thresholdPercent: rule.thresholdPercent,
    belowPace: rule.belowPace,
    itemId: rule.itemId,
    at: rule.at,
    staleMinutes: rule.staleMinutes,
    repeatMinutes: rule.repeatMinutes,
    channels: rule.channels.map(channelView),
    enabled: rule.enabled,
    state: rule.state,
    firingLine: rule.state === 'firing' ? rule.firingLine : null,
    firingSince: rule.state === 'firing' ? (rule.firingSince?.toISOString() ?? null) : null,
    createdAt: rule.createdAt.toISOString(),
    updatedAt: rule.updatedAt.toISOString(),
    recipients,
  });

  /** The columns a create or an edit writes. */
  const editable = (rule: Omit<CreateAlertRule, 'boardId'>) => ({
    name: rule.name,
    kind: rule.kind,
    dayOffset: rule.dayOffset,
    thresholdPercent: rule.thresholdPercent === null ? null : Math.round(rule.thresholdPercent),
    belowPace: rule.belowPace,
    itemId: itemIdText(rule.itemId),
    at: [...new Set(rule.at)].sort(),
    staleMinutes: rule.staleMinutes,
    repeatMinutes: rule.repeatMinutes,
    channelsEnc: secretBox.seal(JSON.stringify(rule.channels)),
  });

  /** A board's rules, oldest first. */
  async function list(boardId: number): Promise<OpenRule[]> {
    const rows = await db
      .select()
      .from(alertRules)
      .where(eq(alertRules.boardId, boardId))
      .orderBy(asc(alertRules.id));
    return rows.map(open);
  }

  async function byId(id: number): Promise<OpenRule | null> {
    const [row] = await db.select().from(alertRules).where(eq(alertRules.id, id)).limit(1);
    return row ? open(row) : null;
  }

  async function create(
    companyId: number,
    boardId: number,
    rule: Omit<CreateAlertRule, 'boardId'>,
    now: Date,
    executor: Database | Tx = db,
  ): Promise<OpenRule> {
    const secret = newWebhookSecret();
    const [row] = await executor
      .insert(alertRules)
      .values({
        companyId,
        boardId,
        ...editable(rule),
        secretEnc: secretBox.seal(secret),
        enabled: rule.enabled,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return open(row!);
  }

  /**
   * Saves a whole rule's editable fields. A change of what the rule watches puts it back to ok
   * (a new rule, in effect): its next evaluation decides afresh.
   */
  async function update(
    rule: OpenRule,
    now: Date,
    executor: Database | Tx = db,
  ): Promise<OpenRule> {
    const [row] = await executor
      .update(alertRules)
      .set({
        ...editable(rule),
        enabled: rule.enabled,
        state: 'ok',
        firingKey: null,
        firingLine: null,
        firingSince: null,
        updatedAt: now,
      })
      .where(eq(alertRules.id, rule.id))
      .returning();
    return open(row!);
  }

  async function remove(id: number): Promise<void> {
    await db.delete(alertRules).where(eq(alertRules.id, id));
  }

  /**
   * Claims the enabled rules no other instance is evaluating now (one atomic statement); the
   * lease ends by `release` or by time.
   */
  async function claimRules(owner: string, now: Date): Promise<OpenRule[]> {
    const rows = await db
      .update(alertRules)
      .set({ leaseOwner: owner, leaseUntil: leaseEnd(now) })
      .where(and(eq(alertRules.enabled, true), leaseFree(alertRules.leaseUntil, now)))
      .returning();
    return rows.map(open);
  }

  /** Extends a rule's or a delivery's lease while its work runs (false: it was lost). */
  async function renewRule(ruleId: number, owner: string, until: Date): Promise<boolean> {
    const rows = await db
      .update(alertRules)
      .set({ leaseUntil: until })
      .where(and(eq(alertRules.id, ruleId), eq(alertRules.leaseOwner, owner)))
      .returning({ id: alertRules.id });
    return rows.length > 0;
  }
  async function renewDelivery(id: number, owner: string, until: Date): Promise<boolean> {
    const rows = await db
      .update(alertDeliveries)
      .set({ leaseUntil: until })
      .where(and(eq(alertDeliveries.id, id), eq(alertDeliveries.leaseOwner, owner)))
      .returning({ id: alertDeliveries.id });
    return rows.length > 0;
  }

  async function release(ruleId: number, owner: string): Promise<void> {
    await db
      .update(alertRules)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(and(eq(alertRules.id, ruleId), eq(alertRules.leaseOwner, owner)));
  }

  /**
   * Moves the rule to its next state (only if it still is what the evaluator read) and queues
   * that change's notifications in the same transaction (issue 33 item 6): an instance that dies
   * between the two leaves neither, and the next evaluation does both. False: another instance
   * moved it first (and queued them).
   */
  async function transition(
    rule: OpenRule,
    next: StateChange,
    notice: { occurrence: string; message: AlertMessage; now: Date; planned: PlannedDelivery[] },
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const moved = await setStateIn(tx, rule, next);
      if (moved)
        await insertDeliveries(
          tx,
          rule,
          notice.occurrence,
          notice.message,
          notice.now,
          notice.planned,
        );
      return moved;
    });
  }

  /** Whether any notification of this occurrence was queued (a firing rule's repair check). */
  async function hasDeliveries(ruleId: number, occurrence: string): Promise<boolean> {
    const [row] = await db
      .select({ id: alertDeliveries.id })
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.ruleId, ruleId), eq(alertDeliveries.occurrence, occurrence)))
      .limit(1);
    return row !== undefined;
  }

  /** Records the rule's new state (only if it still is what the evaluator read). */
  async function setStateIn(
    executor: Database | Tx,
    rule: OpenRule,
    next: StateChange,
  ): Promise<boolean> {
    const changed = await executor
      .update(alertRules)
      .set({
        state: next.state,
        firingKey: next.firingKey,
        firingLine: next.firingLine,
        firingSince: next.firingSince,
        ...(next.lastCheck !== undefined ? { lastCheck: next.lastCheck } : {}),
      })
      .where(
        and(
          eq(alertRules.id, rule.id),
          eq(alertRules.state, rule.state),
          rule.firingKey === null
            ? isNull(alertRules.firingKey)
            : eq(alertRules.firingKey, rule.firingKey),
        ),
      )
      .returning({ id: alertRules.id });
    return changed.length > 0;
  }

  async function setLastCheck(ruleId: number, lastCheck: string): Promise<void> {
    await db.update(alertRules).set({ lastCheck }).where(eq(alertRules.id, ruleId));
  }

  /**
   * One delivery per channel for this occurrence: inserting a key that exists does nothing
   * (another instance, or an earlier evaluation, made it). Returns how many were new.
   */
  async function enqueue(
    rule: OpenRule,
    occurrence: string,
    message: AlertMessage,
    now: Date,
    planned: PlannedDelivery[],
  ): Promise<DeliveryRow[]> {
    return insertDeliveries(db, rule, occurrence, message, now, planned);
  }

  async function insertDeliveries(
    executor: Database | Tx,
    rule: OpenRule,
    occurrence: string,
    message: AlertMessage,
    now: Date,
    planned: PlannedDelivery[],
  ): Promise<DeliveryRow[]> {
    if (planned.length === 0) return [];
    return executor
      .insert(alertDeliveries)
      .values(
        planned.map((p) => ({
          ruleId: rule.id,
          companyId: rule.companyId,
          boardId: rule.boardId,
          occurrence,
          channelIndex: p.channelIndex,
          channelType: p.channel.type,
          recipient: p.to,
          target: p.target,
          channelEnc: secretBox.seal(JSON.stringify(p.channel)),
          event: message.event,
          message,
          nextAttemptAt: now,
          createdAt: now,
          ...(p.withheld ? { status: 'skipped' as const, lastError: p.withheld } : {}),
        })),
      )
      .onConflictDoNothing({
        target: [
          alertDeliveries.ruleId,
          alertDeliveries.occurrence,
          alertDeliveries.channelIndex,
          alertDeliveries.recipient,
        ],
      })
      .returning();
  }

  /**
   * Claims up to `limit` due deliveries for this instance: pending, due, and not leased by a
   * live sender. One statement with SKIP LOCKED, so two instances never claim the same row.
   */
  async function claimDeliveries(
    owner: string,
    now: Date,
    limit: number,
    only?: number[],
  ): Promise<DeliveryRow[]> {
    const due = db
      .select({ id: alertDeliveries.id })
      .from(alertDeliveries)
      .where(
        and(
          eq(alertDeliveries.status, 'pending'),
          lte(alertDeliveries.nextAttemptAt, now),
          leaseFree(alertDeliveries.leaseUntil, now),
          only ? inArray(alertDeliveries.id, only) : undefined,
        ),
      )
      .orderBy(asc(alertDeliveries.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(alertDeliveries)
      .set({
        leaseOwner: owner,
        leaseUntil: leaseEnd(now),
        attempts: sql`${alertDeliveries.attempts} + 1`,
      })
      .where(
        and(
          // `= any(array(...))` runs the locking subquery once. As `in (...)` PostgreSQL may run
          // it again for each row it updates, and each run skipped the rows this statement had
          // just claimed and locked the next: a claim of 1 took every due delivery.
          sql`${alertDeliveries.id} = any(array(${due}))`,
          eq(alertDeliveries.status, 'pending'),
          leaseFree(alertDeliveries.leaseUntil, now),
        ),
      )
      .returning();
  }

  async function finishDelivery(
    id: number,
    owner: string,
    outcome:
      | { status: 'delivered'; at: Date }
      | { status: 'sent'; externalId: string; at: Date }
      | { status: 'failed' | 'skipped'; error: string }
      | { status: 'retry'; error: string; nextAttemptAt: Date },
  ): Promise<void> {
    if (outcome.status === 'sent') {
      // The carrier's id and any report of it already received, in one transaction: the
      // report's row is upserted first (locked until commit), so a status callback for this id
      // either committed before (its report is applied here) or waits for this commit (and then
      // finds the delivery `sent` with its id). Never lost, whichever comes first.
      await db.transaction(async (tx) => {
        const report = await keepReport(tx, outcome.externalId, {
          status: 'queued',
          at: outcome.at,
        });
        await tx
          .update(alertDeliveries)
          .set({
            status: 'sent',
            externalId: outcome.externalId,
            lastError: null,
            ...reportOutcome(report),
            leaseOwner: null,
            leaseUntil: null,
          })
          .where(and(eq(alertDeliveries.id, id), eq(alertDeliveries.leaseOwner, owner)));
      });
      return;
    }
    await db
      .update(alertDeliveries)
      .set(
        outcome.status === 'delivered'
          ? { status: 'delivered', deliveredAt: outcome.at, lastError: null }
          : outcome.status === 'retry'
            ? { lastError: outcome.error, nextAttemptAt: outcome.nextAttemptAt }
            : { status: outcome.status, lastError: outcome.error },
      )
      .where(and(eq(alertDeliveries.id, id), eq(alertDeliveries.leaseOwner, owner)));
    await db
      .update(alertDeliveries)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(and(eq(alertDeliveries.id, id), eq(alertDeliveries.leaseOwner, owner)));
  }

  /** A board's delivery log, newest first. */
  async function deliveries(boardId: number, limit = 100): Promise<AlertDelivery[]> {
    const rows = await db
      .select({ delivery: alertDeliveries, ruleName: alertRules.name })
      .from(alertDeliveries)
      .innerJoin(alertRules, eq(alertRules.id, alertDeliveries.ruleId))
      .where(eq(alertDeliveries.boardId, boardId))
      .orderBy(desc(alertDeliveries.createdAt), desc(alertDeliveries.id))
      .limit(limit);
    return rows.map(({ delivery, ruleName }) => ({
      id: delivery.id,
      ruleId: delivery.ruleId,
      ruleName,
      boardId: delivery.boardId,
      event: delivery.event,
      channelType: delivery.channelType as ChannelType,
      target: delivery.target,
      status: delivery.status,
      attempts: delivery.attempts,
      lastError: delivery.lastError,
      summary: (delivery.message as AlertMessage).summary,
      createdAt: delivery.createdAt.toISOString(),
      deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    }));
  }

  /** Where some deliveries stand (Send test's answer). */
  async function outcomes(ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .select({
        id: alertDeliveries.id,
        status: alertDeliveries.status,
        lastError: alertDeliveries.lastError,
      })
      .from(alertDeliveries)
      .where(inArray(alertDeliveries.id, ids));
  }

  /**
   * Keeps what a carrier said of a message by its id, the furthest status winning (a report
   * repeated or arriving out of order never moves it back; the first of two final reports stays).
   * Always updates the row, so it is locked until the transaction ends, and answers the row.
   */
  async function keepReport(executor: Database | Tx, externalId: string, report: CarrierReport) {
    const ahead = sql`${statusRank(sql`excluded.status`)} > ${statusRank(sql`${carrierReports.status}`)}`;
    const furthest = (column: SQL, current: SQL) =>
      sql`case when ${ahead} then ${column} else ${current} end`;
    const [row] = await executor
      .insert(carrierReports)
      .values({
        externalId,
        status: report.status,
        errorCode: report.errorCode ?? null,
        lastError: report.error ?? null,
        reportedAt: report.at,
      })
      .onConflictDoUpdate({
        target: carrierReports.externalId,
        set: {
          status: furthest(sql`excluded.status`, sql`${carrierReports.status}`),
          errorCode: furthest(sql`excluded.error_code`, sql`${carrierReports.errorCode}`),
          lastError: furthest(sql`excluded.last_error`, sql`${carrierReports.lastError}`),
          reportedAt: furthest(sql`excluded.reported_at`, sql`${carrierReports.reportedAt}`),
        },
      })
      .returning();
    return row!;
  }

  /**
   * What a carrier reported about a message it took (a Twilio status callback, decision 053):
   * kept by the message's id, then a `sent` delivery with that id becomes delivered, or failed
   * with the reason. Only a delivery still `sent` moves, so a callback repeated or arriving late
   * changes nothing; one arriving before the sender recorded the id is applied when it does
   * (`finishDelivery`). Answers the delivery moved (null: none was waiting for this report).
   */
  async function carrierReport(
    externalId: string,
    report: CarrierReport,
  ): Promise<{ id: number; ruleId: number; companyId: number; recipient: string } | null> {
    return db.transaction(async (tx) => {
      const kept = await keepReport(tx, externalId, report);
      const outcome = reportOutcome(kept);
      if (!outcome) return null;
      const [moved] = await tx
        .update(alertDeliveries)
        .set(outcome)
        .where(and(eq(alertDeliveries.externalId, externalId), eq(alertDeliveries.status, 'sent')))
        .returning({
          id: alertDeliveries.id,
          ruleId: alertDeliveries.ruleId,
          companyId: alertDeliveries.companyId,
          recipient: alertDeliveries.recipient,
        });
      return moved ?? null;
    });
  }

  /** Deletes carrier reports of messages long settled (the alert pass's upkeep). */
  async function pruneCarrierReports(now: Date): Promise<void> {
    await db
      .delete(carrierReports)
      .where(lt(carrierReports.reportedAt, new Date(now.getTime() - CARRIER_REPORT_KEEP_MS)));
  }

  /** A claimed delivery's channel, opened. */
  const channelOf = (delivery: DeliveryRow): AlertChannel =>
    JSON.parse(secretBox.open(delivery.channelEnc)) as AlertChannel;

  async function companyName(companyId: number): Promise<string> {
    const [row] = await db
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, companyId))
      .limit(1);
    return row?.name ?? 'Your company';
  }

  /** Firing rules' lines of a board (the board and its TVs show them). */
  async function firingLines(boardId: number): Promise<{ ruleId: number; line: string }[]> {
    const rows = await db
      .select({ id: alertRules.id, line: alertRules.firingLine })
      .from(alertRules)
      .where(
        and(
          eq(alertRules.boardId, boardId),
          eq(alertRules.state, 'firing'),
          eq(alertRules.enabled, true),
        ),
      )
      .orderBy(asc(alertRules.id));
    return rows.flatMap((r) => (r.line ? [{ ruleId: r.id, line: r.line }] : []));
  }

  return {
    list,
    byId,
    create,
    update,
    remove,
    view,
    claimRules,
    renewRule,
    renewDelivery,
    release,
    transition,
    hasDeliveries,
    setLastCheck,
    enqueue,
    claimDeliveries,
    finishDelivery,
    deliveries,
    outcomes,
    companyName,
    firingLines,
    channelOf,
    carrierReport,
    pruneCarrierReports,
  };
}

export type AlertStore = ReturnType<typeof createAlertStore>;
