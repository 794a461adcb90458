import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { boards, boardSettings, companies, users } from '../../db/schema.js';
import { defaultCompanySettings } from '../../services/board-settings/board-settings-store.js';
import { FIRST_BOARD_NAME } from '../../services/boards/board-store.js';
import type { JobberTokens } from './oauth-client.js';
import type { JobberTokenStore } from './token-store.js';

/** The demo company on the Jobber stand-in's sample account (issue 38). */
export const JOBBER_DEMO_COMPANY_NAME = 'Demo Comfort Services';
export const JOBBER_DEMO_ADMIN_EMAIL = 'owner@demo-comfort.test';

/** Dallas, in the stand-in's default zone (Central); another zone gets no weather until set. */
const DEMO_ZIP_BY_ZONE: Partial<Record<string, string>> = { 'America/Chicago': '75201' };

/**
 * The embedded default's Jobber demo: "Demo Comfort Services", connected to the stand-in's sample
 * account as if its owner had allowed access, with its account admin `owner@demo-comfort.test`.
 * Made once: does nothing when a company of that name exists.
 */
export async function seedJobberDemo(
  db: Database,
  options: {
    issuer: string;
    tokens: JobberTokenStore;
    /** The sample account's consent: its tokens and the account they read. */
    consent: () => Promise<{ tokens: JobberTokens; accountId: string; accountName: string }>;
    timeZone: string;
  },
): Promise<boolean> {
  const [existing] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, JOBBER_DEMO_COMPANY_NAME))
    .limit(1);
  if (existing) return false;
  const companyId = await db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({ name: JOBBER_DEMO_COMPANY_NAME, provider: 'jobber' })
      .returning({ id: companies.id });
    const id = company!.id;
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, JOBBER_DEMO_ADMIN_EMAIL))
      .limit(1);
    if (!admin) {
      await tx.insert(users).values({
        id: crypto.randomUUID(),
        issuer: options.issuer,
        subject: JOBBER_DEMO_ADMIN_EMAIL,
        email: JOBBER_DEMO_ADMIN_EMAIL,
        firstName: 'Jordan',
        lastName: 'Ellis',
        role: 'account_admin',
        companyId: id,
      });
    }
    await tx.insert(boardSettings).values({
      companyId: id,
      settings: {
        ...defaultCompanySettings(),
        timezone: options.timeZone,
        // A ZIP in the sample account's zone, so the demo board has weather like a real one.
        ...(DEMO_ZIP_BY_ZONE[options.timeZone]
          ? { zipCode: DEMO_ZIP_BY_ZONE[options.timeZone] }
          : {}),
        title: JOBBER_DEMO_COMPANY_NAME,
      },
    });
    await tx
      .insert(boards)
      .values({ companyId: id, name: FIRST_BOARD_NAME, viewType: 'businessUnit', position: 0 });
    return id;
  });
  const consent = await options.consent();
  await options.tokens.connect({
    companyId,
    accountId: consent.accountId,
    accountName: consent.accountName,
    tokens: consent.tokens,
    connectedBy: null,
  });
  return true;
}
