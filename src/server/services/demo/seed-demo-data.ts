import crypto from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { boards, boardSettings, companies, itemPreferences, users } from '../../db/schema.js';
import { DEFAULT_ZIP_CODE } from '../../../shared/settings/board-settings-constants.js';
import { defaultCompanySettings } from '../board-settings/board-settings-store.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { DefaultCredential } from '../../platforms/index.js';
import { createBoardStore, FIRST_BOARD_NAME } from '../boards/board-store.js';
import { createAlertStore } from '../alerts/alert-store.js';
import { createRecipients } from '../alerts/recipients.js';

export const DEMO_COMPANY_NAME = 'Demo Heating & Air';
/** The demo company's second board (issue 26). */
export const DEMO_INSTALL_BOARD_NAME = 'Install';

/** The demo company's example alert rule. */
export const DEMO_ALERT_RULE = {
  name: 'Tomorrow behind at 2 PM',
  kind: 'behind' as const,
  dayOffset: 1,
  thresholdPercent: 60,
  belowPace: false,
  itemId: null,
  at: ['14:00'],
  staleMinutes: null,
  repeatMinutes: null,
  channels: [{ type: 'email' as const, to: ['manager@demo-hvac.test'] }],
  enabled: true,
};

/** Whole jobs per day (> 0) by business unit id and by job type id. */
export interface DemoTargets {
  businessUnits: Record<number, number>;
  jobTypes: Record<number, number>;
}

/**
 * First start of the embedded default: one demo company wired to the sample account of the
 * default platform, and the three demo accounts the development identity provider offers. Does nothing
 * once any company or user exists.
 */
export async function seedDemoData(
  db: Database,
  options: {
    secretBox: SecretBox;
    /** The development identity provider's issuer, so the seeded users match its subjects. */
    issuer: string;
    protectedAdminEmail: string;
    credential: Omit<DefaultCredential, 'environment'> | undefined;
    /**
     * Day targets of the demo company (its preferences, decision 007), by business unit and job type id (the sample
     * tenant's typical volume), so the demo board's gauges read like a real company's.
     */
    targets?: DemoTargets;
    /**
     * The business units the demo's second board, "Install", shows (issue 26: the install team's
     * board is not the service team's); without them it shows every business unit.
     */
    installBusinessUnits?: number[];
  },
): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies);
  const [userRow] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0 || (userRow?.n ?? 0) > 0) return false;

  const companyId = await db.transaction(async (tx) => {
    const { secretBox, credential } = options;
    const [company] = await tx
      .insert(companies)
      .values({
        name: DEMO_COMPANY_NAME,
        stClientId: credential?.clientId,
        stClientSecretEnc: credential ? secretBox.seal(credential.clientSecret) : undefined,
        stTenantId: credential?.tenantId,
        stAppKeyEnc: credential ? secretBox.seal(credential.appKey) : undefined,
        stEnvironment: 'integration',
        // No plan yet: the newcomer buys one on the Stripe stand-in (a "trialing" status here
        // would name a trial Stripe knows nothing about).
      })
      .returning({ id: companies.id });
    const demoUsers = [
      {
        email: options.protectedAdminEmail,
        firstName: 'Morgan',
        lastName: 'Master',
        role: 'master_admin' as const,
        companyId: null,
      },
      {
        email: 'manager@demo-hvac.test',
        firstName: 'Dana',
        lastName: 'Manager',
        role: 'account_admin' as const,
        companyId: company!.id,
      },
      {
        email: 'csr@demo-hvac.test',
        firstName: 'Casey',
        lastName: 'Rep',
        role: 'user' as const,
        companyId: company!.id,
      },
    ];
    await tx.insert(users).values(
      demoUsers.map((u) => ({
        id: crypto.randomUUID(),
        issuer: options.issuer,
        subject: u.email,
        ...u,
      })),
    );
    // Its first board reads through to the company's settings (decision 014); a second one,
    // "Install", with a title of its own. Both in the sample town (a new company has no ZIP
    // until it gives one: issue 33, item 4).
    const demoSettings = { ...defaultCompanySettings(), zipCode: DEFAULT_ZIP_CODE };
    await tx
      .insert(boardSettings)
      .values({ companyId: company!.id, settings: demoSettings, version: 1 });
    const install = options.installBusinessUnits?.length ? options.installBusinessUnits : null;
    await tx.insert(boards).values([
      { companyId: company!.id, name: FIRST_BOARD_NAME, viewType: 'businessUnit', position: 0 },
      {
        companyId: company!.id,
        name: DEMO_INSTALL_BOARD_NAME,
        viewType: 'businessUnit',
        itemIds: install,
        position: 1,
        settings: { ...demoSettings, title: 'Install Board' },
        version: 1,
      },
    ]);
    const targets = options.targets;
    if (targets) {
      const rows = (type: 'businessUnit' | 'jobType', byId: Record<number, number>) =>
        Object.entries(byId).map(([id, n]) => ({
          companyId: company!.id,
          type,
          itemId: Number(id),
          targetCapacity: n,
          day1Target: n,
          day2Target: n,
          day3Target: n,
        }));
      const preferenceRows = [
        ...rows('businessUnit', targets.businessUnits),
        ...rows('jobType', targets.jobTypes),
      ];
      if (preferenceRows.length) await tx.insert(itemPreferences).values(preferenceRows);
    }
    return company!.id;
  });
  // One example alert rule (issue 23): the manager hears at 2 PM when tomorrow is behind; on the
  // embedded default the e-mail lands in the mail catcher, linked from the Alerts page.
  const board = await createBoardStore(db).first(companyId);
  await createAlertStore({ db, secretBox: options.secretBox }).create(
    companyId,
    board.id,
    DEMO_ALERT_RULE,
    new Date(),
  );
  // Its recipient is the manager's own verified address: confirmed as a member (decision 30).
  await createRecipients({
    db,
    secretBox: options.secretBox,
    kinds: new Map(),
    publicUrl: '',
    now: () => new Date(),
  }).ensure(db, companyId, [{ kind: 'email', address: DEMO_ALERT_RULE.channels[0]!.to[0]! }]);
  return true;
}
