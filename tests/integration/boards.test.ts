import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOARD_HAS_SCREENS_MESSAGE,
  LAST_BOARD_MESSAGE,
  MAX_BOARDS_PER_COMPANY,
  type Board,
} from '../../src/shared/api/boards.js';
import type { CapacityResponse } from '../../src/shared/api/capacity.js';
import {
  createFakeServiceTitan,
  giveCompanyCredential,
  type FakeServiceTitan,
} from '../helpers/fake-service-titan.js';
import { openEventStream } from '../helpers/event-stream.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

/**
 * Several boards per company (issue 26, decision 014): the API contract of /api/boards, each
 * board's own settings and items on /api/board-settings and /api/capacity, a paired screen that
 * sees only its own board and follows when it is moved, and bad input refused naming the field.
 */

/** Wednesday 2025-06-11, 13:00 in New York: the board shows Thu 12, Fri 13 and Mon 16 June. */
const WEDNESDAY = new Date('2025-06-11T17:00:00Z');

const cookieFrom = (setCookie: string | string[] | undefined): string => {
  const line = [setCookie ?? []].flat().find((l) => l.startsWith('cb_screen='));
  if (!line) throw new Error('no cb_screen cookie set');
  return line.split(';')[0]!;
};

describe('boards', () => {
  let t: TestApp;
  let fake: FakeServiceTitan;
  let companyA: number;
  let companyB: number;
  let adminA: TestUser;
  let adminB: TestUser;
  let userA: TestUser;
  let master: TestUser;
  let baseUrl: string;

  const call = (
    who: TestUser | string | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: who ? { cookie: typeof who === 'string' ? who : who.cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const boardsOf = async (who: TestUser | string, query = '') => {
    const res = await call(who, 'GET', `/api/boards${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<{ boards: Board[]; canManage: boolean }>();
  };

  async function pairScreen(boardId?: number): Promise<{ cookie: string; id: number }> {
    const start = await call(null, 'POST', '/api/screen/pairing');
    const cookie = cookieFrom(start.headers['set-cookie']);
    const res = await call(adminA, 'POST', '/api/screens/pair', {
      code: start.json<{ code: string }>().code,
      name: 'Install TV',
      ...(boardId === undefined ? {} : { boardId }),
    });
    expect(res.statusCode).toBe(201);
    return { cookie, id: res.json<{ id: number }>().id };
  }

  const rowsOf = (answer: CapacityResponse) => answer.days[0]!.data.map((i) => i.name).sort();

  beforeAll(async () => {
    fake = createFakeServiceTitan();
    fake.businessUnits = [
      { id: 10, name: 'Plumbing', active: true },
      { id: 11, name: 'HVAC', active: true },
    ];
    fake.jobTypes = [
      { id: 500, name: 'Repair', active: true, businessUnitIds: [] },
      { id: 501, name: 'Install', active: true, businessUnitIds: [] },
    ];
    fake.jobs = [
      { id: 1, jobStatus: 'Scheduled', businessUnitId: 10, jobTypeId: 500 },
      { id: 2, jobStatus: 'Scheduled', businessUnitId: 11, jobTypeId: 501 },
    ];
    fake.appointments = [
      {
        id: 100,
        jobId: 1,
        start: '2025-06-12T13:00:00Z',
        end: '2025-06-12T14:00:00Z',
        status: 'Scheduled',
      },
      {
        id: 101,
        jobId: 2,
        start: '2025-06-12T15:00:00Z',
        end: '2025-06-12T16:00:00Z',
        status: 'Scheduled',
      },
    ];
    t = await createTestApp({
      env: { API_RATE_LIMIT_PER_MINUTE: '100000' },
      services: { serviceTitan: fake, now: () => WEDNESDAY },
    });
    companyA = await createCompany(t.app, { name: 'Alpha Heating' });
    companyB = await createCompany(t.app, { name: 'Beta Plumbing' });
    await giveCompanyCredential(t.app, companyA);
    adminA = await createSignedInUser(t.app, { companyId: companyA, role: 'account_admin' });
    adminB = await createSignedInUser(t.app, { companyId: companyB, role: 'account_admin' });
    userA = await createSignedInUser(t.app, { companyId: companyA });
    master = await createSignedInUser(t.app, { companyId: null, role: 'master_admin' });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(() => t.close());

  it("lists a company's first board for every member; only admins may manage", async () => {
    const mine = await boardsOf(userA);
    expect(mine.boards).toEqual([
      {
        id: expect.any(Number),
        name: 'Main board',
        viewType: 'businessUnit',
        measure: 'jobs',
        itemIds: null,
        screenCount: 0,
      },
    ]);
    expect(mine.canManage).toBe(false);
    expect((await boardsOf(adminA)).canManage).toBe(true);
    const denied = await call(userA, 'POST', '/api/boards', { name: 'Install' });
    expect(denied.statusCode).toBe(403);
    expect((await boardsOf(userA)).boards).toHaveLength(1);
  });

  it('creates, renames, re-picks and reorders boards, and refuses bad input naming the field', async () => {
    const created = await call(adminA, 'POST', '/api/boards', {
      name: 'Install',
      viewType: 'jobType',
      itemIds: [501],
    });
    expect(created.statusCode).toBe(201);
    const install = created.json<Board>();
    expect(install).toMatchObject({
      name: 'Install',
      viewType: 'jobType',
      itemIds: [501],
      screenCount: 0,
    });

    const bad: [unknown, string][] = [
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(200) }, 'name'],
      [{ name: 'Ok', itemIds: [999] }, 'itemIds'],
      [{ name: 'Ok', viewType: 'jobType', itemIds: [10] }, 'itemIds'],
      [{ name: 'Ok', itemIds: ['group:77'] }, 'itemIds'],
      [{ name: 'Ok', itemIds: ['ten'] }, 'itemIds'],
      [{ name: 'Ok', viewType: 'both' }, 'viewType'],
    ];
    for (const [body, field] of bad) {
      const res = await call(adminA, 'POST', '/api/boards', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ error: string }>().error.startsWith(`${field}`), res.body).toBe(true);
    }
    expect((await boardsOf(adminA)).boards.map((b) => b.name)).toEqual(['Main board', 'Install']);

    const notNumber = await call(adminA, 'PATCH', '/api/boards/abc', { name: 'X' });
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json<{ error: string }>().error).toMatch(/^id/);

    const renamed = await call(adminA, 'PATCH', `/api/boards/${install.id}`, { name: 'Installs' });
    expect(renamed.json<Board>().name).toBe('Installs');
    const moved = await call(adminA, 'PATCH', `/api/boards/${install.id}`, { position: 0 });
    expect(moved.statusCode).toBe(200);
    expect((await boardsOf(userA)).boards.map((b) => b.name)).toEqual(['Installs', 'Main board']);
    await call(adminA, 'PATCH', `/api/boards/${install.id}`, { position: 1 });
    expect((await boardsOf(userA)).boards.map((b) => b.name)).toEqual(['Main board', 'Installs']);
  });

  it("answers 404 for another company's board and never shows its data; the master admin manages it", async () => {
    const [board] = (await boardsOf(adminA)).boards;
    const patch = await call(adminB, 'PATCH', `/api/boards/${board!.id}`, { name: 'Mine now' });
    expect(patch.statusCode).toBe(404);
    expect(patch.body).not.toContain('Main board');
    expect((await call(adminB, 'DELETE', `/api/boards/${board!.id}`)).statusCode).toBe(404);
    expect((await call(adminB, 'GET', `/api/board-settings?boardId=${board!.id}`)).statusCode).toBe(
      404,
    );
    expect((await call(adminB, 'POST', `/api/capacity?boardId=${board!.id}`, {})).statusCode).toBe(
      404,
    );
    expect((await call(adminB, 'GET', `/api/boards?companyId=${companyA}`)).statusCode).toBe(404);
    const asMaster = await boardsOf(master, `?companyId=${companyA}`);
    expect(asMaster.canManage).toBe(true);
    expect(asMaster.boards.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps settings per board: a save on one board changes nothing on the other', async () => {
    const [main, install] = (await boardsOf(adminA)).boards;
    const read = async (boardId?: number) => {
      const res = await call(
        adminA,
        'GET',
        `/api/board-settings${boardId ? `?boardId=${boardId}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      return res.json<{ boardId: number; version: number; settings: { title: string } }>();
    };
    const before = await read(install!.id);
    const saved = await call(adminA, 'PUT', `/api/board-settings?boardId=${install!.id}`, {
      settings: { ...before.settings, title: 'Install crew' },
      version: before.version,
    });
    expect(saved.statusCode).toBe(200);
    expect((await read(install!.id)).settings.title).toBe('Install crew');
    expect((await read(main!.id)).settings.title).not.toBe('Install crew');
    // Without boardId: the first board, as today's clients expect.
    expect((await read()).boardId).toBe(main!.id);
  });

  it("shows each board's own items on /api/capacity", async () => {
    const [main, install] = (await boardsOf(adminA)).boards;
    const all = await call(userA, 'POST', `/api/capacity?boardId=${main!.id}`, {});
    expect(rowsOf(all.json<CapacityResponse>())).toEqual(['HVAC', 'Plumbing']);
    const picked = await call(userA, 'POST', `/api/capacity?boardId=${install!.id}`, {});
    expect(rowsOf(picked.json<CapacityResponse>())).toEqual(['Install']);
    // Re-picking drops the remembered answer.
    await call(adminA, 'PATCH', `/api/boards/${install!.id}`, { itemIds: [500, 501] });
    const again = await call(userA, 'POST', `/api/capacity?boardId=${install!.id}`, {});
    expect(rowsOf(again.json<CapacityResponse>())).toEqual(['Install', 'Repair']);
    expect((await call(userA, 'POST', '/api/capacity?boardId=abc', {})).statusCode).toBe(400);
  });

  it("gives each day its pace from the board's own curve (issue 27)", async () => {
    const [main, install] = (await boardsOf(adminA)).boards;
    // 13:00 in New York: 5 of the 9 working hours (08:00-17:00) gone. With no history the set
    // curve judges: each day's expected fill rises from its step toward the next one (the 1st day
    // ahead halfway toward 100 %, the rest it reaches over its own working hours): by hand.
    const paceOf = async (boardId: number) => {
      const res = await call(userA, 'POST', `/api/capacity?boardId=${boardId}`, {});
      expect(res.statusCode).toBe(200);
      return res
        .json<CapacityResponse>()
        .days.map((d) => [d.date, d.expectedPercent, d.pace] as const);
    };
    // Main board, default curve 66/33/15: Thu 12 has 2 of 10 booked (20 %), the others none.
    expect(await paceOf(main!.id)).toEqual([
      ['2025-06-12', 75, 'at_risk'], // 66 + 34 * 5/9 / 2 = 75.4; 20 % is 55 points below
      ['2025-06-13', 51, 'at_risk'], // 33 + 33 * 5/9 = 51.3
      ['2025-06-16', 25, 'at_risk'], // 15 + 18 * 5/9 = 25
    ]);
    const settingsOf = async (boardId: number) =>
      (await call(adminA, 'GET', `/api/board-settings?boardId=${boardId}`)).json<{
        version: number;
        settings: Record<string, unknown>;
      }>();
    const before = await settingsOf(install!.id);
    const saved = await call(adminA, 'PUT', `/api/board-settings?boardId=${install!.id}`, {
      settings: { ...before.settings, paceCurve: { day1: 10, day2: 10, day3: 0 } },
      version: before.version,
    });
    expect(saved.statusCode).toBe(200);
    // The Install board (Install only: 1 of 5 on Thu 12 = 20 %) follows its own curve...
    expect(await paceOf(install!.id)).toEqual([
      ['2025-06-12', 35, 'behind'], // 10 + 90 * 5/9 / 2 = 35; 20 % is 15 points below
      ['2025-06-13', 10, 'behind'], // 10 + 0: 0 % is 10 points below
      ['2025-06-16', 6, 'behind'], // 0 + 10 * 5/9 = 5.6
    ]);
    // ...and the main board keeps the default one.
    expect((await paceOf(main!.id)).map(([, expected]) => expected)).toEqual([75, 51, 25]);
    const refused = await call(adminA, 'PUT', `/api/board-settings?boardId=${install!.id}`, {
      settings: { ...before.settings, paceCurve: { day1: 101, day2: 10, day3: 0 } },
      version: before.version + 1,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: string }>().error).toMatch(/^settings\.paceCurve\.day1: /);
    expect((await settingsOf(install!.id)).settings.paceCurve).toEqual({
      day1: 10,
      day2: 10,
      day3: 0,
    });
  });

  it('lets a paired screen see only its own board, and moves it to another board without pairing again', async () => {
    const [main, install] = (await boardsOf(adminA)).boards;
    const tv = await pairScreen(install!.id);
    const own = await boardsOf(tv.cookie);
    expect(own.boards.map((b) => b.id)).toEqual([install!.id]);
    const before = await call(tv.cookie, 'GET', '/api/screen');
    expect(before.json<{ screen: { viewType: string } }>().screen.viewType).toBe('jobType');
    expect(own.canManage).toBe(false);
    const mine = await call(tv.cookie, 'POST', '/api/capacity', {});
    expect(rowsOf(mine.json<CapacityResponse>())).toEqual(['Install', 'Repair']);
    expect(
      (await call(tv.cookie, 'POST', `/api/capacity?boardId=${main!.id}`, {})).statusCode,
    ).toBe(404);
    expect(
      (await call(tv.cookie, 'GET', `/api/board-settings?boardId=${main!.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(tv.cookie, 'PATCH', `/api/boards/${install!.id}`, { name: 'x' })).statusCode,
    ).toBe(403);

    const stream = await openEventStream(baseUrl, { cookie: tv.cookie });
    try {
      const hello = await stream.next((e) => e.event === 'hello');
      expect(hello.data).toMatchObject({ boardId: install!.id });
      // Another company's board is not one this screen can show.
      const otherBoard = (await boardsOf(adminB)).boards[0]!;
      const refused = await call(adminA, 'PATCH', `/api/screens/${tv.id}`, {
        boardId: otherBoard.id,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ error: string }>().error).toMatch(/^boardId/);

      const move = await call(adminA, 'PATCH', `/api/screens/${tv.id}`, { boardId: main!.id });
      expect(move.statusCode).toBe(200);
      expect(move.json<{ boardId: number }>().boardId).toBe(main!.id);
      const told = await stream.next((e) => e.event === 'board');
      expect(told.data).toEqual({ boardId: main!.id });
      const status = await call(tv.cookie, 'GET', '/api/screen');
      // It shows what its board shows: the TV's labels follow the board.
      expect(status.json<{ screen: { boardId: number; viewType: string } }>().screen).toMatchObject(
        { boardId: main!.id, viewType: 'businessUnit' },
      );
      const now = await call(tv.cookie, 'POST', '/api/capacity', {});
      expect(rowsOf(now.json<CapacityResponse>())).toEqual(['HVAC', 'Plumbing']);
    } finally {
      stream.close();
    }
  });

  it('deletes a board only when its screens have a board to go to, and never the last board', async () => {
    const created = await call(adminA, 'POST', '/api/boards', { name: 'Temporary' });
    const temp = created.json<Board>();
    const tv = await pairScreen(temp.id);
    const [main] = (await boardsOf(adminA)).boards;

    const noTarget = await call(adminA, 'DELETE', `/api/boards/${temp.id}`);
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json<{ error: string }>().error).toBe(BOARD_HAS_SCREENS_MESSAGE);
    const otherBoard = (await boardsOf(adminB)).boards[0]!;
    const foreign = await call(
      adminA,
      'DELETE',
      `/api/boards/${temp.id}?moveScreensTo=${otherBoard.id}`,
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ error: string }>().error).toMatch(/^moveScreensTo/);
    expect(
      (await call(adminA, 'DELETE', `/api/boards/${temp.id}?moveScreensTo=x`)).statusCode,
    ).toBe(400);
    expect((await boardsOf(adminA)).boards.some((b) => b.id === temp.id)).toBe(true);

    const deleted = await call(
      adminA,
      'DELETE',
      `/api/boards/${temp.id}?moveScreensTo=${main!.id}`,
    );
    expect(deleted.statusCode).toBe(200);
    const status = await call(tv.cookie, 'GET', '/api/screen');
    expect(status.json<{ screen: { boardId: number } }>().screen.boardId).toBe(main!.id);

    const [onlyB] = (await boardsOf(adminB)).boards;
    const last = await call(adminB, 'DELETE', `/api/boards/${onlyB!.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json<{ error: string }>().error).toBe(LAST_BOARD_MESSAGE);
  });

  it(`keeps at most ${MAX_BOARDS_PER_COMPANY} boards per company`, async () => {
    const have = (await boardsOf(adminB)).boards.length;
    for (let i = have; i < MAX_BOARDS_PER_COMPANY; i++) {
      expect((await call(adminB, 'POST', '/api/boards', { name: `Board ${i}` })).statusCode).toBe(
        201,
      );
    }
    const over = await call(adminB, 'POST', '/api/boards', { name: 'One too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json<{ error: string }>().error).toMatch(/at most 50 boards/);
    expect((await boardsOf(adminB)).boards).toHaveLength(MAX_BOARDS_PER_COMPANY);
  });

  it('shows an item picked from inside a group on its own, and a picked group as its one row', async () => {
    const group = await call(adminA, 'POST', '/api/item-groups', {
      name: 'All trades',
      type: 'businessUnit',
    });
    expect(group.statusCode).toBe(201);
    const groupId = group.json<{ id: number }>().id;
    for (const businessUnitId of [10, 11]) {
      const grouped = await call(adminA, 'POST', '/api/business-unit-preferences', {
        businessUnitId,
        groupId,
      });
      expect(grouped.statusCode).toBe(200);
    }
    const boardWith = async (name: string, itemIds: (number | string)[]) => {
      const res = await call(adminA, 'POST', '/api/boards', { name, itemIds });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Board>().id;
    };
    const rowsWithCounts = async (boardId: number) =>
      (await call(userA, 'POST', `/api/capacity?boardId=${boardId}`, {}))
        .json<CapacityResponse>()
        .days[0]!.data.map((i) => `${i.name}=${i.scheduled}`);
    try {
      // Plumbing alone, though the company groups it with HVAC: its own row and numbers.
      expect(await rowsWithCounts(await boardWith('Plumbing only', [10]))).toEqual(['Plumbing=1']);
      // The group picked: one row adding up both.
      expect(await rowsWithCounts(await boardWith('Trades', [`group:${groupId}`]))).toEqual([
        'All trades=2',
      ]);
      // Both members picked one by one: each is shown on its own.
      expect(await rowsWithCounts(await boardWith('Both', [10, 11]))).toEqual([
        'HVAC=1',
        'Plumbing=1',
      ]);
    } finally {
      expect((await call(adminA, 'DELETE', `/api/item-groups/${groupId}`)).statusCode).toBe(200);
    }
  });
});
