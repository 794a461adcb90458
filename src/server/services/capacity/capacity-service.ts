import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  capacityResponseSchema,
  noCredentialsError,
  type CapacityRequest,
  type CapacityResponse,
} from '../../../shared/api/capacity.js';
import type { ItemType } from '../../../shared/api/item-groups.js';
import type { ProviderMetadata } from '../../../shared/api/providers.js';
import {
  displayDays,
  pastWorkingDays,
  startOfToday,
  todayDate,
  utcWindow,
  type LocalDay,
} from '../../../shared/calendar/display-days.js';
import {
  DAYS_DISPLAYED,
  type CompanyBoardSettings,
} from '../../../shared/settings/dashboard-settings.js';
import { workingDayElapsed } from '../../../shared/capacity/pace.js';
import type { Database } from '../../db/index.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { CredentialResolution } from '../credentials/resolve-credential.js';
import type { EventBus } from '../events/contract.js';
import type { Providers } from '../../platforms/index.js';
import type { ProviderReader, UtcWindow } from '../providers/port.js';
import { providerName } from '../../../shared/providers/platforms.js';
import { BOARD_ANSWER_TTL_MS, createAnswerCache, type BoardUser } from './answer-cache.js';
import { createBoardAnswers, notReadYet } from './board-answer.js';
import { createBoardInputs } from './board-inputs.js';
import { decodeBookings } from './bookings-snapshot.js';
import { decodeHours } from './hours-snapshot.js';
import { hoursByDay, type ItemHours } from '../../../shared/capacity/hours.js';
import { buildBoardDays, countsOnBoard } from './build-board-days.js';
import { decodeMetadata } from './metadata-snapshot.js';
import { listenForCapacityEvents } from './capacity-events.js';
import { PreparedAnswer } from './prepared-answer.js';
import { createRefreshSchedule } from './refresh-schedule.js';
import {
  createProviderReads,
  METADATA_REFRESH_MS,
  type ReadSource,
  type Scheduled,
} from './provider-reads.js';
import { createSnapshotStore, snapshotDueAt } from './snapshot-store.js';
import type { SettingsHome } from '../board-settings/board-settings-store.js';
import { settingsHomeOf, type BoardRow, type BoardStore } from '../boards/board-store.js';
import type { BoardMeasure } from '../../../shared/api/boards.js';
import {
  PACE_HISTORY_MIN_DAYS,
  type PaceCalendar,
  type PastDay,
} from '../../../shared/capacity/pace-model.js';
import { paceWindow, readPastDays } from '../history/pace-history.js';
import type { ItemPreference } from '../preferences/preference-store.js';

export { BOARD_ANSWER_TTL_MS, type BoardUser } from './answer-cache.js';
export { METADATA_REFRESH_MS } from './provider-reads.js';

/**
 * One board of the company (issue 26, decision 014): its settings decide the days, its items
 * which rows it shows (null: every item). Without one, the company's first board's settings
 * and every item.
 */
export interface BoardView {
  id: number;
  home: SettingsHome;
  itemIds: readonly (number | string)[] | null;
  /** Jobs against targets, or technician hours (issue 35); without it: jobs. */
  measure?: BoardMeasure;
}

/** How the board service reads a board of the store. */
export const boardViewOf = (board: BoardRow): BoardView => ({
  id: board.id,
  home: settingsHomeOf(board),
  itemIds: board.itemIds,
  measure: board.measure,
});

export interface CapacityService {
  /**
   * The company's platform and its items (`GET /api/provider/metadata`, and the seed's metadata
   * route in its four fields): never throws because the platform failed.
   */
  metadataFor(user: BoardUser): Promise<Omit<ProviderMetadata, 'webhookUrl'>>;
  /**
   * `POST /api/capacity`: the viewer's board, serialized by the response schema and ready to
   * send (`PreparedAnswer`). Never throws because the platform failed. The displayed days come
   * from the board company's stored settings (decision 009), never from the request.
   */
  preparedBoardFor(
    user: BoardUser,
    request: CapacityRequest | undefined,
    board?: BoardView,
  ): Promise<PreparedAnswer>;
  /**
   * The viewer's last computed board answer (exactly what `preparedBoardFor` answered, serialized by the
   * response schema, and compressed once per encoding asked for), while no event has changed
   * what it was made of and at most BOARD_ANSWER_TTL_MS old; undefined otherwise (then call
   * `preparedBoardFor`). The warm path of a wall of screens (issue 13): no reads, no date arithmetic,
   * no serialization, no compression.
   */
  cachedBoardAnswer(
    user: BoardUser,
    viewType: ItemType,
    boardId?: number,
  ): PreparedAnswer | undefined;
  /**
   * A company's board without a request (a paired screen, the server's own refresh schedule,
   * alert rules): the company's platform connection, preferences and groups, and `board`'s
   * settings and items (without one: the first board's settings and every item).
   */
  boardForCompany(
    companyId: number,
    viewType: ItemType,
    board?: BoardView,
  ): Promise<CapacityResponse>;
  /**
   * A stream of the company's board opened (issue 13): its snapshots stay on the server's
   * refresh schedule while it is open. Returns the function to call when it closes.
   */
  streamOpened(companyId: number): () => void;
  /**
   * Every item's numbers (both view types, whatever board shows them) on the company's displayed
   * days by its first board's settings, from the snapshot on hand (history, issue 27), with
   * when they were read and the platform account; null when there are none to record.
   */
  companyCounts(companyId: number): Promise<CompanyCounts | null>;
  /** The company's own platform reader (history's backfill); null without a connection. */
  companyReader(companyId: number): Promise<ProviderReader | null>;
  /**
   * The company's platform said its bookings changed (a webhook, decision 041): its bookings are
   * read again early on whichever instance holds its board, within the one-read-per-company
   * rule (snapshot-store.ts EARLY_READ_*). False when the company has no connection.
   */
  refreshSoon(companyId: number): Promise<boolean>;
  /** Told, on the instance that ran it, of each refresh that changed a company's numbers. */
  onNumbersChanged(listener: (companyId: number) => void): () => void;
  /**
   * A board's answer as its paired screens read it (`POST /api/capacity` as a screen), JSON text
   * prepared once and remembered for their requests too: what the `capacity` message carries to
   * the board's screens (issue 26, item 6). Null when the board is gone.
   */
  screenAnswer(companyId: number, boardId: number | null): Promise<string | null>;
  /** Stops refreshes still running (app shutdown). */
  close(): Promise<void>;
}

/** One company's numbers as history records them (see `companyCounts`). */
export interface CompanyCounts {
  fetchedAt: Date;
  /** The platform account they were read from (ProviderReader.account). */
  tenant: string;
  counts: {
    day: string;
    itemType: ItemType;
    itemId: number;
    scheduled: number;
    target: number;
    /** A business unit's technician hours (issue 35), while a board of the company measures them. */
    bookedHours?: number;
    capacityHours?: number;
  }[];
}

/**
 * The board service: who the board is for (credential, preferences, groups, settings from
 * board-inputs.ts), which snapshots it is made of (provider-reads.ts, kept on the refresh
 * schedule), the answer made of them (board-answer.ts) and the prepared answers remembered per
 * viewer (answer-cache.ts, dropped by the events in capacity-events.ts).
 */
export function createCapacityService(deps: {
  db: Database;
  secretBox: SecretBox;
  /** The platforms behind the provider port (decision 040). */
  providers: Providers;
  now: () => Date;
  refreshMs: number;
  /** How long a board request that started a refresh waits for it before answering. */
  refreshWaitMs?: number;
  /** Where a refresh that changed a company's board is told (`capacity.updated`). */
  events: EventBus;
  /** How often the refresh schedule looks for due snapshots (tests: shorter). */
  scheduleTickMs?: number;
  logger?: FastifyBaseLogger;
  /** The company's boards: one platform read covers all of their days (issue 26). */
  boards: Pick<BoardStore, 'cachedList'>;
}): CapacityService {
  const { db, secretBox, providers, now, refreshMs, logger, events, boards } = deps;
  const snapshots = createSnapshotStore({ db, now, starterWaitMs: deps.refreshWaitMs });
  // Credentials, preferences and groups from memory, dropped by the events that change them.
  const inputs = createBoardInputs({ db, secretBox, events, providers });
  /**
   * The board's own past days as the pace model reads them (decision 038), one entry per company,
   * view type, calendar, the board's items and day: kept 15 minutes (the past does not change
   * within a day), or 1 minute while there are too few to judge by or the last working day is
   * not in yet (a backfill still running: pace by all of them within a minute of it finishing).
   * The least recently used go first.
   */
  const pastDays = new LRUCache<string, Promise<PastDay[]>>({ max: 10_000, ttl: 900_000 });
  /**
   * Per company, the entries of `pastDays` read while too few days were in (kept a minute): a
   * finished backfill announces new numbers (capacity.updated), which drops them, so the board
   * judges by its history at once (issue 33, item 4), on every instance.
   */
  const provisionalPastDays = new Map<number, Set<string>>();
  const dropProvisionalPastDays = (companyId: number) => {
    const keys = provisionalPastDays.get(companyId);
    if (!keys) return;
    provisionalPastDays.delete(companyId);
    for (const key of keys) pastDays.delete(key);
  };

  const changeListeners = new Set<(companyId: number) => void>();
  const schedule = createRefreshSchedule({
    snapshots,
    now,
    tickMs: deps.scheduleTickMs,
    logger,
    onChange: (companyId) => {
      events.publish({ type: 'capacity.updated', companyId }).catch(() => undefined);
      for (const listener of changeListeners) listener(companyId);
    },
    // An unchanged read is announced too, as a few dozen bytes: boards count "Data fetched"
    // from it without reading their answer again (issue 33, item 2).
    onFetched: (companyId, fetchedAt) => {
      events
        .publish({ type: 'capacity.fetched', companyId, fetchedAt: fetchedAt.toISOString() })
        .catch(() => undefined);
    },
  });
  const reads = createProviderReads({ snapshots, refreshMs, logger });

  /** What the reads need of a ready connection: its platform, name in caches and reader. */
  const sourceOf = (resolution: Extract<CredentialResolution, { status: 'ready' }>): ReadSource => {
    const { provider } = resolution.connection;
    return {
      provider,
      identity: resolution.identity,
      reader: providers.reader(resolution.connection),
      describeError: (error) => providers.describeError(provider, error),
    };
  };
  const boardAnswers = createBoardAnswers({ refreshMs });
  const answers = createAnswerCache();
  const stopListening = listenForCapacityEvents({
    events,
    answers,
    onCapacityUpdated: (companyId) => {
      snapshots.invalidate(schedule.keysOf(companyId));
      dropProvisionalPastDays(companyId);
    },
    onCapacityFetched: (companyId, fetchedAt) =>
      snapshots.touch(schedule.fetchAnnouncedKeysOf(companyId), fetchedAt),
    onMissed: () => snapshots.invalidateAll(),
    onCapacityWanted: (companyId) => {
      // The rows say an early read is wanted: look at them now rather than at the next tick.
      snapshots.invalidate(schedule.keysOf(companyId));
      schedule.nudge(companyId);
    },
  });

  return {
    streamOpened(companyId) {
      const release = schedule.hold(companyId);
      // A stream alone holds the company on this instance's schedule, also when its board
      // requests went to another instance (a TV behind a load balancer): the schedule learns
      // which snapshots make up the board by reading it once, as a board request would.
      if (!schedule.knows(companyId)) {
        boardForCompany(companyId, 'businessUnit').catch((error: unknown) =>
          logger?.warn({ err: error, companyId }, 'a streamed board could not be read'),
        );
      }
      return release;
    },

    async close() {
      stopListening();
      answers.clear();
      provisionalPastDays.clear();
      schedule.close();
      inputs.close();
      await snapshots.close();
    },

    async metadataFor(user) {
      const resolution = await inputs.credential(user);
      const provider =
        resolution.status === 'ready' ? resolution.connection.provider : resolution.provider;
      const platform = { provider, providerName: providerName(provider), timeZone: null };
      const none = { businessUnits: [], jobTypes: [] };
      if (resolution.status === 'none') {
        return { ...platform, hasCredentials: false, error: null, ...none };
      }
      if (resolution.status === 'unusable') {
        return { ...platform, hasCredentials: true, error: resolution.reason, ...none };
      }
      const source = sourceOf(resolution);
      const [snapshot, timeZone] = await Promise.all([
        reads.metadata(source),
        source.reader.timeZone().catch(() => null),
      ]);
      if (!snapshot.payload) {
        return {
          ...platform,
          timeZone,
          hasCredentials: true,
          error: snapshot.lastError?.message ?? notReadYet(platform.providerName),
          ...none,
        };
      }
      return { ...platform, timeZone, hasCredentials: true, error: null, ...snapshot.payload };
    },

    cachedBoardAnswer(user, viewType, boardId) {
      return answers.get(user, viewType, now().getTime(), boardId);
    },

    preparedBoardFor,

    boardForCompany,

    companyCounts,

    async companyReader(companyId) {
      const resolution = await inputs.credential({
        id: `company:${companyId}`,
        companyId,
        boardCompanyId: companyId,
      });
      if (resolution.status !== 'ready') return null;
      return providers.reader(resolution.connection);
    },

    async refreshSoon(companyId) {
      const resolution = await inputs.credential({
        id: `company:${companyId}`,
        companyId,
        boardCompanyId: companyId,
      });
      if (resolution.status !== 'ready') return false;
      await snapshots.want(reads.bookingsPrefix(resolution.identity), now());
      await events.publish({ type: 'capacity.wanted', companyId });
      return true;
    },

    onNumbersChanged(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },

    async screenAnswer(companyId, boardId) {
      const rows = await boards.cachedList(companyId);
      const board = boardId === null ? rows[0] : rows.find((b) => b.id === boardId);
      if (!board) return null;
      // The viewer every paired screen of the company is (permissions.ts boardViewer).
      const viewer = { id: `screens:${companyId}`, companyId, boardCompanyId: companyId };
      const at = now().getTime();
      const answer =
        answers.get(viewer, board.viewType, at, board.id) ??
        (await preparedBoardFor(viewer, { viewType: board.viewType }, boardViewOf(board)));
      return answer.json;
    },
  };

  async function companyCounts(companyId: number): Promise<CompanyCounts | null> {
    const resolution = await inputs.credential({
      id: `company:${companyId}`,
      companyId,
      boardCompanyId: companyId,
    });
    if (resolution.status !== 'ready') return null;
    const settings = await inputs.settings(companyId);
    const at = now();
    const days = daysOf(settings, at);
    if (days.length === 0) return null;
    // Only what this instance holds (it has just refreshed it): history never asks the platform.
    const { window, hoursWanted } = await companyWindow(companyId, days, at);
    const [bookings, metadata, hours] = await Promise.all([
      snapshots.peek(reads.bookingsKey(resolution.identity, window), decodeBookings),
      snapshots.peek(reads.metadataKey(resolution.identity), decodeMetadata),
      // Hours beside the counts (issue 35), while a board of the company measures them.
      hoursWanted
        ? snapshots.peek(reads.hoursKey(resolution.identity, weekBefore(window)), decodeHours)
        : null,
    ]);
    if (!bookings) return null;
    if (!bookings.payload || !bookings.fetchedAt) return null;
    // A refused read (kind forbidden) is not hours: the boards count jobs then.
    const hoursOfDay: ReadonlyMap<number, ItemHours>[] | null =
      hours?.payload && hours.lastError?.kind !== 'forbidden'
        ? hoursByDay({
            reading: hours.payload,
            days: days.map((d) => ({
              date: d.date,
              startMs: Date.parse(d.startUtc),
              endMs: Date.parse(d.endUtc),
            })),
            bookings: bookings.payload,
          }).map((d) => d.items)
        : null;
    const counts: CompanyCounts['counts'] = [];
    for (const itemType of ['businessUnit', 'jobType'] as const) {
      const { preferences } = await inputs.preferences(companyId, itemType);
      const active = metadata?.payload
        ? itemType === 'businessUnit'
          ? metadata.payload.businessUnits
          : metadata.payload.jobTypes
        : [];
      // Every item's own numbers: no groups, nothing hidden, every item (history is the
      // company's; a board picks and groups when it reads it back).
      for (const day of buildBoardDays({
        counts: boardAnswers.counts(bookings.payload, days, itemType, 0),
        items: active,
        viewType: itemType,
        preferences: preferences.map((p) => ({ ...p, enabled: true, groupId: null })),
        groups: [],
      })) {
        const dayHours =
          itemType === 'businessUnit'
            ? hoursOfDay?.[days.findIndex((d) => d.date === day.date)]
            : null;
        for (const item of day.data) {
          const unitHours = dayHours?.get(Number(item.id));
          counts.push({
            day: day.date,
            itemType,
            itemId: Number(item.id),
            scheduled: item.scheduled,
            target: item.target,
            ...(dayHours
              ? { bookedHours: unitHours?.booked ?? 0, capacityHours: unitHours?.capacity ?? 0 }
              : {}),
          });
        }
      }
    }
    const tenant = await providers.reader(resolution.connection).account();
    // Hours read after the bookings are numbers of that later moment: rows written for the
    // bookings alone (their refresh announced first) are followed by rows with the hours.
    const fetchedAt =
      hoursOfDay && hours?.fetchedAt && hours.fetchedAt > bookings.fetchedAt
        ? hours.fetchedAt
        : bookings.fetchedAt;
    return { fetchedAt, tenant, counts };
  }

  /**
   * The viewer's board, computed, serialized by the response schema and prepared for sending;
   * remembered for `cachedBoardAnswer` in the common case.
   */
  async function preparedBoardFor(
    user: BoardUser,
    request: CapacityRequest | undefined,
    board?: BoardView,
  ): Promise<PreparedAnswer> {
    // The company whose board this is: a master admin may open another company's.
    const boardCompany = user.boardCompanyId ?? user.companyId;
    const viewType = request?.viewType ?? 'businessUnit';
    const mark = answers.mark();
    const at = now().getTime();
    let validUntil = at + BOARD_ANSWER_TTL_MS;
    const computed = await computeBoard({
      boardCompany,
      viewType,
      board,
      resolve: () => inputs.credential(user),
      dueAt: (due) => {
        validUntil = Math.min(validUntil, due);
      },
    });
    const answer = new PreparedAnswer(JSON.stringify(capacityResponseSchema.parse(computed)));
    // Only the common case is remembered: numbers without an error (errors are rare and
    // should be re-evaluated), and only when no event came while they were computed.
    if (!computed.error) {
      answers.remember(user, viewType, { answer, boardCompany, validUntil }, mark, board?.id);
    }
    return answer;
  }

  function boardForCompany(
    companyId: number,
    viewType: ItemType,
    board?: BoardView,
  ): Promise<CapacityResponse> {
    return computeBoard({
      boardCompany: companyId,
      viewType,
      board,
      resolve: () =>
        inputs.credential({ id: `company:${companyId}`, companyId, boardCompanyId: companyId }),
    });
  }

  async function computeBoard(input: {
    boardCompany: number | null;
    viewType: ItemType;
    board?: BoardView | undefined;
    resolve: () => Promise<CredentialResolution>;
    /** Told when the snapshots the answer is built from are next due for a refresh. */
    dueAt?: (at: number) => void;
  }): Promise<CapacityResponse> {
    const { boardCompany, viewType } = input;
    // Independent reads, from memory in the common case (board-inputs.ts): the company's
    // preferences, groups (decision 007) and settings (decision 009) shape everyone's board alike.
    const [resolution, { preferences, groups }, settings] = await Promise.all([
      input.resolve(),
      boardCompany === null
        ? { preferences: [], groups: [] }
        : inputs.preferences(boardCompany, viewType),
      inputs.settings(boardCompany, input.board?.home),
    ]);
    if (resolution.status === 'none') {
      return boardAnswers.empty(noCredentialsError(providerName(resolution.provider)));
    }
    if (resolution.status === 'unusable') return boardAnswers.empty(resolution.reason);

    const at = now();
    const days = daysOf(settings, at);
    if (!utcWindow(days)) return boardAnswers.empty();
    // One read for all of the company's boards: the union of their days (issue 26).
    const { window, hoursWanted } = await companyWindow(boardCompany, days, at);

    const source = sourceOf(resolution);
    // The board's snapshots join the server's refresh schedule (refresh-schedule.ts).
    const scheduled: Scheduled = (request) =>
      boardCompany === null ? request : schedule.watch(boardCompany, request);
    // The bookings' unchanged reads are announced: "Data fetched" counts from them.
    const announced: Scheduled = (request) =>
      boardCompany === null
        ? request
        : schedule.watch(boardCompany, request, { announceFetched: true });
    // Hours (issue 35): read with the bookings, on the same interval, while any board of the
    // company measures them; over the same days and the week before them (the crew then).
    const measuresHours = input.board?.measure === 'hours' && viewType === 'businessUnit';
    if (!hoursWanted && boardCompany !== null) schedule.forget(boardCompany, HOURS_KIND);
    const hoursWindow = weekBefore(window);
    const [bookings, metadata, hours] = await Promise.all([
      reads.bookings(source, window, announced),
      reads.metadata(source, scheduled),
      measuresHours ? reads.hours(source, hoursWindow, scheduled) : null,
    ]);

    // An answer read while a refresh was still running (here or on another instance) is not
    // kept: the new numbers are on their way.
    const settled =
      snapshots.settled(reads.bookingsKey(resolution.identity, window)) &&
      (!hours || snapshots.settled(reads.hoursKey(resolution.identity, hoursWindow)));
    input.dueAt?.(
      settled
        ? Math.min(
            snapshotDueAt(bookings, { intervalMs: refreshMs }),
            snapshotDueAt(metadata, { intervalMs: METADATA_REFRESH_MS, failureRetryMs: refreshMs }),
            hours ? snapshotDueAt(hours, { intervalMs: refreshMs }) : Number.POSITIVE_INFINITY,
          )
        : Number.NEGATIVE_INFINITY,
    );
    const answer = boardAnswers.answer({
      providerName: providerName(source.provider),
      bookings,
      metadata,
      days,
      viewType,
      preferences,
      groups,
      at,
      todayStartMs: startOfToday(at, settings.timezone),
      itemIds: input.board?.itemIds ?? null,
      ...(measuresHours ? { hours: { snapshot: hours, timeZone: settings.timezone } } : {}),
      pace: {
        curve: [settings.paceCurve.day1, settings.paceCurve.day2, settings.paceCurve.day3],
        elapsed: workingDayElapsed({ now: at, ...calendarOf(settings) }),
        goals: [
          settings.targetCapacity.day1,
          settings.targetCapacity.day2,
          settings.targetCapacity.day3,
        ],
        // History is of jobs: a board measuring hours keeps the set curve.
        history: measuresHours
          ? null
          : await pastDaysOf(boardCompany, viewType, settings, preferences, input.board, at),
        calendar: calendarOf(settings),
      },
    });
    return answer;
  }

  /**
   * The board's own past days for the pace model (decision 038): its working days of the last 8
   * weeks, counting its items; null when the board chose the set curve (`paceCurve.learned`
   * false; absent is true: history judges once there is enough of it).
   */
  async function pastDaysOf(
    companyId: number | null,
    viewType: ItemType,
    settings: CompanyBoardSettings,
    preferences: ItemPreference[],
    board: BoardView | undefined,
    at: Date,
  ): Promise<PastDay[] | null> {
    if (settings.paceCurve.learned === false || companyId === null) return null;
    const calendar = calendarOf(settings);
    const today = todayDate(at, calendar.timeZone);
    const itemIds = board?.itemIds ?? null;
    const key = JSON.stringify([
      companyId,
      viewType,
      calendar,
      today,
      itemIds,
      // What decides which items count: hidden ones and groups (a picked group brings its items).
      preferences
        .filter((p) => !p.enabled || p.groupId !== null)
        .map((p) => [p.itemId, p.enabled, p.groupId]),
    ]);
    let days = pastDays.get(key);
    if (!days) {
      const read = readPastDays(db, {
        companyId,
        viewType,
        calendar,
        ...paceWindow(today),
        counts: countsOnBoard(preferences, itemIds),
      });
      days = read;
      pastDays.set(key, read);
      // Until the last working day is in (a backfill fills in the oldest first) or while too
      // few are, read again within a minute: pace by all of them soon after the backfill ends.
      const [lastWorkingDay] = pastWorkingDays({ now: at, ...calendar, count: 1 });
      read.then(
        (found) => {
          const whole =
            found.length >= PACE_HISTORY_MIN_DAYS &&
            found.some((day) => day.date === lastWorkingDay?.date);
          if (!whole && pastDays.get(key) === read) {
            pastDays.set(key, read, { ttl: 60_000 });
            const keys = provisionalPastDays.get(companyId) ?? new Set<string>();
            provisionalPastDays.set(companyId, keys.add(key));
          }
        },
        () => pastDays.delete(key),
      );
    }
    return days.catch((error: unknown) => {
      logger?.warn({ err: error, companyId }, 'the board history for pace could not be read');
      return null;
    });
  }

  /**
   * The UTC window the platform is read for: every displayed day of every board of the company,
   * so all of them are answered from one snapshot (one key, one read per interval, one entry on
   * the refresh schedule) however their time zones, workdays and holidays differ.
   */
  async function companyWindow(
    boardCompany: number | null,
    own: LocalDay[],
    at: Date,
  ): Promise<{ window: UtcWindow; hoursWanted: boolean }> {
    const allDays = [own];
    let hoursWanted = false;
    if (boardCompany !== null) {
      const rows = await boards.cachedList(boardCompany);
      const settings = await Promise.all(
        rows.map((row) => inputs.settings(boardCompany, settingsHomeOf(row))),
      );
      for (const each of settings) allDays.push(daysOf(each, at));
      hoursWanted = rows.some((row) => row.measure === 'hours' && row.viewType === 'businessUnit');
    }
    return { window: unionWindow(allDays), hoursWanted };
  }
}

/** The board's calendar: its zone, workdays and holidays. */
function calendarOf(
  settings: Pick<CompanyBoardSettings, 'timezone' | 'workdays' | 'holidays'>,
): PaceCalendar {
  return { timeZone: settings.timezone, workdays: settings.workdays, holidays: settings.holidays };
}

/** A board's displayed days (decision 009: from its stored settings). */
function daysOf(
  settings: Pick<CompanyBoardSettings, 'timezone' | 'workdays' | 'holidays'>,
  at: Date,
): LocalDay[] {
  return displayDays({
    now: at,
    timeZone: settings.timezone,
    workdays: settings.workdays,
    holidays: settings.holidays,
    count: DAYS_DISPLAYED,
  });
}

/** The refresh schedule's kind of the hours snapshot (provider-reads.ts hoursKey). */
const HOURS_KIND = 'hours';

/**
 * The hours' window (issue 35): the company's days and a week before them, so the crew of the
 * same weekday a week earlier is known ("2 fewer technicians than last Thursday"); a day more
 * for a daylight-saving change between them.
 */
function weekBefore(window: UtcWindow): UtcWindow {
  return {
    startsOnOrAfter: new Date(Date.parse(window.startsOnOrAfter) - 8 * 86_400_000).toISOString(),
    startsBefore: window.startsBefore,
  };
}

/** The smallest UTC window holding every one of these days. */
function unionWindow(boardsDays: readonly LocalDay[][]): UtcWindow {
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const days of boardsDays) {
    const window = utcWindow(days);
    if (!window) continue;
    start = Math.min(start, Date.parse(window.startsOnOrAfter));
    end = Math.max(end, Date.parse(window.startsBefore));
  }
  return {
    startsOnOrAfter: new Date(start).toISOString(),
    startsBefore: new Date(end).toISOString(),
  };
}
