import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UNSENT_BYTES } from '../../src/server/routes/events/index.js';
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
 * A paired screen that stops reading its stream (a frozen TV, a network path gone dead without a
 * reset) must not make the server keep every message for it: once more than MAX_UNSENT_BYTES
 * wait unsent, its connection is dropped (an end would wait behind the unsent bytes). The screen
 * beside it, which reads, keeps getting every update. The board has 400 business units, so each
 * `capacity` message carries a large answer and a few dozen updates get past the kernel's own
 * socket buffers (about 4 MB on loopback) to Node's.
 */
describe('a screen that stopped reading', () => {
  let t: TestApp;
  let url: string;
  let fake: FakeServiceTitan;
  let admin: TestUser;
  let companyId: number;
  const clock = Date.parse('2025-06-11T17:00:00Z');

  beforeAll(async () => {
    fake = createFakeServiceTitan();
    fake.businessUnits = Array.from({ length: 400 }, (_, i) => ({
      id: 1000 + i,
      name: `Business unit number ${i + 1} with a long name`,
      active: true,
    }));
    t = await createTestApp({
      env: { API_RATE_LIMIT_PER_MINUTE: '100000' },
      services: { serviceTitan: fake, now: () => new Date(clock), scheduleTickMs: 25 },
    });
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    companyId = await createCompany(t.app);
    await giveCompanyCredential(t.app, companyId, { clientId: `cid-${crypto.randomUUID()}` });
    admin = await createSignedInUser(t.app, { companyId, role: 'account_admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is dropped once 1 MB waits unsent, and the screen that reads gets every update', async () => {
    const reading = await openEventStream(url, {
      cookie: await pairScreen(t.app, admin, { name: 'Dispatch wall' }),
    });
    await reading.next((e) => e.event === 'hello');
    const request = http.request(`${url}/api/events`, {
      headers: { cookie: await pairScreen(t.app, admin, { name: 'Frozen TV' }) },
    });
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      request.on('response', resolve).on('error', reject).end();
    });
    // From now on nothing of this stream is read.
    response.pause();
    expect(await eventually(async () => t.app.services.streams.count() === 2, 5_000)).toBe(true);

    try {
      let updates = 0;
      let answerBytes = 0;
      // New numbers, one update after another, each told to both screens with the board's answer.
      // (The frozen TV cannot tell: it reads nothing, the drop included. The server can.)
      while (t.app.services.streams.count() === 2 && updates < 500) {
        await t.app.services.events.publish({ type: 'capacity.updated', companyId });
        updates += 1;
        await reading.next(
          (e) =>
            e.event === 'capacity' &&
            reading.events.filter((m) => m.event === 'capacity').length >= updates,
        );
        answerBytes = JSON.stringify(
          reading.events.filter((m) => m.event === 'capacity').at(-1)!.data,
        ).length;
      }
      expect(t.app.services.streams.count()).toBe(1);
      console.info(
        `stalled stream dropped after ${updates} updates of ${answerBytes} bytes ` +
          `(${((updates * answerBytes) / 1024 / 1024).toFixed(1)} MB; limit ${MAX_UNSENT_BYTES / 1024 / 1024} MB in Node's buffer)`,
      );
      // Well past the limit plus what the kernel holds, never on the first few updates.
      expect(updates * answerBytes).toBeGreaterThan(MAX_UNSENT_BYTES);

      // The reading screen is still open, and the next update reaches it with the answer.
      await t.app.services.events.publish({ type: 'capacity.updated', companyId });
      const last = await reading.next(
        (e) =>
          e.event === 'capacity' &&
          reading.events.filter((m) => m.event === 'capacity').length > updates,
      );
      expect(last.data).toMatchObject({ companyId, answer: { days: expect.any(Array) } });
      expect(t.app.services.streams.count()).toBe(1);
    } finally {
      request.destroy();
      reading.close();
    }
  });

  it('adds no listener per message to a stream whose socket is full (issue 33, item 10)', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => void warnings.push(warning.name);
    process.on('warning', onWarning);
    // An injected request whose body is a stream nobody reads: past 64 KB every write() answers
    // false, the state in which a 'drain' and an 'error' listener were added per message.
    // The streams of the test before have gone (closed, or dropped a moment ago).
    expect(await eventually(async () => t.app.services.streams.count() === 0, 5_000)).toBe(true);
    const pending = t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { cookie: admin.cookie },
      payloadAsStream: true,
    });
    try {
      expect(await eventually(async () => t.app.services.streams.count() === 1, 5_000)).toBe(true);
      // In one go, as a burst of changes comes: each is told to the stream at once, before the
      // socket could drain.
      await Promise.all(
        Array.from({ length: 1_500 }, () =>
          t.app.services.events.publish({ type: 'preferences.changed', companyId }),
        ),
      );
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
      t.app.services.streams.closeAll();
    }
    // What was written is all there, one message per event (a full socket loses nothing).
    let body = '';
    for await (const chunk of (await pending).stream()) body += String(chunk);
    expect(body.match(/event: preferences\n/g)?.length).toBe(1_500);
  });
});
