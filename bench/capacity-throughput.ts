/**
 * Benchmark (a): requests per second and p99 latency of a warm `POST /api/capacity` for a
 * signed-in user, against the static `/healthz` route of the same server, at 50 connections
 * over real HTTP on loopback, rate limiting on (target, issue 13: ratio >= 0.7 on PostgreSQL).
 * Run: `npx tsx bench/capacity-throughput.ts` (or `npm run bench`).
 *
 * The two routes are measured in alternating rounds after a warm-up of each, so a machine that
 * slows down or speeds up during the run affects both alike; the ratio is of their totals.
 */
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon, { type Request, type Result } from 'autocannon';
import { startServiceTitanSimulator } from '../standins/servicetitan-simulator/index.js';
import {
  createCompanyWithCredential,
  createFreshDatabase,
  createSignedInUser,
  startAppInstance,
} from './support.js';

const CONNECTIONS = 50;
/** Seconds each route is measured in all (split over the rounds). */
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 12);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP_SECONDS = 2;
const RATIO_TARGET = 0.7;

/** The load generator runs in worker threads so it does not take CPU from the server it measures. */
const WORKERS = 2;
const SET_CLIENT_ADDRESS = fileURLToPath(new URL('./set-client-address.cjs', import.meta.url));

async function main() {
  const simulator = await startServiceTitanSimulator();
  const fresh = await createFreshDatabase();
  const database = await fresh.open();
  const instance = await startAppInstance({
    database,
    encryptionKey: crypto.randomBytes(32).toString('base64'),
    serviceTitanUrl: simulator.url,
  });
  try {
    const companyId = await createCompanyWithCredential(instance.app, simulator.demoCredential);
    const cookie = await createSignedInUser(instance.app, companyId);
    const headers = { cookie, 'content-type': 'application/json' };

    // Warm: the first request fetches from ServiceTitan; every later one is served from the snapshot.
    const warm = await fetch(`${instance.baseUrl}/api/capacity`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    const warmBody = (await warm.json()) as { days?: unknown[]; error?: string };
    if (warm.status !== 200 || warmBody.error || warmBody.days?.length !== 3) {
      throw new Error(`warm-up failed: ${warm.status} ${JSON.stringify(warmBody).slice(0, 200)}`);
    }

    const run = (request: Request, duration: number) =>
      autocannon({
        url: instance.baseUrl,
        connections: CONNECTIONS,
        duration,
        workers: WORKERS,
        requests: [{ ...request, setupRequest: SET_CLIENT_ADDRESS }],
      });
    const healthz: Request = { method: 'GET', path: '/healthz' };
    // The floor of any signed-in API call: the session lookup every /api request makes.
    const authUser: Request = { method: 'GET', path: '/api/auth/user', headers: { cookie } };
    const board: Request = { method: 'POST', path: '/api/capacity', headers, body: '{}' };

    // Warm-up (not counted): every route's code is compiled and its caches filled.
    for (const request of [healthz, authUser, board]) await run(request, WARM_UP_SECONDS);
    const roundSeconds = Math.max(1, Math.round(DURATION_SECONDS / ROUNDS));
    const health: Result[] = [];
    const capacity: Result[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      health.push(await run(healthz, roundSeconds));
      capacity.push(await run(board, roundSeconds));
    }
    const signedIn = await run(authUser, roundSeconds);

    const total = (results: Result[]) => results.reduce((sum, r) => sum + r.requests.total, 0);
    const perSecond = (results: Result[]) =>
      total(results) / results.reduce((sum, r) => sum + r.duration, 0);
    const worst = (results: Result[], pick: (r: Result) => number) =>
      Math.max(...results.map(pick));
    const line = (name: string, results: Result[]) =>
      `${name.padEnd(22)} ${perSecond(results).toFixed(0).padStart(7)} req/s   ` +
      `p99 ${String(worst(results, (r) => r.latency.p99)).padStart(4)} ms   ` +
      `p50 ${String(worst(results, (r) => r.latency.p50)).padStart(4)} ms   ` +
      `non-2xx ${results.reduce((n, r) => n + r.non2xx, 0)}   ` +
      `errors ${results.reduce((n, r) => n + r.errors + r.timeouts, 0)}`;
    console.log(
      `\n== Warm POST /api/capacity vs GET /healthz (${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${roundSeconds} s after a ${WARM_UP_SECONDS} s warm-up, ${fresh.url ? 'PostgreSQL' : 'PGlite'}, rate limit on)`,
    );
    console.log(line('GET /healthz', health));
    console.log(line('GET /api/auth/user', [signedIn]));
    console.log(line('POST /api/capacity', capacity));
    const ratio = perSecond(capacity) / perSecond(health);
    const rounds = capacity.map((c, i) =>
      (c.requests.average / health[i]!.requests.average).toFixed(3),
    );
    console.log(
      `capacity/healthz throughput ratio: ${ratio.toFixed(3)} (${(ratio * 100).toFixed(1)}% of a static route; rounds ${rounds.join(', ')}) ` +
        `(target >= ${RATIO_TARGET}) ${ratio >= RATIO_TARGET ? 'OK' : 'MISSED'}`,
    );
    console.log(
      `ServiceTitan list calls during the run: ${simulator.calls.count({
        path: `/jpm/v2/tenant/${simulator.demoCredential.tenantId}/appointments`,
      })} appointments request(s) in total (warm numbers come from the shared snapshot)`,
    );
    console.log(
      `capacity/auth-user throughput ratio: ${(perSecond(capacity) / perSecond([signedIn])).toFixed(3)} (cost beyond the session lookup)`,
    );
    if (ratio < RATIO_TARGET) process.exitCode = 1;
    const failures = capacity.reduce((n, r) => n + r.non2xx + r.errors, 0);
    if (failures > 0) process.exitCode = 1;
  } finally {
    await instance.close();
    await database.close();
    await fresh.drop();
    await simulator.close();
  }
}

await main();
