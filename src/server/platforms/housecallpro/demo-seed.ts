import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { boards, companies, itemPreferences, users } from '../../db/schema.js';
import { openIfReadable, type SecretBox } from '../../security/secret-box.js';
import { defaultCompanySettings } from '../../services/board-settings/board-settings-store.js';
import { FIRST_BOARD_NAME } from '../../services/boards/board-store.js';
import {
  businessUnitId as housecallProBusinessUnitId,
  jobTypeId as housecallProJobTypeId,
} from './counting.js';
import { webhookKeyHash } from './stored.js';

export const HOUSECALLPRO_DEMO_COMPANY_NAME = 'Demo Plumbing Co';
export const HOUSECALLPRO_DEMO_ADMIN = 'owner@demo-plumbing.test';

/**
 * The second demo company (issue 34): "Demo Plumbing Co" on the sample Housecall Pro account,
 * its account admin `owner@demo-plumbing.test`, its webhooks on (the address made here, the
 * signing secret given), and day targets from the account's typical volume (by Housecall Pro's
 * ids). Made once, also beside an embedded database seeded before it existed. Answers the
 * company, its webhook address part and signing secret, so the stand-in can be told where to
 * send its events (as an admin pastes them into Housecall Pro).
 */
export async function ensureHousecallProDemo(
  db: Database,
  options: {
    secretBox: SecretBox;
    issuer: string;
    apiKey: string;
    webhookSecret: string;
    targets?: { businessUnits: Record<string, number>; jobTypes: Record<string, number> };
  },
): Promise<{ companyId: number; webhookKey: string; webhookSecret: string } | null> {
  const { secretBox } = options;
  const [existing] = await db
    .select({
      companyId: companies.id,
      keyEnc: companies.hcpWebhookKeyEnc,
      secretEnc: companies.hcpWebhookSecretEnc,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.email, HOUSECALLPRO_DEMO_ADMIN))
    .limit(1);
  if (existing) {
    const webhookKey = openIfReadable(secretBox, existing.keyEnc);
    const webhookSecret = openIfReadable(secretBox, existing.secretEnc);
    return webhookKey && webhookSecret
      ? { companyId: existing.companyId, webhookKey, webhookSecret }
      : null;
  }
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, HOUSECALLPRO_DEMO_ADMIN))
    .limit(1);
  if (taken) return null;
  const webhookKey = crypto.randomBytes(32).toString('base64url');
  const companyId = await db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({
        name: HOUSECALLPRO_DEMO_COMPANY_NAME,
        provider: 'housecallpro',
        hcpApiKeyEnc: secretBox.seal(options.apiKey),
        hcpWebhookSecretEnc: secretBox.seal(options.webhookSecret),
        hcpWebhookKeyEnc: secretBox.seal(webhookKey),
        hcpWebhookKeyHash: webhookKeyHash(webhookKey),
      })
      .returning({ id: companies.id });
    const id = company!.id;
    await tx.insert(users).values({
      id: crypto.randomUUID(),
      issuer: options.issuer,
      subject: HOUSECALLPRO_DEMO_ADMIN,
      email: HOUSECALLPRO_DEMO_ADMIN,
      firstName: 'Pat',
      lastName: 'Owner',
      role: 'account_admin',
      companyId: id,
    });
    await tx.insert(boards).values({
      companyId: id,
      name: FIRST_BOARD_NAME,
      viewType: 'businessUnit',
      position: 0,
      settings: {
        ...defaultCompanySettings(),
        title: 'Demo Plumbing Co',
        // The sample account's zone; a ZIP in it, so the demo board has weather like a real one.
        timezone: 'America/Chicago',
        zipCode: '60601',
      },
      version: 1,
    });
    const targets = options.targets;
    if (targets) {
      const rows = (
        type: 'businessUnit' | 'jobType',
        byId: Record<string, number>,
        idOf: (id: string) => number,
      ) =>
        Object.entries(byId).map(([hcpId, n]) => ({
          companyId: id,
          type,
          itemId: idOf(hcpId),
          targetCapacity: n,
          day1Target: n,
          day2Target: n,
          day3Target: n,
        }));
      const preferenceRows = [
        ...rows('businessUnit', targets.businessUnits, housecallProBusinessUnitId),
        ...rows('jobType', targets.jobTypes, housecallProJobTypeId),
      ];
      if (preferenceRows.length) await tx.insert(itemPreferences).values(preferenceRows);
    }
    return id;
  });
  return { companyId, webhookKey, webhookSecret: options.webhookSecret };
}
