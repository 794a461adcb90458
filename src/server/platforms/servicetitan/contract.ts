import type { ReadOptions, UtcWindow } from '../../services/providers/port.js';

/**
 * ServiceTitan's client, its records and its error type: what this folder's adapter (adapter.ts,
 * the provider port's ServiceTitan side, decision 040) and tests use. The rest of the server
 * reaches ServiceTitan only through the port (src/server/services/providers/).
 */

export interface ServiceTitanCredential {
  clientId: string;
  clientSecret: string;
  tenantId: string;
  appKey: string;
  environment: 'production' | 'integration';
}

export interface StBusinessUnit {
  id: number;
  name: string;
  active: boolean;
}

export interface StJobType {
  id: number;
  name: string;
  active: boolean;
  businessUnitIds: number[];
}

export interface StAppointment {
  id: number;
  jobId: number;
  /** ISO-8601 UTC instant. */
  start: string;
  end: string;
  status: 'Scheduled' | 'Dispatched' | 'Working' | 'Hold' | 'Done' | 'Canceled' | string;
}

export interface StJob {
  id: number;
  jobStatus: 'Scheduled' | 'Dispatched' | 'InProgress' | 'Hold' | 'Completed' | 'Canceled' | string;
  businessUnitId: number | null;
  jobTypeId: number | null;
  /** When the job was booked (ISO-8601 UTC instant); absent when ServiceTitan did not say. */
  createdOn?: string | null;
}

/** One capacity time frame (hours), as capacity planning answers it. */
export interface StCapacityFrame {
  /** ISO-8601 UTC instants. */
  startUtc: string;
  endUtc: string;
  businessUnitIds: number[];
  totalAvailability: number;
  openAvailability: number;
  technicians: { id: number; status: 'Available' | 'Unavailable' | string }[];
}

export interface StTechnician {
  id: number;
  businessUnitId: number | null;
  active: boolean;
}

export interface StTechnicianShift {
  id: number;
  technicianId: number;
  shiftType: 'Normal' | 'OnCall' | 'TimeOff' | string;
  /** ISO-8601 UTC instants. */
  start: string;
  end: string;
  active: boolean;
}

// The window and read options are the provider port's (this folder is its ServiceTitan adapter).
export type { ReadOptions, UtcWindow } from '../../services/providers/port.js';

export interface ServiceTitanClient {
  listBusinessUnits(options?: ReadOptions): Promise<StBusinessUnit[]>;
  listJobTypes(options?: ReadOptions): Promise<StJobType[]>;
  /** Every appointment starting in the window (all pages). */
  listAppointments(window: UtcWindow, options?: ReadOptions): Promise<StAppointment[]>;
  /** Every job with an appointment starting in the window (all pages). */
  listJobs(window: UtcWindow, options?: ReadOptions): Promise<StJob[]>;
  /**
   * Capacity planning's time frames between the window's bounds, every business unit (issue 35);
   * none when the tenant has not set it up.
   */
  capacity(window: UtcWindow, options?: ReadOptions): Promise<StCapacityFrame[]>;
  /** Active technicians (all pages). */
  listTechnicians(options?: ReadOptions): Promise<StTechnician[]>;
  /**
   * Enabled shifts (of one type, or every type) starting at or after the window's start and
   * ending by its end.
   */
  listTechnicianShifts(
    window: UtcWindow,
    shiftType: 'Normal' | 'OnCall' | 'TimeOff' | null,
    options?: ReadOptions,
  ): Promise<StTechnicianShift[]>;
}

/** Creates clients; one token cache per credential lives behind it. */
export interface ServiceTitanGateway {
  clientFor(credential: ServiceTitanCredential): ServiceTitanClient;
}

export type ServiceTitanErrorKind =
  | 'invalid_credentials' // token endpoint refused the client id/secret
  | 'forbidden' // 403: a missing API scope or the tenant has not connected the app
  | 'not_found' // 404, or a wrong tenant id
  | 'rate_limited' // 429 after the retries allowed
  | 'unavailable' // 5xx or network failure after retries
  | 'timeout'
  | 'bad_response'; // an answer that does not match the documented shape

export class ServiceTitanError extends Error {
  constructor(
    readonly kind: ServiceTitanErrorKind,
    message: string,
    readonly detail: {
      status?: number;
      path?: string;
      missingPermission?: string;
      /** ServiceTitan's own words for a 403 (its problem `title` / `detail`), at most 300 chars. */
      explanation?: string;
      /**
       * Hours (issue 35): the API scopes whose reads were refused, in the admin screen's words,
       * and whether capacity planning was itself refused or answered nothing (not set up).
       */
      missingScopes?: string[];
      capacityPlanning?: 'refused' | 'not_set_up';
    } = {},
  ) {
    super(message);
    this.name = 'ServiceTitanError';
  }
}
