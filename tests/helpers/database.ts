import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/index.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default (started from the
 * migrated dump tests/helpers/pglite-template.ts made for this run), or a new PostgreSQL
 * database on the server named by TEST_DATABASE_URL, a copy of the migrated template made for
 * this run (dropped again on close).
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = inject('pgliteTemplate');
    return openDatabase({
      kind: 'pglite',
      dataDir: undefined,
      ...(template ? { from: new Blob([fs.readFileSync(template)]) } : {}),
    });
  }

  const name = `cb_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await createDatabase(serverUrl, name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Dropping the database ends any connection still open; that is expected here.
  const handle = await openDatabase({
    kind: 'postgres',
    url: url.toString(),
    onConnectionError: () => undefined,
  });
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** A new database on the server, a copy of this run's migrated template when there is one. */
async function createDatabase(serverUrl: string, name: string): Promise<void> {
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
}

/**
 * Two app instances on one database: with TEST_DATABASE_URL, two connection pools to one fresh
 * PostgreSQL database (as two processes would have); otherwise one shared PGlite handle.
 */
export async function openSharedDatabase(): Promise<{
  first: DatabaseHandle;
  second: DatabaseHandle;
  close(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openTestDatabase();
    return { first: handle, second: handle, close: () => handle.close() };
  }
  const name = `cb_test_instances_${crypto.randomBytes(4).toString('hex')}`;
  await createDatabase(serverUrl, name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const first = await openDatabase({ kind: 'postgres', url: url.toString() });
  const second = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    first,
    second,
    async close() {
      await first.close();
      await second.close();
      // pg-pool resolves end() before its clients have finished closing; a forced drop that
      // overtakes them makes them emit errors. Give them a moment.
      await new Promise((resolve) => setTimeout(resolve, 250));
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
