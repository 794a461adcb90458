import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/index.js';
import {
  SESSION_COOKIE,
  createSessionStore,
  hashSessionId,
} from '../../src/server/plugins/sessions.js';
import { createSignedInUser, createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The session store behind every /api request (issue 13): sessions come from memory for a few
 * seconds, requests that miss at the same moment share one read, and a session that ends while
 * it is being read is not remembered.
 */
describe('session store', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const idHashOf = (cookie: string) => hashSessionId(cookie.slice(`${SESSION_COOKIE}=`.length));

  /** A store on the app's database that counts the reads it makes. */
  function countingStore() {
    let reads = 0;
    const db = new Proxy(t.app.db, {
      get(target, property, receiver) {
        if (property === 'select') reads += 1;
        return Reflect.get(target, property, receiver) as unknown;
      },
    }) as Database;
    const store = createSessionStore(db, t.app.config, t.app.services.events);
    return { store, reads: () => reads };
  }

  it('reads a session once for requests that miss the cache together, then serves it from memory', async () => {
    const user = await createSignedInUser(t.app);
    const { store, reads } = countingStore();
    const idHash = idHashOf(user.cookie);
    const now = new Date();
    const together = await Promise.all([
      store.load(idHash, now),
      store.load(idHash, now),
      store.load(idHash, now),
    ]);
    expect(together.map((s) => s?.user.email)).toEqual([user.email, user.email, user.email]);
    expect(reads()).toBe(1);
    expect((await store.load(idHash, new Date()))?.user.id).toBe(user.id);
    expect(reads()).toBe(1);
  });

  it('does not remember a session that ended while it was being read', async () => {
    const user = await createSignedInUser(t.app);
    const idHash = idHashOf(user.cookie);
    // The read starts before the sign-out and may still find the row; what it found must not
    // outlive the sign-out in memory.
    const reading = t.app.sessions.load(idHash, new Date());
    await t.app.sessions.destroy(idHash);
    await reading;
    expect(await t.app.sessions.load(idHash, new Date())).toBeNull();
    const answer = await t.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } });
    expect(answer.statusCode).toBe(401);
  });

  it('neither keeps nor shares a read that was under way when the session ended elsewhere', async () => {
    const user = await createSignedInUser(t.app);
    const { store, reads } = countingStore();
    const idHash = idHashOf(user.cookie);
    const first = store.load(idHash, new Date());
    // Another instance's sign-out arrives (session.ended) while the read is under way.
    store.forget({ sessionIdHash: idHash });
    const second = store.load(idHash, new Date());
    await Promise.all([first, second]);
    expect(reads()).toBe(2);
    // The second read started after the notice: it is remembered.
    await store.load(idHash, new Date());
    expect(reads()).toBe(2);

    const { store: other, reads: otherReads } = countingStore();
    const early = other.load(idHash, new Date());
    other.forget({ userId: user.id });
    await early;
    await other.load(idHash, new Date());
    expect(otherReads()).toBe(2);
  });

  it('does not remember a cookie that names no session', async () => {
    const { store, reads } = countingStore();
    const idHash = hashSessionId('no-such-session');
    expect(await store.load(idHash, new Date())).toBeNull();
    expect(await store.load(idHash, new Date())).toBeNull();
    expect(reads()).toBe(2);
  });
});
