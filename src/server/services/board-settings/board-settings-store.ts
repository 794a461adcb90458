import crypto from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_CAPACITY_TIME_ZONE } from '../../../shared/api/capacity.js';
import {
  companyBoardDefaults,
  parseStoredCompanySettings,
  type CompanyBoardSettings,
} from '../../../shared/settings/dashboard-settings.js';
import type { LogoContentType } from '../../../shared/api/board-settings.js';
import type { Database } from '../../db/index.js';
import { boardLogos, boards, boardSettings, companyLogos } from '../../db/schema.js';

/**
 * A board's settings and logo (issue 11, decision 009; per board since issue 26, decision 014):
 * the one module that reads and writes `board_settings`, `company_logos`, `boards.settings` and
 * `board_logos`. A board whose `settings` is NULL reads and writes its company's row in
 * `board_settings` / `company_logos` (what instances of the previous version read); every other
 * board its own columns. Every write grows `version` by one in the same statement, so a reader
 * that saw version n knows whether anything changed since.
 */

/**
 * The defaults a company has before anyone saved: the seed's (the server's zone:
 * America/New_York), with the holidays an office closes on selected (decision 25).
 */
export function defaultCompanySettings(): CompanyBoardSettings {
  return companyBoardDefaults(DEFAULT_CAPACITY_TIME_ZONE);
}

export interface StoredLogo {
  sha256: string;
  contentType: string;
}

export interface CompanyBoardState {
  settings: CompanyBoardSettings;
  /** 0 while nothing is stored. */
  version: number;
  logo: StoredLogo | null;
}

/** Where a board's settings live (see `boards` in the schema). */
export interface SettingsHome {
  boardId: number;
  companyId: number;
  /** Its settings are the company's `board_settings` row (the board the migration made). */
  readThrough: boolean;
}

const parse = (json: unknown): CompanyBoardSettings =>
  parseStoredCompanySettings(json, DEFAULT_CAPACITY_TIME_ZONE);

/** A board's settings (seed defaults when none are stored) and its logo's address parts. */
export async function readBoardSettings(
  db: Database,
  home: SettingsHome,
): Promise<CompanyBoardState> {
  if (home.readThrough) {
    const [settingsRows, logoRows] = await Promise.all([
      db
        .select({ settings: boardSettings.settings, version: boardSettings.version })
        .from(boardSettings)
        .where(eq(boardSettings.companyId, home.companyId))
        .limit(1),
      db
        .select({ sha256: companyLogos.sha256, contentType: companyLogos.contentType })
        .from(companyLogos)
        .where(eq(companyLogos.companyId, home.companyId))
        .limit(1),
    ]);
    const row = settingsRows[0];
    return {
      settings: row ? parse(row.settings) : defaultCompanySettings(),
      version: row?.version ?? 0,
      logo: logoRows[0] ?? null,
    };
  }
  const [rows, logoRows] = await Promise.all([
    db
      .select({ settings: boards.settings, version: boards.version })
      .from(boards)
      .where(eq(boards.id, home.boardId))
      .limit(1),
    db
      .select({ sha256: boardLogos.sha256, contentType: boardLogos.contentType })
      .from(boardLogos)
      .where(eq(boardLogos.boardId, home.boardId))
      .limit(1),
  ]);
  const row = rows[0];
  return {
    settings: row ? parse(row.settings) : defaultCompanySettings(),
    version: row?.version ?? 0,
    logo: logoRows[0] ?? null,
  };
}

/** Only the settings (what the capacity service needs to pick the displayed days). */
export async function readSettingsOnly(
  db: Database,
  home: SettingsHome,
): Promise<CompanyBoardSettings> {
  if (home.readThrough) {
    const [row] = await db
      .select({ settings: boardSettings.settings })
      .from(boardSettings)
      .where(eq(boardSettings.companyId, home.companyId))
      .limit(1);
    return row ? parse(row.settings) : defaultCompanySettings();
  }
  const [row] = await db
    .select({ settings: boards.settings })
    .from(boards)
    .where(eq(boards.id, home.boardId))
    .limit(1);
  return row ? parse(row.settings) : defaultCompanySettings();
}

/**
 * Saves the whole company part if the stored version is still `expectedVersion` (0: nothing
 * stored yet). Returns the new version, or null when someone saved in between (nothing changed).
 */
export async function writeBoardSettings(
  db: Database,
  input: {
    home: SettingsHome;
    settings: CompanyBoardSettings;
    expectedVersion: number;
    userId: string | null;
    now: Date;
  },
): Promise<number | null> {
  const { home, settings, expectedVersion, userId, now } = input;
  if (!home.readThrough) {
    const rows = await db
      .update(boards)
      .set({
        settings,
        version: sql`${boards.version} + 1`,
        updatedByUserId: userId,
        updatedAt: now,
      })
      .where(and(eq(boards.id, home.boardId), eq(boards.version, expectedVersion)))
      .returning({ version: boards.version });
    return rows[0]?.version ?? null;
  }
  const { companyId } = home;
  const rows =
    expectedVersion === 0
      ? await db
          .insert(boardSettings)
          .values({ companyId, settings, version: 1, updatedByUserId: userId })
          .onConflictDoNothing({ target: boardSettings.companyId })
          .returning({ version: boardSettings.version })
      : await db
          .update(boardSettings)
          .set({
            settings,
            version: sql`${boardSettings.version} + 1`,
            updatedByUserId: userId,
            updatedAt: now,
          })
          .where(
            and(eq(boardSettings.companyId, companyId), eq(boardSettings.version, expectedVersion)),
          )
          .returning({ version: boardSettings.version });
  return rows[0]?.version ?? null;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A logo change is a change of the board: its version grows too (a row of defaults if none). */
async function bumpVersion(
  tx: Tx,
  home: SettingsHome,
  userId: string | null,
  now: Date,
): Promise<number> {
  if (!home.readThrough) {
    const [row] = await tx
      .update(boards)
      .set({ version: sql`${boards.version} + 1`, updatedByUserId: userId, updatedAt: now })
      .where(eq(boards.id, home.boardId))
      .returning({ version: boards.version });
    return row?.version ?? 0;
  }
  const [row] = await tx
    .insert(boardSettings)
    .values({
      companyId: home.companyId,
      settings: defaultCompanySettings(),
      version: 1,
      updatedByUserId: userId,
    })
    .onConflictDoUpdate({
      target: boardSettings.companyId,
      set: {
        version: sql`${boardSettings.version} + 1`,
        updatedByUserId: userId,
        updatedAt: now,
      },
    })
    .returning({ version: boardSettings.version });
  return row!.version;
}

/** Stores (or replaces) the board's logo; the bytes were checked by the caller. */
export async function putLogo(
  db: Database,
  input: {
    home: SettingsHome;
    contentType: LogoContentType;
    data: Buffer;
    userId: string | null;
    now: Date;
  },
): Promise<{ version: number; logo: StoredLogo }> {
  const { home, contentType, data, userId, now } = input;
  const sha256 = crypto.createHash('sha256').update(data).digest('hex');
  const values = { contentType, data, sha256, byteLength: data.length };
  return db.transaction(async (tx) => {
    if (home.readThrough) {
      await tx
        .insert(companyLogos)
        .values({ companyId: home.companyId, ...values })
        .onConflictDoUpdate({ target: companyLogos.companyId, set: { ...values, updatedAt: now } });
    } else {
      await tx
        .insert(boardLogos)
        .values({ boardId: home.boardId, ...values })
        .onConflictDoUpdate({ target: boardLogos.boardId, set: { ...values, updatedAt: now } });
    }
    const version = await bumpVersion(tx, home, userId, now);
    return { version, logo: { sha256, contentType } };
  });
}

/** Removes the board's logo. Returns the new version (it grows even when there was none). */
export async function deleteLogo(
  db: Database,
  input: { home: SettingsHome; userId: string | null; now: Date },
): Promise<number> {
  const { home } = input;
  return db.transaction(async (tx) => {
    if (home.readThrough) {
      await tx.delete(companyLogos).where(eq(companyLogos.companyId, home.companyId));
    } else {
      await tx.delete(boardLogos).where(eq(boardLogos.boardId, home.boardId));
    }
    return bumpVersion(tx, home, input.userId, input.now);
  });
}

/** The logo's bytes when `sha256` is the board's current logo; null otherwise. */
export async function readLogo(
  db: Database,
  home: SettingsHome,
  sha256: string,
): Promise<{ contentType: string; data: Buffer } | null> {
  const [row] = home.readThrough
    ? await db
        .select({ contentType: companyLogos.contentType, data: companyLogos.data })
        .from(companyLogos)
        .where(and(eq(companyLogos.companyId, home.companyId), eq(companyLogos.sha256, sha256)))
        .limit(1)
    : await db
        .select({ contentType: boardLogos.contentType, data: boardLogos.data })
        .from(boardLogos)
        .where(and(eq(boardLogos.boardId, home.boardId), eq(boardLogos.sha256, sha256)))
        .limit(1);
  return row ?? null;
}

/**
 * The settings of the company's first board (what a request without `boardId` shows): its own
 * when it keeps them, else the company's `board_settings` row.
 */
export async function readCompanySettings(
  db: Database,
  companyId: number,
): Promise<CompanyBoardSettings> {
  const [first] = await db
    .select({ id: boards.id, readThrough: sql<boolean>`${boards.settings} is null` })
    .from(boards)
    .where(eq(boards.companyId, companyId))
    .orderBy(asc(boards.position), asc(boards.id))
    .limit(1);
  return readSettingsOnly(db, {
    boardId: first?.id ?? 0,
    companyId,
    readThrough: first?.readThrough ?? true,
  });
}

/**
 * Where the company is (issue 33, item 4): its ZIP code and time zone written into each of the
 * given boards' settings, the rest of each kept as it is. A board changed meanwhile by someone
 * else is read again and written over (a few times at most). Returns each board's new version,
 * or null when a board kept changing under it (boards written before it keep the new place).
 */
export async function writeBoardLocation(
  db: Database,
  input: {
    homes: SettingsHome[];
    location: Pick<CompanyBoardSettings, 'zipCode' | 'timezone'>;
    userId: string | null;
    now: Date;
  },
): Promise<{ home: SettingsHome; version: number }[] | null> {
  const written: { home: SettingsHome; version: number }[] = [];
  // Boards that read through share the company's row: written once.
  const seen = new Set<string>();
  for (const home of input.homes) {
    const key = home.readThrough ? `company:${home.companyId}` : `board:${home.boardId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    for (let attempt = 0; ; attempt++) {
      const state = await readBoardSettings(db, home);
      const version = await writeBoardSettings(db, {
        home,
        settings: { ...state.settings, ...input.location },
        expectedVersion: state.version,
        userId: input.userId,
        now: input.now,
      });
      if (version !== null) {
        written.push({ home, version });
        break;
      }
      if (attempt >= 4) return null;
    }
  }
  return written;
}
