import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Migration tests: run the migrations up to one, write rows of the old shape, then run it. */
const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');

/** Just enough of a database to run SQL: PGlite, or a fresh PostgreSQL database (TEST_DATABASE_URL). */
export interface Sql {
  exec(sql: string): Promise<unknown>;
  query(sql: string): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

export async function openSql(): Promise<Sql> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const lite = new PGlite();
    return { exec: (q) => lite.exec(q), query: (q) => lite.query(q), close: () => lite.close() };
  }
  const name = `cb_mig_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    exec: (q) => client.query(q),
    query: (q) => client.query(q),
    async close() {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export async function apply(db: Sql, tag: string) {
  const sql = fs.readFileSync(path.join(MIGRATIONS, `${tag}.sql`), 'utf8');
  for (const statement of sql.split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}
