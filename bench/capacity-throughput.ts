/**
 * Benchmark (a): requests per second and p99 latency of a warm `POST /api/capacity` for a
 * signed-in user, against the static `/healthz` route of the same server, at 50 connections
 * over real HTTP on loopback. Run: `npx tsx bench/capacity-throughput.ts` (or `npm run bench`).
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
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);

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

    const run = (request: Request) =>
      autocannon({
        url: instance.baseUrl,
        connections: CONNECTIONS,
        duration: DURATION_SECONDS,
        workers: WORKERS,
        requests: [{ ...request, setupRequest: SET_CLIENT_ADDRESS }],
      });
    const health = await run({ method: 'GET', path: '/healthz' });
    // The floor of any signed-in API call: the session lookup every /api request makes.
    const signedIn = await run({ method: 'GET', path: '/api/auth/user', headers: { cookie } });
    const capacity = await run({ method: 'POST', path: '/api/capacity', headers, body: '{}' });

    const line = (name: string, r: Result) =>
      `${name.padEnd(22)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   ` +
      `p50 ${String(r.latency.p50).padStart(4)} ms   non-2xx ${r.non2xx}   errors ${r.errors + r.timeouts}`;
    console.log(
      `\n== Warm POST /api/capacity vs GET /healthz (${CONNECTIONS} connections, ${DURATION_SECONDS} s each, ${fresh.url ? 'PostgreSQL' : 'PGlite'})`,
    );
    console.log(line('GET /healthz', health));
    console.log(line('GET /api/auth/user', signedIn));
    console.log(line('POST /api/capacity', capacity));
    const ratio = capacity.requests.average / health.requests.average;
    console.log(
      `capacity/healthz throughput ratio: ${ratio.toFixed(3)} (${(ratio * 100).toFixed(1)}% of a static route)`,
    );
    console.log(
      `ServiceTitan list calls during the run: ${simulator.calls.count({
        path: `/jpm/v2/tenant/${simulator.demoCredential.tenantId}/appointments`,
      })} appointments request(s) in total (warm numbers come from the shared snapshot)`,
    );
    console.log(
      `capacity/auth-user throughput ratio: ${(capacity.requests.average / signedIn.requests.average).toFixed(3)} (cost beyond the session lookup)`,
    );
    if (capacity.non2xx > 0 || capacity.errors > 0) process.exitCode = 1;
  } finally {
    await instance.close();
    await database.close();
    await fresh.drop();
    await simulator.close();
  }
}

await main();
