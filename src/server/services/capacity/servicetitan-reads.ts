import type { FastifyBaseLogger } from 'fastify';
import type { ServiceTitanClient, UtcWindow } from '../servicetitan/contract.js';
import { allOrNothing } from './all-or-nothing.js';
import {
  bookingsFromServiceTitan,
  decodeBookings,
  encodeBookings,
  type Bookings,
} from './bookings-snapshot.js';
import { describeFailure } from './describe-failure.js';
import {
  decodeMetadata,
  encodeMetadata,
  toMetadata,
  type TenantMetadata,
} from './metadata-snapshot.js';
import type { Snapshot, SnapshotRequest, SnapshotStore } from './snapshot-store.js';

/** Business units and job types change rarely (seed: cached for 10 minutes). */
export const METADATA_REFRESH_MS = 10 * 60 * 1000;

/** Puts a snapshot read on the server's refresh schedule (or leaves it as it is). */
export type Scheduled = <T>(request: SnapshotRequest<T>) => SnapshotRequest<T>;

const unscheduled: Scheduled = (request) => request;

export interface ServiceTitanReads {
  /** A tenant's business units and job types, shared by every board of the tenant. */
  metadata(
    identity: string,
    client: ServiceTitanClient,
    scheduled?: Scheduled,
  ): Promise<Snapshot<TenantMetadata>>;
  /** The snapshot key of a tenant's bookings in a UTC window (both views share it). */
  bookingsKey(identity: string, window: UtcWindow): string;
  metadataKey(identity: string): string;
  /** A tenant's appointments and jobs in a UTC window. */
  bookings(
    identity: string,
    client: ServiceTitanClient,
    window: UtcWindow,
    scheduled?: Scheduled,
  ): Promise<Snapshot<Bookings>>;
}

/**
 * Reading ServiceTitan into snapshots: which calls make up a snapshot, how often each is due,
 * how it is stored, and how a failure is told to the office. Nothing here knows about boards.
 */
export function createServiceTitanReads(deps: {
  snapshots: SnapshotStore;
  refreshMs: number;
  logger?: FastifyBaseLogger;
}): ServiceTitanReads {
  const { snapshots, refreshMs, logger } = deps;

  function describe(error: unknown) {
    const described = describeFailure(error);
    logger?.warn(
      { kind: described.kind, err: error instanceof Error ? error.message : String(error) },
      'ServiceTitan refresh failed',
    );
    return described;
  }

  const bookingsKey = (identity: string, window: UtcWindow) =>
    `bookings:v2:${identity}:${window.startsOnOrAfter}/${window.startsBefore}`;
  const metadataKey = (identity: string) => `metadata:v1:${identity}`;

  return {
    bookingsKey,
    metadataKey,

    metadata(identity, client, scheduled = unscheduled) {
      return snapshots.read<TenantMetadata>(
        scheduled({
          key: metadataKey(identity),
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
    },

    bookings(identity, client, window, scheduled = unscheduled) {
      return snapshots.read<Bookings>(
        scheduled({
          key: bookingsKey(identity, window),
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
      );
    },
  };
}
