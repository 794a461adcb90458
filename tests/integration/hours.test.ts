import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapacityDay, CapacityResponse } from '../../src/shared/api/capacity.js';
import {
  MOVING_TECHNICIAN_ID,
  WEEKEND_NIGHT_TECHNICIAN_ID,
  startServiceTitanSimulator,
  type SimulatorCredential,
  type SimulatorData,
  type Simulator,
} from '../../standins/servicetitan-simulator/index.js';
import { setCompanyBoardSettings } from '../helpers/board-settings.js';
import { startWebhookReceivers } from '../helpers/webhook-receivers.js';
import { giveCompanyCredential } from '../helpers/fake-service-titan.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

/**
 * Issue 35: a board measuring technician hours shows what an independent count of the
 * simulator's own records gives, from its capacity answers (a tenant with capacity planning) and
 * from its shifts and appointments (a tenant without), over the November daylight-saving change,
 * overnight shifts, time off and a technician who moves to another business unit.
 */

const ZONE = 'America/New_York';
/** Friday 2026-10-30, 10 AM in New York: every day a workday, the board shows Sat 31, Sun 1 (clocks go back), Mon 2. */
const FRIDAY = Date.parse('2026-10-30T14:00:00Z');
/** Monday 2026-11-02, 7 AM: an hour after the mover went to the other business unit. */
const MONDAY = Date.parse('2026-11-02T12:00:00Z');
const HOUR = 3_600_000;
const EVERY_DAY = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: true,
  sunday: true,
};

/** The local calendar date of an instant, by Intl alone (not the app's calendar code). */
const localDate = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(ms));

/** A date a week before, by the calendar. */
const weekBefore = (date: string) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 7);
  return d.toISOString().slice(0, 10);
};

interface Expected {
  capacity: number;
  booked: number;
  open: number;
  technicians: number;
}

/**
 * From the capacity answers: per local date (of each frame's UTC start) and business unit, the
 * sums of total and open hours, booked their difference, technicians the distinct Available.
 */
function fromCapacityAnswers(
  data: SimulatorData,
  dates: string[],
): Map<string, Map<number, Expected>> {
  const day = 24 * HOUR;
  const answer = data.capacity({
    startsOnOrAfter: new Date(Date.parse(`${dates[0]}T00:00:00Z`) - day).toISOString(),
    endsOnOrBefore: new Date(Date.parse(`${dates.at(-1)}T00:00:00Z`) + 2 * day).toISOString(),
    skillBasedAvailability: false,
  });
  const result = new Map(dates.map((d) => [d, new Map<number, Expected & { ids: Set<number> }>()]));
  for (const frame of answer.availabilities) {
    const perUnit = result.get(localDate(Date.parse(frame.startUtc)));
    if (!perUnit) continue;
    const unit = frame.businessUnitIds[0]!;
    const e = perUnit.get(unit) ?? {
      capacity: 0,
      booked: 0,
      open: 0,
      technicians: 0,
      ids: new Set(),
    };
    e.capacity += frame.totalAvailability;
    e.open += frame.openAvailability;
    e.booked = e.capacity - e.open;
    for (const t of frame.technicians) if (t.status === 'Available') e.ids.add(t.id);
    e.technicians = e.ids.size;
    perUnit.set(unit, e);
  }
  return result;
}

/**
 * From the shifts and appointments, minute by minute: a technician active now, in a business unit
 * now, adds a minute to that unit's capacity while on an enabled Normal shift and on no time off;
 * booked is the end minus start of each non-canceled appointment of a job that is not canceled,
 * on the local date it starts, by the job's business unit.
 */
function fromShifts(data: SimulatorData, dates: string[]): Map<string, Map<number, Expected>> {
  const technicians = data.technicians().filter((t) => t.active && t.businessUnitId !== null);
  // Time off from a week and a half before (a week's vacation), shifts to a day after.
  const shifts = data.shifts({
    startsFrom: new Date(Date.parse(`${dates[0]}T00:00:00Z`) - 10 * 24 * HOUR),
    startsBefore: new Date(Date.parse(`${dates.at(-1)}T00:00:00Z`) + 2 * 24 * HOUR),
  });
  const result = new Map(dates.map((d) => [d, new Map<number, Expected & { ids: Set<number> }>()]));
  const entry = (date: string, unit: number) => {
    const perUnit = result.get(date)!;
    const e = perUnit.get(unit) ?? {
      capacity: 0,
      booked: 0,
      open: 0,
      technicians: 0,
      ids: new Set(),
    };
    perUnit.set(unit, e);
    return e;
  };
  // Every UTC hour from 2 days before the first date to 2 days after the last; New York's
  // offsets are whole hours, so each hour lies in one local date.
  const first = Date.parse(`${dates[0]}T00:00:00Z`) - 2 * 24 * HOUR;
  const last = Date.parse(`${dates.at(-1)}T00:00:00Z`) + 3 * 24 * HOUR;
  for (const tech of technicians) {
    const own = shifts.filter((s) => s.technicianId === tech.id && s.active);
    const spans = (type: string) =>
      own.filter((s) => s.shiftType === type).map((s) => [Date.parse(s.start), Date.parse(s.end)]);
    const normal = spans('Normal');
    const off = spans('TimeOff');
    for (let hour = first; hour < last; hour += HOUR) {
      const overlapping = (list: number[][]) =>
        list.filter(([a, b]) => a! < hour + HOUR && b! > hour);
      const normalNow = overlapping(normal);
      if (normalNow.length === 0) continue;
      const offNow = overlapping(off);
      const date = localDate(hour);
      if (!result.has(date)) continue;
      let minutes = 0;
      for (let t = hour; t < hour + HOUR; t += 60_000) {
        const inside = (list: number[][]) => list.some(([a, b]) => a! <= t && t < b!);
        if (inside(normalNow) && !inside(offNow)) minutes += 1;
      }
      if (minutes === 0) continue;
      const e = entry(date, tech.businessUnitId!);
      e.capacity += minutes / 60;
      e.ids.add(tech.id);
      e.technicians = e.ids.size;
    }
  }
  const jobs = new Map(data.jobs({ window: {} }).map((j) => [j.id, j]));
  for (const a of data.appointments({ window: {} })) {
    if (a.status === 'Canceled') continue;
    const job = jobs.get(a.jobId);
    if (!job || job.jobStatus === 'Canceled') continue;
    const date = localDate(Date.parse(a.start));
    if (!result.has(date)) continue;
    entry(date, job.businessUnitId).booked += (Date.parse(a.end) - Date.parse(a.start)) / HOUR;
  }
  for (const perUnit of result.values())
    for (const e of perUnit.values()) e.open = Math.max(0, e.capacity - e.booked);
  return result;
}

/** The board's hours per date and business unit. */
function boardHours(days: CapacityDay[]): Map<string, Map<number, Expected>> {
  return new Map(
    days.map((day) => [
      day.date,
      new Map(
        day.data.map((item) => [
          Number(item.id),
          { ...item.hours!, technicians: item.technicians! },
        ]),
      ),
    ]),
  );
}

function expectSame(
  board: Map<string, Map<number, Expected>>,
  expected: Map<string, Map<number, Expected>>,
) {
  expect([...board.keys()]).toEqual([...expected.keys()]);
  for (const [date, perUnit] of expected) {
    const shown = board.get(date)!;
    for (const unit of new Set([...perUnit.keys(), ...shown.keys()])) {
      const want = perUnit.get(unit) ?? { capacity: 0, booked: 0, open: 0, technicians: 0 };
      const got = shown.get(unit);
      expect(got, `${date} unit ${unit}`).toBeDefined();
      for (const field of ['capacity', 'booked', 'open'] as const)
        expect(got![field], `${date} unit ${unit} ${field}`).toBeCloseTo(want[field], 1);
      expect(got!.technicians, `${date} unit ${unit} technicians`).toBe(want.technicians);
    }
  }
}

describe('a board measuring technician hours (issue 35)', () => {
  let sim: Simulator;
  let t: TestApp;
  let clock = FRIDAY;
  let planned: { admin: TestUser; boardId: number };
  let unplanned: { admin: TestUser; boardId: number; credential: SimulatorCredential };

  async function hoursCompany(credential: SimulatorCredential) {
    const companyId = await createCompany(t.app);
    await giveCompanyCredential(t.app, companyId, credential);
    await setCompanyBoardSettings(t.app, companyId, { timezone: ZONE, workdays: EVERY_DAY });
    const admin = await createSignedInUser(t.app, { companyId, role: 'account_admin' });
    const boardId = (await t.app.services.boards.first(companyId)).id;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/boards/${boardId}`,
      headers: { cookie: admin.cookie },
      payload: { measure: 'hours' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ measure: 'hours', viewType: 'businessUnit' });
    return { admin, boardId };
  }

  const companyOf = async (boardId: number) =>
    (await t.app.services.boards.byId(boardId))!.companyId;

  /** The board's answer; a view type of the person's own is asked without naming the board. */
  const board = async (who: { admin: TestUser; boardId: number }, viewType?: 'jobType') => {
    const res = await t.app.inject({
      method: 'POST',
      url: viewType ? '/api/capacity' : `/api/capacity?boardId=${who.boardId}`,
      headers: { cookie: who.admin.cookie },
      payload: viewType ? { viewType } : {},
    });
    expect(res.statusCode).toBe(200);
    return res.json() as CapacityResponse;
  };

  beforeAll(async () => {
    sim = await startServiceTitanSimulator({ now: () => new Date(clock), timeZone: ZONE, seed: 3 });
    t = await createTestApp({
      env: { SERVICETITAN_AUTH_URL: sim.authUrl, SERVICETITAN_API_URL: sim.apiUrl },
      services: { now: () => new Date(clock) },
    });
    planned = await hoursCompany(sim.demoCredential);
    const credential = sim.addTenant({ capacityPlanning: false });
    unplanned = { ...(await hoursCompany(credential)), credential };
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it("shows the capacity answers' hours, day by day over the clock change, and says where they came from", async () => {
    const body = await board(planned);
    expect(body.measure).toBe('hours');
    expect(body.hoursSource).toBe('capacity');
    expect(body.measureNote).toBe("Hours from ServiceTitan's capacity planning.");
    const dates = body.days.map((d) => d.date);
    expect(dates).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
    const expected = fromCapacityAnswers(sim.data, dates);
    // A real Monday: tens of hours in several units.
    expect(
      [...expected.get('2026-11-02')!.values()].reduce((a, e) => a + e.capacity, 0),
    ).toBeGreaterThan(40);
    expectSame(boardHours(body.days), expected);
    // Each day's totals are its rows', and its pace is on hours booked of capacity.
    for (const day of body.days) {
      const capacity = day.data.reduce((a, i) => a + i.hours!.capacity, 0);
      expect(day.hours!.capacity).toBeCloseTo(capacity, 1);
      expect(day.technicians).toBe(day.data.reduce((a, i) => a + i.technicians!, 0));
    }
    // Last week's crew, from the answers for the same weekdays a week before.
    const lastWeek = fromCapacityAnswers(sim.data, dates.map(weekBefore));
    body.days.forEach((day) => {
      const crew = [...lastWeek.get(weekBefore(day.date))!.values()].reduce(
        (a, e) => a + e.technicians,
        0,
      );
      expect(day.techniciansLastWeek, day.date).toBe(crew);
    });
  });

  it('shows hours from shifts and appointments for a tenant without capacity planning: overnight shifts split at midnight, the 25-hour Sunday, time off taken out', async () => {
    const body = await board(unplanned);
    expect(body.measure).toBe('hours');
    expect(body.hoursSource).toBe('shifts');
    expect(body.measureNote).toBe(
      'Hours from technician shifts: capacity planning is not set up in ServiceTitan.',
    );
    const dates = body.days.map((d) => d.date);
    const data = sim.tenantData(unplanned.credential.tenantId);
    const expected = fromShifts(data, dates);
    expectSame(boardHours(body.days), expected);
    // The weekend night technician works Saturday 10 PM to Sunday 6 AM: on Sunday, the clocks
    // going back make that 7 real hours after midnight (not 6), plus Sunday night's first 2.
    const plumbing = data.technicians().find((x) => x.id === WEEKEND_NIGHT_TECHNICIAN_ID)!;
    expect(plumbing.businessUnitId).toBe(1003);
    const sundayShifts = data
      .shifts()
      .filter((s) => s.technicianId === WEEKEND_NIGHT_TECHNICIAN_ID && s.shiftType === 'Normal');
    expect(sundayShifts.map((s) => s.start)).toEqual(
      expect.arrayContaining(['2026-11-01T02:00:00.000Z', '2026-11-02T03:00:00.000Z']),
    );
    // Time off happened on these days (the comparison above took it out).
    const timeOff = data
      .shifts({
        startsFrom: new Date('2026-10-24T00:00:00Z'),
        startsBefore: new Date('2026-11-03T05:00:00Z'),
      })
      .filter((s) => s.shiftType === 'TimeOff');
    expect(timeOff.length).toBeGreaterThan(0);
  });

  it('takes a sick call out of the day and says the crew shrank against last week', async () => {
    const before = await board(unplanned);
    const monday = before.days.find((d) => d.date === '2026-11-02')!;
    // Everyone of Plumbing Service working on Monday calls in sick (made now, Friday).
    const data = sim.tenantData(unplanned.credential.tenantId);
    const working = data
      .shifts({
        startsFrom: new Date('2026-11-02T05:00:00Z'),
        startsBefore: new Date('2026-11-03T05:00:00Z'),
      })
      .filter((s) => s.shiftType === 'Normal' && s.active);
    const plumbers = data
      .technicians()
      .filter(
        (x) =>
          x.active && x.businessUnitId === 1003 && working.some((s) => s.technicianId === x.id),
      );
    expect(plumbers.length).toBeGreaterThanOrEqual(2);
    for (const plumber of plumbers.slice(0, 2)) {
      sim.addShift({
        tenantId: unplanned.credential.tenantId,
        technicianId: plumber.id,
        shiftType: 'TimeOff',
        start: new Date('2026-11-02T05:00:00Z'),
        end: new Date('2026-11-03T05:00:00Z'),
        title: 'Sick',
      });
    }
    clock += 5 * 60_000; // a refresh later
    const after = await board(unplanned);
    const mondayAfter = after.days.find((d) => d.date === '2026-11-02')!;
    expect(mondayAfter.technicians).toBe(monday.technicians! - 2);
    expectSame(
      boardHours(after.days),
      fromShifts(
        data,
        after.days.map((d) => d.date),
      ),
    );
    const lastWeek = fromShifts(data, ['2026-10-26']).get('2026-10-26')!;
    const crewLastMonday = [...lastWeek.values()].reduce((a, e) => a + e.technicians, 0);
    expect(mondayAfter.techniciansLastWeek).toBe(crewLastMonday);
  });

  it('moves a technician who changed business units with their hours, on both kinds of tenant', async () => {
    const unitAt = (data: SimulatorData) =>
      data.technicians().find((x) => x.id === MOVING_TECHNICIAN_ID)!.businessUnitId;
    const data = sim.tenantData(unplanned.credential.tenantId);
    const fridayUnit = unitAt(data);
    clock = MONDAY;
    const mondayUnit = unitAt(data);
    expect(mondayUnit).not.toBe(fridayUnit);
    const shifts = await board(unplanned);
    expect(shifts.days.map((d) => d.date)).toEqual(['2026-11-03', '2026-11-04', '2026-11-05']);
    expectSame(
      boardHours(shifts.days),
      fromShifts(
        data,
        shifts.days.map((d) => d.date),
      ),
    );
    const capacity = await board(planned);
    expectSame(
      boardHours(capacity.days),
      fromCapacityAnswers(
        sim.data,
        capacity.days.map((d) => d.date),
      ),
    );
  });

  it('reads hours once per refresh with the bookings: one capacity call, or technicians and two shift lists without capacity planning', async () => {
    clock += 5 * 60_000;
    sim.calls.reset();
    await board(planned);
    await board(planned);
    const tenant = sim.demoCredential.tenantId;
    const count = (path: string) => sim.calls.count({ path });
    expect(count(`/dispatch/v2/tenant/${tenant}/capacity`)).toBe(1);
    expect(count(`/dispatch/v2/tenant/${tenant}/technician-shifts`)).toBe(0);
    expect(count(`/jpm/v2/tenant/${tenant}/appointments`)).toBe(1);
    sim.calls.reset();
    await board(unplanned);
    const other = unplanned.credential.tenantId;
    expect(count(`/dispatch/v2/tenant/${other}/capacity`)).toBe(1);
    expect(count(`/settings/v2/tenant/${other}/technicians`)).toBe(1);
    const shiftCalls = sim.calls.list({ path: `/dispatch/v2/tenant/${other}/technician-shifts` });
    expect(shiftCalls.map((c) => c.query.shiftType).sort()).toEqual(['Normal', 'TimeOff']);
  });

  it('costs each company a handful of ServiceTitan calls per refresh interval, however many boards and screens read', async () => {
    // Two refresh intervals (60 s by default) with the board read every 10 s, as screens do.
    const perInterval: Record<string, string[]> = {};
    for (const [name, who, tenant] of [
      ['with capacity planning', planned, sim.demoCredential.tenantId],
      ['without capacity planning', unplanned, unplanned.credential.tenantId],
    ] as const) {
      clock += 5 * 60_000;
      await board(who);
      sim.calls.reset();
      for (let i = 0; i < 12; i++) {
        clock += 10_000;
        await board(who);
      }
      // Over two intervals: each call once per interval (token and metadata calls included).
      const calls = sim.calls
        .list()
        .filter((c) => c.path.includes(`/tenant/${tenant}/`))
        .map(
          (c) =>
            c.path.replace(`/tenant/${tenant}`, '') +
            (c.query.shiftType ? `?${c.query.shiftType}` : ''),
        );
      perInterval[name] = calls;
      const hoursCalls = calls.filter(
        (c) => c.startsWith('/dispatch/') || c.startsWith('/settings/v2/technicians'),
      );
      expect(hoursCalls.length, name).toBe(name.startsWith('with ') ? 2 : 8);
    }
    const figures = Object.entries(perInterval).map(
      ([name, calls]) =>
        `${name}: ${calls.length / 2} calls per interval (${[...new Set(calls)].sort().join(', ')})`,
    );
    console.log(
      `\nServiceTitan calls per company per refresh interval, hours board read every 10 s:\n  ${figures.join('\n  ')}\n`,
    );
  });

  it('refuses hours on a job-type board with a 400 naming measure, and a board turned to job types counts jobs', async () => {
    const patch = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/boards/${planned.boardId}`,
        headers: { cookie: planned.admin.cookie },
        payload,
      });
    const refused = await patch({ viewType: 'jobType', measure: 'hours' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      details: { field: 'measure' },
      error: 'measure: hours are measured per business unit; a job-type board counts jobs',
    });
    expect((await patch({ measure: 'minutes' })).statusCode).toBe(400);
    const turned = await patch({ viewType: 'jobType' });
    expect(turned.json()).toMatchObject({ viewType: 'jobType', measure: 'jobs' });
    expect((await patch({ measure: 'hours' })).statusCode).toBe(400);
    const back = await patch({ viewType: 'businessUnit', measure: 'hours' });
    expect(back.json()).toMatchObject({ viewType: 'businessUnit', measure: 'hours' });
  });

  it('says what to ask the ServiceTitan admin for when the scopes are missing, and keeps counting jobs', async () => {
    try {
      // Capacity planning refused, shifts allowed: hours from shifts, and the board says why.
      sim.setAppAccess({ missingScopes: ['tn.dispatch.capacity:r'] });
      clock += 5 * 60_000;
      const fromShifts = await board(planned);
      expect(fromShifts.measure).toBe('hours');
      expect(fromShifts.hoursSource).toBe('shifts');
      expect(fromShifts.measureNote).toBe(
        'Hours from technician shifts: ServiceTitan does not let the app read its capacity planning (ask your ServiceTitan admin to allow the "Dispatch: Capacity" API scope for this app).',
      );
      sim.setAppAccess({
        missingScopes: [
          'tn.dispatch.capacity:r',
          'tn.dispatch.technician-shifts:r',
          'tn.settings.technicians:r',
        ],
      });
      clock += 5 * 60_000;
      const jobs = await board(planned);
      expect(jobs.measure).toBe('jobs');
      expect(jobs.hoursSource).toBeNull();
      expect(jobs.measureNote).toBe(
        'ServiceTitan does not let the app read the hours. Ask your ServiceTitan admin to allow the "Dispatch: Capacity", "Dispatch: Technician Shifts" and "Settings: Technicians" API scopes for this app (Settings > Integrations > API Application Access). Until then this board counts jobs.',
      );
      expect(jobs.error).toBeUndefined();
      expect(jobs.days).toHaveLength(3);
      expect(jobs.days[0]!.hours).toBeUndefined();
      expect(jobs.days[0]!.data.reduce((a, i) => a + i.scheduled, 0)).toBeGreaterThan(0);
    } finally {
      sim.setAppAccess({ missingScopes: [] });
    }
  });

  it('counts jobs in the job-type view of an hours board, and jobs boards carry no hours', async () => {
    const byJobType = await board(planned, 'jobType');
    expect(byJobType.measure).toBeUndefined();
    expect(byJobType.days[0]!.hours).toBeUndefined();
    expect(byJobType.days[0]!.data[0]!.hours).toBeUndefined();
  });

  it("fires the behind and full rules of an hours board on hours booked of the crew's hours, not on jobs", async () => {
    const receivers = await startWebhookReceivers();
    try {
      clock = MONDAY + 30 * 60_000; // 7:30 AM, after the rules' 6:00 check
      const body = await board(planned);
      const day = body.days[0]!;
      const hoursPercent = Math.round((day.hours!.booked / day.hours!.capacity) * 100);
      const jobs = day.data.reduce((a, i) => a + i.scheduled, 0);
      const target = day.data.reduce((a, i) => a + i.target, 0);
      // Jobs against typed targets say something else: the rules can only agree with hours.
      expect(Math.round((jobs / target) * 100)).not.toBe(hoursPercent);
      expect(hoursPercent).toBeGreaterThan(0);
      // The first day is full at its hours: the goal line is put there.
      await setCompanyBoardSettings(t.app, await companyOf(planned.boardId), {
        timezone: ZONE,
        workdays: EVERY_DAY,
        targetCapacity: { day1: hoursPercent, day2: 80, day3: 70 },
      });
      const create = async (rule: object) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/alert-rules',
          headers: { cookie: planned.admin.cookie },
          payload: {
            boardId: planned.boardId,
            dayOffset: 1,
            channels: [{ type: 'webhook', url: receivers.url('/hours') }],
            ...rule,
          },
        });
        expect(res.statusCode, res.body).toBe(201);
      };
      // Behind below a threshold just over the hours (a jobs percent above it would not fire).
      await create({
        name: 'Hours behind',
        kind: 'behind',
        thresholdPercent: hoursPercent + 1,
        at: ['06:00'],
      });
      await create({ name: 'Hours full', kind: 'full' });
      await t.app.services.alerts.runOnce();
      await t.app.services.alerts.runOnce();
      const lines = await t.app.inject({
        method: 'GET',
        url: `/api/alert-lines?boardId=${planned.boardId}`,
        headers: { cookie: planned.admin.cookie },
      });
      const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(
        new Date(`${day.date}T12:00:00Z`),
      );
      expect(
        lines
          .json()
          .lines.map((l: { line: string }) => l.line)
          .sort(),
      ).toEqual(
        [
          `${weekday} at ${hoursPercent} % of hours at 6:00 AM`,
          `${weekday} is full (${hoursPercent} %)`,
        ].sort(),
      );
      const sent = receivers.received('/hours').map(
        (r) =>
          JSON.parse(r.body) as {
            data: {
              booked: number;
              target: number;
              percent: number;
              summary: string;
              measure?: string;
            };
          },
      );
      expect(sent.length).toBeGreaterThanOrEqual(2);
      for (const message of sent) {
        expect(message.data.booked).toBeCloseTo(day.hours!.booked, 1);
        expect(message.data.target).toBeCloseTo(day.hours!.capacity, 1);
        expect(message.data.percent).toBe(hoursPercent);
        // Hours, and every channel's words say so (src/server/services/alerts/channels.test.ts).
        expect(message.data.measure).toBe('hours');
      }
      expect(sent.map((m) => m.data.summary)).toContain(
        `${weekday} is full: ${hoursPercent} % hours booked, at its goal of ${hoursPercent} % on Main board`,
      );
    } finally {
      await receivers.close();
    }
  });

  it('records hours beside the counts: history days, items and the CSV give what the board showed', async () => {
    const body = await board(planned);
    const companyId = await companyOf(planned.boardId);
    await t.app.services.history.record(companyId);
    const dates = body.days.map((d) => d.date);
    const range = `boardId=${planned.boardId}&from=${dates[0]}&to=${dates.at(-1)}`;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/history?${range}`,
      headers: { cookie: planned.admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    const history = res.json() as {
      days: {
        date: string;
        hours?: { booked: number; capacity: number };
        items: { id: number; name: string; hours?: { booked: number; capacity: number } }[];
      }[];
    };
    expect(history.days.map((d) => d.date)).toEqual(dates);
    for (const day of body.days) {
      const recorded = history.days.find((d) => d.date === day.date)!;
      expect(recorded.hours!.booked, day.date).toBeCloseTo(day.hours!.booked, 1);
      expect(recorded.hours!.capacity, day.date).toBeCloseTo(day.hours!.capacity, 1);
      for (const item of day.data) {
        const got = recorded.items.find((i) => i.id === item.id)!;
        expect(got.hours!.booked, `${day.date} ${item.name}`).toBeCloseTo(item.hours!.booked, 1);
        expect(got.hours!.capacity, `${day.date} ${item.name}`).toBeCloseTo(
          item.hours!.capacity,
          1,
        );
      }
    }
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/history?${range}&format=csv`,
      headers: { cookie: planned.admin.cookie },
    });
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'date,item_id,item_name,scheduled,target,source,booked_hours,capacity_hours',
    );
    const first = body.days[0]!.data[0]!;
    expect(lines).toContain(
      [
        dates[0],
        first.id,
        first.name,
        first.scheduled,
        first.target,
        'recorded',
        first.hours!.booked,
        first.hours!.capacity,
      ].join(','),
    );
  });
});
