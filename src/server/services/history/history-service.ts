import crypto from 'node:crypto';
import type { EventBus } from '../events/contract.js';
import type { FastifyBaseLogger } from 'fastify';
import type {
  BackfillState,
  HistoryDay,
  HistoryDayDetail,
  HistoryStatus,
  PacePoint,
} from '../../../shared/api/history.js';
import { paceLine, WORKING_DAY_HOURS } from '../../../shared/capacity/pace.js';
import {
  daysBetween,
  judgeByHistory,
  localInstant,
  peerCounts,
  type PaceCalendar,
} from '../../../shared/capacity/pace-model.js';
import { countsOnBoard } from '../capacity/build-board-days.js';
import { paceWindow, readPastDays } from './pace-history.js';
import type { ItemType } from '../../../shared/api/item-groups.js';
import {
  addDays,
  localDayOf,
  pastWorkingDays,
  todayDate,
  workingDaysBetween,
} from '../../../shared/calendar/display-days.js';
import type { Database } from '../../db/index.js';
import type { CapacityService } from '../capacity/capacity-service.js';
import { holdLease, type LeaseTicker } from '../leases/lease.js';
import { readSettingsOnly } from '../board-settings/board-settings-store.js';
import { settingsHomeOf, type BoardRow } from '../boards/board-store.js';
import { listItemGroups } from '../preferences/item-group-store.js';
import { listPreferences } from '../preferences/preference-store.js';
import { fillCurve, historyDays } from './history-days.js';
import { BACKFILL_WEEKS, backfillCompany } from './history-backfill.js';
import {
  claimTenant,
  companiesDueForBackfill,
  takeBackfillLease,
  readFinals,
  readBackfill,
  readDayRows,
  companiesDueForUpkeep,
  recordChanges,
  renewLease,
  takeUpkeepLease,
  upkeep,
} from './history-store.js';

/**
 * Board history (issue 27, decision 026): records a company's numbers when a refresh changed
 * them (on the instance that ran the refresh), and keeps the history in shape once a day per
 * company (retention, old detail thinned to each item's final row of the day) as background
 * work that instances share through the database lease (services/leases).
 */

/** Days whose detail (every change) is kept; older days keep each item's final row. */
export const HISTORY_DETAIL_DAYS = 56;
/** How often the upkeep loop looks for due companies (real time). */
export const DEFAULT_HISTORY_TICK_MS = 60_000;
/** The loop's first pass after start (real time). */
const FIRST_PASS_DELAY_MS = 2_000;
/** Companies one upkeep pass takes on. */
const UPKEEP_BATCH = 50;

export interface HistoryService {
  /** Records the company's numbers as they are now (no row for what did not change). */
  record(companyId: number): Promise<number>;
  /**
   * A board's history from `from` to `to` (`YYYY-MM-DD`, inclusive): its working days with
   * history, its items as it shows them (decision 026), in `viewType` (default: the board's).
   */
  forBoard(input: {
    board: BoardRow;
    from: string;
    to: string;
    viewType?: ItemType | undefined;
  }): Promise<HistoryDay[]>;
  /** Whether the company's last 13 weeks are being filled in, how far, when it finished. */
  status(board: BoardRow): Promise<HistoryStatus>;
  /** One day's fill curve against the board's pace curve (the History page's chosen day). */
  day(input: {
    board: BoardRow;
    date: string;
    viewType?: ItemType | undefined;
  }): Promise<HistoryDayDetail>;
  /** One upkeep pass over the companies due (tests call it; the loop calls it every tick). */
  runOnce(): Promise<{ companies: number; expired: number; thinned: number; backfilled: number }>;
  close(): Promise<void>;
}

export function createHistoryService(deps: {
  db: Database;
  capacity: CapacityService;
  now: () => Date;
  retentionDays: number;
  /** Real-time interval of the upkeep loop; 0: none (tests call runOnce). */
  tickMs?: number;
  leaseTicker?: LeaseTicker;
  logger?: FastifyBaseLogger;
  /** Told when a company's backfill finished: its boards judge pace by the history at once. */
  events?: EventBus;
}): HistoryService {
  const { db, capacity, now, logger } = deps;
  const owner = crypto.randomUUID();
  const pending = new Set<Promise<unknown>>();
  let running: Promise<{
    companies: number;
    expired: number;
    thinned: number;
    backfilled: number;
  }> | null = null;

  const track = <T>(work: Promise<T>): Promise<T> => {
    pending.add(work);
    void work.finally(() => pending.delete(work)).catch(() => undefined);
    return work;
  };

  /** Per company, one recording at a time on this instance: a refresh it starts waits its turn. */
  const queues = new Map<number, Promise<unknown>>();

  function record(companyId: number): Promise<number> {
    const previous = queues.get(companyId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => recordNow(companyId));
    queues.set(companyId, next);
    void next
      .finally(() => {
        if (queues.get(companyId) === next) queues.delete(companyId);
      })
      .catch(() => undefined);
    return next;
  }

  async function recordNow(companyId: number): Promise<number> {
    const numbers = await capacity.companyCounts(companyId);
    if (!numbers || numbers.counts.length === 0) return 0;
    await claimTenant(db, companyId, numbers.tenant);
    return recordChanges(db, companyId, numbers.counts, numbers.fetchedAt);
  }

  const stopListening = capacity.onNumbersChanged((companyId) => {
    track(record(companyId)).catch((error: unknown) =>
      logger?.warn({ err: error, companyId }, 'history could not be recorded'),
    );
  });

  async function forBoard(input: {
    board: BoardRow;
    from: string;
    to: string;
    viewType?: ItemType | undefined;
  }): Promise<HistoryDay[]> {
    const { board } = input;
    const companyId = board.companyId;
    const viewType = input.viewType ?? board.viewType;
    const [settings, finals, preferences, groups, metadata] = await Promise.all([
      readSettingsOnly(db, settingsHomeOf(board)),
      readFinals(db, companyId, input.from, input.to),
      listPreferences(db, companyId, viewType),
      listItemGroups(db, companyId, viewType),
      capacity.metadataFor({ id: `company:${companyId}`, companyId, boardCompanyId: companyId }),
    ]);
    return historyDays({
      finals,
      workingDays: workingDaysBetween({
        from: input.from,
        to: input.to,
        timeZone: settings.timezone,
        workdays: settings.workdays,
        holidays: settings.holidays,
      }),
      viewType,
      items: viewType === 'businessUnit' ? metadata.businessUnits : metadata.jobTypes,
      preferences,
      groups,
      // A board of the other view type picked none of these items: all of them.
      itemIds: viewType === board.viewType ? board.itemIds : null,
    });
  }

  async function status(board: BoardRow): Promise<HistoryStatus> {
    const [settings, backfill] = await Promise.all([
      readSettingsOnly(db, settingsHomeOf(board)),
      readBackfill(db, board.companyId),
    ]);
    const state: BackfillState = !backfill.connected
      ? 'not_connected'
      : backfill.status === 'done' || backfill.status === 'failed'
        ? backfill.status
        : backfill.status === 'running' && backfill.progress
          ? 'running'
          : 'waiting';
    return {
      backfill: {
        state,
        daysDone: backfill.progress?.done ?? 0,
        daysTotal: backfill.progress?.total || BACKFILL_WEEKS * 5,
        through: backfill.progress?.through ?? null,
        finishedAt: state === 'done' ? (backfill.progress?.finishedAt ?? null) : null,
      },
      timeZone: settings.timezone,
      detailDays: HISTORY_DETAIL_DAYS,
    };
  }

  async function day(input: {
    board: BoardRow;
    date: string;
    viewType?: ItemType | undefined;
  }): Promise<HistoryDayDetail> {
    const { board, date } = input;
    const companyId = board.companyId;
    const viewType = input.viewType ?? board.viewType;
    const [settings, rows, preferences, groups, metadata] = await Promise.all([
      readSettingsOnly(db, settingsHomeOf(board)),
      readDayRows(db, companyId, date, viewType),
      listPreferences(db, companyId, viewType),
      listItemGroups(db, companyId, viewType),
      capacity.metadataFor({ id: `company:${companyId}`, companyId, boardCompanyId: companyId }),
    ]);
    const known = new Set(rows.map((row) => row.itemId));
    const calendar = {
      timeZone: settings.timezone,
      workdays: settings.workdays,
      holidays: settings.holidays,
    };
    const itemIds = viewType === board.viewType ? board.itemIds : null;
    const points = fillCurve({
      date,
      rows,
      viewType,
      items: (viewType === 'businessUnit' ? metadata.businessUnits : metadata.jobTypes).filter(
        (item) => known.has(item.id),
      ),
      preferences,
      groups,
      itemIds,
      timeZone: settings.timezone,
    });
    const before = pastWorkingDays({
      now: new Date(localDayOf(date, calendar.timeZone).startUtc),
      ...calendar,
      count: 3,
    }).map((day) => day.date);
    const goals = [
      settings.targetCapacity.day1,
      settings.targetCapacity.day2,
      settings.targetCapacity.day3,
    ];
    // The board's own similar days, as its pointer would have shown them (decision 038).
    const byHistory =
      settings.paceCurve.learned === false || before.length < 3
        ? null
        : await paceByHistory({
            companyId,
            viewType,
            calendar,
            date,
            before,
            goals,
            target: points.at(-1)?.target ?? 0,
            counts: countsOnBoard(preferences, itemIds),
          });
    return {
      date,
      source:
        rows.length === 0
          ? null
          : rows.some((row) => row.source === 'reconstructed')
            ? 'reconstructed'
            : 'recorded',
      timeZone: settings.timezone,
      before,
      points,
      paceBy: byHistory ? 'history' : 'curve',
      pace:
        byHistory ??
        paceLine({
          date,
          curve: [settings.paceCurve.day1, settings.paceCurve.day2, settings.paceCurve.day3],
          goals,
          ...calendar,
        }),
    };
  }

  /**
   * The pace a past day's board would have shown on each working hour of the 3 working days
   * before it, by the board's similar days of the 8 weeks before each; null when there were too
   * few of them at any of those moments.
   */
  async function paceByHistory(input: {
    companyId: number;
    viewType: ItemType;
    calendar: PaceCalendar;
    date: string;
    before: string[];
    goals: number[];
    target: number;
    counts: (itemId: number) => boolean;
  }): Promise<PacePoint[] | null> {
    const { calendar, date, before } = input;
    const past = await readPastDays(db, {
      companyId: input.companyId,
      viewType: input.viewType,
      calendar,
      from: paceWindow(before[0]!).from,
      to: paceWindow(before.at(-1)!).to,
      counts: input.counts,
    });
    const points: PacePoint[] = [];
    for (const [index, on] of before.entries()) {
      const ahead = before.length - index;
      const { from, to } = paceWindow(on);
      const peersOf = past.filter((day) => day.date >= from && day.date <= to);
      for (let hours = WORKING_DAY_HOURS.start; hours <= WORKING_DAY_HOURS.end; hours++) {
        const moment = { ahead, hours, span: daysBetween(on, date) };
        const peers = peerCounts(peersOf, moment, calendar.timeZone);
        const judged = judgeByHistory({
          scheduled: 0,
          target: input.target,
          goal: input.goals[ahead - 1] ?? 100,
          peers: peers.counts,
          known: peers.known,
        });
        if (!judged?.usual) return null;
        points.push({
          at: new Date(localInstant(on, hours, calendar.timeZone)).toISOString(),
          expectedPercent: judged.expectedPercent,
          usualLow: judged.usual.low,
          usualHigh: judged.usual.high,
        });
      }
    }
    return points;
  }

  async function pass() {
    const at = now();
    const today = todayDate(at, 'UTC');
    const keepFrom = addDays(today, -deps.retentionDays);
    // A day more than the pace model reads (8 weeks before the board's own today), so a zone
    // behind UTC never loses the oldest of them a day early.
    const detailFrom = addDays(today, -HISTORY_DETAIL_DAYS - 1);
    const due = await companiesDueForUpkeep(db, { at, today, limit: UPKEEP_BATCH });
    let companies = 0;
    let expired = 0;
    let thinned = 0;
    for (const companyId of due) {
      if (!(await takeUpkeepLease(db, { companyId, owner, at, today }))) continue;
      const done = await holdLease({
        now,
        ticker: deps.leaseTicker,
        renew: (until) => renewLease(db, { companyId, owner, until }),
        work: () => upkeep(db, { companyId, owner, today, keepFrom, detailFrom, at: now() }),
      });
      if (!done) continue;
      companies += 1;
      expired += done.expired;
      thinned += done.thinned;
    }
    const backfilled = await backfills(at);
    return { companies, expired, thinned, backfilled };
  }

  /** History from day one for companies whose backfill is not done (issue 27, item 4). */
  async function backfills(at: Date): Promise<number> {
    let backfilled = 0;
    for (const companyId of await companiesDueForBackfill(db, { at, limit: UPKEEP_BATCH })) {
      const reader = await capacity.companyReader(companyId);
      if (!reader) continue;
      // History belongs to its account: another one drops it (and its backfill's progress).
      const account = await reader.account().catch((error: unknown) => {
        logger?.warn({ err: error, companyId }, 'the platform account could not be read');
        return null;
      });
      if (account === null) continue;
      await claimTenant(db, companyId, account);
      const progress = await takeBackfillLease(db, { companyId, owner, at: now() });
      if (!progress) continue;
      try {
        const finished = await holdLease({
          now,
          ticker: deps.leaseTicker,
          renew: (until) => renewLease(db, { companyId, owner, until }),
          work: (signal) =>
            backfillCompany({ db, companyId, owner, reader, progress, now, signal }),
        });
        if (finished) {
          backfilled += 1;
          // Its boards judge pace by these days from now (decision 038, issue 33 item 4): the
          // boards' answers, and what each instance kept of too short a history, are dropped.
          await deps.events
            ?.publish({ type: 'capacity.updated', companyId })
            .catch((error: unknown) =>
              logger?.warn({ err: error, companyId }, 'the finished backfill was not announced'),
            );
        }
      } catch (error) {
        // Left running with its progress: the next pass resumes after the last page done.
        logger?.warn({ err: error, companyId }, 'history backfill stopped');
        await renewLease(db, { companyId, owner, until: new Date(0) }).catch(() => undefined);
      }
    }
    return backfilled;
  }

  function runOnce() {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  }

  const timer =
    deps.tickMs && deps.tickMs > 0
      ? setInterval(() => {
          runOnce().catch((error: unknown) =>
            logger?.warn({ err: error }, 'history upkeep failed'),
          );
        }, deps.tickMs)
      : null;
  timer?.unref();
  // The first pass soon after start, not a whole tick later: a company connected while the
  // instance was down (or the demo company on `npm start`) starts its backfill at once.
  const first =
    deps.tickMs && deps.tickMs > 0
      ? setTimeout(() => {
          runOnce().catch((error: unknown) =>
            logger?.warn({ err: error }, 'history upkeep failed'),
          );
        }, FIRST_PASS_DELAY_MS)
      : null;
  first?.unref();

  return {
    record: (companyId) => track(record(companyId)),
    forBoard,
    status,
    day,
    runOnce,
    async close() {
      if (timer) clearInterval(timer);
      if (first) clearTimeout(first);
      stopListening();
      await running?.catch(() => undefined);
      await Promise.allSettled([...pending]);
    },
  };
}
