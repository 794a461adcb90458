import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/index.js';
import { boardSettings, companies } from '../../src/server/db/schema.js';
import { createBoardStore, settingsHomeOf } from '../../src/server/services/boards/board-store.js';
import {
  readBoardSettings,
  readLogo,
  writeBoardSettings,
} from '../../src/server/services/board-settings/board-settings-store.js';
import { createScreenStore } from '../../src/server/services/screens/screen-store.js';

/**
 * Issue 26's upgrade (decision 014): a database made by the previous version's migrations, with
 * a company's settings, logo and screens in it, upgraded by the boards migration, loses nothing:
 * the company's first board shows the same settings and logo, its screens show that board, and
 * the previous version's tables still hold what it reads during a rolling deploy.
 */
const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');
const BOARDS_TAG = '0005_boards';

/** The migrations folder as the previous version shipped it (everything before boards). */
function previousMigrations(into: string): string {
  const folder = path.join(into, 'drizzle');
  fs.mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'),
  ) as {
    entries: { idx: number; tag: string }[];
  };
  const cut = journal.entries.findIndex((e) => e.tag === BOARDS_TAG);
  expect(cut).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, cut);
  for (const entry of entries) {
    fs.copyFileSync(
      path.join(MIGRATIONS, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  }
  fs.writeFileSync(
    path.join(folder, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries }),
  );
  return folder;
}

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8cf000000030101005a4d2f2e0000000049454e44ae426082',
  'hex',
);

/** Rows the previous version wrote (its own SQL: nothing of the new code involved). */
const OLD_DATA = `
  insert into companies (id, name) values (1, 'Acme Plumbing'), (2, 'Bare Co'), (3, 'TV Co');
  insert into users (id, issuer, subject, email, company_id, role) values
    ('u1', 'i', 's1', 'a@x', 1, 'account_admin');
  insert into board_settings (company_id, settings, version, updated_by_user_id) values
    (1, '{"title":"Acme Dispatch","timezone":"America/Chicago","capacityDays":3}', 4, 'u1'),
    (3, '{"title":"TV board"}', 2, null);
  insert into company_logos (company_id, content_type, data, sha256, byte_length) values
    (1, 'image/png', decode('${PNG.toString('hex')}', 'hex'),
     '${crypto.createHash('sha256').update(PNG).digest('hex')}', ${PNG.length});
  insert into screens (id, company_id, name, kind, token_hash, view_type) values
    (1, 1, 'Lobby TV', 'paired', 'h1', 'businessUnit'),
    (2, 1, 'Shop TV', 'link', 'h2', 'businessUnit'),
    (3, 3, 'Jobs TV', 'paired', 'h3', 'jobType'),
    (4, 3, 'Units TV', 'paired', 'h4', 'businessUnit');
  select setval('companies_id_seq', 3);
  select setval('screens_id_seq', 4);
`;

interface Upgraded {
  handle: DatabaseHandle;
  /** Runs SQL as the previous version would (same database). */
  close(): Promise<void>;
}

async function upgradedDatabase(): Promise<Upgraded> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cb-boards-mig-'));
  const oldFolder = previousMigrations(tmp);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const old = new PGlite();
    await migratePglite(drizzlePglite(old), { migrationsFolder: oldFolder });
    await old.exec(OLD_DATA);
    const dump = await old.dumpDataDir('none');
    await old.close();
    const handle = await openDatabase({ kind: 'pglite', dataDir: undefined, from: dump });
    return {
      handle,
      async close() {
        await handle.close();
        fs.rmSync(tmp, { recursive: true, force: true });
      },
    };
  }
  const name = `cb_boards_mig_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString() });
  await migratePg(drizzlePg(pool), { migrationsFolder: oldFolder });
  await pool.query(OLD_DATA);
  await pool.end();
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

describe('migration: every company gets its first board', () => {
  let upgraded: Upgraded;
  beforeAll(async () => {
    upgraded = await upgradedDatabase();
  }, 120_000);
  afterAll(() => upgraded?.close());

  it("keeps the company's settings, version and logo on its first board, and its screens on it", async () => {
    const { db } = upgraded.handle;
    const boards = createBoardStore(db);
    const [first, ...others] = await boards.listWithScreens(1);
    expect(others).toEqual([]);
    expect(first).toMatchObject({
      name: 'Main board',
      viewType: 'businessUnit',
      itemIds: null,
      position: 0,
      screenCount: 2,
    });
    const state = await readBoardSettings(db, settingsHomeOf(first!));
    expect(state.settings.title).toBe('Acme Dispatch');
    expect(state.settings.timezone).toBe('America/Chicago');
    expect(state.version).toBe(4);
    const sha = crypto.createHash('sha256').update(PNG).digest('hex');
    expect(state.logo).toEqual({ sha256: sha, contentType: 'image/png' });
    const logo = await readLogo(db, settingsHomeOf(first!), sha);
    expect(Buffer.compare(logo!.data, PNG)).toBe(0);

    const screens = createScreenStore(db);
    expect((await screens.list(1)).map((s) => [s.name, s.boardId])).toEqual([
      ['Lobby TV', first!.id],
      ['Shop TV', first!.id],
    ]);
  });

  it('gives a company without settings or screens one board of defaults', async () => {
    const { db } = upgraded.handle;
    const [only, ...rest] = await createBoardStore(db).list(2);
    expect(rest).toEqual([]);
    const state = await readBoardSettings(db, settingsHomeOf(only!));
    expect(state).toMatchObject({ version: 0, logo: null });
    expect(state.settings.title).toBe('3-Day Call Board');
  });

  it('keeps a screen that showed job types on a job-types board with the same settings', async () => {
    const { db } = upgraded.handle;
    const [main, jobs] = await createBoardStore(db).listWithScreens(3);
    expect(main).toMatchObject({ viewType: 'businessUnit', screenCount: 1 });
    expect(jobs).toMatchObject({ name: 'Job types', viewType: 'jobType', screenCount: 1 });
    const state = await readBoardSettings(db, settingsHomeOf(jobs!));
    expect(state.settings.title).toBe('TV board');
    const screens = await createScreenStore(db).list(3);
    expect(screens.map((s) => [s.name, s.boardId])).toEqual([
      ['Jobs TV', jobs!.id],
      ['Units TV', main!.id],
    ]);
  });

  it("writes the first board's settings where the previous version reads them (rolling deploy)", async () => {
    const { db } = upgraded.handle;
    const first = await createBoardStore(db).first(1);
    const version = await writeBoardSettings(db, {
      home: settingsHomeOf(first),
      settings: { ...(await readBoardSettings(db, settingsHomeOf(first))).settings, title: 'New' },
      expectedVersion: 4,
      userId: null,
      now: new Date(),
    });
    expect(version).toBe(5);
    // What an instance of the previous version reads: the company's row.
    const old = await db
      .select({ settings: boardSettings.settings, version: boardSettings.version })
      .from(boardSettings)
      .where(eq(boardSettings.companyId, 1));
    expect(old).toEqual([{ settings: expect.objectContaining({ title: 'New' }), version: 5 }]);
  });

  it('gives a company the previous version created during the deploy its first board when asked', async () => {
    const { db } = upgraded.handle;
    await db.insert(companies).values({ id: 50, name: 'Made by the old version' });
    const [first, ...rest] = await createBoardStore(db).list(50);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ name: 'Main board', readThrough: true });
  });
});
