import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CapacityResponse } from '../../src/shared/api/capacity.js';
import { BOARD_ANSWER_TTL_MS } from '../../src/server/services/capacity/capacity-service.js';
import { PreparedAnswer } from '../../src/server/services/capacity/prepared-answer.js';
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

/** Wednesday 2025-06-11, 13:00 in New York: the board shows Thu 12, Fri 13 and Mon 16 June. */
const WEDNESDAY = Date.parse('2025-06-11T17:00:00Z');

/**
 * The warm board answer (issue 13): the viewer's last computed answer is sent again as JSON
 * text, skipping the computation and the response serializer. What the caller sees must be the
 * same bytes, and every event that changes an ingredient must drop it.
 */
describe('POST /api/capacity: the pre-serialized warm answer', () => {
  let t: TestApp;
  let fake: FakeServiceTitan;
  let clock: number;
  let user: TestUser;
  /** The company's first board: what a request without `boardId` shows. */
  const firstBoard = async () => (await t.app.services.boards.first(user.companyId!)).id;
  let admin: TestUser;

  const post = (body: object = {}, who: TestUser = user) =>
    t.app.inject({
      method: 'POST',
      url: '/api/capacity',
      headers: { cookie: who.cookie },
      payload: body,
    });
  const names = (res: { json: () => unknown }) =>
    (res.json() as CapacityResponse).days[0]!.data.map((item) => item.name).sort();

  beforeAll(async () => {
    fake = createFakeServiceTitan();
    t = await createTestApp({ services: { serviceTitan: fake, now: () => new Date(clock) } });
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    clock = WEDNESDAY;
    fake.businessUnits = [
      { id: 10, name: 'Plumbing', active: true },
      { id: 11, name: 'HVAC', active: true },
    ];
    fake.jobTypes = [{ id: 500, name: 'Repair', active: true, businessUnitIds: [] }];
    fake.jobs = [{ id: 1, jobStatus: 'Scheduled', businessUnitId: 10, jobTypeId: 500 }];
    fake.appointments = [
      {
        id: 100,
        jobId: 1,
        start: '2025-06-12T13:00:00Z',
        end: '2025-06-12T14:00:00Z',
        status: 'Scheduled',
      },
    ];
    fake.failWith = null;
    fake.calls = [];
    const companyId = await createCompany(t.app);
    await giveCompanyCredential(t.app, companyId, {
      clientId: `cid-${Math.random().toString(36).slice(2)}`,
    });
    user = await createSignedInUser(t.app, { companyId });
    admin = await createSignedInUser(t.app, { role: 'account_admin', companyId });
    // Warm: the first request fetches from ServiceTitan, and the refresh's own
    // capacity.updated keeps that answer from being remembered.
    expect((await post()).statusCode).toBe(200);
  });

  it('sends exactly the computed answer, with the same content type', async () => {
    const cachedCalls = vi.spyOn(t.app.services.capacity, 'cachedBoardAnswer');
    const computedCalls = vi.spyOn(t.app.services.capacity, 'preparedBoardFor');
    try {
      const computed = await post({ viewType: 'businessUnit' });
      const cached = await post({ viewType: 'businessUnit' });
      expect(computed.statusCode).toBe(200);
      expect(cached.statusCode).toBe(200);
      // The first was computed and serialized by the route's schema; the second was not.
      expect(computedCalls).toHaveBeenCalledTimes(1);
      expect(cachedCalls.mock.results.map((r) => typeof r.value)).toEqual(['undefined', 'object']);
      expect(cached.body).toBe(computed.body);
      expect(cached.headers['content-type']).toBe(computed.headers['content-type']);
      expect((cached.json() as CapacityResponse).days).toHaveLength(3);
      // Each view type has its own answer.
      const jobTypes = await post({ viewType: 'jobType' });
      expect(names(jobTypes)).toEqual(['Repair']);
      expect(computedCalls).toHaveBeenCalledTimes(2);
    } finally {
      cachedCalls.mockRestore();
      computedCalls.mockRestore();
    }
  });

  it('is dropped by an edited preference, so the next answer shows it', async () => {
    expect(names(await post())).toEqual(['HVAC', 'Plumbing']);
    expect(names(await post())).toEqual(['HVAC', 'Plumbing']);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/business-unit-preferences',
      headers: { cookie: admin.cookie },
      payload: { businessUnitId: 11, customName: 'Heating & Cooling' },
    });
    expect(saved.statusCode).toBe(200);
    // Same instant on the service clock: only the event can have dropped the old answer.
    expect(names(await post())).toEqual(['Heating & Cooling', 'Plumbing']);
  });

  it('is dropped by capacity.updated, settings.changed and credentials.changed for the company', async () => {
    const companyId = user.companyId!;
    const viewer = { id: user.id, companyId, boardCompanyId: undefined };
    const events = [
      { type: 'capacity.updated', companyId },
      { type: 'settings.changed', companyId, version: 2 },
      { type: 'credentials.changed', companyId },
      { type: 'session.ended', userId: user.id },
    ] as const;
    for (const event of events) {
      await post();
      expect(
        t.app.services.capacity.cachedBoardAnswer(viewer, 'businessUnit', await firstBoard()),
      ).toBeInstanceOf(PreparedAnswer);
      await t.app.services.events.publish(event);
      expect(
        t.app.services.capacity.cachedBoardAnswer(viewer, 'businessUnit', await firstBoard()),
        event.type,
      ).toBe(undefined);
    }
    // Another company's event leaves this board's answer alone.
    await post();
    await t.app.services.events.publish({ type: 'capacity.updated', companyId: companyId + 1000 });
    expect(
      t.app.services.capacity.cachedBoardAnswer(viewer, 'businessUnit', await firstBoard()),
    ).toBeInstanceOf(PreparedAnswer);
  });

  it('goes out compressed as the caller accepts, compressed once, and as text to one that accepts none', async () => {
    // A company with enough business units for an answer above the 1 KB threshold.
    fake.businessUnits = Array.from({ length: 12 }, (_, i) => ({
      id: 100 + i,
      name: `Residential service ${i + 1}`,
      active: true,
    }));
    const companyId = await createCompany(t.app);
    await giveCompanyCredential(t.app, companyId, {
      clientId: `cid-${Math.random().toString(36).slice(2)}`,
    });
    const viewer = await createSignedInUser(t.app, { companyId });
    const ask = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/capacity',
        headers: {
          cookie: viewer.cookie,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
        payload: {},
      });
    const plain = await ask();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBe(undefined);
    expect(Buffer.byteLength(plain.body)).toBeGreaterThan(1024);
    expect(names(plain)).toContain('Residential service 12');

    const brotli = vi.spyOn(zlib, 'brotliCompressSync');
    try {
      const browser = await ask('gzip, deflate, br, zstd');
      const again = await ask('gzip, deflate, br, zstd');
      for (const res of [browser, again]) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['vary']).toContain('accept-encoding');
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(plain.body);
      }
      expect(brotli).toHaveBeenCalledTimes(1);
    } finally {
      brotli.mockRestore();
    }
    const gzip = await ask('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    // Neither offered (or refused with q=0): the text as it is.
    for (const header of ['deflate', 'br;q=0, gzip;q=0', 'identity']) {
      const res = await ask(header);
      expect(res.headers['content-encoding'], header).toBe(undefined);
      expect(res.body, header).toBe(plain.body);
    }
  });

  it('goes out as text below 1 KB, whatever the caller accepts', async () => {
    const small = await post();
    expect(Buffer.byteLength(small.body)).toBeLessThan(1024);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/capacity',
      headers: { cookie: user.cookie, 'accept-encoding': 'br, gzip' },
      payload: {},
    });
    expect(res.headers['content-encoding']).toBe(undefined);
    expect(res.body).toBe(small.body);
  });

  it("is one answer for all of a company's paired screens of a board", async () => {
    const jobTypesBoard = await t.app.services.boards.create({
      companyId: user.companyId!,
      name: 'Job types',
      viewType: 'jobType',
      itemIds: null,
      userId: null,
    });
    /** A TV paired by the admin onto a board: its device cookie. */
    const pairedScreen = (boardId?: number) =>
      pairScreen(t.app, admin, boardId === undefined ? {} : { boardId });
    const [first, second, jobTypes] = [
      await pairedScreen(),
      await pairedScreen(),
      await pairedScreen(jobTypesBoard!.id),
    ];
    const read = (cookie: string) =>
      t.app.inject({ method: 'POST', url: '/api/capacity', headers: { cookie }, payload: {} });
    const computed = vi.spyOn(t.app.services.capacity, 'preparedBoardFor');
    try {
      const a = await read(first);
      const b = await read(second);
      expect(a.statusCode).toBe(200);
      expect(b.body).toBe(a.body);
      expect(names(a)).toEqual(['HVAC', 'Plumbing']);
      // The second TV was answered with what the first one's read made.
      expect(computed).toHaveBeenCalledTimes(1);
      // A TV showing the company's job-types board has that board's answer.
      expect(names(await read(jobTypes))).toEqual(['Repair']);
      expect(computed).toHaveBeenCalledTimes(2);
    } finally {
      computed.mockRestore();
    }
  });

  it('is not used once the service clock has moved on by the time limit', async () => {
    const viewer = { id: user.id, companyId: user.companyId, boardCompanyId: undefined };
    await post();
    expect(
      t.app.services.capacity.cachedBoardAnswer(viewer, 'businessUnit', await firstBoard()),
    ).toBeInstanceOf(PreparedAnswer);
    clock += BOARD_ANSWER_TTL_MS;
    expect(
      t.app.services.capacity.cachedBoardAnswer(viewer, 'businessUnit', await firstBoard()),
    ).toBe(undefined);
  });

  it('still refuses a signed-out caller and a signed-out session after an answer was cached', async () => {
    expect((await post()).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/capacity', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const signOut = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: user.cookie },
    });
    expect(signOut.statusCode).toBe(302);
    expect((await post()).statusCode).toBe(401);
  });
});
