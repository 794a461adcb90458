import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startServiceTitanSimulator,
  type Simulator,
} from '../../standins/servicetitan-simulator/index.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** The app's ServiceTitan service reaches the hosts named by SERVICETITAN_AUTH_URL / _API_URL. */
describe('app.services.serviceTitan', () => {
  let sim: Simulator;
  let testApp: TestApp;

  beforeAll(async () => {
    sim = await startServiceTitanSimulator({ seed: 2 });
    testApp = await createTestApp({
      env: { SERVICETITAN_AUTH_URL: sim.authUrl, SERVICETITAN_API_URL: sim.apiUrl },
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await sim?.close();
  });

  it('reads the configured tenant through the app services', async () => {
    const client = testApp.app.services.serviceTitan.clientFor({
      ...sim.demoCredential,
      environment: 'production',
    });
    const units = await client.listBusinessUnits();
    expect(units.map((u) => u.name)).toEqual([
      'HVAC Service',
      'HVAC Install',
      'Plumbing Service',
      'Plumbing Install',
      'Electrical',
    ]);
    expect(sim.calls.count({ path: '/connect/token' })).toBe(1);
  });
});
