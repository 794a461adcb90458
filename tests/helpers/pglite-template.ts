import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpMigratedPglite, openDatabase } from '../../src/server/db/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated embedded database (a file), or null on PostgreSQL. */
    pgliteTemplate: string | null;
    /** On PostgreSQL, a migrated database to copy (CREATE DATABASE ... TEMPLATE), else null. */
    postgresTemplate: string | null;
  }
}

/**
 * Vitest global setup: one migrated database is made before any test file runs, and every test
 * file's fresh database starts from it (tests/helpers/database.ts) instead of running every
 * migration again: on the embedded database a dumped PGlite (about 1.3 s saved per file), on
 * PostgreSQL a template database copied by CREATE DATABASE ... TEMPLATE (decision 033). Each
 * test still gets a database of its own, and the migrator still runs on it.
 */
export default async function setup(
  project: TestProject,
): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    project.provide('pgliteTemplate', null);
    const name = `cb_template_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
    await handle.close();
    // A template may have no session of its own (pg-pool's end() can resolve before its
    // connections have gone): end any that is left, so copying it never fails on a busy machine.
    await adminQuery(
      serverUrl,
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
    );
    project.provide('postgresTemplate', name);
    return () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  }
  project.provide('postgresTemplate', null);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cb-pglite-template-'));
  const file = path.join(folder, 'migrated.tar');
  const dump = await dumpMigratedPglite();
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => fs.rmSync(folder, { recursive: true, force: true });
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
