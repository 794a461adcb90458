import type { FastifyBaseLogger } from 'fastify';
import {
  NO_CREDENTIALS_ERROR,
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
import {
  defaultCompanySettings,
  readCompanySettings,
} from '../board-settings/board-settings-store.js';
import { resolveCredential, type CredentialResolution } from '../credentials/resolve-credential.js';
import { listItemGroups } from '../preferences/item-group-store.js';
import { listPreferences } from '../preferences/preference-store.js';
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
import { createSnapshotStore, type Snapshot } from './snapshot-store.js';

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
   * `POST /api/capacity`: never throws because ServiceTitan failed. The displayed days come from
   * the board company's stored settings (decision 009), never from the request.
   */
  boardFor(user: BoardUser, request: CapacityRequest | undefined): Promise<CapacityResponse>;
  /**
   * A company's board without a request (a paired screen, the server's own refresh schedule):
   * the company's ServiceTitan credential, preferences, groups and settings.
   */
  boardForCompany(companyId: number, viewType: ItemType): Promise<CapacityResponse>;
  /** Stops refreshes still running (app shutdown). */
  close(): Promise<void>;
}

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
  logger?: FastifyBaseLogger;
}): CapacityService {
  const { db, secretBox, serviceTitan, now, refreshMs, logger } = deps;
  const snapshots = createSnapshotStore({ db, now, starterWaitMs: deps.refreshWaitMs });
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

  function readMetadata(identity: string, client: ReturnType<ServiceTitanGateway['clientFor']>) {
    return snapshots.read<TenantMetadata>({
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
    });
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
    close: () => snapshots.close(),

    async metadataFor(user) {
      const resolution = await resolveCredential({
        db,
        secretBox,
        userId: user.id,
        companyId: user.boardCompanyId,
      });
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

    boardFor(user, request) {
      // The company whose board this is: a master admin may open another company's.
      const boardCompany = user.boardCompanyId ?? user.companyId;
      return computeBoard({
        boardCompany,
        viewType: request?.viewType ?? 'businessUnit',
        resolve: () =>
          resolveCredential({ db, secretBox, userId: user.id, companyId: user.boardCompanyId }),
      });
    },

    boardForCompany(companyId, viewType) {
      return computeBoard({
        boardCompany: companyId,
        viewType,
        resolve: () => resolveCredential({ db, secretBox, companyId }),
      });
    },
  };

  async function computeBoard(input: {
    boardCompany: number | null;
    viewType: ItemType;
    resolve: () => Promise<CredentialResolution>;
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
    // Independent reads in one round trip of the pool; a TV wall makes many of these.
    const [resolution, preferences, groups, settings] = await Promise.all([
      input.resolve(),
      // The company's preferences and groups shape everyone's board alike (decision 007).
      boardCompany === null ? [] : listPreferences(db, boardCompany, viewType),
      boardCompany === null ? [] : listItemGroups(db, boardCompany, viewType),
      // So do its settings: the displayed days are the company's (decision 009).
      boardCompany === null ? defaultCompanySettings() : readCompanySettings(db, boardCompany),
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
    const [bookings, metadata] = await Promise.all([
      snapshots.read<Bookings>({
        // Not the view type: both views are counted from the same raw bookings.
        key: `bookings:v1:${resolution.identity}:${window.startsOnOrAfter}/${window.startsBefore}`,
        intervalMs: refreshMs,
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
      readMetadata(resolution.identity, client),
    ]);

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
