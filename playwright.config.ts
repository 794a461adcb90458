import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** Browser tests run the built product (npm run build) on its embedded defaults, in a fresh data dir. */
const PORT = Number(process.env.E2E_PORT ?? 5099);
const SIMULATOR_PORT = Number(process.env.E2E_SIMULATOR_PORT ?? 5098);
const WEATHER_PORT = Number(process.env.E2E_WEATHER_PORT ?? 5097);
export const baseURL = `http://127.0.0.1:${PORT}`;
const dataDir = path.resolve('test-results', 'e2e-data');
// Playwright evaluates this file again in every worker: only the runner (which starts the
// server) may clear the data dir, or a worker would delete the database under the running server.
const isRunner = process.env.TEST_WORKER_INDEX === undefined;
if (isRunner && !process.env.E2E_REUSE_SERVER) fs.rmSync(dataDir, { recursive: true, force: true });

/**
 * Specs that add boards to the demo company while they run (each test changes the settings of a
 * board of its own): they run after the others, whose board lists and switchers they would
 * change. (The configuration pages' spec changes companies of its own, and runs with the rest.)
 */
const COMPANY_CONFIGURATION_SPECS = ['**/company-board-settings.spec.ts', '**/hours-board.spec.ts'];

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Bounds for a 2-core machine that something else is loading too (CI's own condition): a page
  // whose renderer gets an eighth of a core took 9-12 s to show a board that needs 1 s alone.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]]
    : [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL,
    // The office's own zone, as on a real office TV: the demo ZIP (34211) is in it, so the board
    // does not move its days when the weather answer brings the ZIP's zone (it would between
    // midnight UTC and midnight in New York).
    timezoneId: 'America/New_York',
    // A step that can never finish (a click on a control that is not there, a navigation that
    // never loads) fails naming that step, instead of waiting out the whole test.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    // CI prints only its log, so a trace would stay on its machine; recording one for every test
    // (a screencast of every frame) took 45 % of the browser pass's time on a 2-core machine
    // (config-pages.spec: 2.0 min traced, 1.1 min not). Locally a failure keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: COMPANY_CONFIGURATION_SPECS,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    {
      // Adds boards to the demo company while it runs: once the other specs are done.
      name: 'company-configuration',
      testMatch: COMPANY_CONFIGURATION_SPECS,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: [
    {
      // Weather comes from a local Open-Meteo stand-in: tests never reach the internet.
      command: `node dist/server/standins/open-meteo/cli.js --port ${WEATHER_PORT}`,
      url: `http://127.0.0.1:${WEATHER_PORT}/v1/forecast?latitude=27.5&longitude=-82.5`,
      reuseExistingServer: Boolean(process.env.E2E_REUSE_SERVER),
      timeout: 30_000,
      stdout: 'ignore',
    },
    {
      command: 'node dist/server/src/server/main.js',
      url: `${baseURL}/readyz`,
      reuseExistingServer: Boolean(process.env.E2E_REUSE_SERVER),
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'development',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        SERVICETITAN_SIMULATOR_PORT: String(SIMULATOR_PORT),
        LOG_LEVEL: 'warn',
        OPEN_METEO_URL: `http://127.0.0.1:${WEATHER_PORT}`,
        // Every test signs in afresh from one address; the default 30 a minute is for people.
        SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000',
        // The same for the API: the whole suite is dozens of people and screens on one address,
        // and the default 600 a minute is one person's budget (the same plugin's limiting is
        // tested in tests/integration/sign-in.test.ts). The configuration project, last and
        // busiest, ran into it.
        API_RATE_LIMIT_PER_MINUTE: '100000',
        // No rule fires by the clock (the demo company's fires at 2 PM in New York): what every
        // board shows must not depend on the time of day the suite runs. Alerts' own browser
        // test uses "Send test"; firing is tested in tests/integration/alerts-delivery.test.ts.
        ALERTS_EVALUATE: 'false',
        // The server reads each watched company every 10 s instead of every minute: a browser
        // test watches a board for longer than one interval (live-push.spec.ts: "Data fetched"
        // counts from the last read) and a booking reaches the boards within one, without a
        // minute's wait.
        CAPACITY_REFRESH_SECONDS: '10',
      },
    },
  ],
});
