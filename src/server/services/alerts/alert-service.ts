import crypto from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import type { FastifyBaseLogger } from 'fastify';
import type { CapacityDay, CapacityResponse } from '../../../shared/api/capacity.js';
import type { AlertTestResult, ChannelType } from '../../../shared/api/alerts.js';
import { behindLine, clockTime } from '../../../shared/alerts/describe.js';
import { WEEKDAY_KEYS, WEEKDAY_NAMES } from '../../../shared/calendar/display-days.js';
import { holidaysOn } from '../../../shared/calendar/holidays.js';
import { capacityPercent } from '../../../shared/capacity/percent.js';
import { capacityTotals } from '../../../shared/capacity/totals.js';
import type { CompanyBoardSettings } from '../../../shared/settings/dashboard-settings.js';
import type { EventBus } from '../events/contract.js';
import type { MessageBudget } from '../limits/message-budget.js';
import { holdLease, type LeaseTicker } from '../leases/lease.js';
import type {
  AlertMessage,
  AlertStore,
  DeliveryRow,
  OpenRule,
  PlannedDelivery,
} from './alert-store.js';
import type { ChannelSender, SendOutcome } from './channels.js';
import { recipientKeyText, type RecipientKey, type Recipients } from './recipients.js';

/**
 * Alert evaluation and delivery (issue 23, decision 023). Every instance runs the same loop;
 * nothing depends on which one does the work:
 * - evaluation claims rules with a short lease (less duplicate work, never correctness), reads
 *   the board as the board reads it, and moves the rule's state (ok → firing → ok);
 * - every notification is a row per channel with a unique key (rule, occurrence, channel), so
 *   a firing evaluated twice, on two instances or after a restart, is queued once;
 * - sending claims due rows with a lease (FOR UPDATE SKIP LOCKED) and retries 5xx, 408, 429,
 *   timeouts and network failures with back-off, then records `failed` with the reason.
 * Time is the injected clock's: tests move it; nothing here reads the wall clock to decide.
 */

export const MAX_ATTEMPTS = 5;
/** Back-off after attempt n (1-based): 30 s, 1 min, 2 min, 4 min. */
export const retryDelayMs = (attempt: number) => 30_000 * 2 ** (attempt - 1);
/** The evaluation loop's default interval (real time; each pass reads the injected clock). */
export const DEFAULT_TICK_MS = 15_000;

export interface AlertService {
  /** One pass: evaluate the rules no other instance is evaluating, then send what is due. */
  runOnce(): Promise<{ evaluated: number; sent: number }>;
  /** Sends the rule's message now, once per channel (no retries): `Send test`; null: no board. */
  sendTest(rule: OpenRule): Promise<AlertTestResult | null>;
  /**
   * One notification of the rule per destination of each channel: queued for the recipients who
   * agreed, `skipped` with the reason for the others (decision 30).
   */
  plan(rule: OpenRule): Promise<PlannedDelivery[]>;
  /** The people the rule's channels reach who must agree first, as keys. */
  recipientKeys(rule: Pick<OpenRule, 'companyId' | 'channels'>): Promise<RecipientKey[]>;
  /** Stops the loop and waits for a pass still running (the database closes next). */
  close(): Promise<void>;
}

/** The board a rule watches: its row, its settings and its answer as its screens see it. */
export interface BoardReading {
  board: AlertBoard;
  /** The company's platform by its name ("{provider}"), for the stale rule's words. */
  platformName: string;
  settings: CompanyBoardSettings;
  answer: CapacityResponse;
}

/** What evaluation needs of a board (services/boards). */
export interface AlertBoard {
  id: number;
  companyId: number;
  name: string;
  /** Whether it is the company's first board (its address needs no `boardId`). */
  first: boolean;
}

export function createAlertService(deps: {
  store: AlertStore;
  sender: ChannelSender;
  /** Who has agreed to receive messages (decision 30). */
  recipients: Recipients;
  events: EventBus;
  now: () => Date;
  /** A board (null: deleted since), its settings and its answer as its screens see it. */
  readBoard(boardId: number): Promise<BoardReading | null>;
  publicUrl: string;
  /** Message budgets: ended windows are deleted by the loop. */
  budget?: MessageBudget;
  logger?: FastifyBaseLogger;
  /** Real-time interval of the loop; 0: no loop (tests call runOnce). */
  tickMs?: number;
  /** How leases are renewed while work runs (tests: by hand). */
  leaseTicker?: LeaseTicker;
  /** How many due deliveries one claim takes and sends side by side (default 20). */
  sendBatch?: number;
}): AlertService {
  const { store, sender, now, logger } = deps;
  const owner = `alerts-${crypto.randomUUID()}`;
  const batch = deps.sendBatch ?? 20;
  const mailHost = new URL(deps.publicUrl).hostname || 'call-board.invalid';
  /**
   * One delivery's e-mail `Message-ID`, the same for every attempt: its id and when it was queued
   * (so a database started afresh never reuses one a mailbox has seen), at the board's host.
   */
  const messageIdOf = (delivery: DeliveryRow) =>
    `<alert-${delivery.id}.${delivery.createdAt.getTime()}@${mailHost}>`;

  /** The watched numbers of a rule's day: one item of the board or the whole board. */
  async function numbersOf(
    rule: OpenRule,
    reading: BoardReading,
  ): Promise<{
    day: CapacityDay;
    weekday: string;
    item: string | null;
    booked: number;
    target: number;
    percent: number;
    expectedPercent: number | null;
    /** Jobs of target, or (a board measuring hours, issue 35) booked hours of capacity. */
    of: 'target' | 'hours';
  } | null> {
    const day = reading.answer.days[rule.dayOffset - 1];
    if (!day) return null;
    let item: string | null = null;
    let booked: number;
    let target: number;
    if (rule.itemId !== null) {
      const found = day.data.find((d) => String(d.id) === String(rule.itemId));
      if (!found) return null;
      item = found.name;
      // An hours board's numbers are hours (issue 35): booked of the crew's capacity.
      booked = found.hours ? found.hours.booked : found.scheduled;
      target = found.hours ? found.hours.capacity : found.target;
    } else if (day.hours) {
      ({ booked, capacity: target } = day.hours);
    } else {
      ({ scheduled: booked, target } = capacityTotals(day.data));
    }
    const of = day.hours ? ('hours' as const) : ('target' as const);
    // The pace work's expected percent by now, when the board answer carries it.
    const expected = (day as CapacityDay & { expectedPercent?: unknown }).expectedPercent;
    return {
      day,
      weekday: weekdayOf(day.date),
      item,
      booked,
      target,
      percent: capacityPercent(booked, target),
      expectedPercent: typeof expected === 'number' ? Math.round(expected) : null,
      of,
    };
  }

  function baseMessage(
    rule: OpenRule,
    reading: BoardReading,
    companyName: string,
    event: AlertMessage['event'],
    summary: string,
  ): AlertMessage {
    return {
      event,
      ruleName: rule.name,
      kind: rule.kind,
      companyName,
      boardName: reading.board.name,
      boardUrl: `${deps.publicUrl}/${reading.board.first ? '' : `boards/${reading.board.id}`}`,
      summary,
      day: null,
      item: null,
      booked: null,
      target: null,
      percent: null,
      expectedPercent: null,
      staleSince: null,
      at: now().toISOString(),
      shortUrl: shortBoardUrl(deps.publicUrl, reading.board.id),
    };
  }

  /** What the rule sees now: whether it holds, the key of this occurrence, and its message. */
  async function assess(
    rule: OpenRule,
    reading: BoardReading,
    companyName: string,
    at: Date,
    /** A behind rule's check time (HH:MM) the line names; the time of `at` otherwise. */
    checkTime?: string,
  ): Promise<
    | { holds: true; key: string; line: string; message: AlertMessage; firing: string }
    | { holds: false; message: AlertMessage; firing: string }
    | null
  > {
    const { settings, answer } = reading;
    const boardName = reading.board.name;
    if (rule.kind === 'stale') {
      const fetchedAt = answer.fetchedAt ? new Date(answer.fetchedAt) : null;
      if (!fetchedAt) return null; // never read: nothing to call stale yet
      const staleForMs = at.getTime() - fetchedAt.getTime();
      const holds = answer.stale && staleForMs > (rule.staleMinutes ?? 0) * 60_000;
      const since = clockTime(localHhmm(fetchedAt, settings.timezone));
      const minutes = Math.floor(staleForMs / 60_000);
      // What it says when it fires (and what Send test shows, whatever the numbers are now).
      const firing = holds
        ? `Stale numbers on ${boardName}: ${reading.platformName} has failed for ${minutes} minutes`
        : `Stale numbers on ${boardName}: ${reading.platformName} has failed for more than ${rule.staleMinutes ?? 0} minutes`;
      const message = baseMessage(
        rule,
        reading,
        companyName,
        holds ? 'firing' : 'resolved',
        holds ? firing : `Numbers fresh again on ${boardName}: ${reading.platformName} answers`,
      );
      message.staleSince = `${since} (${fetchedAt.toISOString()})`;
      if (answer.staleReason && holds) message.summary += ` (${answer.staleReason})`;
      return holds
        ? {
            holds,
            key: `stale:${fetchedAt.toISOString()}`,
            line: `Numbers stale since ${since}`,
            message,
            firing: message.summary,
          }
        : { holds, message, firing };
    }
    const numbers = await numbersOf(rule, reading);
    if (!numbers) return null;
    const what = numbers.item ? `${numbers.weekday} (${numbers.item})` : numbers.weekday;
    const ofWhat = numbers.of === 'hours' ? 'hours booked' : 'of target';
    const fill = (message: AlertMessage) => {
      message.day = { date: numbers.day.date, weekday: numbers.weekday };
      message.item = numbers.item;
      message.booked = numbers.booked;
      message.target = numbers.target;
      message.percent = numbers.percent;
      message.expectedPercent = numbers.expectedPercent;
      if (numbers.of === 'hours') message.measure = 'hours';
      return message;
    };
    if (rule.kind === 'full') {
      // Full is the day's goal: the board's goal line for that day (issue 33 item 7), one
      // meaning on the board and in the rule.
      const goal = goalPercent(settings, rule.dayOffset);
      const holds = numbers.target > 0 && numbers.percent >= goal;
      const firing = `${what} is full: ${numbers.percent} % ${ofWhat}, at its goal of ${goal} % on ${boardName}`;
      const message = fill(
        baseMessage(
          rule,
          reading,
          companyName,
          holds ? 'firing' : 'resolved',
          holds
            ? firing
            : `${what} is below its goal of ${goal} % again: ${numbers.percent} % ${ofWhat} on ${boardName}`,
        ),
      );
      message.goalPercent = goal;
      return holds
        ? {
            holds,
            key: `full:${numbers.day.date}`,
            line: `${what} is full (${numbers.percent} %)`,
            message,
            firing,
          }
        : { holds, message, firing };
    }
    const belowThreshold =
      rule.thresholdPercent !== null && numbers.percent < rule.thresholdPercent;
    // Below pace is what the board says (decision 038): the day's own status when the rule
    // watches the day's total (judged by the board's similar past days, it can be on track a
    // little under the pointer); an item has no status of its own, so below the pointer.
    const belowPace =
      rule.belowPace &&
      (numbers.item === null
        ? numbers.day.pace !== 'on_track'
        : numbers.expectedPercent !== null && numbers.percent < numbers.expectedPercent);
    const holds = numbers.target > 0 && (belowThreshold || belowPace);
    const hhmm = checkTime ?? localHhmm(at, settings.timezone);
    const line = behindLine(what, numbers.percent, hhmm, numbers.of);
    const firing = `Behind: ${line} on ${boardName}`;
    const message = fill(
      baseMessage(
        rule,
        reading,
        companyName,
        holds ? 'firing' : 'resolved',
        holds ? firing : `Caught up: ${what} at ${numbers.percent} % ${ofWhat} on ${boardName}`,
      ),
    );
    message.clock = clockTime(hhmm);
    return holds
      ? { holds, key: `behind:${numbers.day.date}@`, line, message, firing }
      : { holds, message, firing };
  }

  /** The latest check time of a behind rule that has come today (local), on a working day. */
  function dueCheck(rule: OpenRule, settings: CompanyBoardSettings, at: Date): string | null {
    const local = new TZDate(at.getTime(), settings.timezone);
    const date = isoDate(local);
    const weekdayKey = WEEKDAY_KEYS[local.getDay()]!;
    if (!settings.workdays[weekdayKey]) return null;
    if (holidaysOn(date).some((name) => settings.holidays.includes(name))) return null;
    const hhmm = localHhmm(at, settings.timezone);
    const passed = rule.at.filter((time) => time <= hhmm).sort();
    const latest = passed.at(-1);
    return latest ? `${date}T${latest}` : null;
  }

  async function destinationsOf(rule: Pick<OpenRule, 'companyId' | 'channels'>) {
    const all = await Promise.all(
      rule.channels.map(async (channel, channelIndex) => {
        const driver = sender.driver(channel.type);
        const found = await driver.destinations(channel, { companyId: rule.companyId });
        return found.map((d) => ({ ...d, channel, channelIndex, kind: driver.recipientKind }));
      }),
    );
    return all.flat();
  }

  async function recipientKeys(
    rule: Pick<OpenRule, 'companyId' | 'channels'>,
  ): Promise<RecipientKey[]> {
    return (await destinationsOf(rule)).flatMap((d) =>
      d.kind ? [{ kind: d.kind, address: d.to }] : [],
    );
  }

  async function plan(rule: OpenRule): Promise<PlannedDelivery[]> {
    const destinations = await destinationsOf(rule);
    const keys = destinations.flatMap((d) => (d.kind ? [{ kind: d.kind, address: d.to }] : []));
    const states = await deps.recipients.states(rule.companyId, keys);
    return destinations.map((d) => {
      let withheld: string | null = null;
      if (d.kind) {
        const key = { kind: d.kind, address: d.to };
        const state = states.get(recipientKeyText(key))!;
        if (state.status !== 'confirmed') withheld = deps.recipients.withheldWords(key, state);
      }
      return {
        channelIndex: d.channelIndex,
        channel: d.channel,
        to: d.to,
        target: d.target,
        withheld,
      };
    });
  }

  async function notify(rule: OpenRule, occurrence: string, message: AlertMessage) {
    const queued = await store.enqueue(rule, occurrence, message, now(), await plan(rule));
    return queued.length;
  }

  async function evaluate(rule: OpenRule, at: Date): Promise<void> {
    const reading = await deps.readBoard(rule.boardId);
    if (!reading) return; // its board was deleted a moment ago: so is the rule
    const companyName = await store.companyName(rule.companyId);
    let check: string | null = null;
    if (rule.kind === 'behind') {
      check = dueCheck(rule, reading.settings, at);
      // Not firing: only a check time that came since the last one starts anything.
      if (rule.state === 'ok' && (!check || check === rule.lastCheck)) return;
    }
    const seen = await assess(rule, reading, companyName, at, check?.slice(11));
    if (!seen) {
      if (check && check !== rule.lastCheck) await store.setLastCheck(rule.id, check);
      return;
    }
    if (rule.state === 'ok') {
      if (seen.holds) {
        // A behind occurrence is its day and the check that found it behind.
        const occurrence = rule.kind === 'behind' ? `${seen.key}${check ?? ''}` : seen.key;
        // The state and its notifications in one transaction (issue 33 item 6).
        const moved = await store.transition(
          rule,
          {
            state: 'firing',
            firingKey: occurrence,
            firingLine: seen.line,
            firingSince: at,
            lastCheck: check,
          },
          { occurrence, message: seen.message, now: now(), planned: await plan(rule) },
        );
        if (moved) await announce(rule.companyId);
      } else if (check) {
        await store.setLastCheck(rule.id, check);
      }
      return;
    }
    // Firing: resolved when the condition no longer holds (or a behind/full day is no longer the
    // one that fired); else a repeat when its interval has passed.
    const firingKey = rule.firingKey ?? 'unknown';
    const sameOccurrence =
      seen.holds &&
      (rule.kind === 'behind' ? firingKey.startsWith(seen.key) : firingKey === seen.key);
    if (!seen.holds || !sameOccurrence) {
      const resolved = seen.holds
        ? {
            ...seen.message,
            event: 'resolved' as const,
            summary: `Resolved: ${rule.firingLine ?? rule.name} (the day is no longer displayed)`,
          }
        : seen.message;
      const moved = await store.transition(
        rule,
        { state: 'ok', firingKey: null, firingLine: null, firingSince: null, lastCheck: check },
        {
          occurrence: `${firingKey}:resolved`,
          message: resolved,
          now: now(),
          planned: await plan(rule),
        },
      );
      if (moved) await announce(rule.companyId);
      return;
    }
    // Still firing. A rule moved to firing by an older version, which queued its notifications
    // apart from the move, may have lost them to a crash in between: queue them now.
    if (rule.firingKey && !(await store.hasDeliveries(rule.id, rule.firingKey)))
      await notify(rule, rule.firingKey, seen.message);
    if (check && check !== rule.lastCheck) await store.setLastCheck(rule.id, check);
    if (rule.repeatMinutes && rule.firingSince) {
      const n = Math.floor(
        (at.getTime() - rule.firingSince.getTime()) / (rule.repeatMinutes * 60_000),
      );
      if (n >= 1)
        await notify(rule, `${firingKey}:repeat:${n}`, {
          ...seen.message,
          event: 'repeat',
          summary: `Still: ${seen.message.summary}`,
        });
    }
  }

  async function announce(companyId: number) {
    await deps.events.publish({ type: 'alerts.changed', companyId }).catch(() => undefined);
  }

  /** Sends one claimed delivery once; records delivered, a retry, or failed. */
  async function deliver(delivery: DeliveryRow, retries: boolean): Promise<boolean> {
    const rule = await store.byId(delivery.ruleId);
    if (!rule) return false;
    const channel = store.channelOf(delivery);
    const kind = sender.driver(channel.type).recipientKind;
    let stopUrl: string | null = null;
    if (kind) {
      // Asked again as it leaves: someone who said STOP since it was queued gets nothing.
      const key = { kind, address: delivery.recipient };
      const state = (await deps.recipients.states(rule.companyId, [key])).get(
        recipientKeyText(key),
      )!;
      if (state.status !== 'confirmed') {
        await store.finishDelivery(delivery.id, owner, {
          status: 'skipped',
          error: deps.recipients.withheldWords(key, state),
        });
        return false;
      }
      stopUrl = state.member ? null : await deps.recipients.stopLink(rule.companyId, key);
    }
    let outcome: SendOutcome;
    try {
      // The lease is renewed while the message is on its way (an SMTP server may take a while).
      outcome = await holdLease({
        now,
        renew: (until) => store.renewDelivery(delivery.id, owner, until),
        ticker: deps.leaseTicker,
        work: () =>
          sender.send(channel, delivery.message as AlertMessage, {
            id: `msg_alert_${delivery.id}`,
            messageId: messageIdOf(delivery),
            secret: rule.secret,
            row: {
              deliveryId: delivery.id,
              ruleId: delivery.ruleId,
              companyId: delivery.companyId,
            },
            to: delivery.recipient,
            stopUrl,
          }),
      });
    } catch (error) {
      outcome = { ok: false, retry: true, error: (error as Error).message };
    }
    if (outcome.ok) {
      // A carrier that reports delivery later (a text message) leaves it `sent` until it does.
      await store.finishDelivery(
        delivery.id,
        owner,
        outcome.externalId
          ? { status: 'sent', externalId: outcome.externalId, at: now() }
          : { status: 'delivered', at: now() },
      );
      return true;
    }
    if (retries && outcome.retry && delivery.attempts < MAX_ATTEMPTS) {
      await store.finishDelivery(delivery.id, owner, {
        status: 'retry',
        error: outcome.error,
        nextAttemptAt: new Date(now().getTime() + retryDelayMs(delivery.attempts)),
      });
    } else {
      const error =
        outcome.retry && retries
          ? `gave up after ${delivery.attempts} attempts: ${outcome.error}`
          : outcome.error;
      await store.finishDelivery(delivery.id, owner, { status: 'failed', error });
      logger?.warn(
        { deliveryId: delivery.id, ruleId: delivery.ruleId },
        `alert delivery failed: ${error}`,
      );
    }
    return false;
  }

  async function sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await store.claimDeliveries(owner, now(), batch);
      if (claimed.length === 0) return sent;
      const results = await Promise.all(claimed.map((d) => deliver(d, true)));
      sent += results.filter(Boolean).length;
    }
  }

  let running: Promise<{ evaluated: number; sent: number }> | null = null;
  async function pass(): Promise<{ evaluated: number; sent: number }> {
    const at = now();
    const rules = await store.claimRules(owner, at);
    for (const rule of rules) {
      try {
        await holdLease({
          now,
          renew: (until) => store.renewRule(rule.id, owner, until),
          ticker: deps.leaseTicker,
          work: () => evaluate(rule, at),
        });
      } catch (error) {
        logger?.warn({ err: error, ruleId: rule.id }, 'alert rule evaluation failed');
      } finally {
        await store.release(rule.id, owner);
      }
    }
    const sent = await sendDue();
    await deps.budget?.prune(at);
    await store.pruneCarrierReports(at);
    return { evaluated: rules.length, sent };
  }

  function runOnce() {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  }

  async function sendTest(rule: OpenRule): Promise<AlertTestResult | null> {
    const reading = await deps.readBoard(rule.boardId);
    if (!reading) return null;
    const companyName = await store.companyName(rule.companyId);
    const seen = await assess(rule, reading, companyName, now()).catch(() => null);
    // The test says what the alert will say when it fires (issue 33 item 7), never the words of
    // its recovery, with the board's numbers as they are now.
    const message: AlertMessage = {
      ...(seen?.message ?? baseMessage(rule, reading, companyName, 'test', '')),
      event: 'test',
    };
    message.summary = `Test of "${rule.name}": ${seen?.firing ?? 'this is how its alerts will arrive'}`;
    const queued = await store.enqueue(
      rule,
      `test:${crypto.randomUUID()}`,
      message,
      now(),
      await plan(rule),
    );
    const claimed = await store.claimDeliveries(
      owner,
      now(),
      queued.length,
      queued.map((d) => d.id),
    );
    await Promise.all(claimed.map((d) => deliver(d, false)));
    const outcomes = await store.outcomes(queued.map((d) => d.id));
    return {
      results: queued.map((d) => {
        const row = outcomes.find((l) => l.id === d.id);
        const ok = row?.status === 'delivered' || row?.status === 'sent';
        return {
          channelType: d.channelType as ChannelType,
          target: d.target,
          ok,
          error: ok ? null : (row?.lastError ?? 'not sent'),
        };
      }),
    };
  }

  const timer =
    deps.tickMs && deps.tickMs > 0
      ? setInterval(() => {
          runOnce().catch((error: unknown) => logger?.warn({ err: error }, 'alert pass failed'));
        }, deps.tickMs)
      : null;
  timer?.unref();

  return {
    runOnce,
    sendTest,
    plan,
    recipientKeys,
    async close() {
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

/**
 * A board's short link (`/b/<code>`, the board's id in base 36): a text message has 160
 * characters, and the redirect takes the person to the board (`GET /b/:ref`).
 */
export function shortBoardUrl(publicUrl: string, boardId: number): string {
  return `${publicUrl}/b/${boardId.toString(36)}`;
}

/** The board's goal for its n-th displayed day (its goal line; 100 past the third). */
export function goalPercent(settings: CompanyBoardSettings, dayOffset: number): number {
  const goals = settings.targetCapacity;
  return dayOffset === 1
    ? goals.day1
    : dayOffset === 2
      ? goals.day2
      : dayOffset === 3
        ? goals.day3
        : 100;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (local: Date) =>
  `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;

/** "HH:MM" of an instant in a zone. */
function localHhmm(at: Date, timeZone: string): string {
  const local = new TZDate(at.getTime(), timeZone);
  return `${pad(local.getHours())}:${pad(local.getMinutes())}`;
}

/** "2026-11-26" → "Thursday" (a calendar date's weekday needs no zone). */
function weekdayOf(date: string): string {
  return WEEKDAY_NAMES[new Date(`${date}T12:00:00Z`).getUTCDay()] ?? date;
}
