import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { ProviderId } from '../../../shared/providers/platforms.js';
import type { Database } from '../../db/index.js';
import { companies } from '../../db/schema.js';
import { openIfReadable, type SecretBox } from '../../security/secret-box.js';
import type { CompanyColumns, StoredPlatform } from '../../services/providers/stored-connection.js';
import type { HousecallProCredential } from './contract.js';

/** The address part of a company's Housecall Pro webhooks is found by its SHA-256. */
export const webhookKeyHash = (key: string): string =>
  crypto.createHash('sha256').update(key).digest('hex');

/**
 * Housecall Pro's values in a company's row (`hcp_*`): the Company API key (the history's
 * account), the webhooks' signing secret, and the company's webhook address, made once when it
 * first chooses Housecall Pro and kept when it switches away and back.
 */
export const housecallProStored: StoredPlatform<
  HousecallProCredential,
  Partial<HousecallProCredential>
> = {
  columns(secretBox, values, chosen, insert) {
    const set: CompanyColumns = {};
    if (values.apiKey) set.hcpApiKeyEnc = secretBox.seal(values.apiKey);
    if (values.webhookSecret === null) set.hcpWebhookSecretEnc = null;
    else if (values.webhookSecret) set.hcpWebhookSecretEnc = secretBox.seal(values.webhookSecret);
    if (chosen) {
      const key = crypto.randomBytes(32).toString('base64url');
      // A new row has no address yet (an INSERT may not read its own columns); an update keeps
      // the one it has.
      set.hcpWebhookKeyEnc = insert
        ? secretBox.seal(key)
        : sql`coalesce(${companies.hcpWebhookKeyEnc}, ${secretBox.seal(key)})`;
      set.hcpWebhookKeyHash = insert
        ? webhookKeyHash(key)
        : sql`coalesce(${companies.hcpWebhookKeyHash}, ${webhookKeyHash(key)})`;
    }
    return set;
  },
  account: sql<string | null>`${companies.hcpApiKeyEnc}`,
  accountOverC: 'c.hcp_api_key_enc',
  handle: sql<string | null>`null`,
  configured: (row) => Boolean(row.hcpApiKeyEnc),
  async stored(_db, secretBox, row) {
    const apiKey = openIfReadable(secretBox, row.hcpApiKeyEnc);
    return apiKey ? { apiKey } : {};
  },
  checkValues: (given, stored) => ({
    ...stored,
    ...(given.apiKey ? { apiKey: given.apiKey } : {}),
  }),
  open(secretBox, row) {
    if (!row.hcpApiKeyEnc) return { status: 'none' };
    try {
      return { status: 'ready', credential: { apiKey: secretBox.open(row.hcpApiKeyEnc) } };
    } catch {
      return {
        status: 'unusable',
        reason:
          "Your company's Housecall Pro API key could not be read. An administrator needs to enter it again in Setup.",
      };
    }
  },
};

/**
 * The company's Housecall Pro webhook address part (null before it first chose Housecall Pro,
 * or when it cannot be opened).
 */
export async function companyWebhookKey(
  db: Database,
  secretBox: SecretBox,
  companyId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ keyEnc: companies.hcpWebhookKeyEnc })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return openIfReadable(secretBox, row?.keyEnc ?? null) ?? null;
}

/**
 * The company a webhook address names, its platform and its signing secret (null: webhooks off,
 * or a secret that cannot be opened). Undefined when no company has this address.
 */
export async function findWebhookCompany(
  db: Database,
  secretBox: SecretBox,
  key: string,
): Promise<{ companyId: number; provider: ProviderId; secret: string | null } | undefined> {
  const [row] = await db
    .select({
      id: companies.id,
      provider: companies.provider,
      secretEnc: companies.hcpWebhookSecretEnc,
    })
    .from(companies)
    .where(eq(companies.hcpWebhookKeyHash, webhookKeyHash(key)))
    .limit(1);
  if (!row) return undefined;
  return {
    companyId: row.id,
    provider: row.provider,
    secret: openIfReadable(secretBox, row.secretEnc) ?? null,
  };
}
