/**
 * Benchmark (issue 13, live screens at scale; issue 26, item 7, boards): paired screens holding
 * the `GET /api/events` stream open, over companies with several boards each (each company with
 * its own ServiceTitan tenant in the simulator, or its own account on the Housecall Pro stand-in:
 * see below), plus a few hundred boards polling
 * `POST /api/capacity`, across app instances on one fresh PostgreSQL database, for 5 refresh
 * intervals (CAPACITY_REFRESH_SECONDS=5). The instances are child processes
 * (`src/server/main.ts`, as `npm start` runs it) so their memory and CPU are theirs alone; the
 * simulator and the polling boards run in this process, the screens in load-generator processes
 * (bench/live-screens-client.ts, at most BENCH_SCREENS_PER_PROCESS each: one process holding
 * 10,000 sockets ran out of file descriptors).
 *
 * Each screen is a paired TV (its device credential) on one of its company's boards (the boards
 * alternate business units and job types) and does what the TV page does: reads
 * `/api/capacity` once, opens the stream, and on a `capacity` message shows the board's answer
 * the message carries (issue 26, item 6), re-reading only when it carries none. The polling
 * boards are people signed in. During the run the simulator books a new job in every company's
 * tenant at known moments; the benchmark times each booking until every screen of that company
 * has received the `capacity` message. The simulator's clock is frozen, so those bookings are
 * the only changes in the tenants' data. Before the measured run, every company's history
 * backfill (13 weeks read from its platform on connecting, issue 27) is let finish: the run
 * measures the steady state (BENCH_BACKFILL_WAIT_SECONDS bounds the wait; the time is printed).
 *
 * Housecall Pro (issue 34): a share of the companies, BENCH_HCP_SHARE (default 1/3; a fraction
 * such as 1/3 or a decimal; 0 keeps the all-ServiceTitan run), spread evenly among them, run on
 * Housecall Pro instead, each connected to its own account on the stand-in
 * (standins/housecall-pro/, decision 041) with its webhooks on as the demo company has them: a
 * signing secret, and the stand-in told the company's webhook address (on one of the instances,
 * the companies alternating, as behind a load balancer). Their bookings are made in the stand-in
 * the way its sample account books, at the same known moments, and reach the screens as in
 * production: the stand-in's signed `job.created` → an early read of that company → `capacity`
 * messages, with polling at the interval as the floor. The stand-in's clock is frozen like the
 * simulator's (its sample accounts book on their own as the clock moves), while its webhooks are
 * stamped at the real time, which the app accepts within five minutes.
 *
 * Prints, each with its target on its own line: ServiceTitan fetches per company per interval;
 * Housecall Pro reads per company per interval (every read either on the schedule or an early
 * read after a booking's webhook) and the stand-in's requests per company per interval; every
 * Housecall Pro booking's webhook accepted; booking-to-every-screen latency (p50/p99/max, and
 * missed updates, in total and per platform); server RSS per 1,000 connected screens (after
 * connecting, and at its highest while updates flow, sampled every second: memory must stay
 * flat under updates); CPU of the instances between updates (a quiet period: streams idle with
 * heartbeats, the schedule still refreshing); non-200 answers and streams that failed to
 * connect or dropped; the machine's load average. Exits non-zero when a target is missed.
 *
 * Run: `npx tsx bench/live-screens.ts` (or `npm run bench`): 2,000 screens, 20 companies × 3
 * boards (a third of them on Housecall Pro), 2 instances. The issue's scale run (minutes of
 * set-up), with a larger young generation for this process, which answers as the platforms and
 * whose collections otherwise delay the arrival times it judges (npm run bench passes it too):
 *   BENCH_SCREENS=10000 BENCH_COMPANIES=200 BENCH_BOARDS=3 BENCH_INSTANCES=2 node --max-semi-space-size=64 --import tsx bench/live-screens.ts
 * Memory of one instance under updates (issue 26, item 6):
 *   BENCH_SCREENS=1000 BENCH_INSTANCES=1 npx tsx bench/live-screens.ts
 * The run before Housecall Pro (every company on ServiceTitan): BENCH_HCP_SHARE=0.
 * Where an instance's CPU goes: BENCH_CPU_PROFILE_DIR=/tmp/prof (gc-on-signal.cjs writes each
 * instance's profile from one memory probe to the next: <pid>-3.cpuprofile is the cost phases and
 * the measured run), then `npx tsx bench/profile-window.ts /tmp/prof/<pid>-3.cpuprofile 100000`.
 * Quick runs: BENCH_SCREENS=100 BENCH_COMPANIES=6 BENCH_INTERVALS=3 BENCH_POLLERS=20
 * BENCH_QUIET_SECONDS=5.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { fork } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import pg from 'pg';
import { startServiceTitanSimulator } from '../standins/servicetitan-simulator/index.js';
import { startHousecallProStandin } from '../standins/housecall-pro/index.js';
import { HOUSECALLPRO_WEBHOOK_PATH } from '../src/shared/platforms/housecallpro/api.js';
import { EARLY_READ_AFTER_MS } from '../src/server/services/capacity/snapshot-store.js';
import type { ClientScreen, FromClient, ScreenReport, ToClient } from './live-screens-client.js';
import {
  cpuSecondsOf,
  createAccountAdmin,
  createCompanyOnHousecallPro,
  createCompanyWithCredential,
  createFreshDatabase,
  createPairedScreen,
  createSignedInUser,
  percentile,
  randomClientAddress,
  sleep,
  startAppInstance,
} from './support.js';

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
};
const SCREENS = envNumber('BENCH_SCREENS', 2000);
const COMPANIES = Math.max(1, envNumber('BENCH_COMPANIES', 20));
/** Boards per company (issue 26): screen i shows board ⌊i / companies⌋ mod boards of its company. */
const BOARDS = Math.max(1, Math.min(50, envNumber('BENCH_BOARDS', 3)));
const INSTANCE_COUNT = Math.max(1, envNumber('BENCH_INSTANCES', 2));
/**
 * The share of companies on Housecall Pro (issue 34): BENCH_HCP_SHARE, a fraction ("1/3") or a
 * decimal ("0.5"), default 1/3; 0 keeps every company on ServiceTitan.
 */
const HCP_SHARE = (() => {
  const text = (process.env.BENCH_HCP_SHARE ?? '1/3').trim();
  const fraction = /^(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)$/.exec(text);
  const value = fraction ? Number(fraction[1]) / Number(fraction[2]) : Number(text);
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 1 / 3;
})();
/**
 * Company c runs on Housecall Pro when the share's running count steps up at it: spread evenly,
 * ⌊companies × share⌋ of them, the first company (the simulator's demo tenant) on ServiceTitan
 * unless every company is on Housecall Pro.
 */
const onHousecallPro = (c: number) =>
  Math.floor((c + 1) * HCP_SHARE + 1e-9) > Math.floor(c * HCP_SHARE + 1e-9);
const SCREENS_PER_PROCESS = Math.max(100, envNumber('BENCH_SCREENS_PER_PROCESS', 2500));
const INTERVALS = Math.max(2, envNumber('BENCH_INTERVALS', 5));
const POLLERS = envNumber('BENCH_POLLERS', 300);
const REFRESH_SECONDS = Math.max(5, envNumber('BENCH_REFRESH_SECONDS', 5));
/** At least one heartbeat period (20 s) by default, so heartbeats are part of the quiet CPU. */
const QUIET_SECONDS = envNumber('BENCH_QUIET_SECONDS', 20);
/** How long to wait for every company's history backfill before the measured run (seconds). */
const BACKFILL_WAIT_SECONDS = envNumber('BENCH_BACKFILL_WAIT_SECONDS', 900);
/**
 * Each cost phase (issue 33, item 9) lasts this long: two intervals by default, so every
 * company's refresh comes twice.
 */
const PHASE_SECONDS = envNumber(
  'BENCH_PHASE_SECONDS',
  2 * Math.max(5, envNumber('BENCH_REFRESH_SECONDS', 5)),
);
/** Events the cost phases announce per company (spread over the phase). */
const PHASE_EVENTS_PER_COMPANY = Math.max(1, envNumber('BENCH_PHASE_EVENTS', 3));
const POLL_MS = 3_000;
const REFRESH_MS = REFRESH_SECONDS * 1000;
/** Targets of issue 13. */
const LATENCY_TARGET_MS = REFRESH_MS + 2_000;
/** Issue 26, item 7: server memory per 1,000 paired screens while updates flow. */
const MEMORY_TARGET_PER_1000 = 20 * 1024 * 1024;
const ROOT = path.resolve(import.meta.dirname, '..');
const GC_ON_SIGNAL = path.join(ROOT, 'bench', 'gc-on-signal.cjs');

// ---------------------------------------------------------------------------------------------
// The app instances: child processes running the server entry point.

interface Instance {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  agent: http.Agent;
  output: string[];
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** BENCH_INSTANCE_PORTS=5124,5125: the instances' ports (default: free ones). */
const INSTANCE_PORTS = (process.env.BENCH_INSTANCE_PORTS ?? '')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);

async function startInstance(env: Record<string, string>, index: number): Promise<Instance> {
  const port = INSTANCE_PORTS[index] ?? (await freePort());
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--require', GC_ON_SIGNAL, '--import', 'tsx', 'src/server/main.ts'],
    {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.add(child);
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`app instance exited (${child.exitCode}):\n${output.join('')}`);
    }
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`app instance not ready:\n${output.join('')}`);
    await sleep(250);
  }
  // A socket per concurrent request, as every screen has its own connection.
  const agent = new http.Agent({ keepAlive: true });
  return { child, baseUrl, port, agent, output };
}

async function stopInstance(instance: Instance): Promise<void> {
  instance.agent.destroy();
  const { child } = instance;
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

interface Probe {
  rss: number;
  /** V8 heap in use plus memory outside it (buffers), after the collection. */
  heapAndExternal: number;
  loopDelayMs: { p50: number; p99: number; max: number };
}

/**
 * Each instance after a full garbage collection (gc-on-signal.cjs): resident memory, heap, and
 * its event loop delay since the previous probe.
 */
async function probe(pids: number[], dir: string): Promise<Probe[]> {
  const asked = Date.now();
  for (const pid of pids) process.kill(pid, 'SIGUSR2');
  const read = (pid: number) => {
    try {
      const body = JSON.parse(fs.readFileSync(path.join(dir, `${pid}.json`), 'utf8')) as {
        at: number;
        memory: NodeJS.MemoryUsage;
        loopDelayMs: Probe['loopDelayMs'];
      };
      return body.at >= asked ? body : undefined;
    } catch {
      return undefined;
    }
  };
  const deadline = Date.now() + 30_000;
  while (pids.some((pid) => !read(pid)) && Date.now() < deadline) await sleep(100);
  await sleep(500);
  return pids.map((pid) => {
    const body = read(pid);
    return {
      rss: rssOf(pid),
      heapAndExternal: body ? body.memory.heapUsed + body.memory.external : 0,
      loopDelayMs: body?.loopDelayMs ?? { p50: 0, p99: 0, max: 0 },
    };
  });
}

/** Resident memory of a process, in bytes (VmRSS). */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

// ---------------------------------------------------------------------------------------------
// Clients: raw http, no EventSource polyfill.

interface Client {
  companyIndex: number;
  cookie: string;
  address: string;
  viewType: 'businessUnit' | 'jobType';
}

interface Screen extends Client {
  boardId: number;
  /** Index of the instance its stream and requests go to. */
  instance: number;
  /** Filled from its load-generator process's report. */
  report?: ScreenReport;
}

const answers = { total: 0, non200: new Map<string, number>(), errors: new Map<string, number>() };
const requestFailed = (err: NodeJS.ErrnoException) => {
  if (closing) return;
  const key = err.code ?? err.message;
  answers.errors.set(key, (answers.errors.get(key) ?? 0) + 1);
};

function postCapacity(instance: Instance, client: Client): Promise<number> {
  const body = JSON.stringify({ viewType: client.viewType });
  return new Promise((resolve) => {
    const request = http.request(
      `${instance.baseUrl}/api/capacity`,
      {
        method: 'POST',
        agent: instance.agent,
        headers: {
          cookie: client.cookie,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': client.address,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          answers.total++;
          const status = response.statusCode ?? 0;
          if (status !== 200) {
            const key = String(status);
            answers.non200.set(key, (answers.non200.get(key) ?? 0) + 1);
          }
          resolve(status);
        });
        response.on('error', (err) => {
          requestFailed(err);
          resolve(0);
        });
      },
    );
    request.on('error', (err) => {
      requestFailed(err);
      resolve(0);
    });
    request.end(body);
  });
}

/** A load-generator process holding a share of the screens (bench/live-screens-client.ts). */
interface ClientProcess {
  child: ChildProcess;
  screens: Screen[];
  ask(message: ToClient, answer: FromClient['type']): Promise<FromClient>;
}

function startClientProcess(screens: Screen[]): ClientProcess {
  const child = fork(path.join(ROOT, 'bench', 'live-screens-client.ts'), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  children.add(child);
  const waiting = new Map<
    string,
    { resolve: (message: FromClient) => void; reject: (error: Error) => void }
  >();
  child.on('message', (message: FromClient) => {
    const asked = waiting.get(message.type);
    waiting.delete(message.type);
    asked?.resolve(message);
  });
  // One exit listener for every question (one per question added up past Node's warning).
  child.once('exit', (code) => {
    for (const { reject } of waiting.values()) {
      reject(new Error(`load generator exited (${code})`));
    }
    waiting.clear();
  });
  return {
    child,
    screens,
    ask: (message, answer) =>
      new Promise((resolve, reject) => {
        waiting.set(answer, { resolve, reject });
        child.send(message);
      }),
  };
}

/** Every screen's figures so far, from its process. */
async function collectReports(processes: ClientProcess[]) {
  const refetchMs: number[] = [];
  let answersTotal = 0;
  const non200 = new Map<string, number>();
  const errors = new Map<string, number>();
  for (const p of processes) {
    const report = (await p.ask({ type: 'report' }, 'report')) as Extract<
      FromClient,
      { type: 'report' }
    >;
    report.screens.forEach((r, i) => (p.screens[i]!.report = r));
    refetchMs.push(...report.refetchMs);
    answersTotal += report.answers;
    for (const [k, v] of Object.entries(report.non200)) non200.set(k, (non200.get(k) ?? 0) + v);
    for (const [k, v] of Object.entries(report.errors)) errors.set(k, (errors.get(k) ?? 0) + v);
  }
  return { refetchMs, answersTotal, non200, errors };
}
let closing = false;

/** Runs `task` over `items` with at most `limit` at a time. */
async function inBatches<T>(items: T[], limit: number, task: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A set-up step's progress on stderr, so a long scale run shows where it is. */
const benchStarted = Date.now();
const progress = (message: string) =>
  console.error(`[${((Date.now() - benchStarted) / 1000).toFixed(0)} s] ${message}`);

/**
 * Child processes to end if this process is stopped (Ctrl-C, a time limit): an app instance or
 * load generator left behind holds its port and sockets.
 */
const children = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    for (const child of children) child.kill('SIGKILL');
    process.exit(130);
  });
}
process.once('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/**
 * Waits until every company's history backfill (issue 27: 13 weeks read from ServiceTitan on
 * connecting) is done, as on instances that have run for a while: the measured run is the
 * steady state, not the first hour of 200 companies connecting at once. Returns the seconds it
 * took and how many were done.
 */
async function waitForBackfills(url: string, companies: number) {
  const started = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let done = 0;
  try {
    for (;;) {
      const result = await client.query<{ done: string }>(
        `select count(*) as done from history_state where backfill_status = 'done'`,
      );
      done = Number(result.rows[0]?.done ?? 0);
      if (done >= companies || Date.now() - started > BACKFILL_WAIT_SECONDS * 1000) break;
      progress(`history backfill: ${done} of ${companies} companies done`);
      await sleep(5_000);
    }
  } finally {
    await client.end();
  }
  return { seconds: (Date.now() - started) / 1000, done };
}

// ---------------------------------------------------------------------------------------------
// What the product spends per operation (issue 33, item 9): CPU of the instances (from /proc, so
// whatever else the machine runs does not count) over phases in which one kind of work is added,
// divided by how many operations of that kind the phase held. Times measured on a shared machine
// say little; CPU per operation compares across machines.

interface PhaseResult {
  name: string;
  seconds: number;
  /** CPU seconds of all instances over the phase. */
  cpu: number;
  /** Company refreshes in the phase (first pages of board reads: simulator and Housecall Pro). */
  refreshes: number;
  /** Messages the screens received in the phase: small ones (fetched, heartbeat), with answers. */
  smallMessages: number;
  answerMessages: number;
  /** Board answers the instances prepared for screens in the phase (counted by the bench). */
  answers: number;
  loadAverage: number[];
}

/** Sends an event to every instance as one of them would (NOTIFY on the events channel). */
async function announce(url: string, events: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const event of events) {
      await client.query('select pg_notify($1, $2)', [
        'cb_events',
        JSON.stringify({ from: 'bench', event }),
      ]);
    }
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const fresh = await createFreshDatabase();
  if (!fresh.url) {
    console.error(
      'live-screens: PostgreSQL at 127.0.0.1:5432 is unreachable; this benchmark needs it.',
    );
    process.exit(1);
  }
  // Frozen clock: the tenants' and accounts' data change only through the bookings below (the
  // Housecall Pro stand-in's webhooks are stamped at the real time, as Housecall Pro's are).
  const frozen = new Date();
  const simulator = await startServiceTitanSimulator({ now: () => frozen });
  const housecallPro = await startHousecallProStandin({
    now: () => frozen,
    webhookNow: () => new Date(),
  });
  /** Each company's platform account: a simulator tenant, or a Housecall Pro account. */
  type Platform = 'servicetitan' | 'housecallpro';
  const platforms: Platform[] = Array.from({ length: COMPANIES }, (_, c) =>
    onHousecallPro(c) ? 'housecallpro' : 'servicetitan',
  );
  let firstTenant = true;
  const accounts = platforms.map((platform, c) => {
    if (platform === 'housecallpro') {
      const account = housecallPro.addAccount();
      return {
        platform,
        tenantId: null,
        st: null,
        hcp: {
          ...account,
          webhookSecret: `whsec_bench_${c}_${crypto.randomBytes(12).toString('hex')}`,
        },
      } as const;
    }
    const credential = firstTenant ? simulator.demoCredential : simulator.addTenant();
    firstTenant = false;
    return { platform, tenantId: credential.tenantId, st: credential, hcp: null } as const;
  });
  const hcpCount = platforms.filter((p) => p === 'housecallpro').length;
  const stCount = COMPANIES - hcpCount;
  const encryptionKey = crypto.randomBytes(32).toString('base64');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cb-bench-live-'));
  const instances: Instance[] = [];
  const processes: ClientProcess[] = [];
  const screens: Screen[] = [];
  let failedTarget = false;
  try {
    // Seed through an in-process app (it also migrates the fresh database), then close it.
    const seedStarted = Date.now();
    const seedDatabase = await fresh.open();
    const seeder = await startAppInstance({
      database: seedDatabase,
      encryptionKey,
      serviceTitanUrl: simulator.url,
      housecallProUrl: housecallPro.url,
    });
    const companyIds: number[] = [];
    const adminIds: string[] = [];
    /** Each company's boards: its first, then BOARDS - 1 more (alternating view types). */
    const boardIds: number[][] = [];
    const boardViews: ('businessUnit' | 'jobType')[][] = [];
    /** The webhook address part of each Housecall Pro company (null on ServiceTitan). */
    const webhookKeys: (string | null)[] = [];
    for (const account of accounts) {
      let companyId: number;
      if (account.hcp) {
        const created = await createCompanyOnHousecallPro(seeder.app, account.hcp);
        companyId = created.companyId;
        webhookKeys.push(created.webhookKey);
      } else {
        companyId = await createCompanyWithCredential(seeder.app, account.st);
        webhookKeys.push(null);
      }
      const adminId = await createAccountAdmin(seeder.app, companyId);
      const first = await seeder.app.services.boards.first(companyId);
      const ids = [first.id];
      const views: ('businessUnit' | 'jobType')[] = [first.viewType];
      for (let b = 1; b < BOARDS; b++) {
        const viewType = b % 2 === 1 ? 'jobType' : 'businessUnit';
        const board = await seeder.app.services.boards.create({
          companyId,
          name: `Board ${b + 1}`,
          viewType,
          itemIds: null,
          userId: adminId,
        });
        ids.push(board!.id);
        views.push(viewType);
      }
      companyIds.push(companyId);
      adminIds.push(adminId);
      boardIds.push(ids);
      boardViews.push(views);
    }
    // The streaming screens are paired TVs (their device credential) on one board each; the
    // polling boards are people signed in.
    progress(`${COMPANIES} companies × ${BOARDS} boards seeded; pairing ${SCREENS} screens`);
    const seeded: (Client & { boardId: number })[] = [];
    let seededCount = 0;
    await inBatches(
      Array.from({ length: SCREENS + POLLERS }, (_, i) => i),
      20,
      async (i) => {
        const c = i % COMPANIES;
        const b = Math.floor(i / COMPANIES) % BOARDS;
        const viewType = boardViews[c]![b]!;
        seeded[i] = {
          companyIndex: c,
          boardId: boardIds[c]![b]!,
          cookie:
            i < SCREENS
              ? await createPairedScreen(seeder.app, companyIds[c]!, viewType, {
                  boardId: boardIds[c]![b]!,
                  adminId: adminIds[c]!,
                })
              : await createSignedInUser(seeder.app, companyIds[c]!),
          address: randomClientAddress(),
          viewType,
        };
        if (++seededCount % 1000 === 0) progress(`${seededCount} screens and pollers seeded`);
      },
    );
    await seeder.close();
    await seedDatabase.close();
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    for (const client of seeded.slice(0, SCREENS)) {
      screens.push({ ...client, instance: Math.floor(Math.random() * INSTANCE_COUNT) });
    }
    const pollers = seeded.slice(SCREENS);

    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: fresh.url,
      DATA_DIR: dataDir,
      BENCH_PROBE_DIR: dataDir,
      ENCRYPTION_KEY: encryptionKey,
      SEED_DEMO_DATA: 'false',
      SERVICETITAN_SIMULATOR: 'false',
      STRIPE_STANDIN: 'false',
      SERVICETITAN_AUTH_URL: simulator.url,
      SERVICETITAN_API_URL: simulator.url,
      HOUSECALLPRO_API_URL: housecallPro.url,
      // The instances run the product alone: no Jobber stand-in of their own.
      JOBBER_STANDIN: 'false',
      CAPACITY_REFRESH_SECONDS: String(REFRESH_SECONDS),
      // Every client is on 127.0.0.1: each sends its own X-Forwarded-For address, and the limit
      // is raised so the rate limiter is not what gets measured.
      TRUST_PROXY: 'true',
      API_RATE_LIMIT_PER_MINUTE: '1000000',
    };
    for (let i = 0; i < INSTANCE_COUNT; i++) instances.push(await startInstance(env, i));
    const pids = instances.map((i) => i.child.pid!);
    const pick = () => instances[Math.floor(Math.random() * instances.length)]!;
    // Housecall Pro companies' webhooks, as each admin pasted the address into Housecall Pro
    // (their instance alternating, as behind a load balancer).
    accounts.forEach((account, c) => {
      if (!account.hcp) return;
      housecallPro.setWebhook(account.hcp.apiKey, {
        url: `${instances[c % instances.length]!.baseUrl}${HOUSECALLPRO_WEBHOOK_PATH}${webhookKeys[c]!}`,
        secret: account.hcp.webhookSecret,
      });
    });

    progress(`${INSTANCE_COUNT} instance(s) up; warming every company's board on each`);
    // Warm every instance (migrations done, caches and snapshots primed), then the baseline:
    // a few companies at a time (one after another, 200 companies' first reads took minutes).
    for (const instance of instances) {
      await inBatches(
        Array.from({ length: COMPANIES }, (_, c) => c),
        10,
        (c) => postCapacity(instance, pollers[c] ?? screens[c]!),
      );
    }
    progress('warm; waiting for every company history backfill');
    const backfill = await waitForBackfills(fresh.url, COMPANIES);
    progress(`backfill: ${backfill.done} of ${COMPANIES} done in ${backfill.seconds.toFixed(0)} s`);
    await sleep(2_000);
    const before = await probe(pids, dataDir);
    const rssBefore = before.map((p) => p.rss);

    // The board's window as the instances ask each platform for it: bookings go mid-way into its
    // first day (the board shows the next working days, not today). The latest start asked:
    // history's backfill (issue 27) reads past days too, and Housecall Pro's item scan weeks back.
    const latestStart = (values: (string | undefined)[]) =>
      values
        .filter((value) => value !== undefined)
        .sort((a, b) => Date.parse(a) - Date.parse(b))
        .at(-1);
    const windowStart = latestStart(
      simulator.calls.list().map((call) => call.query.startsOnOrAfter),
    );
    if (stCount > 0 && !windowStart) {
      throw new Error('the instances never read appointments from the simulator');
    }
    const hcpWindowStart = latestStart(
      housecallPro.calls.list({ path: '/jobs' }).map((call) => call.query.scheduled_end_min),
    );
    if (hcpCount > 0 && !hcpWindowStart) {
      throw new Error('the instances never read jobs from the Housecall Pro stand-in');
    }
    const bookingStart = new Date(Date.parse(windowStart ?? '') + 14 * 60 * 60 * 1000);
    const hcpBookingStart = new Date(Date.parse(hcpWindowStart ?? '') + 14 * 60 * 60 * 1000);
    /** A Housecall Pro call that is a company's board read (its first page), not history's or the item scan's. */
    const isHcpBoardRead = (call: { path: string; query: Record<string, string> }) =>
      call.path === '/jobs' &&
      (call.query.page ?? '1') === '1' &&
      call.query.scheduled_end_min !== undefined &&
      Date.parse(call.query.scheduled_end_min) >= Date.parse(hcpWindowStart ?? '');

    /**
     * Company refreshes since `from`: the simulator's appointment reads and the Housecall Pro
     * stand-in's board reads of jobs (first pages: one per company refresh).
     */
    const refreshesSince = (from: number, to: number) =>
      simulator.calls
        .list()
        .filter(
          (call) =>
            /^\/jpm\/v2\/tenant\/\d+\/appointments$/.test(call.path) &&
            (call.query.page ?? '1') === '1' &&
            call.receivedAtMs >= from &&
            call.receivedAtMs < to,
        ).length +
      housecallPro.calls
        .list({ path: '/jobs' })
        .filter(
          (call) => isHcpBoardRead(call) && call.receivedAtMs >= from && call.receivedAtMs < to,
        ).length;
    const clientTotals = async () => {
      await collectReports(processes);
      const sum = (f: (r: ScreenReport) => number) =>
        screens.reduce((n, screen) => n + (screen.report ? f(screen.report) : 0), 0);
      return {
        small: sum((r) => r.fetched + r.heartbeats),
        answers: sum((r) => r.answered),
      };
    };
    /** One cost phase: `during` runs alongside; `answers` counts what it made the instances prepare. */
    const phase = async (
      name: string,
      during?: (ms: number) => Promise<number>,
    ): Promise<PhaseResult> => {
      const ms = PHASE_SECONDS * 1000;
      const clientsBefore = processes.length ? await clientTotals() : { small: 0, answers: 0 };
      const cpuBefore = pids.map(cpuSecondsOf);
      const from = Date.now();
      const [answers] = await Promise.all([during ? during(ms) : Promise.resolve(0), sleep(ms)]);
      const to = Date.now();
      const cpu = pids.reduce((n, pid, i) => n + cpuSecondsOf(pid) - cpuBefore[i]!, 0);
      const clientsAfter = processes.length ? await clientTotals() : { small: 0, answers: 0 };
      return {
        name,
        seconds: (to - from) / 1000,
        cpu,
        refreshes: refreshesSince(from, to),
        smallMessages: clientsAfter.small - clientsBefore.small,
        answerMessages: clientsAfter.answers - clientsBefore.answers,
        answers,
        loadAverage: os.loadavg(),
      };
    };
    /** Announces `event(companyId)` for every company, PHASE_EVENTS_PER_COMPANY times, spread. */
    const spread = (event: (companyId: number) => unknown) => async (ms: number) => {
      const total = companyIds.length * PHASE_EVENTS_PER_COMPANY;
      const started = Date.now();
      for (let n = 0; n < total; n++) {
        await sleep(started + (n * ms * 0.9) / total - Date.now());
        await announce(fresh.url!, [event(companyIds[n % companyIds.length]!)]);
      }
      return total;
    };
    progress(`cost phase: refreshes alone (${PHASE_SECONDS} s, no screens)`);
    const refreshPhase = await phase('refreshes alone');

    progress(`connecting ${SCREENS} screens`);
    // Connect every screen from the load-generator processes: a board read, then the stream
    // (each on any instance, as through a load balancer without stickiness).
    const connectStarted = Date.now();
    const streamsOn = instances.map(() => 0);
    for (const screen of screens) streamsOn[screen.instance]!++;
    for (let from = 0; from < screens.length; from += SCREENS_PER_PROCESS) {
      processes.push(startClientProcess(screens.slice(from, from + SCREENS_PER_PROCESS)));
    }
    await Promise.all(
      processes.map((p) =>
        p.ask(
          {
            type: 'connect',
            screens: p.screens.map((s): ClientScreen => ({
              baseUrl: instances[s.instance]!.baseUrl,
              cookie: s.cookie,
              address: s.address,
              viewType: s.viewType,
              boardId: s.boardId,
            })),
          },
          'connected',
        ),
      ),
    );
    const connectSeconds = (Date.now() - connectStarted) / 1000;
    await sleep(3_000);
    const after = await probe(pids, dataDir);
    const rssAfter = after.map((p) => p.rss);
    await collectReports(processes);
    const connectedCount = screens.filter((s) => s.report?.connected).length;

    // Screens per company, board and instance: each instance prepares one answer per board of
    // the company that has screens on it when the company's numbers change (board-streams.ts).
    const boardsWithScreens = new Map<number, number>();
    {
      const seen = new Set<string>();
      for (const screen of screens) {
        if (!screen.report?.connected) continue;
        const key = `${screen.companyIndex}:${screen.boardId}:${screen.instance}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const companyId = companyIds[screen.companyIndex]!;
        boardsWithScreens.set(companyId, (boardsWithScreens.get(companyId) ?? 0) + 1);
      }
    }
    progress(`cost phase: screens connected, nothing announced (${PHASE_SECONDS} s)`);
    const quietPhase = await phase('screens connected, quiet (the baseline of the next two)');
    progress(`cost phase: every screen told of unchanged reads (${PHASE_SECONDS} s)`);
    const notifyPhase = await phase('screens told (fetched)', async (ms) => {
      await spread((companyId) => ({
        type: 'capacity.fetched',
        companyId,
        // Long past: the instances pass it to their screens but keep their own snapshots'
        // times (a present one would tell them a read happened, and put off the real ones).
        fetchedAt: new Date(0).toISOString(),
      }))(ms);
      return 0;
    });
    progress(
      `cost phase: new numbers announced, answers prepared for screens (${PHASE_SECONDS} s)`,
    );
    const updatePhase = await phase('answers prepared (capacity.updated)', async (ms) => {
      const announced = await spread((companyId) => ({ type: 'capacity.updated', companyId }))(ms);
      return (
        (announced / companyIds.length) * [...boardsWithScreens.values()].reduce((a, b) => a + b, 0)
      );
    });

    progress(`${SCREENS} screens connected; the measured run (${INTERVALS} intervals)`);
    // The measured run: pollers poll, bookings land at known moments.
    simulator.calls.reset();
    housecallPro.calls.reset();
    const tenantIds = accounts.map((a) => a.tenantId);
    const fetchTimes: number[][] = tenantIds.map(() => []);
    const listCalls = { appointments: 0, jobs: 0, other: 0 };
    let backfillReads = 0;
    let seenCalls = 0;
    // The bench's own process is the platforms': it reads each new call once (the stand-ins' whole
    // logs copied every 50 ms, backfills' calls included, held up their answers and so the very
    // arrival times it measures).
    const watchCalls = () => {
      const calls = simulator.calls.since(seenCalls);
      seenCalls += calls.length;
      for (const call of calls) {
        const match = /^\/jpm\/v2\/tenant\/(\d+)\/(appointments|jobs)$/.exec(call.path);
        if (!match) {
          listCalls.other++;
          continue;
        }
        listCalls[match[2] as 'appointments' | 'jobs']++;
        // A fetch is one read of the snapshot: its appointments list's first page, timed when
        // it reached the simulator (not when this 50 ms poll saw it).
        // History's backfill (issue 27) reads past days: counted apart, it is no board refresh.
        if (match[2] === 'appointments' && (call.query.page ?? '1') === '1') {
          const from = call.query.startsOnOrAfter;
          if (from !== undefined && Date.parse(from) < Date.parse(windowStart ?? '')) {
            backfillReads++;
          } else fetchTimes[tenantIds.indexOf(match[1]!)]?.push(call.receivedAtMs);
        }
      }
      watchHousecallPro();
    };
    // Housecall Pro: a company's read is its board read's first page of jobs (further pages,
    // history's past days and the item scan counted apart), timed when it reached the stand-in;
    // every request of its key is counted too (what Housecall Pro sees of the company).
    const companyOfKey = new Map(
      accounts.flatMap((a, c) => (a.hcp ? [[a.hcp.apiKey, c] as const] : [])),
    );
    /** Per company: the stand-in's requests in the measured window [started, deadline). */
    const hcpRequests = accounts.map(() => 0);
    const hcpCalls = { boardReads: 0, morePages: 0, other: 0, refused: 0 };
    let seenHcpCalls = 0;
    const watchHousecallPro = () => {
      const calls = housecallPro.calls.since(seenHcpCalls);
      seenHcpCalls += calls.length;
      for (const call of calls) {
        const c = call.account === undefined ? undefined : companyOfKey.get(call.account);
        if (c === undefined) {
          hcpCalls.refused++;
          continue;
        }
        if (call.receivedAtMs >= started && call.receivedAtMs < deadline) hcpRequests[c]!++;
        if (isHcpBoardRead(call)) {
          hcpCalls.boardReads++;
          fetchTimes[c]!.push(call.receivedAtMs);
        } else if (call.path === '/jobs' && (call.query.page ?? '1') !== '1') hcpCalls.morePages++;
        else hcpCalls.other++;
      }
    };
    const callWatcher = setInterval(watchCalls, 250);

    // The stand-ins answer in this process: its event loop's delay delays their arrival times.
    const harnessDelay = monitorEventLoopDelay({ resolution: 10 });
    harnessDelay.enable();
    const started = Date.now();
    const runMs = INTERVALS * REFRESH_MS;
    const deadline = started + runMs;
    const cpuRunBefore = pids.map(cpuSecondsOf);
    const loadCpuBefore = process.cpuUsage();
    const loadAverageBefore = os.loadavg();
    // The instances' resident memory while updates flow, every second (no forced collection:
    // what the machine sees).
    const rssSamples: { at: number; rss: number[] }[] = [];
    const rssSampler = setInterval(
      () => rssSamples.push({ at: Date.now(), rss: pids.map(rssOf) }),
      1_000,
    );

    const pollLoop = async (client: Client) => {
      await sleep(Math.random() * POLL_MS);
      while (Date.now() < deadline) {
        await postCapacity(pick(), client);
        await sleep(Math.max(0, Math.min(POLL_MS, deadline - Date.now())));
      }
    };

    // Bookings: every company gets one every 1.5 intervals (so one booking's notification is
    // in before the next booking), at a random phase, until the last interval.
    // On Housecall Pro the job is booked in the company's account as its sample account books
    // one (the stand-in's clock frozen), and the stand-in sends its signed job.created webhook.
    const bookings: { companyIndex: number; at: number }[] = [];
    /** Each Housecall Pro booking's webhook: the instance's answer (null: none came). */
    const webhookAnswers: (number | null)[] = [];
    const bookingSpacing = 1.5 * REFRESH_MS;
    const bookLoop = async (companyIndex: number) => {
      let at = started + Math.random() * REFRESH_MS;
      const account = accounts[companyIndex]!;
      while (at < started + (INTERVALS - 1) * REFRESH_MS) {
        await sleep(at - Date.now());
        if (account.hcp) {
          const apiKey = account.hcp.apiKey;
          // The job exists from this moment; the webhook follows.
          const booked = housecallPro.book({ apiKey, start: hcpBookingStart });
          bookings.push({ companyIndex, at: Date.now() });
          const { jobId } = await booked;
          webhookAnswers.push(
            housecallPro.deliveries(apiKey).find((d) => d.jobId === jobId)?.status ?? null,
          );
        } else {
          simulator.book({
            tenantId: account.tenantId,
            start: bookingStart,
          });
          bookings.push({ companyIndex, at: Date.now() });
        }
        at += bookingSpacing;
      }
    };
    // The run lasts its intervals whatever the answers' speed: pollers stop asking at the
    // deadline, and one still waiting then does not extend it.
    void Promise.all(pollers.map(pollLoop));
    await Promise.all(Array.from({ length: COMPANIES }, (_, c) => bookLoop(c)));
    await sleep(Math.max(0, deadline - Date.now()));
    // Let the last bookings reach every screen (or miss their target) before counting.
    const lastBooking = Math.max(started, ...bookings.map((b) => b.at));
    await sleep(Math.max(0, lastBooking + LATENCY_TARGET_MS + 1_000 - Date.now()));
    clearInterval(rssSampler);
    harnessDelay.disable();
    const runEnded = Date.now();
    const duringRun = await probe(pids, dataDir);
    const loadAverageAfter = os.loadavg();
    const cpuRun = pids.map((pid, i) => cpuSecondsOf(pid) - cpuRunBefore[i]!);
    const loadCpu = process.cpuUsage(loadCpuBefore);
    watchCalls();

    // Quiet period: no bookings, no polls; streams idle (heartbeats), the schedule refreshing.
    await collectReports(processes);
    const sum = (f: (r: ScreenReport) => number) =>
      screens.reduce((n, s) => n + (s.report ? f(s.report) : 0), 0);
    const eventsBeforeQuiet = sum((r) => r.capacityEvents.length);
    const heartbeatsBeforeQuiet = sum((r) => r.heartbeats);
    const cpuQuietBefore = pids.map(cpuSecondsOf);
    const quietStarted = Date.now();
    await sleep(QUIET_SECONDS * 1000);
    const quietSeconds = (Date.now() - quietStarted) / 1000;
    const cpuQuiet = pids.map((pid, i) => cpuSecondsOf(pid) - cpuQuietBefore[i]!);
    const clientFigures = await collectReports(processes);
    const eventsInQuiet = sum((r) => r.capacityEvents.length) - eventsBeforeQuiet;
    const heartbeatsInQuiet = sum((r) => r.heartbeats) - heartbeatsBeforeQuiet;
    const end = await probe(pids, dataDir);
    const rssEnd = end.map((p) => p.rss);
    clearInterval(callWatcher);
    watchCalls();

    // ---- Figures
    // Fetches per company within the measured run: its rate (fetches per interval between its
    // first and last fetch of the run), and the gaps between its fetches. Counting fetches per
    // fixed 5 s window says 2 for a company whose fetches came at 0.1 s and 4.98 s into one
    // window: the phase and 100 ms of jitter, not a second read. Two reads of one interval (two
    // instances both refreshing) show as a gap far under the interval.
    // Each platform's companies apart (ServiceTitan is polled only; Housecall Pro also reads
    // early after a webhook), then every company together.
    const companiesOn = (platform: Platform | 'all') =>
      platforms.flatMap((p, c) => (platform === 'all' || p === platform ? [c] : []));
    const readFigures = (companyIndexes: number[]) => {
      const gaps: number[] = [];
      const rates: number[] = [];
      let inWindow = 0;
      for (const c of companyIndexes) {
        const times = fetchTimes[c]!;
        const within = times.filter((t) => t <= runEnded);
        for (let i = 1; i < within.length; i++) gaps.push(within[i]! - within[i - 1]!);
        const run = times.filter((t) => t >= started && t < deadline);
        inWindow += run.length;
        if (run.length >= 2) {
          rates.push(((run.length - 1) * REFRESH_MS) / (run[run.length - 1]! - run[0]!));
        }
      }
      gaps.sort((a, b) => a - b);
      return {
        gaps,
        perInterval: rates.length > 0 ? rates.reduce((a, b) => a + b, 0) / rates.length : 0,
        inWindow: companyIndexes.length > 0 ? inWindow / companyIndexes.length / INTERVALS : 0,
      };
    };
    const stReads = readFigures(companiesOn('servicetitan'));
    const hcpReads = readFigures(companiesOn('housecallpro'));
    const allReads = readFigures(companiesOn('all'));
    const gaps = stReads.gaps;
    const fetchesPerCompanyPerInterval = stReads.perInterval;
    const fetchesInWindow = stReads.inWindow;
    /** The schedule looks for due snapshots every 250 ms: a fetch may come that much early. */
    const closestAllowed = REFRESH_MS - 250;
    const closestGap = gaps[0] ?? 0;
    // Housecall Pro: each read after a company's first is on the schedule (an interval after the
    // one before, less the tick) or early, after one of its bookings' webhooks (decision 041: at
    // least EARLY_READ_AFTER_MS after the read before); a booking explains one early read. A read
    // that is neither is a second read of an interval nobody asked for.
    let earlyReads = 0;
    let unexplainedReads = 0;
    const earlyAllowed = EARLY_READ_AFTER_MS - 250;
    for (const c of companiesOn('housecallpro')) {
      const within = fetchTimes[c]!.filter((t) => t <= runEnded);
      const unused = bookings.filter((b) => b.companyIndex === c).map((b) => b.at);
      for (let i = 1; i < within.length; i++) {
        const gap = within[i]! - within[i - 1]!;
        if (gap >= closestAllowed) continue;
        // The webhook may come while a read is in flight: the early read follows that one.
        const by = unused.findIndex((at) => at > within[i - 1]! - 2_000 && at <= within[i]!);
        if (by >= 0 && gap >= earlyAllowed) {
          unused.splice(by, 1);
          earlyReads++;
        } else unexplainedReads++;
      }
    }
    const hcpRequestsPerCompanyPerInterval =
      hcpCount > 0 ? hcpRequests.reduce((a, b) => a + b, 0) / hcpCount / INTERVALS : 0;

    // Booking → every screen of the company notified, in total and per platform.
    const byPlatform = {
      servicetitan: { latencies: [] as number[], missed: 0, bookings: 0 },
      housecallpro: { latencies: [] as number[], missed: 0, bookings: 0 },
    };
    const latencies: number[] = [];
    let missed = 0;
    const perBookingWorst: number[] = [];
    for (const booking of bookings) {
      const mine = byPlatform[platforms[booking.companyIndex]!];
      mine.bookings++;
      let worst = 0;
      for (const screen of screens) {
        if (screen.companyIndex !== booking.companyIndex || !screen.report?.connected) continue;
        const at = screen.report.capacityEvents.find((t) => t >= booking.at);
        if (at === undefined) {
          missed++;
          mine.missed++;
          worst = Number.POSITIVE_INFINITY;
          continue;
        }
        latencies.push(at - booking.at);
        mine.latencies.push(at - booking.at);
        worst = Math.max(worst, at - booking.at);
      }
      perBookingWorst.push(worst);
    }
    latencies.sort((a, b) => a - b);
    for (const figures of Object.values(byPlatform)) figures.latencies.sort((a, b) => a - b);
    perBookingWorst.sort((a, b) => a - b);
    const webhooksAccepted = webhookAnswers.filter((status) => status === 200).length;
    const capacityEvents = sum((r) => r.capacityEvents.length);
    const answeredEvents = sum((r) => r.answered);
    const plainEvents = sum((r) => r.plain);

    const failedStreams = screens.filter((s) => !s.report?.connected || s.report.failed).length;
    const droppedStreams = screens.filter((s) => s.report?.dropped).length;
    const non200 = [...clientFigures.non200.values(), ...answers.non200.values()].reduce(
      (a, b) => a + b,
      0,
    );
    const requestErrors = [...clientFigures.errors.values(), ...answers.errors.values()].reduce(
      (a, b) => a + b,
      0,
    );
    const otherEvents = new Map<string, number>();
    for (const s of screens)
      for (const [event, n] of Object.entries(s.report?.otherEvents ?? {}))
        if (event !== 'message') otherEvents.set(event, (otherEvents.get(event) ?? 0) + n);
    const refetchMs = clientFigures.refetchMs.sort((a, b) => a - b);

    const total = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const per1000 = (bytes: number) => (connectedCount > 0 ? (bytes / connectedCount) * 1000 : 0);
    const rssPer1000 = per1000(total(rssAfter) - total(rssBefore));
    const heapPer1000 = per1000(
      total(after.map((p) => p.heapAndExternal)) - total(before.map((p) => p.heapAndExternal)),
    );
    // While updates flow: the highest of the instances' RSS (summed) over the run, and whether
    // it climbs: the highest in the run's first and last third.
    const sampled = rssSamples.map((sample) => total(sample.rss));
    const peakRss = Math.max(total(rssAfter), ...sampled);
    const rssPer1000Updating = per1000(peakRss - total(rssBefore));
    const third = Math.max(1, Math.floor(sampled.length / 3));
    const firstThird = Math.max(0, ...sampled.slice(0, third));
    const lastThird = Math.max(0, ...sampled.slice(-third));
    const perInstancePeak = pids.map((_, i) =>
      Math.max(rssAfter[i]!, ...rssSamples.map((sample) => sample.rss[i]!)),
    );
    const delays = (probes: Probe[]) =>
      probes.map((p) => `p99 ${p.loopDelayMs.p99} ms, max ${p.loopDelayMs.max} ms`).join(' / ');
    const runSeconds = (runEnded - started) / 1000;
    const quietPercent = cpuQuiet.map((s) => (s / quietSeconds) * 100);
    const runPercent = cpuRun.map((s) => (s / runSeconds) * 100);
    const loadPercent = ((loadCpu.user + loadCpu.system) / 1e6 / runSeconds) * 100;

    const fetchesOk =
      stCount === 0 ||
      ((gaps.length === 0 || closestGap >= closestAllowed) &&
        (gaps.length === 0 || gaps[gaps.length - 1]! <= LATENCY_TARGET_MS) &&
        fetchesPerCompanyPerInterval <= 1.01 &&
        fetchesPerCompanyPerInterval > 0);
    const hcpGaps = hcpReads.gaps;
    const hcpReadsOk =
      hcpCount === 0 ||
      (unexplainedReads === 0 &&
        (hcpGaps.length === 0 || hcpGaps[0]! >= earlyAllowed) &&
        (hcpGaps.length === 0 || hcpGaps[hcpGaps.length - 1]! <= LATENCY_TARGET_MS) &&
        hcpReads.perInterval > 0);
    const webhooksOk = webhooksAccepted === webhookAnswers.length;
    const p99 = percentile(latencies, 99);
    const latencyOk = missed === 0 && latencies.length > 0 && p99 <= LATENCY_TARGET_MS;
    const memoryOk = rssPer1000Updating <= MEMORY_TARGET_PER_1000;
    const errorsOk =
      non200 === 0 && requestErrors === 0 && failedStreams === 0 && droppedStreams === 0;
    failedTarget = !(fetchesOk && hcpReadsOk && webhooksOk && latencyOk && memoryOk && errorsOk);

    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const loads = (l: number[]) => l.map((v) => v.toFixed(1)).join(' / ');
    console.log(
      `\n== ${SCREENS} stream screens + ${POLLERS} polling boards (every ${POLL_MS / 1000} s), ` +
        `${COMPANIES} companies × ${BOARDS} boards (${stCount} on ServiceTitan, a simulator tenant each; ` +
        `${hcpCount} on Housecall Pro, a stand-in account each with its webhooks on: BENCH_HCP_SHARE ${HCP_SHARE.toFixed(3)}), ` +
        `${INSTANCE_COUNT} app instance(s) (child processes) on one fresh PostgreSQL database, ` +
        `${processes.length} load-generator process(es), CAPACITY_REFRESH_SECONDS=${REFRESH_SECONDS}, ` +
        `${INTERVALS} intervals measured (${runSeconds.toFixed(1)} s incl. the last bookings' delivery); ` +
        `set-up ${seedSeconds.toFixed(0)} s; every company's history backfill (13 weeks) done before the run: ` +
        `${backfill.done} of ${COMPANIES} in ${backfill.seconds.toFixed(0)} s`,
    );
    console.log(
      `streams: ${connectedCount} connected in ${connectSeconds.toFixed(1)} s ` +
        `(${streamsOn.join(' + ')} on the instances); bookings: ${bookings.length}; ` +
        `capacity messages received: ${capacityEvents} (${answeredEvents} carrying the screen's board answer, ` +
        `${plainEvents} without: re-read); other events: ${JSON.stringify(Object.fromEntries(otherEvents))}`,
    );
    console.log(
      `ServiceTitan list calls in the run: appointments ${listCalls.appointments}, jobs ${listCalls.jobs}, other ${listCalls.other} ` +
        `(of which history backfill reads of past days: ${backfillReads}); ` +
        `gap between a company's fetches: min ${s(gaps[0] ?? 0)}, median ${s(percentile(gaps, 50))}, max ${s(gaps[gaps.length - 1] ?? 0)}`,
    );
    if (hcpCount > 0) {
      console.log(
        `Housecall Pro stand-in calls in the run: board reads (first pages of jobs) ${hcpCalls.boardReads}, further pages ${hcpCalls.morePages}, ` +
          `other ${hcpCalls.other} (history's past days, the item scan, the company), refused ${hcpCalls.refused}; ` +
          `${earlyReads} early reads after webhooks, ${unexplainedReads} reads neither on the schedule nor after a booking; ` +
          `gap between a company's reads: min ${s(hcpGaps[0] ?? 0)}, median ${s(percentile(hcpGaps, 50))}, max ${s(hcpGaps[hcpGaps.length - 1] ?? 0)}; ` +
          `webhooks: ${webhooksAccepted} of ${webhookAnswers.length} bookings' job.created answered 200`,
      );
      console.log(
        `reads per company per interval, every company: ${allReads.perInterval.toFixed(3)} (${allReads.inWindow.toFixed(2)} counted in the run's window); ` +
          `ServiceTitan ${stReads.perInterval.toFixed(3)}, Housecall Pro ${hcpReads.perInterval.toFixed(3)} (the stand-in's requests: ${hcpRequestsPerCompanyPerInterval.toFixed(2)} per company per interval)`,
      );
    }
    console.log(
      `board reads (POST /api/capacity): ${answers.total + clientFigures.answersTotal}; re-read after a capacity message: ` +
        `p50 ${percentile(refetchMs, 50).toFixed(1)} ms, p99 ${percentile(refetchMs, 99).toFixed(1)} ms (${refetchMs.length})`,
    );
    console.log(
      `instances' RSS: before screens ${rssBefore.map(mb).join(' + ')}, with screens ${rssAfter.map(mb).join(' + ')}, ` +
        `highest while updates flow ${perInstancePeak.map(mb).join(' + ')} (highest in the run's first third ${mb(firstThird)}, last third ${mb(lastThird)}, summed), ` +
        `at the end ${rssEnd.map(mb).join(' + ')}; CPU during the run ${runPercent.map((p) => p.toFixed(1) + '%').join(' + ')} of one core; ` +
        `pollers and simulator (this process) ${loadPercent.toFixed(1)}% of one core, its event loop delay ` +
        `p99 ${(harnessDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(harnessDelay.max / 1e6).toFixed(1)} ms`,
    );
    console.log(
      `instances' event loop delay during the run: ${delays(duringRun)}; in the quiet period: ${delays(end)}`,
    );
    console.log(
      `quiet period: ${quietSeconds.toFixed(1)} s, ${heartbeatsInQuiet} heartbeats and ${eventsInQuiet} capacity messages received`,
    );
    console.log(
      `machine: ${os.cpus().length} cores, load average (1/5/15 min) ${loads(loadAverageBefore)} at the start of the run, ` +
        `${loads(loadAverageAfter)} at its end (other work on the machine slows every timing here)`,
    );
    // What the product spends per operation (CPU of the instances over the cost phases).
    const msPer = (cpu: number, count: number) => (count > 0 ? (cpu * 1000) / count : 0);
    // The last two against the quiet phase beside them (the same refreshes, heartbeats and
    // timers): what the announcements added, over what they asked for.
    const refreshMs = msPer(refreshPhase.cpu, refreshPhase.refreshes);
    const messagesOf = (p: PhaseResult) => p.smallMessages + p.answerMessages;
    const beyondQuiet = (p: PhaseResult) =>
      p.cpu - quietPhase.cpu - ((p.refreshes - quietPhase.refreshes) * refreshMs) / 1000;
    const notifyMs = msPer(
      beyondQuiet(notifyPhase),
      messagesOf(notifyPhase) - messagesOf(quietPhase),
    );
    const answerMs = msPer(
      beyondQuiet(updatePhase) -
        ((messagesOf(updatePhase) - messagesOf(quietPhase)) * notifyMs) / 1000,
      updatePhase.answers,
    );
    console.log(
      `-- what the product spends: CPU of the instances per operation (from /proc: compares across machines, unlike the times above)`,
    );
    for (const p of [refreshPhase, quietPhase, notifyPhase, updatePhase]) {
      console.log(
        `phase "${p.name}": ${p.seconds.toFixed(1)} s, instances' CPU ${p.cpu.toFixed(2)} s, ` +
          `${p.refreshes} company refreshes, ${p.smallMessages} small messages and ${p.answerMessages} answers received by screens, ` +
          `${p.answers} board answers prepared; load average ${loads(p.loadAverage)}`,
      );
    }
    console.log(
      `CPU per company refresh (its platform read unchanged, stored, announced; no screens; the instances' idle work counted in): ${refreshMs.toFixed(2)} ms`,
    );
    console.log(
      `CPU per screen notified (one message written; the fetched phase beyond the quiet one): ${notifyMs.toFixed(3)} ms`,
    );
    console.log(
      `CPU per board answer prepared for screens (capacity.updated: snapshot read again, answer made and framed; beyond the quiet phase, its messages taken out): ${answerMs.toFixed(2)} ms`,
    );
    console.log(
      `RSS per 1,000 screens: ${mb(rssPer1000Updating)} at its peak while updates flow (what the machine sees, no collection forced); ` +
        `after a full GC ${mb(rssPer1000)} when connected, ${mb(per1000(total(rssEnd) - total(rssBefore)))} after the run`,
    );
    console.log('-- figures (target)');
    console.log(
      `ServiceTitan fetches per company per interval (${stCount} companies): ${fetchesPerCompanyPerInterval.toFixed(3)} ` +
        `(each company's fetches over the time between its first and last in the run; ${fetchesInWindow.toFixed(2)} counted in the run's window) ` +
        `(target 1.00: one per interval) ${fetchesOk ? 'OK' : 'MISSED'}`,
    );
    console.log(
      `closest two fetches of one company: ${s(closestGap)} (target >= interval - the schedule's 250 ms tick = ${s(closestAllowed)}: never two in one interval) ` +
        `${gaps.length === 0 || closestGap >= closestAllowed ? 'OK' : 'MISSED'}`,
    );
    if (hcpCount > 0) {
      console.log(
        `Housecall Pro reads per company per interval (${hcpCount} companies): ${hcpReads.perInterval.toFixed(3)} ` +
          `(${hcpReads.inWindow.toFixed(2)} counted in the run's window; ${earlyReads} of them early after ${byPlatform.housecallpro.bookings} bookings' webhooks), ` +
          `the stand-in's requests per company per interval: ${hcpRequestsPerCompanyPerInterval.toFixed(2)} ` +
          `(target: every read on the schedule or one early read per booking, ${unexplainedReads} not; none closer than ${s(earlyAllowed)}; none further apart than ${s(LATENCY_TARGET_MS)}) ` +
          `${hcpReadsOk ? 'OK' : 'MISSED'}`,
      );
      console.log(
        `Housecall Pro webhooks accepted: ${webhooksAccepted} of ${webhookAnswers.length} bookings (target all) ${webhooksOk ? 'OK' : 'MISSED'}`,
      );
    }
    console.log(
      `booking to every screen notified: p50 ${s(percentile(latencies, 50))}, p99 ${s(p99)}, max ${s(latencies[latencies.length - 1] ?? 0)} ` +
        `over ${latencies.length} screen notifications of ${bookings.length} bookings, ${missed} missed ` +
        `(target p99 <= interval + 2 s = ${s(LATENCY_TARGET_MS)}, none missed) ${latencyOk ? 'OK' : 'MISSED'}`,
    );
    for (const [platform, name] of [
      ['servicetitan', 'ServiceTitan'],
      ['housecallpro', 'Housecall Pro'],
    ] as const) {
      if (hcpCount === 0) break;
      const figures = byPlatform[platform];
      console.log(
        `  on ${name}: p50 ${s(percentile(figures.latencies, 50))}, p99 ${s(percentile(figures.latencies, 99))}, ` +
          `max ${s(figures.latencies[figures.latencies.length - 1] ?? 0)} over ${figures.latencies.length} screen notifications of ${figures.bookings} bookings, ${figures.missed} missed`,
      );
    }
    console.log(
      `booking to the LAST screen of its company notified: p50 ${s(percentile(perBookingWorst, 50))}, max ${s(perBookingWorst[perBookingWorst.length - 1] ?? 0)}`,
    );
    console.log(
      `server RSS per 1,000 screens while updates flow: ${mb(rssPer1000Updating)} (the instances' highest RSS in the run, summed, minus before the screens; ` +
        `after connecting and a full GC: ${mb(rssPer1000)}, V8 heap + external ${mb(heapPer1000)}) ` +
        `(target <= ${mb(MEMORY_TARGET_PER_1000)}) ${memoryOk ? 'OK' : 'MISSED'}`,
    );
    console.log(
      `RSS under updates: highest in the run's first third ${mb(firstThird)}, in its last third ${mb(lastThird)} ` +
        (lastThird <= firstThird * 1.02
          ? '(flat: no climb with the updates)'
          : `(climbed ${mb(lastThird - firstThird)}, ${(((lastThird - firstThird) / firstThird) * 100).toFixed(1)} %, over the run)`),
    );
    console.log(
      `CPU between updates: ${quietPercent.reduce((a, b) => a + b, 0).toFixed(1)}% of one core for the instances ` +
        `(${quietPercent.map((p) => p.toFixed(1) + '%').join(' + ')}; ${QUIET_SECONDS} s quiet, streams idle with heartbeats; no target, reported)`,
    );
    console.log(
      `non-200 answers: ${non200}, request errors: ${requestErrors}${requestErrors ? ' ' + JSON.stringify(Object.fromEntries([...clientFigures.errors, ...answers.errors])) : ''} (target 0) ${non200 + requestErrors === 0 ? 'OK' : 'MISSED'}`,
    );
    console.log(
      `streams failed to connect: ${failedStreams}, dropped: ${droppedStreams} (target 0) ${failedStreams + droppedStreams === 0 ? 'OK' : 'MISSED'}`,
    );
  } finally {
    closing = true;
    for (const p of processes) {
      if (p.child.connected) p.child.send({ type: 'close' } satisfies ToClient);
    }
    await Promise.all(
      processes.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.child.exitCode !== null) return resolve();
            const timer = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
            p.child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
    );
    await Promise.all(instances.map(stopInstance));
    for (const instance of instances) {
      if (failedTarget && process.env.BENCH_VERBOSE) console.log(instance.output.join(''));
    }
    await fresh.drop();
    await simulator.close();
    await housecallPro.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (failedTarget) process.exitCode = 1;
}

await main();
