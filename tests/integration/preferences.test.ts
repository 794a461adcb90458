import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { itemGroups, itemPreferences } from '../../src/server/db/schema.js';
import { MAX_GROUPS_PER_TYPE } from '../../src/shared/api/item-groups.js';
import { MAX_PREFERENCES_PER_KIND } from '../../src/shared/api/preferences.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Business-unit and job-type preferences and item groups belong to a company (decision 007):
 * every person of the company reads the same ones, only `preferences.edit` writes them, and
 * nothing of another company is reachable.
 */
describe('company preferences and groups', () => {
  let t: TestApp;
  /** account_admin of company A */
  let alice: TestUser;
  /** plain user of company A */
  let carol: TestUser;
  /** account_admin of company B */
  let bob: TestUser;

  const call = (who: TestUser, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const createGroup = async (who: TestUser, name: string, type: 'businessUnit' | 'jobType') =>
    (await call(who, 'POST', '/api/item-groups', { name, type })).json().id as number;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    const a = await createCompany(t.app);
    const b = await createCompany(t.app);
    alice = await createSignedInUser(t.app, { role: 'account_admin', companyId: a });
    carol = await createSignedInUser(t.app, { role: 'user', companyId: a });
    bob = await createSignedInUser(t.app, { role: 'account_admin', companyId: b });
  });

  it('refuses signed-out callers', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/business-unit-preferences' })).statusCode,
    ).toBe(401);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/job-type-preferences',
      payload: { jobTypeId: 1 },
    });
    expect(post.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/item-groups' })).statusCode).toBe(401);
  });

  it('saves with the seed defaults, changes only the fields sent, and everyone of the company reads it', async () => {
    expect((await call(alice, 'GET', '/api/business-unit-preferences')).json()).toEqual([]);

    const created = await call(alice, 'POST', '/api/business-unit-preferences', {
      // The seed's userId is accepted and ignored: the preference is the company's.
      userId: carol.id,
      businessUnitId: 42,
      enabled: false,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      companyId: alice.companyId,
      businessUnitId: 42,
      enabled: false,
      customName: null,
      groupId: null,
      targetCapacity: 5,
      day1Target: 5,
      day2Target: 5,
      day3Target: 5,
    });

    const updated = await call(alice, 'POST', '/api/business-unit-preferences', {
      businessUnitId: 42,
      customName: '  Plumbing North  ',
      day2Target: 12,
    });
    expect(updated.json()).toMatchObject({
      id: created.json().id,
      enabled: false,
      customName: 'Plumbing North',
      day1Target: 5,
      day2Target: 12,
    });

    const cleared = await call(alice, 'POST', '/api/business-unit-preferences', {
      businessUnitId: 42,
      customName: null,
    });
    expect(cleared.json().customName).toBeNull();

    // The plain user of the same company sees the company's preference; the other company not.
    const seenByCarol = (await call(carol, 'GET', '/api/business-unit-preferences')).json();
    expect(seenByCarol).toEqual([cleared.json()]);
    expect(seenByCarol[0]).toMatchObject({ enabled: false, day2Target: 12 });
    expect((await call(bob, 'GET', '/api/business-unit-preferences')).json()).toEqual([]);
  });

  it('refuses bad values with a 400 naming the field and changes nothing', async () => {
    const bu = await createGroup(alice, 'Mine', 'businessUnit');
    const jt = await createGroup(alice, 'Job types', 'jobType');
    const bobsGroup = await createGroup(bob, 'Not yours', 'businessUnit');
    await call(alice, 'POST', '/api/business-unit-preferences', {
      businessUnitId: 7,
      day1Target: 9,
      customName: 'Keep',
    });
    const before = (await call(alice, 'GET', '/api/business-unit-preferences')).json();

    const cases: [object, string][] = [
      [{ businessUnitId: 7, day1Target: 0 }, 'day1Target'],
      [{ businessUnitId: 7, day2Target: -3 }, 'day2Target'],
      [{ businessUnitId: 7, day3Target: 2.5 }, 'day3Target'],
      [{ businessUnitId: 7, day1Target: '6' }, 'day1Target'],
      [{ businessUnitId: 7, day1Target: 1e12 }, 'day1Target'],
      [{ businessUnitId: 7, targetCapacity: 0 }, 'targetCapacity'],
      [{ businessUnitId: 7, customName: '   ' }, 'customName'],
      [{ businessUnitId: 7, customName: 'x'.repeat(101) }, 'customName'],
      [{ businessUnitId: 7, customName: 'Null\u0000byte' }, 'customName'],
      [{ businessUnitId: 7, enabled: 'no' }, 'enabled'],
      [{ businessUnitId: 7, groupId: jt }, 'groupId'],
      [{ businessUnitId: 7, groupId: bobsGroup }, 'groupId'],
      [{ businessUnitId: 7, groupId: 99_999_999 }, 'groupId'],
      [{ businessUnitId: 7, groupId: 1e15 }, 'groupId'],
      [{ businessUnitId: 'seven', enabled: true }, 'businessUnitId'],
      [{ businessUnitId: -1 }, 'businessUnitId'],
      [{ enabled: true }, 'businessUnitId'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(alice, 'POST', '/api/business-unit-preferences', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error, JSON.stringify(payload)).toMatch(new RegExp(`^${field}: `));
    }
    expect((await call(alice, 'GET', '/api/business-unit-preferences')).json()).toEqual(before);

    const ok = await call(alice, 'POST', '/api/business-unit-preferences', {
      businessUnitId: 7,
      groupId: bu,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().groupId).toBe(bu);
  });

  it('refuses every write of a plain user with 403 and the reason, and changes nothing', async () => {
    const group = await createGroup(alice, 'Installs', 'jobType');
    await call(alice, 'POST', '/api/job-type-preferences', { jobTypeId: 3, day1Target: 4 });
    const prefsBefore = (await call(alice, 'GET', '/api/job-type-preferences')).json();
    const groupsBefore = (await call(alice, 'GET', '/api/item-groups')).json();

    const writes: [Method, string, object | undefined][] = [
      ['POST', '/api/job-type-preferences', { jobTypeId: 3, day1Target: 9 }],
      ['POST', '/api/business-unit-preferences', { businessUnitId: 3, enabled: false }],
      ['POST', '/api/item-groups', { name: 'Mine', type: 'jobType' }],
      ['PATCH', `/api/item-groups/${group}`, { name: 'Renamed' }],
      ['DELETE', `/api/item-groups/${group}`, undefined],
    ];
    for (const [method, url, payload] of writes) {
      const res = await call(carol, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toBe('Only an administrator of your company can change this.');
    }
    expect((await call(carol, 'GET', '/api/job-type-preferences')).json()).toEqual(prefsBefore);
    expect((await call(carol, 'GET', '/api/item-groups')).json()).toEqual(groupsBefore);
    expect((await call(carol, 'GET', '/api/business-unit-preferences')).json()).toEqual([]);
  });

  it('keeps job-type preferences apart from business-unit ones, with the same rules', async () => {
    const group = await createGroup(alice, 'Installs', 'jobType');
    const saved = await call(alice, 'POST', '/api/job-type-preferences', {
      jobTypeId: 3,
      groupId: group,
      day1Target: 4,
      day2Target: 4,
      day3Target: 4,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ jobTypeId: 3, groupId: group, day3Target: 4 });
    expect(saved.json()).not.toHaveProperty('businessUnitId');
    // The same id as a business unit is another item.
    await call(alice, 'POST', '/api/business-unit-preferences', {
      businessUnitId: 3,
      day1Target: 11,
    });
    expect((await call(alice, 'GET', '/api/job-type-preferences')).json()).toEqual([
      expect.objectContaining({ jobTypeId: 3, day1Target: 4 }),
    ]);
    expect((await call(alice, 'GET', '/api/business-unit-preferences')).json()).toEqual([
      expect.objectContaining({ businessUnitId: 3, day1Target: 11, groupId: null }),
    ]);
    const bad = await call(alice, 'POST', '/api/job-type-preferences', {
      jobTypeId: 3,
      day1Target: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^day1Target: /);
  });

  it('creates, lists by type, renames and deletes groups; the company shares them', async () => {
    const created = await call(alice, 'POST', '/api/item-groups', {
      name: '  North  ',
      type: 'businessUnit',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number), name: 'North', type: 'businessUnit' });
    await call(alice, 'POST', '/api/item-groups', { name: 'Installs', type: 'jobType' });
    await call(alice, 'POST', '/api/item-groups', { name: 'central', type: 'businessUnit' });

    const units = (await call(carol, 'GET', '/api/item-groups?type=businessUnit')).json();
    expect(units.map((g: { name: string }) => g.name)).toEqual(['central', 'North']);
    const jobTypes = (await call(carol, 'GET', '/api/item-groups?type=jobType')).json();
    expect(jobTypes.map((g: { name: string }) => g.name)).toEqual(['Installs']);
    expect((await call(alice, 'GET', '/api/item-groups')).json()).toHaveLength(3);
    expect((await call(bob, 'GET', '/api/item-groups')).json()).toEqual([]);

    const id = created.json().id as number;
    const renamed = await call(alice, 'PATCH', `/api/item-groups/${id}`, { name: 'South' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id, name: 'South', type: 'businessUnit' });

    expect((await call(alice, 'DELETE', `/api/item-groups/${id}`)).statusCode).toBe(200);
    const after = (await call(carol, 'GET', '/api/item-groups?type=businessUnit')).json();
    expect(after.map((g: { name: string }) => g.name)).toEqual(['central']);
  });

  it('ungroups the members of a deleted group', async () => {
    const id = await createGroup(alice, 'Temp', 'businessUnit');
    await call(alice, 'POST', '/api/business-unit-preferences', {
      businessUnitId: 1,
      groupId: id,
      day1Target: 7,
    });
    await call(alice, 'POST', '/api/business-unit-preferences', { businessUnitId: 2, groupId: id });
    expect((await call(alice, 'DELETE', `/api/item-groups/${id}`)).statusCode).toBe(200);
    const prefs = (await call(carol, 'GET', '/api/business-unit-preferences')).json();
    expect(
      prefs.map((p: { groupId: number | null; day1Target: number }) => [p.groupId, p.day1Target]),
    ).toEqual([
      [null, 7],
      [null, 5],
    ]);
  });

  it("answers 404 for another company's group and leaves it alone", async () => {
    const id = await createGroup(bob, "Bob's", 'jobType');
    expect(
      (await call(alice, 'PATCH', `/api/item-groups/${id}`, { name: 'Mine now' })).statusCode,
    ).toBe(404);
    expect((await call(alice, 'DELETE', `/api/item-groups/${id}`)).statusCode).toBe(404);
    expect((await call(alice, 'GET', '/api/item-groups')).json()).toEqual([]);
    expect((await call(bob, 'GET', '/api/item-groups')).json()).toEqual([
      { id, name: "Bob's", type: 'jobType' },
    ]);
    expect((await call(alice, 'DELETE', '/api/item-groups/2147483647')).statusCode).toBe(404);
  });

  it('refuses bad group input with a 400 naming the field and changes nothing', async () => {
    const id = await createGroup(alice, 'Keep', 'businessUnit');
    const cases: [Method, string, object | undefined, string][] = [
      ['POST', '/api/item-groups', { name: '   ', type: 'businessUnit' }, 'name'],
      ['POST', '/api/item-groups', { name: 'x'.repeat(101), type: 'businessUnit' }, 'name'],
      ['POST', '/api/item-groups', { name: 'Tab\there', type: 'businessUnit' }, 'name'],
      ['PATCH', `/api/item-groups/${id}`, { name: 'Nul\u0000' }, 'name'],
      ['POST', '/api/item-groups', { name: 'Ok', type: 'technician' }, 'type'],
      ['POST', '/api/item-groups', { type: 'jobType' }, 'name'],
      ['PATCH', `/api/item-groups/${id}`, { name: '' }, 'name'],
      ['PATCH', '/api/item-groups/abc', { name: 'New' }, 'id'],
      ['PATCH', '/api/item-groups/99999999999', { name: 'New' }, 'id'],
      ['DELETE', '/api/item-groups/-4', undefined, 'id'],
      ['DELETE', `/api/item-groups/%20${id}`, undefined, 'id'],
      ['PATCH', `/api/item-groups/${id}.0`, { name: 'New' }, 'id'],
      ['DELETE', '/api/item-groups/1e3', undefined, 'id'],
      ['GET', '/api/item-groups?type=tech', undefined, 'type'],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await call(alice, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().error, `${method} ${url}`).toMatch(new RegExp(`^${field}: `));
    }
    expect((await call(alice, 'GET', '/api/item-groups')).json()).toEqual([
      { id, name: 'Keep', type: 'businessUnit' },
    ]);
  });

  it('bounds how many groups and preferences one company keeps, with a clear 400', async () => {
    const companyId = alice.companyId!;
    await t.app.db.insert(itemGroups).values(
      Array.from({ length: MAX_GROUPS_PER_TYPE - 1 }, (_, i) => ({
        companyId,
        name: `G${i}`,
        type: 'jobType' as const,
      })),
    );
    expect(
      (await call(alice, 'POST', '/api/item-groups', { name: 'Last', type: 'jobType' })).statusCode,
    ).toBe(201);
    const tooMany = await call(alice, 'POST', '/api/item-groups', {
      name: 'One more',
      type: 'jobType',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe(
      `type: a company can have at most ${MAX_GROUPS_PER_TYPE} groups of job types`,
    );
    // The bound is per type and per company.
    expect(
      (await call(alice, 'POST', '/api/item-groups', { name: 'U', type: 'businessUnit' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await call(bob, 'POST', '/api/item-groups', { name: 'B', type: 'jobType' })).statusCode,
    ).toBe(201);

    await t.app.db.insert(itemPreferences).values(
      Array.from({ length: MAX_PREFERENCES_PER_KIND }, (_, i) => ({
        companyId,
        type: 'businessUnit' as const,
        itemId: i + 1,
      })),
    );
    const past = await call(alice, 'POST', '/api/business-unit-preferences', {
      businessUnitId: MAX_PREFERENCES_PER_KIND + 1,
      enabled: false,
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe(
      `businessUnitId: a company can keep at most ${MAX_PREFERENCES_PER_KIND} preferences for business units`,
    );
    // Changing an existing preference stays possible at the bound.
    const existing = await call(alice, 'POST', '/api/business-unit-preferences', {
      businessUnitId: 1,
      enabled: false,
    });
    expect(existing.statusCode).toBe(200);
    expect((await call(alice, 'GET', '/api/business-unit-preferences')).json()).toHaveLength(
      MAX_PREFERENCES_PER_KIND,
    );
  });

  it('gives a person without a company empty lists and refuses their writes', async () => {
    const master = await createSignedInUser(t.app, { role: 'master_admin', companyId: null });
    expect((await call(master, 'GET', '/api/job-type-preferences')).json()).toEqual([]);
    expect((await call(master, 'GET', '/api/item-groups')).json()).toEqual([]);
    const res = await call(master, 'POST', '/api/item-groups', { name: 'X', type: 'jobType' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Create or join a company first.');
  });
});
