import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('loadConfig', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.database.url).toBeUndefined();
    expect(config.database.dataDir).toMatch(/data$/);
    expect(config.oidc.kind).toBe('development');
    expect(config.seedDemoData).toBe(true);
    expect(config.serviceTitan.simulator.enabled).toBe(true);
    expect(config.capacityRefreshMs).toBe(60_000);
    expect(config.publicUrl).toBe('http://localhost:5000');
  });

  it('listens on loopback only unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('runs the sample ServiceTitan tenant on a free port unless one is named', () => {
    expect(loadConfig({}).serviceTitan.simulator.port).toBe(0);
    expect(loadConfig({ SERVICETITAN_SIMULATOR_PORT: '5050' }).serviceTitan.simulator.port).toBe(
      5050,
    );
  });

  it('allows writes from configured origins only, never from what a request claims', () => {
    const remote = { DEV_IDENTITY_ALLOW_REMOTE: 'true' };
    expect(loadConfig({ ...remote, PUBLIC_URL: 'https://board.example/' }).allowedOrigins).toEqual([
      'https://board.example',
    ]);
    expect(loadConfig({ PORT: '5210' }).allowedOrigins).toEqual([
      'http://localhost:5210',
      'http://127.0.0.1:5210',
      'http://[::1]:5210',
    ]);
    expect(
      loadConfig({
        ...remote,
        PUBLIC_URL: 'https://board.example',
        ALLOWED_ORIGINS: 'https://a.example, https://b.example:8443',
      }).allowedOrigins,
    ).toEqual(['https://board.example', 'https://a.example', 'https://b.example:8443']);
    expect(problemsOf({ ALLOWED_ORIGINS: 'https://a.example/path' })).toEqual([
      'ALLOWED_ORIGINS.0: "https://a.example/path" is not an origin (scheme://host[:port], nothing after it)',
    ]);
  });

  it("frames only from 'self' unless FRAME_ANCESTORS names a signage player", () => {
    expect(loadConfig({}).frameAncestors).toEqual(["'self'"]);
    expect(
      loadConfig({ FRAME_ANCESTORS: "'self' https://signage.example" }).frameAncestors,
    ).toEqual(["'self'", 'https://signage.example']);
    expect(problemsOf({ FRAME_ANCESTORS: '*' })).toEqual([
      `FRAME_ANCESTORS.0: "*" must be an origin (scheme://host[:port]), 'self' or 'none'`,
    ]);
  });

  it('names an OIDC issuer without a client id', () => {
    expect(problemsOf({ OIDC_ISSUER: 'https://id.example.com' })).toEqual([
      'OIDC_CLIENT_ID: OIDC_ISSUER and OIDC_CLIENT_ID must be set together',
    ]);
  });

  it('lists every problem of a production configuration at once', () => {
    const problems = problemsOf({ NODE_ENV: 'production', PORT: 'eighty' });
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^PORT:/)]));
    const prodOnly = problemsOf({ NODE_ENV: 'production' });
    expect(prodOnly).toEqual([
      'ENCRYPTION_KEY: required in production',
      'OIDC_ISSUER: required in production (the built-in development identity provider refuses to run there)',
    ]);
  });

  it('refuses an encryption key of the wrong size', () => {
    expect(problemsOf({ ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toEqual([
      'ENCRYPTION_KEY: must be 32 bytes, base64-encoded',
    ]);
  });

  it('refuses half a Stripe configuration', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_x' })).toEqual([
      'STRIPE_PRICE_ID: STRIPE_SECRET_KEY and STRIPE_PRICE_ID must be set together',
    ]);
  });

  it('runs the Stripe stand-in only outside production and without a Stripe key', () => {
    const embedded = loadConfig({});
    expect(embedded.stripe).toBeUndefined();
    expect(embedded.stripeStandin).toEqual({ enabled: true, port: 0 });
    expect(embedded.billingRequired).toBe(false);
    const real = loadConfig({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PRICE_ID: 'price_x' });
    expect(real.stripeStandin.enabled).toBe(false);
    expect(real.stripe).toMatchObject({ secretKey: 'sk_live_x', priceId: 'price_x' });
    expect(
      problemsOf({ STRIPE_STANDIN: 'true', STRIPE_SECRET_KEY: 'sk', STRIPE_PRICE_ID: 'p' }),
    ).toEqual([
      'STRIPE_STANDIN: cannot be combined with STRIPE_SECRET_KEY (the stand-in supplies its own keys)',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', STRIPE_STANDIN: 'true' })).toContain(
      'STRIPE_STANDIN: not allowed in production',
    );
    expect(
      loadConfig({ NODE_ENV: 'test', ENCRYPTION_KEY: Buffer.alloc(32).toString('base64') })
        .stripeStandin.enabled,
    ).toBe(true);
    expect(loadConfig({ BILLING_REQUIRED: 'true' }).billingRequired).toBe(true);
  });

  it('uses PostgreSQL and no demo seed when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://localhost/x' });
    expect(config.database.url).toBe('postgres://localhost/x');
    expect(config.seedDemoData).toBe(false);
  });

  it('accepts a complete production configuration', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'board',
      PUBLIC_URL: 'https://board.example.com/',
      DATABASE_URL: 'postgres://db/board',
    });
    expect(config.isProduction).toBe(true);
    expect(config.serviceTitan.simulator.enabled).toBe(false);
    expect(config.publicUrl).toBe('https://board.example.com');
  });

  it('turns the simulator off when either ServiceTitan host is replaced', () => {
    expect(
      loadConfig({ SERVICETITAN_AUTH_URL: 'https://auth.example.com' }).serviceTitan.simulator
        .enabled,
    ).toBe(false);
    expect(
      loadConfig({ SERVICETITAN_API_URL: 'https://api.example.com' }).serviceTitan.simulator
        .enabled,
    ).toBe(false);
    expect(
      problemsOf({
        SERVICETITAN_SIMULATOR: 'true',
        SERVICETITAN_AUTH_URL: 'https://a.example.com',
      }),
    ).toEqual([
      'SERVICETITAN_SIMULATOR: cannot be combined with SERVICETITAN_AUTH_URL or SERVICETITAN_API_URL (the simulator supplies both hosts)',
    ]);
  });

  it('reads the ServiceTitan timeout in seconds and refuses one out of range', () => {
    expect(loadConfig({}).serviceTitan.timeoutMs).toBe(20_000);
    expect(loadConfig({ SERVICETITAN_TIMEOUT_SECONDS: '45' }).serviceTitan.timeoutMs).toBe(45_000);
    expect(problemsOf({ SERVICETITAN_TIMEOUT_SECONDS: '0' })).toEqual([
      expect.stringMatching(/^SERVICETITAN_TIMEOUT_SECONDS:/),
    ]);
  });

  it('evaluates alert rules by the clock unless ALERTS_EVALUATE is false', () => {
    expect(loadConfig({}).alerts.evaluate).toBe(true);
    expect(loadConfig({ ALERTS_EVALUATE: 'false' }).alerts.evaluate).toBe(false);
    expect(problemsOf({ ALERTS_EVALUATE: 'sometimes' })).toEqual([
      expect.stringMatching(/^ALERTS_EVALUATE:/),
    ]);
  });
});
