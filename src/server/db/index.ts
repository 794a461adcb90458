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
  /** `dataDir` undefined means in memory (tests). */
  | { kind: 'pglite'; dataDir: string | undefined };

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
    client = new PGlite({ postgresqlconf: PGLITE_CONF });
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/**
 * The embedded database is small: PostgreSQL's default 128 MB of shared buffers would be most of
 * the server's memory (WASM memory is never given back). 16 MB holds a company's working set.
 */
const PGLITE_CONF = ['shared_buffers=16MB'];

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
