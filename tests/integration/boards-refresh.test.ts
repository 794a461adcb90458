import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../src/shared/api/boards.js';
import type { CapacityResponse } from '../../src/shared/api/capacity.js';
import { WATCH_MS } from '../../src/server/services/capacity/refresh-schedule.js';
import { openSharedDatabase } from '../helpers/database.js';
import { eventually, openEventStream, type OpenStream } from '../helpers/event-stream.js';
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
 * Issue 26, item 5: ServiceTitan is read once per company per refresh interval however many
 * boards it has, even when their days differ (time zone, workdays); the read covers the union
 * of the boards' days, every board's answer is made from it, and the server's refresh schedule
 * keeps all of them current. Two app instances on one database, as in live-push.test.ts.
 */

/** Wednesday 2025-06-11, 13:00 in New York (Thursday 02:00 in Tokyo). */
const WEDNESDAY = Date.parse('2025-06-11T17:00:00Z');

describe('several boards of one company on one ServiceTitan read', () => {
  let shared: Awaited<ReturnType<typeof openSharedDatabase>>;
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  let fakeA: FakeServiceTitan;
  let fakeB: FakeServiceTitan;
  let clock = WEDNESDAY;
  const refreshMs = 60_000;
  const clientId = `cid-boards-${crypto.randomUUID()}`;
  let admin: TestUser;
  let boards: Board[];

  const bookingReads = () =>
    [...fakeA.calls, ...fakeB.calls].filter(
      (c) => c.method === 'listAppointments' && c.clientId === clientId,
    );

  async function answerOf(instance: TestApp, boardId: number): Promise<CapacityResponse> {
    const res = await instance.app.inject({
      method: 'POST',
      url: `/api/capacity?boardId=${boardId}`,
      headers: { cookie: admin.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    return res.json<CapacityResponse>();
  }

  /** Each displayed day of a board as `date=scheduled` for the one business unit. */
  const daysOf = (answer: CapacityResponse) =>
    answer.days.map((d) => `${d.date}=${d.data.find((i) => i.id === 10)?.scheduled ?? '-'}`);

  /** Each board's days as both instances answer them. */
  async function expectBoards(expected: Record<'main' | 'weekend' | 'tokyo', string[]>) {
    const [main, weekend, tokyo] = boards as [Board, Board, Board];
    for (const instance of [a, b]) {
      expect(daysOf(await answerOf(instance, main.id))).toEqual(expected.main);
      expect(daysOf(await answerOf(instance, weekend.id))).toEqual(expected.weekend);
      expect(daysOf(await answerOf(instance, tokyo.id))).toEqual(expected.tokyo);
    }
  }

  async function saveSettings(boardId: number, changes: Record<string, unknown>) {
    const url = `/api/board-settings?boardId=${boardId}`;
    const current = await a.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
    const { settings, version } = current.json<{ settings: object; version: number }>();
    const saved = await a.app.inject({
      method: 'PUT',
      url,
      headers: { cookie: admin.cookie },
      payload: { settings: { ...settings, ...changes }, version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  const appointment = (id: number, start: string) => ({
    id,
    jobId: id,
    start,
    end: new Date(Date.parse(start) + 3_600_000).toISOString(),
    status: 'Scheduled',
  });

  beforeAll(async () => {
    shared = await openSharedDatabase();
    const env = {
      ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
      API_RATE_LIMIT_PER_MINUTE: '100000',
    };
    fakeA = createFakeServiceTitan();
    fakeB = createFakeServiceTitan();
    for (const fake of [fakeA, fakeB]) {
      fake.businessUnits = [{ id: 10, name: 'Plumbing', active: true }];
      fake.jobs = [1, 2, 3].map((id) => ({
        id,
        jobStatus: 'Scheduled',
        businessUnitId: 10,
        jobTypeId: 5,
      }));
      fake.appointments = [
        // Thursday 12 June, 09:00 in New York (22:00 in Tokyo): the New York boards' first day.
        appointment(1, '2025-06-12T13:00:00Z'),
        // Saturday 14 June in New York: only the board that works Saturdays shows it.
        appointment(2, '2025-06-14T15:00:00Z'),
        // Tuesday 17 June, 15:00 in Tokyo (02:00 in New York): only the Tokyo board's third day.
        appointment(3, '2025-06-17T06:00:00Z'),
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

    const companyId = await createCompany(a.app);
    await giveCompanyCredential(a.app, companyId, { clientId });
    admin = await createSignedInUser(a.app, { companyId, role: 'account_admin' });
    for (const name of ['Weekend crew', 'Tokyo office']) {
      const created = await a.app.inject({
        method: 'POST',
        url: '/api/boards',
        headers: { cookie: admin.cookie },
        payload: { name },
      });
      expect(created.statusCode).toBe(201);
    }
    const list = await a.app.inject({
      method: 'GET',
      url: '/api/boards',
      headers: { cookie: admin.cookie },
    });
    boards = list.json<{ boards: Board[] }>().boards;
    await saveSettings(boards[0]!.id, { timezone: 'America/New_York' });
    await saveSettings(boards[1]!.id, {
      timezone: 'America/New_York',
      workdays: {
        monday: true,
        tuesday: true,
        wednesday: true,
        thursday: true,
        friday: true,
        saturday: true,
        sunday: false,
      },
    });
    await saveSettings(boards[2]!.id, { timezone: 'Asia/Tokyo' });
  }, 60_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await shared?.close();
  });

  it('answers three boards with different days from one read that covers all of them, each with its own days', async () => {
    // Every board asked on both instances: one read of ServiceTitan between them.
    await expectBoards({
      main: ['2025-06-12=1', '2025-06-13=0', '2025-06-16=0'],
      weekend: ['2025-06-12=1', '2025-06-13=0', '2025-06-14=1'],
      tokyo: ['2025-06-13=0', '2025-06-16=0', '2025-06-17=1'],
    });
    const reads = bookingReads();
    expect(reads).toHaveLength(1);
    // From New York's Thursday midnight to the end of Tokyo's Tuesday.
    expect(reads[0]!.window).toEqual({
      startsOnOrAfter: '2025-06-12T04:00:00.000Z',
      startsBefore: '2025-06-17T15:00:00.000Z',
    });
  });

  it('keeps every board current on the refresh schedule with one read per interval, and tells each board of new numbers', async () => {
    const [main, weekend, tokyo] = boards as [Board, Board, Board];
    // Each board open on a screen of its own, spread over both instances; nobody asks any more.
    const streams: OpenStream[] = [];
    for (const [board, url] of [
      [main, urlA],
      [weekend, urlB],
      [tokyo, urlA],
    ] as const) {
      const stream = await openEventStream(url, {
        cookie: admin.cookie,
        query: `?boardId=${board.id}`,
      });
      await stream.next((e) => e.event === 'hello');
      streams.push(stream);
    }
    try {
      const before = bookingReads().length;
      clock += WATCH_MS + 1_000;
      for (let interval = 1; interval <= 3; interval += 1) {
        if (interval > 1) clock += refreshMs;
        expect(
          await eventually(async () => bookingReads().length >= before + interval, 5_000),
        ).toBe(true);
        // Many more ticks of both schedules: still one read for this interval, for all three boards.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(bookingReads()).toHaveLength(before + interval);
      }

      // A booking on Monday 16 June (10:00 in New York, 23:00 in Tokyo) reaches the two boards
      // showing that Monday with the next scheduled read; every board's answer is made from it.
      for (const fake of [fakeA, fakeB]) {
        fake.jobs.push({ id: 4, jobStatus: 'Scheduled', businessUnitId: 10, jobTypeId: 5 });
        fake.appointments.push(appointment(4, '2025-06-16T14:00:00Z'));
      }
      const reads = bookingReads().length;
      const marks = streams.map((s) => s.events.length);
      clock += refreshMs;
      for (const [index, stream] of streams.entries()) {
        await stream.next(
          (e) => e.event === 'capacity' && stream.events.indexOf(e) >= marks[index]!,
        );
      }
      expect(bookingReads()).toHaveLength(reads + 1);
      await expectBoards({
        main: ['2025-06-12=1', '2025-06-13=0', '2025-06-16=1'],
        weekend: ['2025-06-12=1', '2025-06-13=0', '2025-06-14=1'],
        tokyo: ['2025-06-13=0', '2025-06-16=1', '2025-06-17=1'],
      });
      expect(bookingReads()).toHaveLength(reads + 1);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it("hands each board's paired screens the board's new answer in the message, and people a plain one to re-read", async () => {
    const [main, , tokyo] = boards as [Board, Board, Board];
    const tv = (boardId: number) => pairScreen(a.app, admin, { name: `TV ${boardId}`, boardId });
    const tokyoTvs = [await tv(tokyo.id), await tv(tokyo.id)];
    const mainTv = await tv(main.id);
    const streams = {
      tokyoOnA: await openEventStream(urlA, { cookie: tokyoTvs[0] }),
      tokyoOnB: await openEventStream(urlB, { cookie: tokyoTvs[1] }),
      mainOnB: await openEventStream(urlB, { cookie: mainTv }),
      person: await openEventStream(urlA, { cookie: admin.cookie, query: `?boardId=${tokyo.id}` }),
    };
    try {
      for (const stream of Object.values(streams)) await stream.next((e) => e.event === 'hello');
      // A booking on Friday 13 June, 10:00 in Tokyo (Thursday 21:00 in New York).
      for (const fake of [fakeA, fakeB]) {
        fake.jobs.push({ id: 5, jobStatus: 'Scheduled', businessUnitId: 10, jobTypeId: 5 });
        fake.appointments.push(appointment(5, '2025-06-13T01:00:00Z'));
      }
      const marks = new Map(Object.entries(streams).map(([k, s]) => [k, s.events.length]));
      const capacityOf = (key: keyof typeof streams) =>
        streams[key].next(
          (e) => e.event === 'capacity' && streams[key].events.indexOf(e) >= marks.get(key)!,
        );
      clock += refreshMs;
      const told = {
        tokyoOnA: await capacityOf('tokyoOnA'),
        tokyoOnB: await capacityOf('tokyoOnB'),
        mainOnB: await capacityOf('mainOnB'),
        person: await capacityOf('person'),
      };
      interface Told {
        boardId?: number;
        answer?: CapacityResponse;
      }
      const asScreen = async (instance: TestApp, cookie: string) =>
        (
          await instance.app.inject({
            method: 'POST',
            url: '/api/capacity',
            headers: { cookie },
            payload: {},
          })
        ).json<CapacityResponse>();
      // Each screen got exactly what it would have read, its board's, without asking.
      const tokyoAnswer = (told.tokyoOnA.data as Told).answer!;
      expect((told.tokyoOnA.data as Told).boardId).toBe(tokyo.id);
      expect(daysOf(tokyoAnswer)).toEqual(['2025-06-13=1', '2025-06-16=1', '2025-06-17=1']);
      expect((told.tokyoOnB.data as Told).answer).toEqual(tokyoAnswer);
      expect(tokyoAnswer).toEqual(await asScreen(a, tokyoTvs[0]!));
      const mainAnswer = (told.mainOnB.data as Told).answer!;
      expect(daysOf(mainAnswer)).toEqual(['2025-06-12=2', '2025-06-13=0', '2025-06-16=1']);
      expect(mainAnswer).toEqual(await asScreen(b, mainTv));
      // A person's board re-reads (their answer may use their own credential).
      expect(told.person.data).toEqual({ companyId: expect.any(Number) });
    } finally {
      for (const stream of Object.values(streams)) stream.close();
    }
  });
});
