import { sql, type SQL } from 'drizzle-orm';
import { PROVIDER_IDS, type ProviderId } from '../../shared/providers/platforms.js';
import { companies } from '../db/schema.js';
import type { StoredPlatform } from '../services/providers/stored-connection.js';
import type { CredentialOf } from './index.js';
import { housecallProStored } from './housecallpro/stored.js';
import { jobberStored } from './jobber/stored.js';
import {
  openServiceTitan,
  serviceTitanStored,
  type StoredServiceTitanValues,
} from './servicetitan/stored.js';

/**
 * How each platform keeps a company's connection (services/providers/stored-connection.ts): the
 * companies' store, the credential resolver and history reach them here, by the platform a
 * company runs on. No adapter is imported: the stores stay light.
 */

/** Each platform's stored values, opened where readable (the connection check's base). */
export interface StoredValuesOf {
  servicetitan: StoredServiceTitanValues;
  housecallpro: Partial<CredentialOf['housecallpro']>;
  jobber: Partial<CredentialOf['jobber']>;
}

export const STORED_PLATFORMS: {
  [P in ProviderId]: StoredPlatform<CredentialOf[P], StoredValuesOf[P]>;
} = {
  servicetitan: serviceTitanStored,
  housecallpro: housecallProStored,
  jobber: jobberStored,
};

/** The company's stored values on one platform, by platform. */
export type StoredConnection = {
  [P in ProviderId]: { provider: P; values: StoredValuesOf[P] };
}[ProviderId];

/** Users' own credentials (seed "Credential") are the default platform's: opened as its. */
export const openUserCredential = openServiceTitan;

const byProvider = (part: (id: ProviderId) => SQL): SQL =>
  sql`(case ${companies.provider} ${sql.join(
    PROVIDER_IDS.map((id) => sql`when ${id} then ${part(id)}`),
    sql` `,
  )} end)`;

/** The account the company's history belongs to on its own platform (null: none). */
export const platformAccountSql = byProvider((id) => STORED_PLATFORMS[id].account) as SQL<
  string | null
>;

/** The connection's handle beside the account on its own platform (null: none). */
export const platformHandleSql = byProvider((id) => STORED_PLATFORMS[id].handle) as SQL<
  string | null
>;

/** Whether a company names its platform account, as raw SQL over the companies alias `c`. */
export const hasPlatformAccountSql = sql.raw(
  `((case c.provider ${PROVIDER_IDS.map(
    (id) => `when '${id}' then ${STORED_PLATFORMS[id].accountOverC}`,
  ).join(' ')} end) is not null)`,
);
