import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceTitanError } from '../../src/server/platforms/servicetitan/contract.js';
import {
  createFakeServiceTitan,
  giveCompanyCredential,
  giveUserCredential,
  type FakeServiceTitan,
} from '../helpers/fake-service-titan.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

describe('GET /api/servicetitan/metadata', () => {
  let t: TestApp;
  let fake: FakeServiceTitan;
  let clock: number;
  let companyId: number;
  let user: TestUser;

  const get = (who: TestUser = user) =>
    t.app.inject({
      method: 'GET',
      url: '/api/servicetitan/metadata',
      headers: { cookie: who.cookie },
    });

  beforeAll(async () => {
    fake = createFakeServiceTitan();
    t = await createTestApp({ services: { serviceTitan: fake, now: () => new Date(clock) } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clock = Date.parse('2025-06-11T17:00:00Z');
    fake.calls = [];
    fake.failWith = null;
    fake.businessUnits = [
      { id: 2, name: 'Plumbing', active: true },
      { id: 1, name: 'HVAC', active: true },
      { id: 3, name: 'Old', active: false },
    ];
    fake.jobTypes = [{ id: 9, name: 'Repair', active: true, businessUnitIds: [1] }];
    companyId = await createCompany(t.app);
    await giveCompanyCredential(t.app, companyId, {
      clientId: `cid-${Math.random().toString(36).slice(2)}`,
    });
    user = await createSignedInUser(t.app, { companyId });
  });

  it('refuses signed-out callers', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/servicetitan/metadata' })).statusCode,
    ).toBe(401);
  });

  it('reports no credentials without asking ServiceTitan', async () => {
    const lonely = await createSignedInUser(t.app, { companyId: await createCompany(t.app) });
    const res = await get(lonely);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      hasCredentials: false,
      error: null,
      businessUnits: [],
      jobTypes: [],
    });
    expect(fake.calls).toHaveLength(0);
  });

  it('lists active business units and job types by name, cached for 10 minutes', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      hasCredentials: true,
      error: null,
      businessUnits: [
        { id: 1, name: 'HVAC' },
        { id: 2, name: 'Plumbing' },
      ],
      jobTypes: [{ id: 9, name: 'Repair' }],
    });
    clock += 9 * 60_000;
    await get();
    await get(await createSignedInUser(t.app, { companyId }));
    expect(fake.callsOf('listBusinessUnits')).toBe(1);
    clock += 60_000;
    fake.businessUnits.push({ id: 4, name: 'Electrical', active: true });
    const later = (await get()).json();
    expect(fake.callsOf('listBusinessUnits')).toBe(2);
    expect(later.businessUnits.map((b: { name: string }) => b.name)).toEqual([
      'Electrical',
      'HVAC',
      'Plumbing',
    ]);
  });

  it('explains a ServiceTitan failure in plain words, with a 200', async () => {
    fake.failWith = new ServiceTitanError(
      'forbidden',
      'ServiceTitan answered /settings/v2/tenant/1/business-units with HTTP 403',
      {
        status: 403,
        path: '/settings/v2/tenant/1/business-units',
        missingPermission: 'Settings',
      },
    );
    const res = await get();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ hasCredentials: true, businessUnits: [], jobTypes: [] });
    expect(body.error).toContain('"Settings" permission');
    expect(body.error).not.toContain('/settings/v2');

    // Once the admin fixes ServiceTitan, the page recovers after one refresh interval, not 10 minutes.
    fake.failWith = null;
    clock += 60_000;
    expect((await get()).json()).toMatchObject({
      error: null,
      businessUnits: [{ name: 'HVAC' }, { name: 'Plumbing' }],
    });
  });

  it("uses the user's own newest active credential before the company's", async () => {
    await giveUserCredential(t.app, user.id, {
      clientId: 'cid.user.old',
      createdAt: new Date('2025-01-01T00:00:00Z'),
    });
    await giveUserCredential(t.app, user.id, {
      clientId: 'cid.user.new',
      createdAt: new Date('2025-02-01T00:00:00Z'),
    });
    await giveUserCredential(t.app, user.id, { clientId: 'cid.user.inactive', isActive: false });
    await get();
    expect(new Set(fake.calls.map((c) => c.clientId))).toEqual(new Set(['cid.user.new']));
  });

  it('says what an incomplete credential is missing', async () => {
    const companyWithout = await createCompany(t.app);
    const partial = await createSignedInUser(t.app, { companyId: companyWithout });
    await giveUserCredential(t.app, partial.id, {
      clientId: 'cid.partial',
      tenantId: null,
      appKey: null,
    });
    const body = (await get(partial)).json();
    expect(body.hasCredentials).toBe(true);
    expect(body.error).toMatch(/missing the tenant ID and app key/);
    expect(fake.calls).toHaveLength(0);

    const capacity = await t.app.inject({
      method: 'POST',
      url: '/api/capacity',
      headers: { cookie: partial.cookie },
      payload: {},
    });
    expect(capacity.statusCode).toBe(200);
    expect(capacity.json().error).toMatch(/missing the tenant ID and app key/);
  });
});
