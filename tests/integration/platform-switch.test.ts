import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapacityResponse } from '../../src/shared/api/capacity.js';
import type { CompanyWriteResult } from '../../src/shared/api/companies.js';
import type { ProviderMetadata } from '../../src/shared/api/providers.js';
import { boards, itemPreferences } from '../../src/server/db/schema.js';
import {
  startHousecallProStandin,
  type HousecallProStandin,
} from '../../standins/housecall-pro/index.js';
import { readBoardSettings } from '../../src/server/services/board-settings/board-settings-store.js';
import {
  createFakeServiceTitan,
  giveCompanyCredential,
  type FakeServiceTitan,
} from '../helpers/fake-service-titan.js';
import { firstBoardHome, setCompanyBoardSettings } from '../helpers/board-settings.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

/**
 * A company has one platform at a time (issue 34 item 6): switching keeps its boards, its board
 * settings and the targets of items that still exist, on the way there and back; a company made
 * on Housecall Pro gets its webhook address at once.
 */
describe('switching platform', () => {
  let t: TestApp;
  let standin: HousecallProStandin;
  let fake: FakeServiceTitan;
  let companyId: number;
  let admin: TestUser;
  let master: TestUser;

  const call = (who: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const firstDay = async () => {
    const res = await call(admin, 'POST', '/api/capacity', { viewType: 'businessUnit' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CapacityResponse>().days[0]!.data;
  };
  const boardNames = async () =>
    (
      await t.app.db
        .select({ name: boards.name })
        .from(boards)
        .where(eq(boards.companyId, companyId))
    )
      .map((b) => b.name)
      .sort();

  beforeAll(async () => {
    standin = await startHousecallProStandin({});
    fake = createFakeServiceTitan();
    fake.businessUnits = [
      { id: 10, name: 'Plumbing', active: true },
      { id: 11, name: 'HVAC', active: true },
    ];
    fake.jobTypes = [{ id: 500, name: 'Repair', active: true, businessUnitIds: [] }];
    t = await createTestApp({
      env: { HOUSECALLPRO_API_URL: standin.url, API_RATE_LIMIT_PER_MINUTE: '100000' },
      services: { serviceTitan: fake, refreshWaitMs: 60_000 },
    });
    companyId = await createCompany(t.app, { name: 'Switching Heating' });
    await giveCompanyCredential(t.app, companyId);
    admin = await createSignedInUser(t.app, { companyId, role: 'account_admin' });
    master = await createSignedInUser(t.app, { role: 'master_admin' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await standin?.close();
  });

  it('keeps boards, settings and the targets of items that still exist, there and back', async () => {
    // On ServiceTitan: a second board, a title, and a target on Plumbing.
    expect((await call(admin, 'POST', '/api/boards', { name: 'Install' })).statusCode).toBe(201);
    await setCompanyBoardSettings(t.app, companyId, { title: 'Dispatch wall' });
    const target = await call(admin, 'POST', '/api/business-unit-preferences', {
      businessUnitId: 10,
      day1Target: 9,
    });
    expect(target.statusCode, target.body).toBe(200);
    expect((await firstDay()).find((item) => item.id === 10)).toMatchObject({
      name: 'Plumbing',
      target: 9,
    });
    const before = { boards: await boardNames() };

    // To Housecall Pro: its items, its own targets; the boards and settings stay.
    const switched = await call(admin, 'PATCH', `/api/companies/${companyId}`, {
      provider: 'housecallpro',
      apiKey: standin.demoAccount.apiKey,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json<CompanyWriteResult>()).toMatchObject({
      company: { provider: 'housecallpro', configured: true },
      connectionCheck: { ok: true },
    });
    const metadata = (await call(admin, 'GET', '/api/provider/metadata')).json<ProviderMetadata>();
    expect(metadata.provider).toBe('housecallpro');
    const hcpUnit = metadata.businessUnits.find((b) => b.name === 'Residential Plumbing')!;
    expect(hcpUnit).toBeDefined();
    const onHcp = await firstDay();
    expect(onHcp.map((item) => item.name)).toContain('Residential Plumbing');
    expect(onHcp.find((item) => item.id === 10)).toBeUndefined();
    expect(await boardNames()).toEqual(before.boards);
    expect(
      (await readBoardSettings(t.app.db, await firstBoardHome(t.app, companyId))).settings.title,
    ).toBe('Dispatch wall');
    expect(
      (
        await call(admin, 'POST', '/api/business-unit-preferences', {
          businessUnitId: hcpUnit.id,
          day1Target: 7,
        })
      ).statusCode,
    ).toBe(200);
    expect((await firstDay()).find((item) => item.id === hcpUnit.id)).toMatchObject({ target: 7 });

    // Back to ServiceTitan (its stored values were kept): Plumbing's target is there again.
    const back = await call(admin, 'PATCH', `/api/companies/${companyId}`, {
      provider: 'servicetitan',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<CompanyWriteResult>().company).toMatchObject({
      provider: 'servicetitan',
      configured: true,
    });
    expect((await firstDay()).find((item) => item.id === 10)).toMatchObject({
      name: 'Plumbing',
      target: 9,
    });
    expect(await boardNames()).toEqual(before.boards);

    // And to Housecall Pro again, the key kept: its item's target is there too.
    const again = await call(admin, 'PATCH', `/api/companies/${companyId}`, {
      provider: 'housecallpro',
    });
    expect(again.json<CompanyWriteResult>().company).toMatchObject({
      provider: 'housecallpro',
      configured: true,
    });
    expect((await firstDay()).find((item) => item.id === hcpUnit.id)).toMatchObject({ target: 7 });
    const stored = await t.app.db
      .select({ itemId: itemPreferences.itemId })
      .from(itemPreferences)
      .where(eq(itemPreferences.companyId, companyId));
    expect(stored.map((p) => p.itemId).sort()).toEqual([10, hcpUnit.id].sort());
  }, 120_000);

  it('makes a company on Housecall Pro with its webhook address at once', async () => {
    const created = await call(master, 'POST', '/api/companies', {
      name: 'Drip Fix',
      provider: 'housecallpro',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<CompanyWriteResult>().company).toMatchObject({
      provider: 'housecallpro',
      configured: false,
    });
    const id = created.json<CompanyWriteResult>().company.id;
    const metadata = await call(master, 'GET', `/api/provider/metadata?companyId=${id}`);
    expect(metadata.json<ProviderMetadata>().webhookUrl).toMatch(
      /\/api\/providers\/housecallpro\/webhooks\/[A-Za-z0-9_-]{43}$/,
    );
  });
});
