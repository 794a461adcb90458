import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

describe('business-unit and job-type preferences', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  const call = (who: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const createGroup = async (who: TestUser, name: string, type: 'businessUnit' | 'jobType') =>
    (await call(who, 'POST', '/api/item-groups', { name, type })).json().id as number;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    alice = await createSignedInUser(t.app);
    bob = await createSignedInUser(t.app);
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
  });

  it('creates a preference with the seed defaults and then changes only the fields sent', async () => {
    expect((await call(alice, 'GET', '/api/business-unit-preferences')).json()).toEqual([]);

    const created = await call(alice, 'POST', '/api/business-unit-preferences', {
      userId: alice.id,
      businessUnitId: 42,
      enabled: false,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      userId: alice.id,
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

    const list = (await call(alice, 'GET', '/api/business-unit-preferences')).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      businessUnitId: 42,
      enabled: false,
      customName: null,
      day2Target: 12,
    });
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

    // A group of the right type and owner is accepted.
    const ok = await call(alice, 'POST', '/api/business-unit-preferences', {
      businessUnitId: 7,
      groupId: bu,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().groupId).toBe(bu);
  });

  it("refuses to write another user's preferences and keeps each user's own", async () => {
    const res = await call(alice, 'POST', '/api/business-unit-preferences', {
      userId: bob.id,
      businessUnitId: 3,
      enabled: false,
    });
    expect(res.statusCode).toBe(403);
    expect((await call(bob, 'GET', '/api/business-unit-preferences')).json()).toEqual([]);
    expect((await call(alice, 'GET', '/api/business-unit-preferences')).json()).toEqual([]);

    await call(alice, 'POST', '/api/business-unit-preferences', {
      businessUnitId: 3,
      enabled: false,
    });
    await call(bob, 'POST', '/api/business-unit-preferences', {
      businessUnitId: 3,
      day1Target: 20,
    });
    expect((await call(alice, 'GET', '/api/business-unit-preferences')).json()).toEqual([
      expect.objectContaining({
        userId: alice.id,
        businessUnitId: 3,
        enabled: false,
        day1Target: 5,
      }),
    ]);
    expect((await call(bob, 'GET', '/api/business-unit-preferences')).json()).toEqual([
      expect.objectContaining({ userId: bob.id, businessUnitId: 3, enabled: true, day1Target: 20 }),
    ]);
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
    expect(saved.json()).toMatchObject({
      userId: alice.id,
      jobTypeId: 3,
      groupId: group,
      day3Target: 4,
    });
    expect(saved.json()).not.toHaveProperty('businessUnitId');
    expect((await call(alice, 'GET', '/api/business-unit-preferences')).json()).toEqual([]);
    expect((await call(alice, 'GET', '/api/job-type-preferences')).json()).toHaveLength(1);

    const bad = await call(alice, 'POST', '/api/job-type-preferences', {
      jobTypeId: 3,
      day1Target: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^day1Target: /);
    const wrongUser = await call(alice, 'POST', '/api/job-type-preferences', {
      jobTypeId: 3,
      userId: bob.id,
    });
    expect(wrongUser.statusCode).toBe(403);
    expect((await call(alice, 'GET', '/api/job-type-preferences')).json()[0]).toMatchObject({
      day1Target: 4,
    });
  });
});

describe('item groups', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  const call = (
    who: TestUser,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    alice = await createSignedInUser(t.app);
    bob = await createSignedInUser(t.app);
  });

  it('creates, lists by type, renames and deletes groups', async () => {
    const created = await call(alice, 'POST', '/api/item-groups', {
      name: '  North  ',
      type: 'businessUnit',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number), name: 'North', type: 'businessUnit' });
    await call(alice, 'POST', '/api/item-groups', { name: 'Installs', type: 'jobType' });
    await call(alice, 'POST', '/api/item-groups', { name: 'central', type: 'businessUnit' });

    const units = (await call(alice, 'GET', '/api/item-groups?type=businessUnit')).json();
    expect(units.map((g: { name: string }) => g.name)).toEqual(['central', 'North']);
    const jobTypes = (await call(alice, 'GET', '/api/item-groups?type=jobType')).json();
    expect(jobTypes.map((g: { name: string }) => g.name)).toEqual(['Installs']);
    expect((await call(alice, 'GET', '/api/item-groups')).json()).toHaveLength(3);

    const id = created.json().id as number;
    const renamed = await call(alice, 'PATCH', `/api/item-groups/${id}`, { name: 'South' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id, name: 'South', type: 'businessUnit' });

    const deleted = await call(alice, 'DELETE', `/api/item-groups/${id}`);
    expect(deleted.statusCode).toBe(200);
    const after = (await call(alice, 'GET', '/api/item-groups?type=businessUnit')).json();
    expect(after.map((g: { name: string }) => g.name)).toEqual(['central']);
  });

  it('ungroups the members of a deleted group', async () => {
    const id = (
      await call(alice, 'POST', '/api/item-groups', { name: 'Temp', type: 'businessUnit' })
    ).json().id;
    await call(alice, 'POST', '/api/business-unit-preferences', {
      businessUnitId: 1,
      groupId: id,
      day1Target: 7,
    });
    await call(alice, 'POST', '/api/business-unit-preferences', { businessUnitId: 2, groupId: id });
    expect((await call(alice, 'DELETE', `/api/item-groups/${id}`)).statusCode).toBe(200);
    const prefs = (await call(alice, 'GET', '/api/business-unit-preferences')).json();
    expect(
      prefs.map((p: { groupId: number | null; day1Target: number }) => [p.groupId, p.day1Target]),
    ).toEqual([
      [null, 7],
      [null, 5],
    ]);
  });

  it("answers 404 for another user's group and leaves it alone", async () => {
    const id = (
      await call(bob, 'POST', '/api/item-groups', { name: "Bob's", type: 'jobType' })
    ).json().id;
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

  it('refuses bad input with a 400 naming the field and changes nothing', async () => {
    const id = (
      await call(alice, 'POST', '/api/item-groups', { name: 'Keep', type: 'businessUnit' })
    ).json().id;
    const cases: [string, string, object | undefined, string][] = [
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
      const res = await call(alice, method as 'POST', url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().error, `${method} ${url}`).toMatch(new RegExp(`^${field}: `));
    }
    expect((await call(alice, 'GET', '/api/item-groups')).json()).toEqual([
      { id, name: 'Keep', type: 'businessUnit' },
    ]);
  });
});
