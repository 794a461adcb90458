import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionCheck } from '../../src/shared/api/companies.js';
import {
  startServiceTitanSimulator,
  type Simulator,
} from '../../standins/servicetitan-simulator/index.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

/**
 * Setup diagnostics through the real routes against the ServiceTitan simulator: each way a
 * credential can be wrong is produced by the simulator as ServiceTitan answers it, and the
 * check says it in plain words.
 */
describe('connection check', () => {
  let sim: Simulator;
  let t: TestApp;
  let admin: TestUser;
  let companyId: number;

  beforeAll(async () => {
    sim = await startServiceTitanSimulator({ seed: 3 });
    t = await createTestApp({
      env: { SERVICETITAN_AUTH_URL: sim.authUrl, SERVICETITAN_API_URL: sim.apiUrl },
    });
    companyId = await createCompany(t.app, { name: 'Check Co' });
    admin = await createSignedInUser(t.app, { companyId, role: 'account_admin' });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });
  beforeEach(() => {
    sim.faults.clear();
    sim.setAppAccess({ connected: true, missingScopes: [] });
  });

  const check = async (values: Record<string, unknown>): Promise<ConnectionCheck> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/connection-check',
      headers: { cookie: admin.cookie },
      payload: { ...sim.demoCredential, ...values },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('passes with the sample tenant: a token and one read per API the board needs', async () => {
    const result = await check({});
    expect(result.ok).toBe(true);
    expect(result.problems).toEqual([]);
    expect(result.steps.map((s) => [s.name, s.status])).toEqual([
      ['token', 'ok'],
      ['businessUnits', 'ok'],
      ['jobTypes', 'ok'],
      ['jobs', 'ok'],
      ['appointments', 'ok'],
      ['capacity', 'ok'],
      ['technicianShifts', 'ok'],
      ['technicians', 'ok'],
    ]);
    expect(result.hoursProblems).toBeUndefined();
  });

  it('names the scopes boards in hours need, in plain words, without failing the check', async () => {
    sim.setAppAccess({
      missingScopes: [
        'tn.dispatch.capacity:r',
        'tn.dispatch.technician-shifts:r',
        'tn.settings.technicians:r',
      ],
    });
    const result = await check({});
    expect(result.ok).toBe(true);
    expect(result.problems).toEqual([]);
    expect(result.hoursProblems!.map((p) => [p.code, p.step, p.scope])).toEqual([
      ['missing_scope', 'capacity', 'Dispatch: Capacity'],
      ['missing_scope', 'technicianShifts', 'Dispatch: Technician Shifts'],
      ['missing_scope', 'technicians', 'Settings: Technicians'],
    ]);
    expect(result.hoursProblems![0]!.message).toBe(
      'The app may not read capacity planning, which boards that measure hours need: the "Dispatch: Capacity" API scope (tn.dispatch.capacity:r) is missing. In ServiceTitan, open Settings > Integrations > API Application Access, edit this app and allow "Dispatch: Capacity". Boards that count jobs work without it.',
    );
    expect(result.steps.slice(5).map((s) => s.status)).toEqual(['failed', 'failed', 'failed']);
  });

  it('says the client ID or secret is wrong (ServiceTitan: 400 invalid_client)', async () => {
    const result = await check({ clientSecret: 'cs1.wrong' });
    expect(result.ok).toBe(false);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ code: 'invalid_client', step: 'token' });
    expect(result.problems[0]!.message).toMatch(/did not accept the client ID and client secret/);
    expect(result.steps[0]).toMatchObject({ name: 'token', status: 'failed' });
    expect(result.steps.slice(1).every((s) => s.status === 'skipped')).toBe(true);
  });

  it('says the tenant is wrong (ServiceTitan: 404 for the tenant), naming it', async () => {
    const result = await check({ tenantId: '999111' });
    expect(result.problems[0]).toMatchObject({ code: 'wrong_tenant', step: 'businessUnits' });
    expect(result.problems[0]!.message).toContain('ServiceTitan does not know tenant 999111');
  });

  it('says the app key does not match the app (ServiceTitan: 401 on the API)', async () => {
    const result = await check({ appKey: 'ak1.some-other-app' });
    expect(result.problems[0]).toMatchObject({ code: 'app_key_mismatch' });
    expect(result.problems[0]!.message).toMatch(/did not accept the app key/);
  });

  it('says the app is not connected to the tenant (ServiceTitan: 403 on every API)', async () => {
    sim.setAppAccess({ connected: false });
    const result = await check({});
    expect(result.ok).toBe(false);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ code: 'tenant_not_connected' });
    expect(result.problems[0]!.message).toContain(
      `The app is not connected to tenant ${sim.demoCredential.tenantId}`,
    );
  });

  it('names each missing API scope, and the reads that work pass', async () => {
    sim.setAppAccess({ missingScopes: ['tn.jpm.jobs:r', 'tn.jpm.appointments:r'] });
    const result = await check({});
    expect(result.ok).toBe(false);
    expect(result.problems.map((p) => [p.code, p.step, p.scope])).toEqual([
      ['missing_scope', 'jobs', 'tn.jpm.jobs:r'],
      ['missing_scope', 'appointments', 'tn.jpm.appointments:r'],
    ]);
    expect(result.problems[0]!.message).toContain(
      'The app may not read jobs: the "tn.jpm.jobs:r" API scope is missing',
    );
    expect(result.steps.map((s) => s.status)).toEqual([
      'ok',
      'ok',
      'ok',
      'failed',
      'failed',
      'ok',
      'ok',
      'ok',
    ]);
  });

  it('says ServiceTitan is not answering (token endpoint failing)', async () => {
    sim.faults.inject({
      kind: 'server_error',
      status: 503,
      pathPrefix: '/connect/token',
      times: 'always',
    });
    const result = await check({ clientId: 'cid.other-for-a-fresh-token' });
    expect(result.problems[0]).toMatchObject({ code: 'unreachable' });
    expect(result.problems[0]!.message).toContain('ServiceTitan is not answering right now');
  });

  it('says which values are missing before asking ServiceTitan', async () => {
    const before = sim.calls.count();
    const result = await check({ tenantId: '', appKey: '' });
    expect(result.problems).toEqual([
      expect.objectContaining({
        code: 'incomplete',
        message: expect.stringContaining('The tenant ID and app key are missing'),
      }),
    ]);
    expect(sim.calls.count()).toBe(before);
  });

  it('checks on save: the company answer carries the check; secrets are write-only', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${companyId}`,
      headers: { cookie: admin.cookie },
      payload: { ...sim.demoCredential, tenantId: '424242' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.connectionCheck.problems[0].code).toBe('wrong_tenant');
    expect(body.company).toMatchObject({
      configured: true,
      clientSecret: { configured: true, last4: sim.demoCredential.clientSecret.slice(-4) },
      appKey: { configured: true, last4: sim.demoCredential.appKey.slice(-4) },
    });
    expect(res.body).not.toContain(sim.demoCredential.clientSecret);
    expect(res.body).not.toContain(sim.demoCredential.appKey);

    // Fixing the tenant alone (secrets left blank) keeps the stored secrets, and passes.
    const fixed = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${companyId}`,
      headers: { cookie: admin.cookie },
      payload: { tenantId: sim.demoCredential.tenantId, clientSecret: '', appKey: '' },
    });
    expect(fixed.json().connectionCheck.ok).toBe(true);

    // The stored credential can be tested again with blank values in the form.
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/connection-check',
      headers: { cookie: admin.cookie },
      payload: { companyId, clientSecret: '' },
    });
    expect(stored.json().ok).toBe(true);
  });

  it('checks a saved user credential and answers the check with it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/credentials',
      headers: { cookie: admin.cookie },
      payload: { ...sim.demoCredential, clientSecret: 'cs1.not-it' },
    });
    expect(res.statusCode).toBe(201);
    const { credential, connectionCheck } = res.json();
    expect(connectionCheck.problems[0].code).toBe('invalid_client');
    expect(res.body).not.toContain('cs1.not-it');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/credentials/${credential.id}/check`,
      headers: { cookie: admin.cookie },
    });
    expect(again.json().problems[0].code).toBe('invalid_client');
  });
});
