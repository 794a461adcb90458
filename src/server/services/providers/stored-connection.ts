import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import type { companies } from '../../db/schema.js';
import type { ProviderId } from '../../../shared/providers/platforms.js';
import type { SecretBox } from '../../security/secret-box.js';

/**
 * How a platform keeps a company's connection in the database (decision 040 addendum): the
 * companies' store and the credential resolver ask each platform through this, so neither names
 * one. Each platform implements it in its folder (`stored.ts`); src/server/platforms/stored.ts
 * lists them.
 */

export type CompanyRow = typeof companies.$inferSelect;
/** Columns of a company's row to write (a value, or SQL such as a `coalesce`). */
export type CompanyColumns = Partial<Record<keyof typeof companies.$inferInsert, unknown>>;

/** A company's values as the API takes them (api/companies CompanyBody): each platform reads its own. */
export interface CompanyValues {
  name?: string;
  provider?: ProviderId;
  clientId?: string;
  clientSecret?: string;
  tenantId?: string;
  appKey?: string;
  apiKey?: string;
  /** null: webhooks off (the address accepts nothing). */
  webhookSecret?: string | null;
}

/** A platform's connection of a company, opened for the port, or why not. */
export type OpenedConnection<C> =
  | { status: 'ready'; credential: C }
  /** Nothing entered on this platform. */
  | { status: 'none' }
  /** Entered but not usable as stored: `reason` is shown to the office. */
  | { status: 'unusable'; reason: string };

export interface StoredPlatform<C, V> {
  /**
   * The columns `values` write: an id sent as "" is cleared, a blank secret keeps the stored one.
   * `chosen`: the values make this the company's platform; `insert`: a new row (which cannot
   * read its own columns).
   */
  columns(
    secretBox: SecretBox,
    values: CompanyValues,
    chosen: boolean,
    insert: boolean,
  ): CompanyColumns;
  /** The account the company's history belongs to on this platform (null: none), over `companies`. */
  account: SQL<string | null>;
  /** The same as raw SQL over the companies alias `c` (history's backfill queue). */
  accountOverC: string;
  /** The connection's handle beside the account (a consent's id), over `companies`; else null. */
  handle: SQL<string | null>;
  /** Whether the company has what this platform needs (the Companies screen's "Configured"). */
  configured(row: CompanyRow, account: string | null): boolean;
  /** Its stored values, opened where readable (the connection check merges typed values over them). */
  stored(db: Database, secretBox: SecretBox, row: CompanyRow): Promise<V>;
  /**
   * What a connection check tries: the typed values over `stored` (a blank one keeps what is
   * stored). Throws a 400 naming a typed value this platform does not take, where it says more.
   */
  checkValues(given: CompanyValues, stored: V | Record<string, never>): Partial<C>;
  /** The company's connection, opened for reading (the board, history, alerts). */
  open(
    secretBox: SecretBox,
    row: CompanyRow,
    account: string | null,
    handle: string | null,
  ): OpenedConnection<C>;
}
