import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, itemPreferences, sessions, users } from '../../src/server/db/schema.js';
import { seedDemoData } from '../../src/server/services/demo/seed-demo-data.js';
import { deleteUser } from '../../src/server/services/users/user-store.js';
import { createSignedInUser, createTestApp, type TestApp } from '../helpers/test-app.js';

describe('embedded defaults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('seeds the demo company once, with its ServiceTitan secrets encrypted at rest', async () => {
    const credential = {
      clientId: 'cid.demo',
      clientSecret: 'demo-secret-123',
      tenantId: '1001',
      appKey: 'ak.demo-key',
    };
    const options = {
      secretBox: t.app.secretBox,
      issuer: 'http://x/oidc',
      protectedAdminEmail: 'master@callboard.test',
      credential,
      targets: { businessUnits: { 1001: 14, 1002: 3 }, jobTypes: { 2001: 6 } },
    };
    expect(await seedDemoData(t.app.db, options)).toBe(true);
    expect(await seedDemoData(t.app.db, options)).toBe(false);

    const [company] = await t.app.db.select().from(companies);
    expect(company!.name).toBe('Demo Heating & Air');
    expect(company!.stClientSecretEnc).not.toContain('demo-secret-123');
    expect(company!.stAppKeyEnc).not.toContain('ak.demo-key');
    expect(t.app.secretBox.open(company!.stClientSecretEnc!)).toBe('demo-secret-123');

    const seeded = await t.app.db
      .select({ email: users.email, role: users.role, companyId: users.companyId })
      .from(users);
    expect(seeded).toEqual(
      expect.arrayContaining([
        { email: 'master@callboard.test', role: 'master_admin', companyId: null },
        { email: 'manager@demo-hvac.test', role: 'account_admin', companyId: company!.id },
        { email: 'csr@demo-hvac.test', role: 'user', companyId: company!.id },
      ]),
    );

    // The demo company starts with the sample tenant's typical volume as its day targets.
    const targets = await t.app.db
      .select({
        companyId: itemPreferences.companyId,
        type: itemPreferences.type,
        itemId: itemPreferences.itemId,
        day1: itemPreferences.day1Target,
        day3: itemPreferences.day3Target,
      })
      .from(itemPreferences)
      .orderBy(itemPreferences.type, itemPreferences.itemId);
    expect(targets).toEqual([
      { companyId: company!.id, type: 'businessUnit', itemId: 1001, day1: 14, day3: 14 },
      { companyId: company!.id, type: 'businessUnit', itemId: 1002, day1: 3, day3: 3 },
      { companyId: company!.id, type: 'jobType', itemId: 2001, day1: 6, day3: 6 },
    ]);
    // And one example alert rule, e-mailing the demo manager when tomorrow is behind at 2 PM.
    const board = await t.app.services.boards.first(company!.id);
    const rules = await t.app.services.alertRules.list(board.id);
    expect(rules.map((r) => [r.name, r.kind, r.at, r.thresholdPercent, r.channels])).toEqual([
      [
        'Tomorrow behind at 2 PM',
        'behind',
        ['14:00'],
        60,
        [{ type: 'email', to: ['manager@demo-hvac.test'] }],
      ],
    ]);
  });

  it("ends a user's sessions when the user is deleted", async () => {
    const user = await createSignedInUser(t.app);
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: user.cookie },
    });
    expect(before.statusCode).toBe(200);
    // As the admin route deletes a user: their sessions end on every instance, then the row goes.
    await t.app.sessions.destroyAllForUser(user.id);
    await deleteUser(t.app.db, user.id);
    expect(await t.app.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(
      0,
    );
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: user.cookie },
    });
    expect(after.statusCode).toBe(401);
  });

  it('answers malformed JSON with a 400, never a 500', async () => {
    const user = await createSignedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBeLessThan(500);
  });
});
