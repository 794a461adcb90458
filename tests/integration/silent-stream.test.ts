import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapacityResponse } from '../../src/shared/api/capacity.js';
import {
  openBoardStream,
  type BoardStreamConnection,
} from '../../src/client/features/live/board-stream-connection.js';
import { openSharedDatabase } from '../helpers/database.js';
import { eventually } from '../helpers/event-stream.js';
import {
  createFakeServiceTitan,
  giveCompanyCredential,
  type FakeServiceTitan,
} from '../helpers/fake-service-titan.js';
import { freePort } from '../helpers/free-port.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  pairScreen,
  type TestApp,
} from '../helpers/test-app.js';

/**
 * Issue 33, item 6: behind the repository's own round-robin proxy (scripts/round-robin-proxy.mjs),
 * an instance that died left its screens on streams the proxy kept open on their side: they
 * never ended and never got the next update. A screen that hears nothing for two heartbeats now
 * opens its stream again. Two instances on one database behind the proxy, paired screens driven
 * by the board's own connection code (board-stream-connection.ts) over a real EventSource; one
 * instance's connections are cut as a killed process's are, and every screen gets the next
 * update from the other.
 */
describe('a screen whose instance died behind a load balancer', () => {
  let shared: Awaited<ReturnType<typeof openSharedDatabase>>;
  let a: TestApp;
  let b: TestApp;
  let fake: FakeServiceTitan;
  let proxy: ChildProcess;
  let proxyUrl: string;
  let clock = Date.parse('2025-06-11T17:00:00Z');
  const refreshMs = 60_000;
  /**
   * Heartbeats every second: a silent stream is noticed in 2.5 s (a busy test machine's timers
   * can stall for a fraction of that; a live stream is never taken for a silent one).
   */
  const heartbeatMs = 1_000;

  beforeAll(async () => {
    shared = await openSharedDatabase();
    fake = createFakeServiceTitan();
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
    const env = {
      ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
      API_RATE_LIMIT_PER_MINUTE: '100000',
    };
    const services = {
      serviceTitan: fake,
      now: () => new Date(clock),
      scheduleTickMs: 25,
      refreshWaitMs: 10_000,
      liveHeartbeatMs: heartbeatMs,
    };
    a = await createTestApp({ database: shared.first, env, services });
    b = await createTestApp({ database: shared.second, env, services });
    const upstreams: string[] = [];
    for (const instance of [a, b]) {
      const port = await freePort();
      await instance.app.listen({ host: '127.0.0.1', port });
      upstreams.push(`127.0.0.1:${port}`);
    }
    const port = await freePort();
    proxyUrl = `http://127.0.0.1:${port}`;
    proxy = spawn(
      process.execPath,
      [
        'scripts/round-robin-proxy.mjs',
        '--port',
        String(port),
        ...upstreams.flatMap((u) => ['--upstream', u]),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      proxy.stdout!.once('data', () => resolve());
      proxy.once('exit', (code) => reject(new Error(`the proxy exited (${code})`)));
    });
  });
  afterAll(async () => {
    proxy?.kill();
    await a?.close();
    await b?.close();
    await shared?.close();
  });

  it('opens its stream again after two silent heartbeats, and every screen gets the next update', async () => {
    const companyId = await createCompany(a.app);
    await giveCompanyCredential(a.app, companyId, { clientId: `cid-${crypto.randomUUID()}` });
    const admin = await createSignedInUser(a.app, { companyId, role: 'account_admin' });

    // Ten TVs, each with its own device credential; the proxy spreads their streams over both.
    const screens: {
      connection: BoardStreamConnection;
      answers: CapacityResponse[];
      hellos: number;
      heartbeats: number;
      open: boolean;
    }[] = [];
    for (let n = 0; n < 10; n += 1) {
      const cookie = await pairScreen(a.app, admin, { name: `TV ${n + 1}` });
      const screen = {
        answers: [] as CapacityResponse[],
        hellos: 0,
        heartbeats: 0,
        open: false,
        connection: undefined as unknown as BoardStreamConnection,
      };
      screen.connection = openBoardStream({
        url: (lastEventId) =>
          `${proxyUrl}/api/events${lastEventId ? `?lastEventId=${lastEventId}` : ''}`,
        // The device cookie, as the TV's browser sends it.
        open: (url) =>
          new EventSource(url, {
            fetch: (input, init) =>
              fetch(input, { ...init, headers: { ...init?.headers, cookie } }),
          }),
        handlers: {
          hello: () => void (screen.hellos += 1),
          heartbeat: () => void (screen.heartbeats += 1),
          capacity: (data) => {
            if (data.answer) screen.answers.push(data.answer);
          },
        },
        onOpenChange: (open) => void (screen.open = open),
      });
      screens.push(screen);
    }
    expect(await eventually(async () => screens.every((s) => s.hellos === 1), 10_000)).toBe(true);
    // The proxy alternates: about half on each (a reconnect on a busy machine may move one).
    const onB = b.app.services.streams.count();
    expect(a.app.services.streams.count() + onB).toBe(10);
    expect(onB).toBeGreaterThanOrEqual(3);
    // Heartbeats are messages the page hears (a comment never reaches it).
    expect(await eventually(async () => screens.every((s) => s.heartbeats > 0), 10_000)).toBe(true);

    // Instance B dies: its connections are cut (as a killed process's are) and it is gone. The
    // proxy keeps the screens' side of those streams open: they end for nobody.
    b.app.server.closeAllConnections();
    await b.close();
    // Every screen is on A again, by itself: those on B heard nothing for two heartbeats and
    // opened their stream again (at least they: a busy machine may stall a timer past it).
    expect(
      await eventually(
        async () =>
          a.app.services.streams.count() === 10 &&
          screens.filter((s) => s.hellos >= 2).length >= onB,
        20_000,
      ),
    ).toBe(true);

    // The next update: a booking, read on A's schedule, reaches every screen with the answer.
    fake.jobs.push({ id: 2, jobStatus: 'Scheduled', businessUnitId: 10, jobTypeId: 5 });
    fake.appointments.push({
      id: 2,
      jobId: 2,
      start: '2025-06-12T17:00:00Z',
      end: '2025-06-12T18:00:00Z',
      status: 'Scheduled',
    });
    clock += refreshMs;
    const scheduled = (answer: CapacityResponse | undefined) =>
      answer?.days.find((d) => d.date === '2025-06-12')?.data[0]?.scheduled;
    expect(
      await eventually(async () => screens.every((s) => scheduled(s.answers.at(-1)) === 2), 20_000),
    ).toBe(true);
    for (const screen of screens) screen.connection.close();
  });
});
