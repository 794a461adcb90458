/**
 * Benchmark (b): 200 screens of one company poll `POST /api/capacity` every few seconds across
 * TWO app instances sharing one fresh PostgreSQL database, for a few refresh intervals
 * (CAPACITY_REFRESH_SECONDS=5). Counts the requests ServiceTitan (the simulator) receives per
 * refresh interval against the minimum: one appointments and one jobs list per interval.
 * Run: `npx tsx bench/shared-refresh.ts` (or `npm run bench`).
 */
import crypto from 'node:crypto';
import { startServiceTitanSimulator } from '../standins/servicetitan-simulator/index.js';
import {
  createCompanyWithCredential,
  createFreshDatabase,
  createSignedInUser,
  percentile,
  randomClientAddress,
  sleep,
  startAppInstance,
} from './support.js';

const SCREENS = Number(process.env.BENCH_SCREENS ?? 200);
const REFRESH_SECONDS = 5;
const INTERVALS = Number(process.env.BENCH_INTERVALS ?? 4);
const POLL_MS = 3_000;

interface Answer {
  ms: number;
  status: number;
  stale: boolean;
  error: boolean;
}

async function main() {
  const simulator = await startServiceTitanSimulator();
  const fresh = await createFreshDatabase();
  // Two pools to one database, as two processes behind a load balancer would have.
  const [databaseA, databaseB] = [await fresh.open(), await fresh.open()];
  const encryptionKey = crypto.randomBytes(32).toString('base64');
  const common = { encryptionKey, serviceTitanUrl: simulator.url, refreshSeconds: REFRESH_SECONDS };
  const instances = [
    await startAppInstance({ ...common, database: databaseA }),
    await startAppInstance({ ...common, database: databaseB }),
  ];
  try {
    const companyId = await createCompanyWithCredential(
      instances[0]!.app,
      simulator.demoCredential,
    );
    const screens = await Promise.all(
      Array.from({ length: SCREENS }, async (_, i) => ({
        cookie: await createSignedInUser(instances[0]!.app, companyId),
        address: randomClientAddress(),
        // Half the wall shows business units, half job types: one upstream fetch serves both.
        viewType: i % 2 === 0 ? 'businessUnit' : 'jobType',
      })),
    );

    simulator.calls.reset();
    const answers: Answer[] = [];
    const started = Date.now();
    const runMs = INTERVALS * REFRESH_SECONDS * 1000;
    const deadline = started + runMs;

    async function screenLoop(screen: (typeof screens)[number]) {
      await sleep(Math.random() * POLL_MS);
      while (Date.now() < deadline) {
        // A load balancer without stickiness: any poll may land on either instance.
        const instance = instances[Math.floor(Math.random() * instances.length)]!;
        const t0 = performance.now();
        let status = 0;
        let stale = false;
        let error = false;
        try {
          const res = await fetch(`${instance.baseUrl}/api/capacity`, {
            method: 'POST',
            headers: {
              cookie: screen.cookie,
              'content-type': 'application/json',
              'x-forwarded-for': screen.address,
            },
            body: JSON.stringify({ viewType: screen.viewType }),
          });
          status = res.status;
          const body = (await res.json()) as { stale?: boolean; error?: string };
          stale = body.stale === true;
          error = typeof body.error === 'string';
        } catch {
          error = true;
        }
        answers.push({ ms: performance.now() - t0, status, stale, error });
        await sleep(Math.max(0, Math.min(POLL_MS, deadline - Date.now())));
      }
    }
    await Promise.all(screens.map(screenLoop));
    const elapsedMs = Date.now() - started;

    const tenant = simulator.demoCredential.tenantId;
    const count = (path: string) => simulator.calls.count({ path });
    const appointments = count(`/jpm/v2/tenant/${tenant}/appointments`);
    const jobs = count(`/jpm/v2/tenant/${tenant}/jobs`);
    const tokens = count('/connect/token');
    const businessUnits = count(`/settings/v2/tenant/${tenant}/business-units`);
    const jobTypes = count(`/jpm/v2/tenant/${tenant}/job-types`);

    // Fetches per refresh-interval bucket since the start: at most one per bucket is the goal.
    const perBucket = new Map<number, number>();
    for (const call of simulator.calls.list({ path: `/jpm/v2/tenant/${tenant}/appointments` })) {
      const bucket = Math.floor((Date.parse(call.at) - started) / (REFRESH_SECONDS * 1000));
      perBucket.set(bucket, (perBucket.get(bucket) ?? 0) + 1);
    }

    // Screens look throughout every interval, so each one needs (at least) one fresh fetch.
    const intervals = Math.ceil(elapsedMs / (REFRESH_SECONDS * 1000) - 0.05);
    const minimumListCalls = 2 * intervals;
    const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
    const non200 = answers.filter((a) => a.status !== 200).length;

    console.log(
      `\n== ${SCREENS} screens, 2 app instances, one ${fresh.url ? 'PostgreSQL' : 'PGlite (PostgreSQL unreachable)'} database, ` +
        `refresh ${REFRESH_SECONDS} s, ${(elapsedMs / 1000).toFixed(1)} s (${intervals} intervals)`,
    );
    console.log(
      `screen requests: ${answers.length} (${((answers.length / elapsedMs) * 1000).toFixed(0)}/s)   non-200: ${non200}   ` +
        `error answers: ${answers.filter((a) => a.error).length}   stale answers: ${answers.filter((a) => a.stale).length}   ` +
        `p50 ${percentile(latencies, 50).toFixed(1)} ms   p99 ${percentile(latencies, 99).toFixed(1)} ms`,
    );
    console.log(
      `ServiceTitan requests: appointments ${appointments}, jobs ${jobs}, token ${tokens}, business-units ${businessUnits}, job-types ${jobTypes}`,
    );
    console.log(
      `list requests per refresh interval: ${((appointments + jobs) / intervals).toFixed(2)} (minimum 2)   ` +
        `ratio to minimum: ${((appointments + jobs) / minimumListCalls).toFixed(2)}   ` +
        `most appointment fetches in one interval: ${Math.max(0, ...perBucket.values())}`,
    );
    // Each instance keeps its own access token (the token cache is per process by design).
    const minimumAll = minimumListCalls + instances.length + 2;
    console.log(
      `all ServiceTitan requests: ${appointments + jobs + tokens + businessUnits + jobTypes} vs minimum ${minimumAll} ` +
        `(2 per interval + 1 token per instance + 2 metadata)   ratio: ` +
        `${((appointments + jobs + tokens + businessUnits + jobTypes) / minimumAll).toFixed(2)}`,
    );
    if (non200 > 0 || Math.max(0, ...perBucket.values()) > 1) process.exitCode = 1;
  } finally {
    for (const instance of instances) await instance.close();
    await databaseA.close();
    if (databaseB !== databaseA) await databaseB.close();
    await fresh.drop();
    await simulator.close();
  }
}

await main();
