import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Counts every load of the development identity provider module (the factory runs when, and
// only when, something imports it). A static import in the app would load it with the app.
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../standins/dev-identity-provider/index.js', async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

const discovery = '/oidc/.well-known/openid-configuration';

// The two suites run in order: production first, so nothing has loaded the module yet.
describe('a production configuration (external issuer)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        OIDC_ISSUER: 'https://id.example',
        OIDC_CLIENT_ID: 'call-board',
        PUBLIC_URL: 'https://board.example',
      },
    });
  });
  afterAll(() => t.close());

  it('does not load the development identity provider', async () => {
    const res = await t.app.inject({ method: 'GET', url: discovery });
    expect(res.statusCode).toBe(404);
    expect(loads.count).toBe(0);
  });
});

describe('a development configuration (no issuer)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('loads and serves the development identity provider', async () => {
    const res = await t.app.inject({ method: 'GET', url: discovery });
    expect(res.statusCode).toBe(200);
    expect(loads.count).toBe(1);
  });
});
