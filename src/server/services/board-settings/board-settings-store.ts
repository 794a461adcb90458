import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_CAPACITY_TIME_ZONE } from '../../../shared/api/capacity.js';
import {
  companyPartOf,
  defaultDashboardSettings,
  parseStoredCompanySettings,
  type CompanyBoardSettings,
} from '../../../shared/settings/dashboard-settings.js';
import type { LogoContentType } from '../../../shared/api/board-settings.js';
import type { Database } from '../../db/index.js';
import { boardSettings, companyLogos } from '../../db/schema.js';

/**
 * A company's board settings and logo (issue 11, decision 009): the one module that reads and
 * writes `board_settings` and `company_logos`. Every write grows `version` by one in the same
 * statement, so a reader that saw version n knows whether anything changed since.
 */

/** The seed defaults a company has before anyone saved (the server's zone: America/New_York). */
export function defaultCompanySettings(): CompanyBoardSettings {
  return companyPartOf(defaultDashboardSettings(DEFAULT_CAPACITY_TIME_ZONE));
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

/** A company's settings (seed defaults when none are stored) and its logo's address parts. */
export async function readBoardSettings(
  db: Database,
  companyId: number,
): Promise<CompanyBoardState> {
  const [settingsRows, logoRows] = await Promise.all([
    db
      .select({ settings: boardSettings.settings, version: boardSettings.version })
      .from(boardSettings)
      .where(eq(boardSettings.companyId, companyId))
      .limit(1),
    db
      .select({ sha256: companyLogos.sha256, contentType: companyLogos.contentType })
      .from(companyLogos)
      .where(eq(companyLogos.companyId, companyId))
      .limit(1),
  ]);
  const row = settingsRows[0];
  return {
    settings: row
      ? parseStoredCompanySettings(row.settings, DEFAULT_CAPACITY_TIME_ZONE)
      : defaultCompanySettings(),
    version: row?.version ?? 0,
    logo: logoRows[0] ?? null,
  };
}

/** Only the settings (what the capacity service needs to pick the displayed days). */
export async function readCompanySettings(
  db: Database,
  companyId: number,
): Promise<CompanyBoardSettings> {
  const [row] = await db
    .select({ settings: boardSettings.settings })
    .from(boardSettings)
    .where(eq(boardSettings.companyId, companyId))
    .limit(1);
  return row
    ? parseStoredCompanySettings(row.settings, DEFAULT_CAPACITY_TIME_ZONE)
    : defaultCompanySettings();
}

/**
 * Saves the whole company part if the stored version is still `expectedVersion` (0: nothing
 * stored yet). Returns the new version, or null when someone saved in between (nothing changed).
 */
export async function writeBoardSettings(
  db: Database,
  input: {
    companyId: number;
    settings: CompanyBoardSettings;
    expectedVersion: number;
    userId: string | null;
    now: Date;
  },
): Promise<number | null> {
  const { companyId, settings, expectedVersion, userId, now } = input;
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
  companyId: number,
  userId: string | null,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .insert(boardSettings)
    .values({ companyId, settings: defaultCompanySettings(), version: 1, updatedByUserId: userId })
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

/** Stores (or replaces) the company's logo; the bytes were checked by the caller. */
export async function putLogo(
  db: Database,
  input: {
    companyId: number;
    contentType: LogoContentType;
    data: Buffer;
    userId: string | null;
    now: Date;
  },
): Promise<{ version: number; logo: StoredLogo }> {
  const { companyId, contentType, data, userId, now } = input;
  const sha256 = crypto.createHash('sha256').update(data).digest('hex');
  return db.transaction(async (tx) => {
    await tx
      .insert(companyLogos)
      .values({ companyId, contentType, data, sha256, byteLength: data.length })
      .onConflictDoUpdate({
        target: companyLogos.companyId,
        set: { contentType, data, sha256, byteLength: data.length, updatedAt: now },
      });
    const version = await bumpVersion(tx, companyId, userId, now);
    return { version, logo: { sha256, contentType } };
  });
}

/** Removes the company's logo. Returns the new version (it grows even when there was none). */
export async function deleteLogo(
  db: Database,
  input: { companyId: number; userId: string | null; now: Date },
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.delete(companyLogos).where(eq(companyLogos.companyId, input.companyId));
    return bumpVersion(tx, input.companyId, input.userId, input.now);
  });
}

/** The logo's bytes when `sha256` is the company's current logo; null otherwise. */
export async function readLogo(
  db: Database,
  companyId: number,
  sha256: string,
): Promise<{ contentType: string; data: Buffer } | null> {
  const [row] = await db
    .select({ contentType: companyLogos.contentType, data: companyLogos.data })
    .from(companyLogos)
    .where(and(eq(companyLogos.companyId, companyId), eq(companyLogos.sha256, sha256)))
    .limit(1);
  return row ?? null;
}
