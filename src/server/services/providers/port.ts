import type { ConnectionCheck } from '../../../shared/api/companies.js';
import type { NamedItem } from '../../../shared/api/providers.js';
import type { CountableAppointment, CountableJob } from '../../../shared/capacity/count-jobs.js';
import type { HoursReading } from '../../../shared/capacity/hours.js';
import type { ProviderId } from '../../../shared/providers/platforms.js';

/**
 * The provider port (decision 040): everything the server above the platform (boards, counting
 * windows, pace, new today, history and its backfill, targets, alerts, push, the refresh schedule
 * and its one-read-per-company rule, the connection check) may know of a field-service platform.
 * Each platform is an adapter in a folder of its own that implements this and nothing here names
 * one. The board's two views are the specification's two item kinds, `businessUnit` and
 * `jobType`; what a platform calls them (business units and job types, or services and team
 * members) is said in src/shared/providers/platforms.ts.
 */

/** A window of time read from the platform: `[startsOnOrAfter, startsBefore)`, ISO-8601 UTC. */
export interface UtcWindow {
  /** Inclusive, ISO-8601 UTC. */
  startsOnOrAfter: string;
  /** Exclusive, ISO-8601 UTC. */
  startsBefore: string;
}

/**
 * Per call: a signal that, once aborted, stops the read before its next request or retry and
 * rejects with the signal's reason (a refresh whose sibling read failed stops asking).
 */
export interface ReadOptions {
  signal?: AbortSignal | undefined;
}

/**
 * The items of the board's two views, active ones only, sorted by name. Ids are numbers on the
 * port: preferences, targets, groups and history key on them. A platform that names items with
 * strings maps each to a stable number (its adapter says how), the same on every instance.
 */
export interface ProviderItems {
  businessUnits: NamedItem[];
  jobTypes: NamedItem[];
}

/**
 * A window's bookings in the one form the board counts (src/shared/capacity/count-jobs.ts): a
 * booked unit (`jobs`, with its item of each view, whether it is canceled, when it was booked)
 * and the moments it occupies (`appointments`, each a start instant). A job counts once on each
 * local day on which one of its non-canceled appointments starts. An adapter translates its
 * platform's own rule into this form (and writes that rule down in a decision): the counting of
 * local days, new today, history and pace are then the same for every platform. Job ids only join
 * appointments to their job within one answer.
 */
export interface Bookings {
  jobs: CountableJob[];
  appointments: CountableAppointment[];
}

/**
 * Why a read failed, as the refresh stores it beside the last good numbers: a stable kind and a
 * sentence an office manager can act on. `rate_limited` is the platform's "slow down" (HTTP 429,
 * Retry-After, a throttled answer): adapters honour it inside a read up to a bound, and a read
 * that still fails so waits for the next interval (the one-read-per-company rule is the floor).
 */
export type ProviderErrorKind =
  | 'invalid_credentials'
  | 'forbidden'
  | 'not_found'
  | 'rate_limited'
  | 'unavailable'
  | 'timeout'
  | 'bad_response'
  /** The platform ended the connection (a revoked grant): an admin connects it again. */
  | 'disconnected'
  | 'unknown';

export interface DescribedFailure {
  kind: ProviderErrorKind | string;
  message: string;
}

/**
 * What a platform's capacity in hours is made of (issue 35, decision 054): its capacity planning's
 * time frames, or its technicians and shifts; src/shared/capacity/hours.ts counts local days.
 */
export type { HoursReading } from '../../../shared/capacity/hours.js';

/** One company's connection, opened: what the server reads the platform with. */
export interface ProviderReader {
  /**
   * The platform account the numbers belong to (a tenant id, say): history belongs to
   * the account it was read from, and another account rebuilds it (decision 026).
   */
  account(options?: ReadOptions): Promise<string>;
  /** The items of both views. */
  items(options?: ReadOptions): Promise<ProviderItems>;
  /** Every booking with a moment starting in the window (all pages), in the counting form. */
  bookings(window: UtcWindow, options?: ReadOptions): Promise<Bookings>;
  /**
   * The company's time zone as the platform knows it (an IANA name), offered as a board's
   * default; null when the platform does not say (then the board's own setting decides).
   */
  timeZone(options?: ReadOptions): Promise<string | null>;
  /**
   * Optional capability (`capabilities.hours`, issue 35): what capacity in technician hours over
   * the window is made of, per business unit: the platform's capacity planning when it answers,
   * else its technicians' shifts (the adapter says which, and why). Absent on platforms without it.
   */
  hours?(window: UtcWindow, options?: ReadOptions): Promise<HoursReading>;
}

/** What the server knows of one platform. `C` is the platform's own credential. */
export interface ProviderAdapter<C> {
  readonly id: ProviderId;
  readonly capabilities: {
    /** The platform tells us of changes (webhooks); polling stays the floor regardless. */
    readonly push: boolean;
    /** The reader answers `hours`. */
    readonly hours: boolean;
  };
  /**
   * A stable name for a connection in shared caches (snapshot keys), the same on every
   * instance. It changes with anything that changes what the platform answers (a corrected
   * secret is not stuck behind the old one's failure) and never with a token that rotates; it
   * reveals nothing of a secret.
   */
  identity(credential: C): string;
  reader(credential: C): ProviderReader;
  /**
   * Setup diagnostics (the connection check's shape is the same for every platform): whether the
   * values given work, step by step, with problems in plain words. Never throws because the
   * platform failed: the answer is the diagnosis.
   */
  check(credential: Partial<C>, now: Date): Promise<ConnectionCheck>;
  /** A failed read in one sentence for the office, and its kind (see ProviderErrorKind). */
  describeError(error: unknown): DescribedFailure;
}
