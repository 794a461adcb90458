import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The Drizzle handle, the same type whether PostgreSQL or PGlite is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** Cheap round trip for readiness checks. */
  ping(): Promise<void>;
  /** `NOTIFY channel, payload` (payloads stay far below PostgreSQL's 8,000 bytes). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * `LISTEN channel`: on PostgreSQL one dedicated connection per call (not a pooled one),
   * reconnected with back-off when it is lost; on PGlite its own listen on the one connection.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
  /**
   * The embedded database's data folder as one uncompressed tar (its files' bytes as they are on
   * disk): tests search it for what must never be stored. Absent on PostgreSQL.
   */
  dumpDataFolder?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  /**
   * The listening connection was lost and is listening again: notifications sent meanwhile
   * were missed, so whoever relies on them must catch up (re-read what they show).
   */
  onReconnect?(): void;
  /** A lost connection or a failed reconnect attempt (logged by the caller). */
  onError?(error: Error): void;
}

export interface Listener {
  close(): Promise<void>;
}

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      /**
       * An idle pooled connection that the server drops (restart, failover, an administrator)
       * is reported here and replaced on next use; unhandled, it would end the process.
       */
      onConnectionError?: (error: Error) => void;
    }
  /**
   * `dataDir` undefined means in memory (tests); such a database may start `from` a dump of one
   * (`dumpMigratedPglite`) instead of creating its cluster again.
   */
  | { kind: 'pglite'; dataDir: string | undefined; from?: Blob };

/** Any fixed number: the advisory lock instances take while one of them migrates. */
const MIGRATION_LOCK_KEY = 3_141_592_653;

/**
 * Runs the migrator while holding a PostgreSQL advisory lock, so instances starting together on
 * one database migrate one after the other (drizzle's migrator takes no lock of its own: two
 * first starts would both create the same tables and one would fail). The lock is held by a
 * connection of its own and released when it ends, also if the migration fails.
 */
async function migrateOnce(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate();
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    lock.release();
  }
}

/** Opens the database and applies every pending migration. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const onConnectionError =
      target.onConnectionError ??
      ((error: Error) => console.error('PostgreSQL connection lost:', error.message));
    pool.on('error', onConnectionError);
    const db = drizzlePg(pool, { schema });
    await migrateOnce(pool, () => migratePg(db, { migrationsFolder }));
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      notify: async (channel, payload) => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      listen: (channel, handlers) => listenOnPostgres(target.url, channel, handlers),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (target.dataDir) {
    const dir = path.join(target.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    await initializePgliteDataDir(dir);
    client = new PGlite(dir, { postgresqlconf: PGLITE_CONF });
  } else {
    client = new PGlite({
      postgresqlconf: PGLITE_CONF,
      ...(target.from ? { loadDataDir: target.from } : {}),
    });
  }
  const db = drizzlePglite(client, { schema });
  // From a dump too: migrations it lacks are applied, and the ones it has cost one query.
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    notify: async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onNotify);
      return {
        close: async () => {
          if (!client.closed) await unlisten();
        },
      };
    },
    dumpDataFolder: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

const LISTEN_RETRY_MIN_MS = 250;
const LISTEN_RETRY_MAX_MS = 10_000;

/**
 * One dedicated connection that LISTENs on `channel` (a pooled connection would be handed to
 * other queries). When it is lost (restart, failover, an administrator), it reconnects with
 * exponential back-off and tells `onReconnect`, since notifications sent meanwhile are gone.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<Listener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`unsafe channel name: ${channel}`);
  let closed = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_MIN_MS;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (error) handlers.onError?.(error);
      if (closed) return;
      client = null;
      next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    await next.connect();
    await next.query(`listen ${channel}`);
    client = next;
  };

  const scheduleReconnect = () => {
    retryTimer = setTimeout(() => {
      connect().then(
        () => {
          delay = LISTEN_RETRY_MIN_MS;
          if (closed) void client?.end().catch(() => undefined);
          else handlers.onReconnect?.();
        },
        (error: Error) => {
          handlers.onError?.(error);
          delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
          if (!closed) scheduleReconnect();
        },
      );
    }, delay);
    retryTimer.unref();
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

/**
 * The embedded database is small: PostgreSQL's default 128 MB of shared buffers would be most of
 * the server's memory (WASM memory is never given back). 16 MB holds a company's working set.
 */
const PGLITE_CONF = ['shared_buffers=16MB'];

/**
 * A new in-memory database with every migration applied, dumped (an uncompressed tar of its
 * data directory). The tests start each file's database from one dump made before they run:
 * loading it takes about 0.5 s where creating a cluster takes about 1.8 s, 68 times a run.
 */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = new PGlite({ postgresqlconf: PGLITE_CONF });
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/**
 * A new data directory is set up (initdb) in a short-lived child process: the set-up's WASM
 * module and memory (about 500 MB) would otherwise stay in the server for its whole life.
 */
async function initializePgliteDataDir(dir: string): Promise<void> {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)});
const db = new PGlite(${JSON.stringify(dir)});
await db.waitReady;
await db.close();`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    timeout: 120_000,
  });
}
