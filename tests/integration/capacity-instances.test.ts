import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSharedDatabase } from '../helpers/database.js';
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

describe('capacity across two app instances sharing one database', () => {
  let shared: Awaited<ReturnType<typeof openSharedDatabase>>;
  let a: TestApp;
  let b: TestApp;
  let fakeA: FakeServiceTitan;
  let fakeB: FakeServiceTitan;
  let clock: number;
  let users: TestUser[];

  const upstreamCalls = (method: 'listAppointments' | 'listJobs' | 'listBusinessUnits') =>
    fakeA.callsOf(method) + fakeB.callsOf(method);

  beforeAll(async () => {
    clock = Date.parse('2025-06-11T17:00:00Z');
    shared = await openSharedDatabase();
    // Instances of one deployment share the encryption key, as they must to read credentials.
    const env = { ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64') };
    fakeA = createFakeServiceTitan();
    fakeB = createFakeServiceTitan();
    for (const fake of [fakeA, fakeB]) {
      fake.businessUnits = [{ id: 10, name: 'Plumbing', active: true }];
      fake.jobs = [{ id: 1, jobStatus: 'Scheduled', businessUnitId: 10, jobTypeId: 5 }];
      fake.appointments = [
        {
          id: 1,
          jobId: 1,
          start: '2025-06-12T15:00:00Z',
          end: '2025-06-12T16:00:00Z',
          status: 'Scheduled',
        },
      ];
      fake.delayMs = 30;
    }
    a = await createTestApp({
      database: shared.first,
      env,
      services: { serviceTitan: fakeA, now: () => new Date(clock) },
    });
    b = await createTestApp({
      database: shared.second,
      env,
      services: { serviceTitan: fakeB, now: () => new Date(clock) },
    });
    const companyId = await createCompany(a.app);
    await giveCompanyCredential(a.app, companyId);
    users = await Promise.all(
      Array.from({ length: 6 }, () => createSignedInUser(a.app, { companyId })),
    );
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await shared?.close();
  });

  /** Every user polls both instances at once, the way a wall of screens behind a load balancer would. */
  async function pollEverywhere(viewType: 'businessUnit' | 'jobType' = 'businessUnit') {
    const requests = users.flatMap((user) =>
      [a, b].map((instance) =>
        instance.app.inject({
          method: 'POST',
          url: '/api/capacity',
          headers: { cookie: user.cookie },
          payload: { viewType },
        }),
      ),
    );
    const responses = await Promise.all(requests);
    for (const res of responses) expect(res.statusCode).toBe(200);
    return responses.map((res) => res.json());
  }

  it('makes one upstream fetch per refresh interval between them', async () => {
    const first = await pollEverywhere();
    expect(upstreamCalls('listAppointments')).toBe(1);
    expect(upstreamCalls('listJobs')).toBe(1);
    expect(upstreamCalls('listBusinessUnits')).toBe(1);
    // Every screen, on either instance, got the same numbers.
    for (const body of first)
      expect(body.days[0].data).toEqual([
        { id: 10, name: 'Plumbing', scheduled: 1, target: 5, newToday: 0, type: 'businessUnit' },
      ]);

    await pollEverywhere('jobType');
    clock += 30_000;
    await pollEverywhere();
    expect(upstreamCalls('listAppointments')).toBe(1);

    for (const fake of [fakeA, fakeB]) {
      fake.appointments.push({
        id: 2,
        jobId: 1,
        start: '2025-06-13T15:00:00Z',
        end: '2025-06-13T16:00:00Z',
        status: 'Scheduled',
      });
    }
    clock += 30_000;
    await pollEverywhere();
    await pollEverywhere();
    expect(upstreamCalls('listAppointments')).toBe(2);
    expect(upstreamCalls('listJobs')).toBe(2);

    // The instance that did not fetch serves the new numbers too, once it looks again
    // (it re-reads a snapshot another instance is refreshing every 250 ms of real time).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const onB = await b.app.inject({
      method: 'POST',
      url: '/api/capacity',
      headers: { cookie: users[0]!.cookie },
      payload: {},
    });
    expect(onB.json().days[1].data[0].scheduled).toBe(1);
    expect(upstreamCalls('listBusinessUnits')).toBe(1);
  });
});
