import { eq, sql } from 'drizzle-orm';
import { companies, jobberConnections } from '../../db/schema.js';
import type { StoredPlatform } from '../../services/providers/stored-connection.js';
import type { JobberCredential } from './adapter.js';

/** A company's Jobber connection (decision 057), by column: no tokens. */
const connectionColumn = <K extends 'accountId' | 'connectionId'>(key: K) =>
  sql<
    string | null
  >`(select ${jobberConnections[key]} from ${jobberConnections} where ${jobberConnections.companyId} = ${companies.id})`;

/**
 * Jobber keeps nothing in the company's row: its connection is its own row in
 * `jobber_connections` (token-store.ts), made by the OAuth consent. The Jobber account is the
 * history's account; the connection id changes with each consent.
 */
export const jobberStored: StoredPlatform<JobberCredential, Partial<JobberCredential>> = {
  columns: () => ({}),
  account: connectionColumn('accountId'),
  accountOverC: '(select j.account_id from jobber_connections j where j.company_id = c.id)',
  handle: connectionColumn('connectionId'),
  configured: (_row, account) => Boolean(account),
  async stored(db, _secretBox, row) {
    const [connection] = await db
      .select({
        accountId: jobberConnections.accountId,
        connectionId: jobberConnections.connectionId,
      })
      .from(jobberConnections)
      .where(eq(jobberConnections.companyId, row.id));
    return connection ? { companyId: row.id, ...connection } : {};
  },
  // Jobber's connection is the company's OAuth grant: the check reads with it.
  checkValues: (_given, stored) => stored,
  // Connected, or ended by Jobber: the reads then say "Jobber disconnected" beside the last
  // numbers (a stale board), until an admin reconnects from Setup.
  open: (_secretBox, row, account, handle) =>
    account && handle
      ? {
          status: 'ready',
          credential: { companyId: row.id, accountId: account, connectionId: handle },
        }
      : { status: 'none' },
};
