import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapacityResponse } from '../../src/shared/api/capacity.js';
import type { JobberConnectionStatus } from '../../src/shared/platforms/jobber/api.js';
import type { ProviderMetadata } from '../../src/shared/api/providers.js';
import { startJobberStandin, type JobberStandin } from '../../standins/jobber/index.js';
import { setCompanyBoardSettings } from '../helpers/board-settings.js';
import { eventually, openEventStream } from '../helpers/event-stream.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  pairScreen,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

/**
 * Jobber end to end (issue 38), against its stand-in over real HTTP: connect by OAuth with a
 * `state` bound to the admin's session and company and good once; the board and the platform's
 * metadata in Jobber's words; a throttled read never a 5xx and never stale past an interval; a
 * webhook booking on a paired TV within 3 s; forged deliveries refused; APP_DISCONNECT and
 * Disconnect forgetting the tokens, and the board saying so.
 */

const ZONE = 'America/Chicago';
const EVERY_DAY = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: true,
  sunday: true,
};
/** Thursday 10:00 in Chicago. */
let clock = Date.parse('2026-11-19T16:00:00Z');
const now = () => new Date(clock);
const APP = { clientId: 'jobber-test-app', clientSecret: crypto.randomBytes(24).toString('hex') };

describe('Jobber', () => {
  let standin: JobberStandin;
  let t: TestApp;
  let base: string;
  let companyId: number;
  let otherCompanyId: number;
  let admin: TestUser;
  let member: TestUser;
  let otherAdmin: TestUser;
  let master: TestUser;

  const api = async <T>(who: TestUser | string, method: string, url: string, payload?: object) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie: typeof who === 'string' ? who : who.cookie },
      ...(payload ? { payload } : {}),
    });
    return {
      status: res.statusCode,
      body: res.body,
      headers: res.headers,
      json: () => res.json<T>(),
    };
  };
  const board = async (who: TestUser | string = member) => {
    const res = await api<CapacityResponse>(who, 'POST', '/api/capacity', {
      viewType: 'businessUnit',
    });
    expect(res.status, res.body).toBe(200);
    return res.json();
  };
  const total = (answer: CapacityResponse, date: string) =>
    answer.days.find((d) => d.date === date)?.data.reduce((sum, r) => sum + r.scheduled, 0) ?? 0;
  /** Follows the connect step through the stand-in's consent page: the callback's address. */
  async function consent(who: TestUser, decision: 'allow' | 'deny', query = '') {
    const start = await api(who, 'GET', `/api/providers/jobber/connect${query}`);
    expect(start.status, start.body).toBe(302);
    const authorize = new URL(String(start.headers.location));
    expect(authorize.origin + authorize.pathname).toBe(`${standin.url}/api/oauth/authorize`);
    const page = await fetch(authorize);
    expect(await page.text()).toContain('Demo Comfort Services');
    const answer = await fetch(`${standin.url}/api/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        client_id: authorize.searchParams.get('client_id')!,
        redirect_uri: authorize.searchParams.get('redirect_uri')!,
        state: authorize.searchParams.get('state')!,
        decision,
      }),
    });
    const callback = new URL(answer.headers.get('location')!);
    expect(callback.pathname).toBe('/api/providers/jobber/callback');
    return `${callback.pathname}${callback.search}`;
  }

  beforeAll(async () => {
    standin = await startJobberStandin({ now, timeZone: ZONE, app: APP, webhookTickMs: 0 });
    t = await createTestApp({
      env: {
        JOBBER_CLIENT_ID: APP.clientId,
        JOBBER_CLIENT_SECRET: APP.clientSecret,
        JOBBER_API_URL: standin.url,
        CAPACITY_REFRESH_SECONDS: '60',
      },
      services: {
        now,
        scheduleTickMs: 25,
        refreshWaitMs: 20_000,
        // Waiting for Jobber's budget moves the clock: its bucket refills as it would have.
        jobberSleep: async (ms) => {
          clock += ms;
        },
      },
    });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    standin.setWebhookTarget(`${base}/api/providers/jobber/webhooks`);
    companyId = await createCompany(t.app, { name: 'Comfort Test Co' });
    otherCompanyId = await createCompany(t.app, { name: 'Other Co' });
    admin = await createSignedInUser(t.app, { companyId, role: 'account_admin' });
    member = await createSignedInUser(t.app, { companyId });
    otherAdmin = await createSignedInUser(t.app, {
      companyId: otherCompanyId,
      role: 'account_admin',
    });
    master = await createSignedInUser(t.app, { role: 'master_admin' });
    await setCompanyBoardSettings(t.app, companyId, {
      timezone: ZONE,
      workdays: EVERY_DAY,
      holidays: [],
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await standin?.close();
  });

  it('connects by OAuth: only the company’s admins and the master admin, a state good once for that session', async () => {
    expect((await api(member, 'GET', '/api/providers/jobber/connect')).status).toBe(403);
    expect(
      (await api(otherAdmin, 'GET', `/api/providers/jobber/connect?companyId=${companyId}`)).status,
    ).toBe(404);
    // Cancel on Jobber's page: back with no parameters at all.
    await consent(admin, 'deny');
    const denied = await api(admin, 'GET', '/api/providers/jobber/callback');
    expect(denied.headers.location).toBe('/setup?jobber=denied');
    // Another session of the same admin cannot use this admin's state.
    const callback = await consent(admin, 'allow');
    const elsewhere = await createSignedInUser(t.app, { companyId, role: 'account_admin' });
    expect((await api(elsewhere, 'GET', callback)).headers.location).toBe('/setup?jobber=expired');
    // The state was taken by that attempt: a fresh one connects.
    const again = await consent(admin, 'allow');
    const done = await api(admin, 'GET', again);
    expect(done.headers.location).toBe('/setup?jobber=connected');
    expect((await api(admin, 'GET', again)).headers.location).toBe('/setup?jobber=expired');
    const status = await api<JobberConnectionStatus>(
      admin,
      'GET',
      '/api/providers/jobber/connection',
    );
    expect(status.json()).toMatchObject({
      available: true,
      connected: true,
      accountName: 'Demo Comfort Services',
      message: null,
    });
    // Tokens are stored sealed, never as sent.
    const rows = await t.app.db.execute(
      'select access_token_enc, refresh_token_enc from jobber_connections',
    );
    expect(JSON.stringify(rows)).not.toMatch(/eyJ/);
  });

  it('answers the board and the metadata in Jobber’s words, a day’s total its visits', async () => {
    const metadata = await api<ProviderMetadata>(member, 'GET', '/api/provider/metadata');
    expect(metadata.json()).toMatchObject({
      provider: 'jobber',
      providerName: 'Jobber',
      hasCredentials: true,
      error: null,
    });
    expect(metadata.json().businessUnits.map((i) => i.name)).toEqual(
      expect.arrayContaining(['AC Repair', 'Furnace Tune-Up', 'Other']),
    );
    expect(metadata.json().jobTypes.map((i) => i.name)).toEqual(
      expect.arrayContaining(['Marcus Reed', 'Unassigned']),
    );
    const answer = await board();
    expect(answer.error ?? null).toBeNull();
    for (const day of answer.days) {
      const visits = standin.account
        .visitsAt(clock)
        .filter(
          (v) =>
            v.startMs !== null &&
            new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(v.startMs)) ===
              day.date,
        ).length;
      expect(total(answer, day.date), day.date).toBe(visits);
    }
  });

  it('never answers a 5xx when Jobber throttles, and is fresh again within an interval', async () => {
    const date = (await board()).days[1]!.date;
    const before = total(await board(), date);
    // THROTTLED (HTTP 200): the read waits for the bucket and succeeds.
    clock += 61_000;
    standin.setAvailablePoints(0);
    await standin.book({ startMs: Date.parse(`${date}T17:00:00Z`), createdMs: clock });
    await eventually(async () => total(await board(), date) === before + 1, 10_000);
    expect(standin.stats.throttled).toBeGreaterThan(0);
    // 429 past the read's bound: the board keeps its numbers, says why, never a 5xx.
    clock += 61_000;
    standin.refuseNextRequests(1_000);
    const throttled = await board();
    expect(total(throttled, date)).toBe(before + 1);
    await eventually(async () => (await board()).stale === true, 10_000);
    expect((await board()).staleReason).toBe(
      'Jobber asked us to slow down. The board will try again shortly.',
    );
    // The next interval reads again and the board is fresh.
    standin.refuseNextRequests(0);
    clock += 61_000;
    await eventually(async () => (await board()).stale === false, 10_000);
  });

  it('puts a webhook booking on a paired TV within 3 s, and refuses forged deliveries', async () => {
    const tv = await pairScreen(t.app, admin, { name: 'Office TV' });
    const stream = await openEventStream(base, { cookie: tv });
    await stream.next((e) => e.event === 'hello');
    const date = (await board(tv)).days[0]!.date;
    const before = total(await board(tv), date);
    // Ten seconds into the 60 s interval: only the webhook can bring the booking now.
    clock += 10_000;
    const startedAt = performance.now();
    await standin.book({ startMs: Date.parse(`${date}T18:00:00Z`), createdMs: clock });
    await stream.next((e) => e.event === 'capacity', 3_000);
    const latencyMs = Math.round(performance.now() - startedAt);
    expect(latencyMs).toBeLessThan(3_000);
    expect(total(await board(tv), date)).toBe(before + 1);
    console.log(`Jobber webhook booking -> paired TV's capacity message: ${latencyMs} ms`);
    stream.close();

    const body = JSON.stringify({
      data: {
        webHookEvent: {
          topic: 'VISIT_CREATE',
          appId: standin.app.appId,
          accountId: standin.account.id,
          itemId: 'Z2lkOi8vSm9iYmVyL1Zpc2l0LzE=',
          occurredAt: now().toISOString(),
        },
      },
    });
    const deliver = (payload: string, signature?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/providers/jobber/webhooks',
        headers: {
          'content-type': 'application/json',
          ...(signature === undefined ? {} : { 'x-jobber-hmac-sha256': signature }),
        },
        payload,
      });
    const sign = (payload: string, key = APP.clientSecret) =>
      crypto.createHmac('sha256', key).update(payload).digest('base64');
    expect((await deliver(body)).statusCode).toBe(401);
    expect((await deliver(body, sign(body, 'not-the-secret'))).statusCode).toBe(401);
    expect(
      (await deliver(body.replace('VISIT_CREATE', 'VISIT_DESTROY'), sign(body))).statusCode,
    ).toBe(401);
    const good = await deliver(body, sign(body));
    expect(good.json()).toEqual({ received: true, duplicate: false });
    // Jobber delivers at least once: the same delivery again is answered and not acted on.
    expect((await deliver(body, sign(body))).json()).toEqual({ received: true, duplicate: true });
  });

  it('APP_DISCONNECT forgets the tokens and the board says so; reconnecting and Disconnect work', async () => {
    await standin.disconnectInJobber();
    await eventually(
      async () =>
        (await api<JobberConnectionStatus>(admin, 'GET', '/api/providers/jobber/connection')).json()
          .connected === false,
      5_000,
    );
    clock += 61_000;
    await eventually(
      async () =>
        (await board()).staleReason === 'Jobber disconnected: an admin reconnects from Setup',
      10_000,
    );
    expect((await board()).stale).toBe(true);

    // The master admin reconnects it from the company's admin page.
    const callback = await consent(master, 'allow', `?companyId=${companyId}`);
    expect((await api(master, 'GET', callback)).headers.location).toBe(
      `/admin?companyId=${companyId}&jobber=connected`,
    );
    await eventually(async () => (await board()).stale === false, 10_000);

    const activeBefore = standin.oauth.grants().filter((g) => g.active).length;
    const gone = await api(admin, 'DELETE', '/api/providers/jobber/connection');
    expect(gone.json()).toEqual({ disconnected: true, jobberConfirmed: true });
    expect(standin.oauth.grants().filter((g) => g.active).length).toBe(activeBefore - 1);
    expect((await api(admin, 'DELETE', '/api/providers/jobber/connection')).status).toBe(404);
    expect(
      (await api<JobberConnectionStatus>(admin, 'GET', '/api/providers/jobber/connection')).json(),
    ).toMatchObject({ connected: false, accountName: null });
  });
});
