import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/index.js';

/** The embedded default on disk: set up once (in a child process), then reopened as it was. */
describe('embedded database on disk', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cb-pglite-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('sets up a new data dir, migrates it and keeps what was written across a reopen', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir });
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    await first.db.execute(sql`insert into companies (name) values ('Kept Co')`);
    await first.close();

    const again = await openDatabase({ kind: 'pglite', dataDir });
    const rows = await again.db.execute<{ name: string }>(sql`select name from companies`);
    const names = ('rows' in rows ? rows.rows : rows) as { name: string }[];
    expect(names.map((r) => r.name)).toEqual(['Kept Co']);
    const buffers = await again.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`);
    expect(('rows' in buffers ? buffers.rows : buffers)[0]).toEqual({ shared_buffers: '16MB' });
    await again.close();
  });
});
