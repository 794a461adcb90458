import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BoardLocationResponse,
  BoardSettingsResponse,
} from '../../src/shared/api/board-settings.js';
import type { CapacityResponse } from '../../src/shared/api/capacity.js';
import {
  startServiceTitanSimulator,
  type Simulator,
} from '../../standins/servicetitan-simulator/index.js';
import {
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

/**
 * A new company's board is its own (issue 33, item 4): a newcomer creates a company and connects
 * the simulator's sample tenant as Setup does; the board has no ZIP code of the sample town and
 * shows the company's name; Setup's location step writes the ZIP code and the time zone; and the
 * board judges pace by its own history as soon as the backfill has filled it in (decision 038),
 * not a minute later.
 */

/** Wednesday 14 October 2026, 15:00 in New York: an ordinary afternoon. */
const NOW = new Date('2026-10-14T19:00:00Z');

describe("a new company's board", () => {
  let sim: Simulator;
  let t: TestApp;
  let owner: TestUser;
  let companyId: number;

  beforeAll(async () => {
    sim = await startServiceTitanSimulator({ now: () => NOW });
    t = await createTestApp({
      env: { SERVICETITAN_AUTH_URL: sim.authUrl, SERVICETITAN_API_URL: sim.apiUrl },
      services: { now: () => NOW },
    });
    owner = await createSignedInUser(t.app, { companyId: null, role: 'user' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { cookie: owner.cookie },
      payload: { name: 'Gulf Coast Cooling' },
    });
    expect(created.statusCode, created.body).toBe(201);
    companyId = created.json<{ company: { id: number } }>().company.id;
    const { clientId, clientSecret, tenantId, appKey } = sim.demoCredential;
    const connected = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${companyId}`,
      headers: { cookie: owner.cookie },
      payload: { clientId, clientSecret, tenantId, appKey },
    });
    expect(connected.statusCode, connected.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  const settings = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/board-settings',
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BoardSettingsResponse>();
  };
  const setLocation = (payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/board-settings/location',
      headers: { cookie: owner.cookie },
      payload,
    });
  const board = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/capacity',
      headers: { cookie: owner.cookie },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CapacityResponse>();
  };

  it('has no ZIP code of its own yet, and names its company and board', async () => {
    const answer = await settings();
    expect(answer.settings.zipCode).toBe('');
    expect(answer.settings.title).toBe('3-Day Call Board');
    expect(answer).toMatchObject({
      companyName: 'Gulf Coast Cooling',
      boardName: 'Main board',
      boardCount: 1,
    });
  });

  it("Setup's location step writes the ZIP code and time zone, and refuses bad ones", async () => {
    const before = await settings();
    for (const [payload, field] of [
      [{ zipCode: '3421', timezone: 'America/New_York' }, 'zipCode'],
      [{ zipCode: '34211', timezone: 'Mars/Olympus_Mons' }, 'timezone'],
      [{ timezone: 'America/New_York' }, 'zipCode'],
    ] as const) {
      const res = await setLocation(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(field);
    }
    expect((await settings()).version).toBe(before.version);

    const res = await setLocation({ zipCode: '33602', timezone: 'America/Chicago' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BoardLocationResponse>()).toEqual({
      zipCode: '33602',
      timezone: 'America/Chicago',
      boards: 1,
    });
    const after = await settings();
    expect(after.settings).toMatchObject({ zipCode: '33602', timezone: 'America/Chicago' });
    // The rest is as it was (the holidays an office closes on, the title).
    expect(after.settings.holidays).toEqual(before.settings.holidays);
    expect(after.settings.title).toBe(before.settings.title);

    // Back to New York, and no ZIP code: the board asks for one.
    const none = await setLocation({ zipCode: '', timezone: 'America/New_York' });
    expect(none.statusCode, none.body).toBe(200);
    expect((await settings()).settings).toMatchObject({
      zipCode: '',
      timezone: 'America/New_York',
    });
  });

  it('a member may not set where the company is', async () => {
    const member = await createSignedInUser(t.app, { companyId, role: 'user' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/board-settings/location',
      headers: { cookie: member.cookie },
      payload: { zipCode: '34211', timezone: 'America/New_York' },
    });
    expect(res.statusCode).toBe(403);
    expect((await settings()).settings.zipCode).toBe('');
  });

  it('judges pace by its own history as soon as the backfill has filled it in', async () => {
    // Opened before any history: the set curve, with no days behind it.
    const first = await board();
    expect(first.days.map((d) => d.paceBy.basis)).toEqual(['curve', 'curve', 'curve']);

    // The history upkeep's pass (its loop, on the injected clock): 13 weeks from the simulator.
    expect((await t.app.services.history.runOnce()).backfilled).toBe(1);

    // At once, not a minute later: by the board's own working days of the last 8 weeks.
    const after = await board();
    for (const day of after.days) {
      expect(day.paceBy.basis).toBe('history');
      expect(day.paceBy.days).toBeGreaterThanOrEqual(20);
      expect(day.paceBy.usual).not.toBeNull();
    }
  });
});
