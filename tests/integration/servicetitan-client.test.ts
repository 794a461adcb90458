import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createServiceTitanGateway,
  describeServiceTitanError,
  ServiceTitanError,
  type ServiceTitanCredential,
  type ServiceTitanGatewayOptions,
} from '../../src/server/platforms/servicetitan/index.js';
import {
  startServiceTitanSimulator,
  type Simulator,
} from '../../standins/servicetitan-simulator/index.js';

const NOW = new Date('2025-03-07T19:00:00Z');
const WEEK = { startsOnOrAfter: '2025-03-10T04:00:00Z', startsBefore: '2025-03-15T04:00:00Z' };
/** The last two weeks: fully booked, so several pages of 500. */
const FORTNIGHT = { startsOnOrAfter: '2025-02-24T05:00:00Z', startsBefore: '2025-03-08T05:00:00Z' };

let sim: Simulator;
let credential: ServiceTitanCredential;
let clock: Date;

beforeAll(async () => {
  clock = NOW;
  sim = await startServiceTitanSimulator({ seed: 1, now: () => clock });
  credential = { ...sim.demoCredential, environment: 'production' };
});
afterAll(() => sim.close());
afterEach(() => {
  sim.faults.clear();
  sim.calls.reset();
  clock = NOW;
});

/** A gateway at the simulator that records its sleeps instead of waiting. */
function gateway(options: Partial<ServiceTitanGatewayOptions> = {}) {
  const sleeps: number[] = [];
  const logs: { level: string; obj: object; msg?: string }[] = [];
  const gw = createServiceTitanGateway({
    fetch: globalThis.fetch,
    now: () => clock,
    authUrl: sim.authUrl,
    apiUrl: sim.apiUrl,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    logger: {
      debug: (obj, msg) => logs.push({ level: 'debug', obj, msg }),
      warn: (obj, msg) => logs.push({ level: 'warn', obj, msg }),
    },
    ...options,
  });
  return { gw, client: gw.clientFor(credential), sleeps, logs };
}

async function failure(promise: Promise<unknown>): Promise<ServiceTitanError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(ServiceTitanError);
    return err as ServiceTitanError;
  }
  throw new Error('expected the call to fail');
}

const apiCalls = () => sim.calls.list().filter((c) => c.path !== '/connect/token');
const tokenCalls = () => sim.calls.count({ method: 'POST', path: '/connect/token' });

describe('reading the tenant', () => {
  it('lists active business units and job types', async () => {
    const { client } = gateway();
    const units = await client.listBusinessUnits();
    expect(units).toEqual(
      sim.data
        .businessUnits()
        .filter((u) => u.active)
        .map(({ id, name, active }) => ({ id, name, active })),
    );
    const types = await client.listJobTypes();
    expect(types.map((t) => t.id)).toEqual(
      sim.data
        .jobTypes()
        .filter((t) => t.active)
        .map((t) => t.id),
    );
    expect(types.find((t) => t.name === 'Warranty Call')?.businessUnitIds).toEqual([
      1001, 1003, 1005,
    ]);
    expect(apiCalls().map((c) => c.query.active)).toEqual(['True', 'True']);
  });

  it('reads every page of appointments and jobs in the window', async () => {
    const { client } = gateway();
    const appointments = await client.listAppointments(FORTNIGHT);
    const expected = sim.data.appointments({ window: FORTNIGHT });
    expect(expected.length).toBeGreaterThan(500);
    expect(appointments.map((a) => a.id)).toEqual(expected.map((a) => a.id));
    expect(appointments[0]).toEqual({
      id: expected[0]!.id,
      jobId: expected[0]!.jobId,
      start: expected[0]!.start,
      end: expected[0]!.end,
      status: expected[0]!.status,
    });
    const pages = sim.calls
      .list({ path: `/jpm/v2/tenant/${credential.tenantId}/appointments` })
      .map((c) => c.query);
    expect(pages.map((q) => q.page)).toEqual(
      Array.from({ length: pages.length }, (_, i) => String(i + 1)),
    );
    expect(pages.length).toBe(Math.ceil(expected.length / 500));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toMatchObject({
      startsOnOrAfter: FORTNIGHT.startsOnOrAfter,
      startsBefore: FORTNIGHT.startsBefore,
      pageSize: '500',
    });

    const jobs = await client.listJobs(WEEK);
    expect(jobs.map((j) => j.id)).toEqual(sim.data.jobs({ window: WEEK }).map((j) => j.id));
    const jobQuery = sim.calls.list({ path: `/jpm/v2/tenant/${credential.tenantId}/jobs` })[0]
      ?.query;
    expect(jobQuery).toMatchObject({
      appointmentStartsOnOrAfter: WEEK.startsOnOrAfter,
      appointmentStartsBefore: WEEK.startsBefore,
    });
  });

  it('sends the bearer token and app key, and never logs secrets or tokens', async () => {
    const seen: Record<string, string>[] = [];
    const recordingFetch: typeof fetch = async (input, init) => {
      seen.push(Object.fromEntries(new Headers(init?.headers).entries()));
      return globalThis.fetch(input, init);
    };
    const { client, logs } = gateway({ fetch: recordingFetch });
    sim.faults.inject({ kind: 'unauthorized' });
    await client.listBusinessUnits();
    const apiHeaders = seen.filter((h) => h['st-app-key']);
    expect(apiHeaders.length).toBe(2);
    for (const h of apiHeaders) expect(h.authorization).toMatch(/^Bearer sim\./);
    const logText = JSON.stringify(logs);
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [
      credential.clientSecret,
      credential.appKey,
      ...apiHeaders.map((h) => h.authorization!.slice(7)),
    ]) {
      expect(logText).not.toContain(secret);
    }
    expect(logs[0]?.obj).toMatchObject({ method: 'POST', path: '/connect/token', status: 200 });
  });
});

describe('tokens', () => {
  it('reuses one token across calls and merges concurrent renewals into one request', async () => {
    const { client } = gateway();
    await Promise.all([
      client.listBusinessUnits(),
      client.listJobTypes(),
      client.listBusinessUnits(),
      client.listJobTypes(),
    ]);
    await client.listBusinessUnits();
    expect(tokenCalls()).toBe(1);
    expect(apiCalls().length).toBe(5);
  });

  it('renews shortly before expires_in runs out', async () => {
    const { client } = gateway();
    await client.listBusinessUnits();
    clock = new Date(NOW.getTime() + 800_000);
    await client.listBusinessUnits();
    expect(tokenCalls()).toBe(1);
    clock = new Date(NOW.getTime() + 845_000); // inside the last minute of 900 s
    await client.listBusinessUnits();
    expect(tokenCalls()).toBe(2);
  });

  it('renews once and succeeds after a 401', async () => {
    const { client } = gateway();
    await client.listBusinessUnits();
    sim.revokeTokens();
    const units = await client.listBusinessUnits();
    expect(units.length).toBe(5);
    expect(tokenCalls()).toBe(2);
    expect(apiCalls().map((c) => c.status)).toEqual([200, 401, 200]);
  });

  it('gives up after a second 401 instead of looping', async () => {
    const { client } = gateway();
    sim.faults.inject({ kind: 'unauthorized', times: 'always' });
    const err = await failure(client.listBusinessUnits());
    expect(err.kind).toBe('invalid_credentials');
    expect(apiCalls().length).toBe(2);
    expect(describeServiceTitanError(err)).toContain('app key');
  });

  it('reports a wrong client secret as invalid_credentials without retrying', async () => {
    const { gw } = gateway();
    const err = await failure(
      gw.clientFor({ ...credential, clientSecret: 'wrong' }).listJobTypes(),
    );
    expect(err.kind).toBe('invalid_credentials');
    expect(err.message).not.toContain('wrong');
    expect(tokenCalls()).toBe(1);
    expect(apiCalls().length).toBe(0);
    expect(describeServiceTitanError(err)).toContain('client ID or client secret');
  });

  it('keeps separate tokens for different secrets of the same client id', async () => {
    const { gw } = gateway();
    await gw.clientFor(credential).listBusinessUnits();
    await failure(
      gw.clientFor({ ...credential, clientSecret: 'rotated-but-wrong' }).listBusinessUnits(),
    );
    expect(tokenCalls()).toBe(2);
  });
});

describe('failures', () => {
  it('does not retry a 403 and names the missing permission', async () => {
    const { client } = gateway();
    sim.faults.inject({ kind: 'forbidden', missingScope: 'tn.jpm', pathPrefix: '/jpm/' });
    const err = await failure(client.listAppointments(WEEK));
    expect(err.kind).toBe('forbidden');
    expect(err.detail.missingPermission).toBe('Job Planning & Management');
    expect(apiCalls().length).toBe(1);
    expect(describeServiceTitanError(err)).toContain('"Job Planning & Management" permission');

    sim.faults.inject({ kind: 'forbidden', pathPrefix: '/settings/' });
    const settingsErr = await failure(client.listBusinessUnits());
    expect(settingsErr.detail.missingPermission).toBe('Settings');
  });

  it('reports an unknown tenant as not_found', async () => {
    const { gw } = gateway();
    const err = await failure(gw.clientFor({ ...credential, tenantId: '999' }).listJobTypes());
    expect(err.kind).toBe('not_found');
    expect(apiCalls().length).toBe(1);
    expect(describeServiceTitanError(err)).toContain('tenant ID');
  });

  it('waits as long as Retry-After says, then succeeds', async () => {
    const { client, sleeps } = gateway();
    sim.faults.inject({ kind: 'rate_limited', retryAfterSeconds: 7, via: 'header' });
    expect((await client.listJobTypes()).length).toBeGreaterThan(10);
    expect(sleeps).toEqual([7000]);
    expect(apiCalls().map((c) => c.status)).toEqual([429, 200]);
  });

  it('waits as long as "Try again in N seconds." says when there is no header', async () => {
    const { client, sleeps } = gateway();
    sim.faults.inject({ kind: 'rate_limited', retryAfterSeconds: 4, via: 'body' });
    await client.listJobTypes();
    expect(sleeps).toEqual([4000]);
  });

  it('backs off exponentially with jitter when a 429 names no wait, and stops after the retries allowed', async () => {
    const { client, sleeps } = gateway({ maxRetries: 3, random: () => 0.5 });
    sim.faults.inject({ kind: 'rate_limited', retryAfterSeconds: 0, via: 'none', times: 'always' });
    const err = await failure(client.listJobTypes());
    expect(err.kind).toBe('rate_limited');
    expect(sleeps).toEqual([188, 375, 750]);
    expect(apiCalls().length).toBe(4);
    expect(describeServiceTitanError(err)).toContain('busy');
  });

  it('retries 5xx a bounded number of times, then reports unavailable', async () => {
    const { client, sleeps } = gateway({ maxRetries: 2 });
    sim.faults.inject({ kind: 'server_error', status: 503, times: 2 });
    expect((await client.listBusinessUnits()).length).toBe(5);
    expect(sleeps.length).toBe(2);

    sim.calls.reset();
    sim.faults.inject({ kind: 'server_error', status: 500, times: 'always' });
    const err = await failure(client.listBusinessUnits());
    expect(err.kind).toBe('unavailable');
    expect(apiCalls().length).toBe(3);
    expect(describeServiceTitanError(err)).toContain('not answering');
  });

  it('retries a dropped connection', async () => {
    const { client } = gateway();
    sim.faults.inject({ kind: 'connection_reset' });
    expect((await client.listBusinessUnits()).length).toBe(5);
    expect(apiCalls().length).toBe(2);
  });

  it('times out a slow answer', async () => {
    // A timeout ample for a busy machine; the answer would come (and succeed) only after a
    // minute, so a timeout error proves it was not awaited.
    const { client } = gateway({ timeoutMs: 2_000 });
    await client.listBusinessUnits(); // token first, so only the API call is slow
    sim.faults.inject({ kind: 'slow', delayMs: 60_000 });
    const err = await failure(client.listBusinessUnits());
    expect(err.kind).toBe('timeout');
    expect(describeServiceTitanError(err)).toContain('too long');
  });

  it('reports malformed JSON and a wrong envelope as bad_response', async () => {
    const { client } = gateway();
    sim.faults.inject({ kind: 'malformed_json' });
    expect((await failure(client.listJobTypes())).kind).toBe('bad_response');
    sim.faults.inject({ kind: 'wrong_envelope' });
    const err = await failure(client.listJobTypes());
    expect(err.kind).toBe('bad_response');
    expect(describeServiceTitanError(err)).toContain('could not read');
  });

  it('caps concurrent requests per tenant', async () => {
    let inFlight = 0;
    let most = 0;
    const countingFetch: typeof fetch = async (input, init) => {
      const isApi = !String(input).endsWith('/connect/token');
      if (isApi) most = Math.max(most, ++inFlight);
      try {
        return await globalThis.fetch(input, init);
      } finally {
        if (isApi) inFlight--;
      }
    };
    const { client } = gateway({ fetch: countingFetch, maxInFlightPerTenant: 2 });
    sim.faults.inject({ kind: 'slow', delayMs: 50, times: 'always' });
    const results = await Promise.all(Array.from({ length: 6 }, () => client.listBusinessUnits()));
    expect(results.every((r) => r.length === 5)).toBe(true);
    expect(most).toBe(2);
  });
});
