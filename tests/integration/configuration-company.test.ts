import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapacityResponse } from '../../src/shared/api/capacity.js';
import type { ItemGroup } from '../../src/shared/api/item-groups.js';
import type { TargetSuggestionsResponse } from '../../src/shared/api/targets.js';
import { itemGroups, itemPreferences } from '../../src/server/db/schema.js';
import {
  createFakeServiceTitan,
  giveCompanyCredential,
  type FakeServiceTitan,
} from '../helpers/fake-service-titan.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * The configuration pages' API (/business-units, /job-types: preferences with display names and
 * targets, item groups, target suggestions) for a master admin supporting a company: `?companyId=`
 * names it, as on the board, History, Alerts and Boards. Anyone else naming a company not their
 * own is refused as GET /api/boards refuses them (404 NOT_FOUND), and nothing changes.
 */
describe("a master admin configures another company's items", () => {
  let t: TestApp;
  let fake: FakeServiceTitan;
  let companyA: number;
  let companyB: number;
  let adminA: TestUser;
  let memberA: TestUser;
  let adminB: TestUser;
  let master: TestUser;

  const call = (who: TestUser, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  /** Company A's board as its admin sees it: the first day's Plumbing row. */
  const plumbingOnA = async () => {
    const res = await call(adminA, 'POST', '/api/capacity', {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CapacityResponse>().days[0]!.data.find((item) => item.id === 10);
  };
  /** Everything of company A's configuration, straight from the database. */
  const configOf = async (companyId: number) => ({
    preferences: (
      await t.app.db
        .select({
          type: itemPreferences.type,
          itemId: itemPreferences.itemId,
          customName: itemPreferences.customName,
          day1: itemPreferences.day1Target,
          day2: itemPreferences.day2Target,
          day3: itemPreferences.day3Target,
          groupId: itemPreferences.groupId,
        })
        .from(itemPreferences)
        .where(eq(itemPreferences.companyId, companyId))
    ).sort((a, b) => a.itemId - b.itemId),
    groups: (
      await t.app.db
        .select({ id: itemGroups.id, name: itemGroups.name })
        .from(itemGroups)
        .where(eq(itemGroups.companyId, companyId))
    ).sort((a, b) => a.id - b.id),
    suggestions: (await call(adminA, 'GET', '/api/target-suggestions')).json(),
  });

  beforeAll(async () => {
    fake = createFakeServiceTitan();
    fake.businessUnits = [
      { id: 10, name: 'Plumbing', active: true },
      { id: 11, name: 'HVAC', active: true },
    ];
    fake.jobTypes = [{ id: 500, name: 'Repair', active: true, businessUnitIds: [] }];
    t = await createTestApp({
      env: { API_RATE_LIMIT_PER_MINUTE: '100000' },
      services: { serviceTitan: fake, refreshWaitMs: 60_000 },
    });
    companyA = await createCompany(t.app, { name: 'Alpha Heating' });
    companyB = await createCompany(t.app, { name: 'Bravo Plumbing' });
    for (const id of [companyA, companyB]) await giveCompanyCredential(t.app, id);
    adminA = await createSignedInUser(t.app, { companyId: companyA, role: 'account_admin' });
    memberA = await createSignedInUser(t.app, { companyId: companyA });
    adminB = await createSignedInUser(t.app, { companyId: companyB, role: 'account_admin' });
    master = await createSignedInUser(t.app, { role: 'master_admin' });
  }, 120_000);
  afterAll(() => t.close());

  it("reads and changes the company's names, targets, groups and suggestions, and its board follows", async () => {
    const named = `companyId=${companyA}`;
    // A's board is open (its answer remembered) before the master admin changes anything.
    expect(await plumbingOnA()).toMatchObject({ name: 'Plumbing', target: 5 });

    // The targets are A's defaults; the master admin may keep them as they are, for A.
    const first = await call(master, 'GET', `/api/target-suggestions?${named}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<TargetSuggestionsResponse>()).toMatchObject({
      canApply: true,
      targetsAreDefaults: true,
    });
    const kept = await call(master, 'POST', `/api/target-suggestions/apply?${named}`, {
      items: 'none',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(
      (await call(adminA, 'GET', '/api/target-suggestions')).json<TargetSuggestionsResponse>(),
    ).toMatchObject({ targetsAreDefaults: false });

    const saved = await call(master, 'POST', `/api/business-unit-preferences?${named}`, {
      businessUnitId: 10,
      customName: 'Pipes',
      day1Target: 9,
      day2Target: 8,
      day3Target: 7,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ businessUnitId: 10, customName: 'Pipes', day1Target: 9 });
    const jobType = await call(master, 'POST', `/api/job-type-preferences?${named}`, {
      jobTypeId: 500,
      enabled: false,
    });
    expect(jobType.statusCode, jobType.body).toBe(200);

    // The master admin reads A's, and A's own admin sees the same rows.
    const masterRead = await call(master, 'GET', `/api/business-unit-preferences?${named}`);
    expect(masterRead.json()).toEqual([
      expect.objectContaining({ businessUnitId: 10, customName: 'Pipes', day1Target: 9 }),
    ]);
    expect((await call(adminA, 'GET', '/api/business-unit-preferences')).json()).toEqual(
      masterRead.json(),
    );
    expect((await call(adminA, 'GET', '/api/job-type-preferences')).json()).toEqual([
      expect.objectContaining({ jobTypeId: 500, enabled: false }),
    ]);
    // Naming no company, the master admin (who has none) reads nothing: A's stay A's.
    expect((await call(master, 'GET', '/api/business-unit-preferences')).json()).toEqual([]);
    // A's board counts against the new target under the new name at once.
    expect(await plumbingOnA()).toMatchObject({ name: 'Pipes', target: 9 });

    // Groups: made, renamed and deleted in A by the master admin; A's admin sees each step.
    const created = await call(master, 'POST', `/api/item-groups?${named}`, {
      name: 'Wet trades',
      type: 'businessUnit',
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json<ItemGroup>();
    expect(
      (await call(master, 'GET', `/api/item-groups?type=businessUnit&${named}`)).json(),
    ).toEqual([group]);
    expect((await call(adminA, 'GET', '/api/item-groups')).json()).toEqual([group]);
    const renamed = await call(master, 'PATCH', `/api/item-groups/${group.id}?${named}`, {
      name: 'Water',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await call(adminA, 'GET', '/api/item-groups')).json()).toEqual([
      { ...group, name: 'Water' },
    ]);
    const deleted = await call(master, 'DELETE', `/api/item-groups/${group.id}?${named}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await call(adminA, 'GET', '/api/item-groups')).json()).toEqual([]);

    // Target suggestions: A's items (by their ServiceTitan names) with A's targets.
    const suggestions = await call(master, 'GET', `/api/target-suggestions?${named}`);
    expect(suggestions.statusCode, suggestions.body).toBe(200);
    const answer = suggestions.json<TargetSuggestionsResponse>();
    expect(answer).toMatchObject({ canApply: true, targetsAreDefaults: false });
    expect(answer.items.find((i) => i.itemId === 10)).toMatchObject({
      name: 'Plumbing',
      day1Target: 9,
      day3Target: 7,
    });
    expect(answer).toEqual(
      (await call(adminA, 'GET', '/api/target-suggestions')).json<TargetSuggestionsResponse>(),
    );
    // Company B was never touched.
    expect(await configOf(companyB)).toMatchObject({ preferences: [], groups: [] });
  });

  it('refuses anyone else naming a company not theirs as GET /api/boards does, and changes nothing', async () => {
    const named = `companyId=${companyA}`;
    const groupOfA = (
      await call(adminA, 'POST', '/api/item-groups', { name: 'Dry trades', type: 'jobType' })
    ).json<ItemGroup>();
    const before = await configOf(companyA);
    // The sibling route's refusal, the one to match.
    const boards = await call(adminB, 'GET', `/api/boards?${named}`);
    expect(boards.statusCode).toBe(404);
    const refusal = { status: boards.statusCode, code: boards.json<{ code: string }>().code };
    expect(refusal.code).toBe('NOT_FOUND');

    const attempts: [TestUser, Method, string, object?][] = [
      [adminB, 'GET', `/api/business-unit-preferences?${named}`],
      [adminB, 'GET', `/api/job-type-preferences?${named}`],
      [adminB, 'GET', `/api/item-groups?${named}`],
      [adminB, 'GET', `/api/target-suggestions?${named}`],
      [
        adminB,
        'POST',
        `/api/business-unit-preferences?${named}`,
        { businessUnitId: 10, day1Target: 1 },
      ],
      [adminB, 'POST', `/api/job-type-preferences?${named}`, { jobTypeId: 500, customName: 'X' }],
      [adminB, 'POST', `/api/item-groups?${named}`, { name: 'Sneaky', type: 'businessUnit' }],
      [adminB, 'PATCH', `/api/item-groups/${groupOfA.id}?${named}`, { name: 'Sneaky' }],
      [adminB, 'DELETE', `/api/item-groups/${groupOfA.id}?${named}`],
      [adminB, 'POST', `/api/target-suggestions/apply?${named}`, { items: 'none' }],
      // A company that does not exist is not found, for the master admin too.
      [master, 'GET', '/api/business-unit-preferences?companyId=999999'],
      [master, 'POST', '/api/item-groups?companyId=999999', { name: 'Nowhere', type: 'jobType' }],
      // A's group is not B's, even for the master admin naming B.
      [master, 'PATCH', `/api/item-groups/${groupOfA.id}?companyId=${companyB}`, { name: 'B' }],
    ];
    for (const [who, method, url, payload] of attempts) {
      const res = await call(who, method, url, payload);
      expect({ status: res.statusCode, code: res.json<{ code: string }>().code }, url).toEqual(
        refusal,
      );
      expect(res.body, url).not.toMatch(/Pipes|Alpha|Dry trades/);
    }
    // A plain member of A naming their own company may read, but still not write.
    const ownRead = await call(memberA, 'GET', `/api/business-unit-preferences?${named}`);
    expect(ownRead.statusCode).toBe(200);
    expect(ownRead.json()).toEqual(
      (await call(adminA, 'GET', '/api/business-unit-preferences')).json(),
    );
    for (const [method, url, payload] of [
      ['POST', `/api/business-unit-preferences?${named}`, { businessUnitId: 10, day1Target: 1 }],
      ['POST', `/api/item-groups?${named}`, { name: 'Mine', type: 'jobType' }],
      ['POST', `/api/target-suggestions/apply?${named}`, { items: 'none' }],
    ] as const) {
      const res = await call(memberA, method, url, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json<{ code: string }>().code).toBe('FORBIDDEN');
    }
    expect(await configOf(companyA)).toEqual(before);
  });

  it('answers a companyId that is not an id with a 400 naming the field', async () => {
    const before = await configOf(companyA);
    for (const [method, url, payload] of [
      ['GET', '/api/business-unit-preferences?companyId=abc'],
      ['GET', '/api/job-type-preferences?companyId=0'],
      ['GET', '/api/item-groups?companyId=1.0'],
      ['GET', '/api/target-suggestions?companyId=01'],
      ['POST', '/api/business-unit-preferences?companyId=abc', { businessUnitId: 10 }],
      ['POST', '/api/item-groups?companyId=-1', { name: 'Bad', type: 'jobType' }],
      ['PATCH', '/api/item-groups/1?companyId=x', { name: 'Bad' }],
      ['DELETE', '/api/item-groups/1?companyId=x'],
      ['POST', '/api/target-suggestions/apply?companyId=abc', { items: 'none' }],
    ] as const) {
      const res = await call(master, method, url, payload);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ error: string }>().error, url).toMatch(/^companyId/);
    }
    expect(await configOf(companyA)).toEqual(before);
  });
});
