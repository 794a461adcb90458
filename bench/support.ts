import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, type DatabaseHandle } from '../src/server/db/index.js';
import { companies, users } from '../src/server/db/schema.js';
import { webhookKeyHash } from '../src/server/platforms/housecallpro/stored.js';
import { SCREEN_COOKIE } from '../src/server/plugins/screens.js';
import { SESSION_COOKIE } from '../src/server/plugins/sessions.js';
import type { ItemType } from '../src/shared/api/item-groups.js';
import type { SimulatorCredential } from '../standins/servicetitan-simulator/index.js';

/** Shared set-up for the benchmarks: a fresh database, app instances on real ports, seeded users. */

export const POSTGRES_SERVER_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface FreshDatabase {
  /** Null when PostgreSQL is unreachable and the benchmark runs on embedded PGlite instead. */
  url: string | null;
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

/** A new, empty PostgreSQL database (dropped afterwards), or an in-memory PGlite fallback. */
export async function createFreshDatabase(): Promise<FreshDatabase> {
  const name = `cb_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({
    connectionString: POSTGRES_SERVER_URL,
    connectionTimeoutMillis: 2000,
  });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
  } catch {
    await admin.end().catch(() => undefined);
    let shared: Promise<DatabaseHandle> | undefined;
    return {
      url: null,
      open: () => (shared ??= openDatabase({ kind: 'pglite', dataDir: undefined })),
      drop: async () => {
        if (shared) await (await shared).close();
      },
    };
  }
  const url = new URL(POSTGRES_SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    open: () => openDatabase({ kind: 'postgres', url: url.toString() }),
    drop: async () => {
      // pg-pool resolves end() before its clients have finished closing: let them finish first.
      await new Promise((resolve) => setTimeout(resolve, 250));
      const dropper = new pg.Client({ connectionString: POSTGRES_SERVER_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface RunningApp {
  app: FastifyInstance;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * One app instance listening on loopback. `TRUST_PROXY` lets a benchmark give each simulated
 * screen its own client address (X-Forwarded-For), as real screens have, so the per-address
 * API rate limit is not what gets measured.
 */
export async function startAppInstance(options: {
  database: DatabaseHandle;
  encryptionKey: string;
  serviceTitanUrl: string;
  /** Where Housecall Pro is reached (its stand-in); the public host when absent. */
  housecallProUrl?: string;
  refreshSeconds?: number;
}): Promise<RunningApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cb-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ENCRYPTION_KEY: options.encryptionKey,
    SEED_DEMO_DATA: 'false',
    SERVICETITAN_SIMULATOR: 'false',
    SERVICETITAN_AUTH_URL: options.serviceTitanUrl,
    SERVICETITAN_API_URL: options.serviceTitanUrl,
    ...(options.housecallProUrl ? { HOUSECALLPRO_API_URL: options.housecallProUrl } : {}),
    CAPACITY_REFRESH_SECONDS: String(options.refreshSeconds ?? 60),
    TRUST_PROXY: 'true',
  });
  const app = await buildApp({ config, database: options.database });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    baseUrl: address,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A company holding the given ServiceTitan credential, sealed as the app stores it. */
export async function createCompanyWithCredential(
  app: FastifyInstance,
  credential: SimulatorCredential,
): Promise<number> {
  const [row] = await app.db
    .insert(companies)
    .values({
      name: 'Bench Heating & Air',
      stClientId: credential.clientId,
      stClientSecretEnc: app.secretBox.seal(credential.clientSecret),
      stTenantId: credential.tenantId,
      stAppKeyEnc: app.secretBox.seal(credential.appKey),
    })
    .returning({ id: companies.id });
  return row!.id;
}

/**
 * A company on Housecall Pro (issue 34) holding the account's Company API key, its webhooks on
 * as an admin sets them up (decision 041): the signing secret Housecall Pro showed, and the
 * company's unguessable webhook address part (sealed, and hashed to find the company), which is
 * returned so the stand-in can be told where to send the account's events.
 */
export async function createCompanyOnHousecallPro(
  app: FastifyInstance,
  account: { apiKey: string; webhookSecret: string },
): Promise<{ companyId: number; webhookKey: string }> {
  const webhookKey = crypto.randomBytes(32).toString('base64url');
  const [row] = await app.db
    .insert(companies)
    .values({
      name: 'Bench Plumbing Co',
      provider: 'housecallpro',
      hcpApiKeyEnc: app.secretBox.seal(account.apiKey),
      hcpWebhookSecretEnc: app.secretBox.seal(account.webhookSecret),
      hcpWebhookKeyEnc: app.secretBox.seal(webhookKey),
      hcpWebhookKeyHash: webhookKeyHash(webhookKey),
    })
    .returning({ id: companies.id });
  return { companyId: row!.id, webhookKey };
}

/** A user of the company (an account admin when `role` says so); returns its id. */
async function createUser(
  app: FastifyInstance,
  companyId: number,
  role: 'user' | 'account_admin' = 'user',
): Promise<string> {
  const id = crypto.randomUUID();
  await app.db.insert(users).values({
    id,
    issuer: 'https://bench.invalid',
    subject: id,
    email: `screen-${id.slice(0, 8)}@bench.invalid`,
    companyId,
    role,
  });
  return id;
}

/** A signed-in user of the company; returns the Cookie header value of its session. */
export async function createSignedInUser(app: FastifyInstance, companyId: number): Promise<string> {
  const id = await createUser(app, companyId);
  const sessionId = await app.sessions.create(id, 'bench');
  return `${SESSION_COOKIE}=${sessionId}`;
}

/**
 * A TV paired with the company as an admin pairs one (a code the TV shows, claimed), onto
 * `boardId` (default: the company's first board), by `adminId` (default: a new account admin):
 * returns the Cookie header value of its device credential.
 */
export async function createPairedScreen(
  app: FastifyInstance,
  companyId: number,
  viewType: ItemType,
  options: { boardId?: number; adminId?: string } = {},
): Promise<string> {
  const admin = options.adminId ?? (await createAccountAdmin(app, companyId));
  const now = app.services.now();
  const { secret, code } = await app.services.screens.startPairing(now);
  const claimed = await app.services.screens.claim({
    code,
    now,
    companyId,
    name: 'Bench TV',
    viewType,
    ...(options.boardId === undefined ? {} : { boardId: options.boardId }),
    createdByUserId: admin,
  });
  if (claimed.status !== 'paired') throw new Error(`pairing failed: ${claimed.status}`);
  return `${SCREEN_COOKIE}=${secret}`;
}

/** An account admin of the company (who pairs screens and makes boards); returns its id. */
export function createAccountAdmin(app: FastifyInstance, companyId: number): Promise<string> {
  return createUser(app, companyId, 'account_admin');
}

/** A random private address, one per simulated client. */
export function randomClientAddress(): string {
  return `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${1 + crypto.randomInt(254)}`;
}

/** Waits `ms` (none when it is not positive: a deadline already past). */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const CLOCK_TICKS_PER_SECOND = 100; // Linux USER_HZ: /proc/<pid>/stat counts in 1/100 s.

/** CPU time a process has used (user + system), in seconds. */
export function cpuSecondsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which is in parentheses and may contain spaces).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}
