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

  // initdb is slow on a busy machine (tens of seconds): a generous bound, not a speed check.
  it(
    'sets up a new data dir, migrates it and keeps what was written across a reopen',
    { timeout: 180_000 },
    async () => {
      const first = await openDatabase({ kind: 'pglite', dataDir });
      expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      await first.db.execute(sql`insert into companies (name) values ('Kept Co')`);
      await first.close();

      const again = await openDatabase({ kind: 'pglite', dataDir });
      const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
      expect(rowsOf(await again.db.execute(sql`select name from companies`))).toEqual([
        { name: 'Kept Co' },
      ]);
      expect(rowsOf(await again.db.execute(sql`show shared_buffers`))).toEqual([
        { shared_buffers: '16MB' },
      ]);
      await again.close();
    },
  );
});
