import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATCH_MS } from '../../src/server/services/capacity/refresh-schedule.js';
import { openSharedDatabase } from '../helpers/database.js';
import { eventually, openEventStream } from '../helpers/event-stream.js';
import {
  createFakeServiceTitan,
  giveCompanyCredential,
  type FakeServiceTitan,
} from '../helpers/fake-service-titan.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  pairScreen,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

/**
 * Issue 13: the server's refresh schedule, the events that reach every instance, the board
 * streams, and the caches those events invalidate. Two app instances on one database (two
 * pools and two LISTEN connections on PostgreSQL with TEST_DATABASE_URL; one PGlite otherwise),
 * each listening on a real port because a stream stays open.
 */
describe('live boards across two instances', () => {
  let shared: Awaited<ReturnType<typeof openSharedDatabase>>;
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  let fakeA: FakeServiceTitan;
  let fakeB: FakeServiceTitan;
  let clock: number;
  const refreshMs = 60_000;

  /** ServiceTitan calls for one company's bookings (its credential's client id), both instances. */
  const bookingReads = (clientId: string) =>
    [...fakeA.calls, ...fakeB.calls].filter(
      (c) => c.method === 'listAppointments' && c.clientId === clientId,
    ).length;

  async function companyWithBoard(clientId: string) {
    const companyId = await createCompany(a.app);
    await giveCompanyCredential(a.app, companyId, { clientId });
    const user = await createSignedInUser(a.app, { companyId });
    return { companyId, user, clientId };
  }

  /**
   * A company with no ServiceTitan connection: its streams carry only the events a test
   * publishes (an open stream makes the instance read the board of a company with a connection,
   * and that first read announces numbers of its own).
   */
  async function companyForEvents() {
    const companyId = await createCompany(a.app);
    const user = await createSignedInUser(a.app, { companyId });
    return { companyId, user };
  }

  const board = (instance: TestApp, user: TestUser) =>
    instance.app.inject({
      method: 'POST',
      url: '/api/capacity',
      headers: { cookie: user.cookie },
      payload: { timezone: 'America/New_York' },
    });

  beforeAll(async () => {
    clock = Date.parse('2025-06-11T17:00:00Z');
    shared = await openSharedDatabase();
    const env = {
      ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
      API_RATE_LIMIT_PER_MINUTE: '100000',
    };
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
    }
    const services = (fake: FakeServiceTitan) => ({
      serviceTitan: fake,
      now: () => new Date(clock),
      scheduleTickMs: 25,
      refreshWaitMs: 10_000,
    });
    a = await createTestApp({ database: shared.first, env, services: services(fakeA) });
    b = await createTestApp({ database: shared.second, env, services: services(fakeB) });
    urlA = await a.app.listen({ host: '127.0.0.1', port: 0 });
    urlB = await b.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await shared?.close();
  });

  it('refreshes a watched company on schedule, once per interval across both instances, and leaves an idle one alone', async () => {
    const watched = await companyWithBoard(`cid-watched-${crypto.randomUUID()}`);
    const idle = await companyWithBoard(`cid-idle-${crypto.randomUUID()}`);
    // Both boards were opened once, on both instances; only the watched one stays open (a stream).
    for (const instance of [a, b]) {
      expect((await board(instance, watched.user)).statusCode).toBe(200);
      expect((await board(instance, idle.user)).statusCode).toBe(200);
    }
    expect(bookingReads(watched.clientId)).toBe(1);
    expect(bookingReads(idle.clientId)).toBe(1);
    const streamA = await openEventStream(urlA, { cookie: watched.user.cookie });
    const streamB = await openEventStream(urlB, { cookie: watched.user.cookie });
    await streamA.next((e) => e.event === 'hello');
    await streamB.next((e) => e.event === 'hello');

    // Nobody asks any more; the idle company's last request is older than the watch window.
    clock += WATCH_MS + 1_000;
    for (let interval = 2; interval <= 4; interval += 1) {
      if (interval > 2) clock += refreshMs;
      expect(await eventually(async () => bookingReads(watched.clientId) >= interval, 5_000)).toBe(
        true,
      );
      // Several more ticks of both schedules: still exactly one read for this interval.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(bookingReads(watched.clientId)).toBe(interval);
    }
    expect(bookingReads(idle.clientId)).toBe(1);
    streamA.close();
    streamB.close();
  });

  it('refreshes a company on time while another company’s refresh is still waiting for ServiceTitan', async () => {
    const slow = await companyWithBoard(`cid-slow-${crypto.randomUUID()}`);
    const onTime = await companyWithBoard(`cid-on-time-${crypto.randomUUID()}`);
    const started = clock;
    expect((await board(a, slow.user)).statusCode).toBe(200);
    // The second company's interval runs half an interval behind the first's.
    clock = started + refreshMs / 2;
    expect((await board(a, onTime.user)).statusCode).toBe(200);
    const streams = [
      await openEventStream(urlA, { cookie: slow.user.cookie }),
      await openEventStream(urlA, { cookie: onTime.user.cookie }),
    ];
    for (const stream of streams) await stream.next((e) => e.event === 'hello');

    fakeA.slowClients.set(slow.clientId, 4_000);
    fakeB.slowClients.set(slow.clientId, 4_000);
    try {
      clock = started + refreshMs;
      expect(await eventually(async () => bookingReads(slow.clientId) === 2, 3_000)).toBe(true);
      // The slow company's refresh is waiting for ServiceTitan when the other one falls due.
      clock = started + refreshMs + refreshMs / 2;
      expect(await eventually(async () => bookingReads(onTime.clientId) === 2, 2_000)).toBe(true);
    } finally {
      fakeA.slowClients.clear();
      fakeB.slowClients.clear();
      for (const stream of streams) stream.close();
      // Let the slow refresh finish before the next test moves the clock.
      await new Promise((resolve) => setTimeout(resolve, 4_000));
    }
  });

  it('keeps refreshing a company whose only board on an instance is a stream (its requests went to the other instance)', async () => {
    const company = await companyWithBoard(`cid-stream-only-${crypto.randomUUID()}`);
    // The board's requests reach instance A once; its stream lands on instance B, where no board
    // request of the company ever came.
    expect((await board(a, company.user)).statusCode).toBe(200);
    expect(bookingReads(company.clientId)).toBe(1);
    const streamB = await openEventStream(urlB, { cookie: company.user.cookie });
    await streamB.next((e) => e.event === 'hello');
    // A forgets the company after its watch window; B's stream alone must keep it on schedule.
    clock += WATCH_MS + 1_000;
    for (let interval = 2; interval <= 3; interval += 1) {
      if (interval > 2) clock += refreshMs;
      expect(await eventually(async () => bookingReads(company.clientId) >= interval, 5_000)).toBe(
        true,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(bookingReads(company.clientId)).toBe(interval);
    }
    streamB.close();
  });

  it('tells the open boards of the company on every instance when a refresh brings new numbers', async () => {
    const company = await companyWithBoard(`cid-news-${crypto.randomUUID()}`);
    expect((await board(a, company.user)).statusCode).toBe(200);
    const streamB = await openEventStream(urlB, { cookie: company.user.cookie });
    await streamB.next((e) => e.event === 'hello');
    // A new booking in ServiceTitan; the next scheduled refresh (on whichever instance) finds it.
    for (const fake of [fakeA, fakeB]) {
      fake.jobs.push({ id: 2, jobStatus: 'Scheduled', businessUnitId: 10, jobTypeId: 5 });
      fake.appointments.push({
        id: 2,
        jobId: 2,
        start: '2025-06-12T17:00:00Z',
        end: '2025-06-12T18:00:00Z',
        status: 'Scheduled',
      });
    }
    clock += refreshMs;
    const told = await streamB.next(
      (e) =>
        e.event === 'capacity' && (e.data as { companyId: number }).companyId === company.companyId,
    );
    expect(told.id).toMatch(/\./);
    const answer = (await board(b, company.user)).json<{
      days: { date: string; data: { scheduled: number }[] }[];
    }>();
    expect(answer.days.find((d) => d.date === '2025-06-12')?.data[0]?.scheduled).toBe(2);
    streamB.close();
  });

  it('tells the boards and screens of the company on every instance when a refresh finds the same numbers, in a few bytes, and every answer after carries that read (issue 33)', async () => {
    const company = await companyWithBoard(`cid-same-${crypto.randomUUID()}`);
    const admin = await createSignedInUser(a.app, {
      companyId: company.companyId,
      role: 'account_admin',
    });
    const first = (await board(a, company.user)).json<{ fetchedAt: string }>();
    expect(first.fetchedAt).toBe(new Date(clock).toISOString());
    const streamA = await openEventStream(urlA, { cookie: company.user.cookie });
    const screenB = await openEventStream(urlB, { cookie: await pairScreen(a.app, admin) });
    await streamA.next((e) => e.event === 'hello');
    await screenB.next((e) => e.event === 'hello');

    // The next interval's read (on whichever instance) finds what ServiceTitan said before.
    clock += refreshMs;
    const readAt = new Date(clock).toISOString();
    for (const stream of [streamA, screenB]) {
      const told = await stream.next((e) => e.event === 'fetched');
      expect(told.data).toEqual({ companyId: company.companyId, fetchedAt: readAt });
      // No id (nothing to replay: the next one says the same, newer), and no answer in it.
      expect(told.id).toBeNull();
      expect(stream.events.map((e) => e.event)).not.toContain('capacity');
    }
    // Any board read after it, on either instance, counts from that read too.
    for (const instance of [a, b]) {
      expect((await board(instance, company.user)).json<{ fetchedAt: string }>().fetchedAt).toBe(
        readAt,
      );
    }
    streamA.close();
    screenB.close();
  });

  it('delivers an event published on instance A to a stream on instance B, and never another company’s', async () => {
    const mine = await companyForEvents();
    const other = await companyForEvents();
    const stream = await openEventStream(urlB, { cookie: mine.user.cookie });
    await stream.next((e) => e.event === 'hello');
    await a.app.services.events.publish({ type: 'capacity.updated', companyId: other.companyId });
    await a.app.services.events.publish({
      type: 'preferences.changed',
      companyId: other.companyId,
    });
    await a.app.services.events.publish({
      type: 'settings.changed',
      companyId: other.companyId,
      version: 3,
    });
    await a.app.services.events.publish({
      type: 'settings.changed',
      companyId: mine.companyId,
      version: 7,
    });
    const settings = await stream.next((e) => e.event === 'settings');
    expect(settings.data).toEqual({ companyId: mine.companyId, version: 7 });
    expect(JSON.stringify(stream.events)).not.toContain(`"companyId":${other.companyId}`);
    expect(stream.events.map((e) => e.event)).toEqual(['hello', 'settings']);
    stream.close();
  });

  it('replays what a reconnecting board missed (Last-Event-ID), and asks for a re-read when it cannot', async () => {
    const company = await companyForEvents();
    const first = await openEventStream(urlA, { cookie: company.user.cookie });
    const hello = await first.next((e) => e.event === 'hello');
    first.close();
    await a.app.services.events.publish({
      type: 'preferences.changed',
      companyId: company.companyId,
    });
    await b.app.services.events.publish({ type: 'capacity.updated', companyId: company.companyId });

    const again = await openEventStream(urlA, {
      cookie: company.user.cookie,
      lastEventId: hello.id!,
    });
    await again.next((e) => e.event === 'capacity');
    expect(again.events.map((e) => e.event)).toEqual(['hello', 'preferences', 'capacity']);
    again.close();

    // An id this instance never gave (another instance's, or one from before a restart).
    const elsewhere = await openEventStream(urlB, {
      cookie: company.user.cookie,
      lastEventId: hello.id!,
    });
    await elsewhere.next((e) => e.event === 'resync');
    expect(elsewhere.events.map((e) => e.event)).toEqual(['hello', 'resync']);
    elsewhere.close();
  });

  it('refuses a session on instance B within a second of signing out on instance A, and ends its streams', async () => {
    const companyId = await createCompany(a.app);
    const user = await createSignedInUser(a.app, { companyId });
    const whoAmI = (instance: TestApp) =>
      instance.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } });
    // B has the session in memory now.
    expect((await whoAmI(b)).statusCode).toBe(200);
    const stream = await openEventStream(urlB, { cookie: user.cookie });
    await stream.next((e) => e.event === 'hello');

    const out = await a.app.inject({ url: '/api/logout', headers: { cookie: user.cookie } });
    expect(out.statusCode).toBe(302);
    expect(await eventually(async () => (await whoAmI(b)).statusCode === 401, 1_000)).toBe(true);
    await stream.next((e) => e.event === 'session-ended', 1_000);
    await stream.ended;
  });

  it('refuses the board on instance B within a second of signing out on instance A, though B holds its answer in memory', async () => {
    const company = await companyWithBoard(`cid-out-${crypto.randomUUID()}`);
    const viewer = { id: company.user.id, companyId: company.companyId, boardCompanyId: undefined };
    const firstBoard = (await b.app.services.boards.first(company.companyId)).id;
    const remembered = () =>
      b.app.services.capacity.cachedBoardAnswer(viewer, 'businessUnit', firstBoard);
    // B's answer stays in memory once no refresh of its own announced new numbers meanwhile.
    expect(
      await eventually(
        async () => (await board(b, company.user)).statusCode === 200 && !!remembered(),
        10_000,
      ),
    ).toBe(true);
    expect((await board(b, company.user)).statusCode).toBe(200);

    const out = await a.app.inject({
      url: '/api/logout',
      headers: { cookie: company.user.cookie },
    });
    expect(out.statusCode).toBe(302);
    expect(
      await eventually(async () => (await board(b, company.user)).statusCode === 401, 1_000),
    ).toBe(true);
  });

  it('refuses a deleted user on instance B within a second', async () => {
    const companyId = await createCompany(a.app);
    const admin = await createSignedInUser(a.app, { companyId, role: 'account_admin' });
    const user = await createSignedInUser(a.app, { companyId });
    const whoAmI = () => b.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } });
    expect((await whoAmI()).statusCode).toBe(200);
    const removed = await a.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${user.id}`,
      headers: { cookie: admin.cookie, origin: a.app.config.publicUrl },
    });
    expect(removed.statusCode).toBe(200);
    expect(await eventually(async () => (await whoAmI()).statusCode === 401, 1_000)).toBe(true);
  });

  it('shows an edited preference on the next board answer of every instance', async () => {
    const company = await companyWithBoard(`cid-pref-${crypto.randomUUID()}`);
    const admin = await createSignedInUser(a.app, {
      companyId: company.companyId,
      role: 'account_admin',
    });
    const rowName = async (instance: TestApp) =>
      (await board(instance, company.user)).json<{ days: { data: { name: string }[] }[] }>().days[0]
        ?.data[0]?.name;
    // Both instances hold the company's preferences in memory.
    expect(await rowName(a)).toBe('Plumbing');
    expect(await rowName(b)).toBe('Plumbing');
    const saved = await a.app.inject({
      method: 'POST',
      url: '/api/business-unit-preferences',
      headers: { cookie: admin.cookie, origin: a.app.config.publicUrl },
      payload: { businessUnitId: 10, customName: 'Pipes' },
    });
    expect(saved.statusCode).toBe(200);
    expect(await rowName(a)).toBe('Pipes');
    expect(await eventually(async () => (await rowName(b)) === 'Pipes', 1_000)).toBe(true);
  });
});
