import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/index.js';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Instances of a deployment start together on one database (docs/deploy.md): on a fresh
 * database every one of them must come up, with the schema migrated exactly once.
 */
describe.runIf(serverUrl)('instances starting together on a fresh PostgreSQL database', () => {
  const name = `cb_migrate_${crypto.randomBytes(4).toString('hex')}`;
  const handles: DatabaseHandle[] = [];

  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('all start, and every migration is applied once', async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;

    const started = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        openDatabase({ kind: 'postgres', url: url.toString(), onConnectionError: () => undefined }),
      ),
    );
    for (const result of started) if (result.status === 'fulfilled') handles.push(result.value);
    expect(started.map((r) => r.status)).toEqual(Array(4).fill('fulfilled'));

    const check = new pg.Client({ connectionString: url.toString() });
    await check.connect();
    const applied = await check.query(
      'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
    );
    await check.end();
    const journal = await import('../../drizzle/meta/_journal.json', { with: { type: 'json' } });
    expect(applied.rows).toHaveLength(journal.default.entries.length);
    expect(applied.rows.every((row: { n: number }) => row.n === 1)).toBe(true);
  });
});
