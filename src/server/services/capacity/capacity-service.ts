import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  NO_CREDENTIALS_ERROR,
  capacityResponseSchema,
  type CapacityRequest,
  type CapacityResponse,
} from '../../../shared/api/capacity.js';
import type { ItemType } from '../../../shared/api/item-groups.js';
import type { ServiceTitanMetadata } from '../../../shared/api/servicetitan.js';
import { displayDays, utcWindow, type LocalDay } from '../../../shared/calendar/display-days.js';
import { countJobs, type DayCounts } from '../../../shared/capacity/count-jobs.js';
import { DAYS_DISPLAYED } from '../../../shared/settings/dashboard-settings.js';
import type { Database } from '../../db/index.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { CredentialResolution } from '../credentials/resolve-credential.js';
import type { EventBus } from '../events/contract.js';
import type { ServiceTitanGateway } from '../servicetitan/contract.js';
import {
  bookingsFromServiceTitan,
  decodeBookings,
  encodeBookings,
  type Bookings,
} from './bookings-snapshot.js';
import { allOrNothing } from './all-or-nothing.js';
import { buildBoardDays } from './build-board-days.js';
import { describeFailure } from './describe-failure.js';
import {
  decodeMetadata,
  encodeMetadata,
  toMetadata,
  type TenantMetadata,
} from './metadata-snapshot.js';
import { createBoardInputs } from './board-inputs.js';
import { PreparedAnswer } from './prepared-answer.js';
import { createRefreshSchedule } from './refresh-schedule.js';
import {
  createSnapshotStore,
  snapshotDueAt,
  type Snapshot,
  type SnapshotRequest,
} from './snapshot-store.js';

export interface BoardUser {
  id: string;
  /** Whose preferences and groups shape the board (decision 007); none without a company. */
  companyId: number | null;
  /** A company's board opened by a master admin (`?companyId=`): its credential is used. */
  boardCompanyId?: number | undefined;
}

export interface CapacityService {
  /** `GET /api/servicetitan/metadata`: never throws because ServiceTitan failed. */
  metadataFor(user: BoardUser): Promise<ServiceTitanMetadata>;
  /**
   * `POST /api/capacity`: the viewer's board, serialized by the response schema and ready to
   * send (`PreparedAnswer`). Never throws because ServiceTitan failed. The displayed days come
   * from the board company's stored settings (decision 009), never from the request.
   */
  preparedBoardFor(user: BoardUser, request: CapacityRequest | undefined): Promise<PreparedAnswer>;
  /**
   * The viewer's last computed board answer (exactly what `preparedBoardFor` answered, serialized by the
   * response schema, and compressed once per encoding asked for), while no event has changed
   * what it was made of and at most BOARD_ANSWER_TTL_MS old; undefined otherwise (then call
   * `preparedBoardFor`). The warm path of a wall of screens (issue 13): no reads, no date arithmetic,
   * no serialization, no compression.
   */
  cachedBoardAnswer(user: BoardUser, viewType: ItemType): PreparedAnswer | undefined;
  /**
   * A company's board without a request (a paired screen, the server's own refresh schedule):
   * the company's ServiceTitan credential, preferences, groups and settings.
   */
  boardForCompany(companyId: number, viewType: ItemType): Promise<CapacityResponse>;
  /**
   * A stream of the company's board opened (issue 13): its snapshots stay on the server's
   * refresh schedule while it is open. Returns the function to call when it closes.
   */
  streamOpened(companyId: number): () => void;
  /** Stops refreshes still running (app shutdown). */
  close(): Promise<void>;
}

/**
 * A computed board answer is served from memory at most this long. Events drop it sooner
 * (capacity.updated, settings.changed, preferences.changed, credentials.changed, session.ended);
 * the limit bounds what no event announces: the day rolling over, numbers turning stale with
 * age, and the refresh schedule noticing the board is still watched (computeBoard runs at least
 * once per limit per viewer while requests come in).
 */
export const BOARD_ANSWER_TTL_MS = 1_000;

/** Business units and job types change rarely (seed: cached for 10 minutes). */
export const METADATA_REFRESH_MS = 10 * 60 * 1000;

const NOT_READ_YET =
  'ServiceTitan has not answered yet. The board will show numbers as soon as it does.';

export function createCapacityService(deps: {
  db: Database;
  secretBox: SecretBox;
  serviceTitan: ServiceTitanGateway;
  now: () => Date;
  refreshMs: number;
  /** How long a board request that started a refresh waits for it before answering. */
  refreshWaitMs?: number;
  /** Where a refresh that changed a company's board is told (`capacity.updated`). */
  events: EventBus;
  /** How often the refresh schedule looks for due snapshots (tests: shorter). */
  scheduleTickMs?: number;
  logger?: FastifyBaseLogger;
}): CapacityService {
  const { db, secretBox, serviceTitan, now, refreshMs, logger, events } = deps;
  const snapshots = createSnapshotStore({ db, now, starterWaitMs: deps.refreshWaitMs });
  // Credentials, preferences and groups from memory, dropped by the events that change them.
  const inputs = createBoardInputs({ db, secretBox, events });
  const schedule = createRefreshSchedule({
    snapshots,
    now,
    tickMs: deps.scheduleTickMs,
    logger,
    onChange: (companyId) => {
      events.publish({ type: 'capacity.updated', companyId }).catch(() => undefined);
    },
  });
  /**
   * Pre-serialized board answers per viewer and view type (`cachedBoardAnswer`). An entry names
   * the board company and the user whose credential it used, so events drop exactly theirs.
   */
  const answers = new LRUCache<
    string,
    { answer: PreparedAnswer; boardCompany: number | null; userId: string; validUntil: number }
  >({ max: 10_000, ttl: BOARD_ANSWER_TTL_MS });
  /** Bumped by every event: an answer computed before one must not be remembered. */
  let answersEpoch = 0;
  const answerKey = (user: BoardUser, viewType: ItemType) =>
    `${user.id}|${user.companyId ?? ''}|${user.boardCompanyId ?? ''}|${viewType}`;
  const dropAnswers = (
    match: (entry: { boardCompany: number | null; userId: string }) => boolean,
  ) => {
    for (const [key, entry] of answers.entries()) if (match(entry)) answers.delete(key);
  };
  const unsubscribeAnswers = events.subscribe((event) => {
    answersEpoch += 1;
    switch (event.type) {
      case 'capacity.updated':
        // New numbers were written (maybe by another instance): this instance's memory of the
        // company's snapshots is read again, so the boards told of them get them.
        snapshots.invalidate(schedule.keysOf(event.companyId));
        dropAnswers((entry) => entry.boardCompany === event.companyId);
        break;
      case 'settings.changed':
      case 'preferences.changed':
        dropAnswers((entry) => entry.boardCompany === event.companyId);
        break;
      case 'credentials.changed':
        if (event.companyId === null && !event.userId) answers.clear();
        else
          dropAnswers(
            (entry) =>
              (event.companyId !== null && entry.boardCompany === event.companyId) ||
              (event.userId !== undefined && entry.userId === event.userId),
          );
        break;
      case 'session.ended':
        // Who may see a board is checked on every request before this cache is asked; a user
        // whose company or credential changed must not get the answer made with the old one.
        if (event.userId) dropAnswers((entry) => entry.userId === event.userId);
        else if (!event.sessionIdHash) answers.clear();
        break;
      default:
        break;
    }
  });
  const unsubscribeMissedAnswers = events.onMissedEvents(() => {
    answersEpoch += 1;
    answers.clear();
  });

  /** Counting is cheap, but a TV wall of screens asks for the same numbers again and again. */
  const countCache = new WeakMap<Bookings, Map<string, DayCounts[]>>();

  function describe(error: unknown) {
    const described = describeFailure(error);
    logger?.warn(
      { kind: described.kind, err: error instanceof Error ? error.message : String(error) },
      'ServiceTitan refresh failed',
    );
    return described;
  }

  function readMetadata(
    identity: string,
    client: ReturnType<ServiceTitanGateway['clientFor']>,
    scheduled: <T>(request: SnapshotRequest<T>) => SnapshotRequest<T> = (request) => request,
  ) {
    return snapshots.read<TenantMetadata>(
      scheduled({
        key: `metadata:v1:${identity}`,
        intervalMs: METADATA_REFRESH_MS,
        failureRetryMs: refreshMs,
        fetch: async (shutdown) => {
          const [businessUnits, jobTypes] = await allOrNothing(
            (signal) => [client.listBusinessUnits({ signal }), client.listJobTypes({ signal })],
            shutdown,
          );
          return toMetadata(businessUnits, jobTypes);
        },
        encode: encodeMetadata,
        decode: decodeMetadata,
        describeError: describe,
      }),
    );
  }

  function countFor(
    bookings: Bookings,
    days: LocalDay[],
    viewType: 'businessUnit' | 'jobType',
  ): DayCounts[] {
    const cacheKey = `${viewType}|${days.map((d) => `${d.date}@${d.startUtc}`).join(',')}`;
    let perBookings = countCache.get(bookings);
    if (!perBookings) {
      perBookings = new Map();
      countCache.set(bookings, perBookings);
    }
    let counts = perBookings.get(cacheKey);
    if (!counts) {
      counts = countJobs({
        days: days.map((d) => ({
          date: d.date,
          startMs: Date.parse(d.startUtc),
          endMs: Date.parse(d.endUtc),
        })),
        appointments: bookings.appointments,
        jobs: bookings.jobs,
        viewType,
      });
      if (perBookings.size > 50) perBookings.clear();
      perBookings.set(cacheKey, counts);
    }
    return counts;
  }

  function staleness(
    snapshot: Snapshot<unknown>,
    at: Date,
  ): { stale: boolean; staleReason: string | null } {
    if (snapshot.lastError) return { stale: true, staleReason: snapshot.lastError.message };
    const age = snapshot.fetchedAt ? at.getTime() - snapshot.fetchedAt.getTime() : 0;
    if (age > 3 * refreshMs) {
      return {
        stale: true,
        staleReason: 'The numbers have not been refreshed for a while. The board keeps trying.',
      };
    }
    return { stale: false, staleReason: null };
  }

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
      unsubscribeAnswers();
      unsubscribeMissedAnswers();
      answers.clear();
      schedule.close();
      inputs.close();
      await snapshots.close();
    },

    async metadataFor(user) {
      const resolution = await inputs.credential(user);
      if (resolution.status === 'none')
        return { hasCredentials: false, error: null, businessUnits: [], jobTypes: [] };
      if (resolution.status === 'unusable') {
        return { hasCredentials: true, error: resolution.reason, businessUnits: [], jobTypes: [] };
      }
      const snapshot = await readMetadata(
        resolution.identity,
        serviceTitan.clientFor(resolution.credential),
      );
      if (!snapshot.payload) {
        return {
          hasCredentials: true,
          error: snapshot.lastError?.message ?? NOT_READ_YET,
          businessUnits: [],
          jobTypes: [],
        };
      }
      return { hasCredentials: true, error: null, ...snapshot.payload };
    },

    cachedBoardAnswer(user, viewType) {
      const entry = answers.get(answerKey(user, viewType));
      if (!entry) return undefined;
      // On the service clock too: the day, the age of the numbers and the snapshots' next
      // refresh (which a request past it must start) are on it.
      return now().getTime() < entry.validUntil ? entry.answer : undefined;
    },

    preparedBoardFor,

    boardForCompany,
  };

  /**
   * The viewer's board, computed, serialized by the response schema and prepared for sending;
   * remembered for `cachedBoardAnswer` in the common case.
   */
  async function preparedBoardFor(
    user: BoardUser,
    request: CapacityRequest | undefined,
  ): Promise<PreparedAnswer> {
    // The company whose board this is: a master admin may open another company's.
    const boardCompany = user.boardCompanyId ?? user.companyId;
    const viewType = request?.viewType ?? 'businessUnit';
    const startedIn = answersEpoch;
    const at = now().getTime();
    let validUntil = at + BOARD_ANSWER_TTL_MS;
    const board = await computeBoard({
      boardCompany,
      viewType,
      resolve: () => inputs.credential(user),
      dueAt: (due) => {
        validUntil = Math.min(validUntil, due);
      },
    });
    const answer = new PreparedAnswer(JSON.stringify(capacityResponseSchema.parse(board)));
    // Only the common case is remembered: numbers without an error (errors are rare and
    // should be re-evaluated), and only when no event came while they were computed.
    if (!board.error && startedIn === answersEpoch) {
      answers.set(answerKey(user, viewType), {
        answer,
        boardCompany,
        userId: user.id,
        validUntil,
      });
    }
    return answer;
  }

  function boardForCompany(companyId: number, viewType: ItemType): Promise<CapacityResponse> {
    return computeBoard({
      boardCompany: companyId,
      viewType,
      resolve: () =>
        inputs.credential({ id: `company:${companyId}`, companyId, boardCompanyId: companyId }),
    });
  }

  async function computeBoard(input: {
    boardCompany: number | null;
    viewType: ItemType;
    resolve: () => Promise<CredentialResolution>;
    /** Told when the snapshots the answer is built from are next due for a refresh. */
    dueAt?: (at: number) => void;
  }): Promise<CapacityResponse> {
    const { boardCompany, viewType } = input;
    const refreshIntervalSeconds = Math.round(refreshMs / 1000);
    const empty = {
      days: [],
      fetchedAt: null,
      stale: false,
      staleReason: null,
      refreshIntervalSeconds,
    };
    // Independent reads, from memory in the common case (board-inputs.ts): the company's
    // preferences, groups (decision 007) and settings (decision 009) shape everyone's board alike.
    const [resolution, { preferences, groups }, settings] = await Promise.all([
      input.resolve(),
      boardCompany === null
        ? { preferences: [], groups: [] }
        : inputs.preferences(boardCompany, viewType),
      inputs.settings(boardCompany),
    ]);
    if (resolution.status === 'none') return { ...empty, error: NO_CREDENTIALS_ERROR };
    if (resolution.status === 'unusable') return { ...empty, error: resolution.reason };

    const at = now();
    const days = displayDays({
      now: at,
      timeZone: settings.timezone,
      workdays: settings.workdays,
      holidays: settings.holidays,
      count: DAYS_DISPLAYED,
    });
    const window = utcWindow(days);
    if (!window) return empty;

    const client = serviceTitan.clientFor(resolution.credential);
    const bookingsIntervalMs = refreshMs;
    // The board's snapshots join the server's refresh schedule (refresh-schedule.ts).
    const scheduled = <T>(request: SnapshotRequest<T>) =>
      boardCompany === null ? request : schedule.watch(boardCompany, request);
    // Not the view type: both views are counted from the same raw bookings.
    const bookingsKey = `bookings:v1:${resolution.identity}:${window.startsOnOrAfter}/${window.startsBefore}`;
    const [bookings, metadata] = await Promise.all([
      snapshots.read<Bookings>(
        scheduled({
          key: bookingsKey,
          intervalMs: bookingsIntervalMs,
          fetch: async (shutdown) => {
            const [appointments, jobs] = await allOrNothing(
              (signal) => [
                client.listAppointments(window, { signal }),
                client.listJobs(window, { signal }),
              ],
              shutdown,
            );
            return bookingsFromServiceTitan(appointments, jobs);
          },
          encode: encodeBookings,
          decode: decodeBookings,
          describeError: describe,
        }),
      ),
      readMetadata(resolution.identity, client, scheduled),
    ]);

    // An answer read while a refresh was still running (here or on another instance) is not
    // kept: the new numbers are on their way.
    input.dueAt?.(
      snapshots.settled(bookingsKey)
        ? Math.min(
            snapshotDueAt(bookings, { intervalMs: bookingsIntervalMs }),
            snapshotDueAt(metadata, { intervalMs: METADATA_REFRESH_MS, failureRetryMs: refreshMs }),
          )
        : Number.NEGATIVE_INFINITY,
    );
    if (!bookings.payload) {
      return { ...empty, error: bookings.lastError?.message ?? NOT_READ_YET };
    }
    const items = metadata.payload
      ? viewType === 'businessUnit'
        ? metadata.payload.businessUnits
        : metadata.payload.jobTypes
      : [];
    const freshness = staleness(bookings, at);
    // Numbers without names are still numbers, but the board must say why rows show ids.
    const namesMissing = metadata.payload
      ? null
      : `${viewType === 'businessUnit' ? 'Business unit' : 'Job type'} names could not be read from ServiceTitan, so rows show their ids: ${metadata.lastError?.message ?? 'no answer yet'}`;
    return {
      days: buildBoardDays({
        counts: countFor(bookings.payload, days, viewType),
        items,
        viewType,
        preferences,
        groups,
      }),
      fetchedAt: bookings.fetchedAt?.toISOString() ?? null,
      ...(namesMissing && !freshness.stale
        ? { stale: true, staleReason: namesMissing }
        : freshness),
      refreshIntervalSeconds,
    };
  }
}
