import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import type { DatabaseHandle } from '../../src/server/db/index.js';
import { companies, users, type Role } from '../../src/server/db/schema.js';
import { SESSION_COOKIE } from '../../src/server/plugins/sessions.js';
import type { ServiceOverrides } from '../../src/server/services/index.js';
import { openSharedDatabase, openTestDatabase } from './database.js';
import { freePort } from './free-port.js';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * One key per database, as every instance of one deployment shares ENCRYPTION_KEY: a second app
 * booted on a test's database opens what the first sealed there (the VAPID pair, credentials).
 */
const encryptionKeys = new WeakMap<DatabaseHandle, string>();
function encryptionKeyFor(database: DatabaseHandle): string {
  let key = encryptionKeys.get(database);
  if (!key) {
    key = crypto.randomBytes(32).toString('base64');
    encryptionKeys.set(database, key);
  }
  return key;
}

/** Boots the real app in-process against a fresh database. Call `close()` in afterAll. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    services?: ServiceOverrides;
    database?: DatabaseHandle;
    /** Receives every log line (set LOG_LEVEL in env to see more than nothing). */
    logStream?: { write(line: string): void };
    /** More buildApp options (a sample tenant credential, a route listener...). */
    build?: Pick<BuildAppOptions, 'demoServiceTitanCredential' | 'onRoute'>;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cb-test-'));
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ENCRYPTION_KEY: encryptionKeyFor(database),
    SEED_DEMO_DATA: 'false',
    SERVICETITAN_SIMULATOR: 'false',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    // The server's own refresh schedule runs on real time, apart from the service clock tests
    // move by hand: it stays off unless a test of the schedule asks for it (scheduleTickMs).
    services: { scheduleTickMs: 0, alertTickMs: 0, historyTickMs: 0, ...options.services },
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...options.build,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      if (ownsDatabase) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Two app instances on one database, as two servers of one deployment behind a load balancer. */
export interface TestAppPair<T extends TestApp = TestApp> {
  a: T;
  b: T;
  /** Closes both instances, then the database. */
  close(): Promise<void>;
}

/**
 * Opens one database for two instances (two connection pools on PostgreSQL, one handle on
 * PGlite: openSharedDatabase) and boots `a` then `b` on it with `boot` (both at once with
 * `together`), each with the same ENCRYPTION_KEY, as one deployment's servers share theirs.
 * `boot` is createTestApp (or createListeningTestApp) given the database it is handed.
 */
export async function createTestAppPair<T extends TestApp>(
  boot: (database: DatabaseHandle) => Promise<T>,
  options: { together?: boolean } = {},
): Promise<TestAppPair<T>> {
  const shared = await openSharedDatabase();
  encryptionKeys.set(shared.second, encryptionKeyFor(shared.first));
  let a: T | undefined;
  let b: T | undefined;
  const close = async () => {
    await a?.close();
    await b?.close();
    await shared.close();
  };
  try {
    if (options.together) [a, b] = await Promise.all([boot(shared.first), boot(shared.second)]);
    else {
      a = await boot(shared.first);
      b = await boot(shared.second);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { a, b, close };
}

/** A test app listening on a free loopback port, and the address it answers at. */
export interface ListeningTestApp extends TestApp {
  port: number;
  /** `http://127.0.0.1:PORT`: PUBLIC_URL too, unless the test set its own (or `publicUrl: false`). */
  base: string;
}

/**
 * Boots the real app (as createTestApp) and listens on 127.0.0.1 at a free port, with the demo
 * company seeded and PUBLIC_URL at that address: for tests that talk HTTP to it (sign-in
 * through the development identity provider, raw requests, the request log).
 */
export async function createListeningTestApp(
  options: Parameters<typeof createTestApp>[0] & { publicUrl?: false } = {},
): Promise<ListeningTestApp> {
  const { publicUrl, ...rest } = options;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await createTestApp({
    ...rest,
    env: {
      PORT: String(port),
      ...(publicUrl === false ? {} : { PUBLIC_URL: base }),
      SEED_DEMO_DATA: 'true',
      ...rest.env,
    },
  });
  await t.app.listen({ host: '127.0.0.1', port });
  return { ...t, port, base };
}

export interface TestUser {
  id: string;
  email: string;
  role: Role;
  companyId: number | null;
  /** `cookie` header value carrying this user's session. */
  cookie: string;
  /** An `authorization` header instead (an API key, as the authorization matrix calls). */
  authorization?: string;
}

/** Creates a company row (no ServiceTitan credentials unless given). */
export async function createCompany(
  app: FastifyInstance,
  values: Partial<typeof companies.$inferInsert> = {},
): Promise<number> {
  const [row] = await app.db
    .insert(companies)
    .values({ name: `Company ${crypto.randomBytes(3).toString('hex')}`, ...values })
    .returning({ id: companies.id });
  return row!.id;
}

/** Seeds a user and a session directly in the database (no clicking through sign-in). */
export async function createSignedInUser(
  app: FastifyInstance,
  values: {
    email?: string;
    role?: Role;
    companyId?: number | null;
    firstName?: string;
    lastName?: string;
    /** The identity provider vouched for the address (default: not). */
    emailVerified?: boolean;
  } = {},
): Promise<TestUser> {
  const id = crypto.randomUUID();
  const email = values.email ?? `user-${id.slice(0, 8)}@example.test`;
  const role = values.role ?? 'user';
  await app.db.insert(users).values({
    id,
    issuer: 'https://issuer.test',
    subject: id,
    email,
    firstName: values.firstName ?? 'Test',
    lastName: values.lastName ?? 'User',
    role,
    companyId: values.companyId ?? null,
    emailVerified: values.emailVerified ?? false,
  });
  const sessionId = await app.sessions.create(id, 'vitest');
  return {
    id,
    email,
    role,
    companyId: values.companyId ?? null,
    cookie: `${SESSION_COOKIE}=${sessionId}`,
  };
}

/**
 * A TV paired the way the product pairs one: it starts a pairing (its device cookie) and `admin`
 * pairs the code onto `boardId` (else the company's first board). Returns the device cookie.
 */
export async function pairScreen(
  app: FastifyInstance,
  admin: TestUser,
  options: { name?: string; boardId?: number } = {},
): Promise<string> {
  const started = await app.inject({ method: 'POST', url: '/api/screen/pairing' });
  const cookie = [started.headers['set-cookie'] ?? []]
    .flat()
    .find((line) => line.startsWith('cb_screen='))!
    .split(';')[0]!;
  const paired = await app.inject({
    method: 'POST',
    url: '/api/screens/pair',
    headers: { cookie: admin.cookie },
    payload: {
      code: started.json<{ code: string }>().code,
      name: options.name ?? 'Wall',
      ...(options.boardId === undefined ? {} : { boardId: options.boardId }),
    },
  });
  if (paired.statusCode !== 201) {
    throw new Error(`pairing answered ${paired.statusCode}: ${paired.body}`);
  }
  return cookie;
}
