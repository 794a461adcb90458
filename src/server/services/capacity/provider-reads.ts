import type { FastifyBaseLogger } from 'fastify';
import type { ProviderId } from '../../../shared/providers/platforms.js';
import type { DescribedFailure, ProviderReader, UtcWindow } from '../providers/port.js';
import type { HoursReading } from '../../../shared/capacity/hours.js';
import { decodeBookings, encodeBookings, type Bookings } from './bookings-snapshot.js';
import { decodeHours, encodeHours } from './hours-snapshot.js';
import { decodeMetadata, encodeMetadata, type TenantMetadata } from './metadata-snapshot.js';
import type { Snapshot, SnapshotRequest, SnapshotStore } from './snapshot-store.js';

/** Business units and job types change rarely (seed: cached for 10 minutes). */
export const METADATA_REFRESH_MS = 10 * 60 * 1000;

/** Puts a snapshot read on the server's refresh schedule (or leaves it as it is). */
export type Scheduled = <T>(request: SnapshotRequest<T>) => SnapshotRequest<T>;

const unscheduled: Scheduled = (request) => request;

/** A company's platform connection as the reads need it (provider port, decision 040). */
export interface ReadSource {
  provider: ProviderId;
  /** The connection's name in shared caches (snapshot keys). */
  identity: string;
  reader: ProviderReader;
  /** The platform's words for a failed read. */
  describeError: (error: unknown) => DescribedFailure;
}

export interface ProviderReads {
  /** An account's items of both views, shared by every board of the account. */
  metadata(source: ReadSource, scheduled?: Scheduled): Promise<Snapshot<TenantMetadata>>;
  /** The snapshot key of an account's bookings in a UTC window (both views share it). */
  bookingsKey(identity: string, window: UtcWindow): string;
  /** What every bookings key of an account starts with (an early read marks them all). */
  bookingsPrefix(identity: string): string;
  metadataKey(identity: string): string;
  /** An account's bookings in a UTC window. */
  bookings(
    source: ReadSource,
    window: UtcWindow,
    scheduled?: Scheduled,
  ): Promise<Snapshot<Bookings>>;
  /**
   * An account's hours over a UTC window (issue 35), read with its bookings on the same refresh
   * interval; null when its platform has no hours.
   */
  hours(
    source: ReadSource,
    window: UtcWindow,
    scheduled?: Scheduled,
  ): Promise<Snapshot<HoursReading>> | null;
  hoursKey(identity: string, window: UtcWindow): string;
}

/**
 * Reading the company's platform into snapshots: which reads make up a snapshot, how often each
 * is due, how it is stored, and how a failure is told to the office. Nothing here knows about
 * boards, or which platform it reads.
 */
export function createProviderReads(deps: {
  snapshots: SnapshotStore;
  refreshMs: number;
  logger?: FastifyBaseLogger;
}): ProviderReads {
  const { snapshots, refreshMs, logger } = deps;

  function describer(source: ReadSource) {
    return (error: unknown) => {
      const described = source.describeError(error);
      logger?.warn(
        {
          provider: source.provider,
          kind: described.kind,
          err: error instanceof Error ? error.message : String(error),
        },
        'platform refresh failed',
      );
      return described;
    };
  }

  const bookingsPrefix = (identity: string) => `bookings:v3:${identity}:`;
  const bookingsKey = (identity: string, window: UtcWindow) =>
    `${bookingsPrefix(identity)}${window.startsOnOrAfter}/${window.startsBefore}`;
  const metadataKey = (identity: string) => `metadata:v1:${identity}`;
  const hoursKey = (identity: string, window: UtcWindow) =>
    `hours:v1:${identity}:${window.startsOnOrAfter}/${window.startsBefore}`;

  return {
    bookingsKey,
    bookingsPrefix,
    metadataKey,
    hoursKey,

    hours(source, window, scheduled = unscheduled) {
      const read = source.reader.hours?.bind(source.reader);
      if (!read) return null;
      return snapshots.read<HoursReading>(
        scheduled({
          key: hoursKey(source.identity, window),
          intervalMs: refreshMs,
          fetch: (signal) => read(window, { signal }),
          encode: encodeHours,
          decode: decodeHours,
          describeError: describer(source),
        }),
      );
    },

    metadata(source, scheduled = unscheduled) {
      return snapshots.read<TenantMetadata>(
        scheduled({
          key: metadataKey(source.identity),
          intervalMs: METADATA_REFRESH_MS,
          failureRetryMs: refreshMs,
          fetch: (signal) => source.reader.items({ signal }),
          encode: encodeMetadata,
          decode: decodeMetadata,
          describeError: describer(source),
        }),
      );
    },

    bookings(source, window, scheduled = unscheduled) {
      return snapshots.read<Bookings>(
        scheduled({
          key: bookingsKey(source.identity, window),
          intervalMs: refreshMs,
          fetch: (signal) => source.reader.bookings(window, { signal }),
          encode: encodeBookings,
          decode: decodeBookings,
          describeError: describer(source),
        }),
      );
    },
  };
}
