import crypto from 'node:crypto';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { ItemType } from '../../../shared/api/item-groups.js';
import {
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_CODE_TTL_SECONDS,
} from '../../../shared/screens/pairing-code.js';
import type { Database } from '../../db/index.js';
import { companies, screenPairings, screens, type ScreenKind } from '../../db/schema.js';
import { firstBoardIdOf } from '../boards/board-store.js';

/**
 * Paired TV screens, screen links and pending pairings (issue 11, decision 010). Secrets and
 * codes are random and kept only as their SHA-256: the database never holds a usable credential.
 */

/** SHA-256 of a device secret, link token or pairing code, as stored (one-shot: every request). */
export const hashScreenSecret = (secret: string) => crypto.hash('sha256', secret, 'base64url');

/** A new device secret or link token: 32 random bytes. */
export const newScreenSecret = () => crypto.randomBytes(32).toString('base64url');

function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++) {
    code += PAIRING_CODE_ALPHABET[crypto.randomInt(PAIRING_CODE_ALPHABET.length)];
  }
  return code;
}

/** A screen row with its company's name. */
export interface ScreenRow {
  id: number;
  companyId: number;
  companyName: string;
  name: string;
  kind: ScreenKind;
  viewType: ItemType;
  /**
   * The board it shows (its own, else the company's first); null only for a company whose first
   * board is not made yet (the board store makes it when asked).
   */
  boardId: number | null;
  pairedAt: Date;
  lastSeenAt: Date | null;
  boardVersion: string | null;
}

const screenColumns = {
  id: screens.id,
  companyId: screens.companyId,
  companyName: companies.name,
  name: screens.name,
  kind: screens.kind,
  viewType: screens.viewType,
  boardId: sql<number | null>`coalesce(${screens.boardId}, ${firstBoardIdOf(screens.companyId)})`,
  pairedAt: screens.pairedAt,
  lastSeenAt: screens.lastSeenAt,
  boardVersion: screens.boardVersion,
};

export type ClaimResult =
  { status: 'paired'; screen: ScreenRow } | { status: 'unknown' | 'expired' };

export interface ScreenStore {
  /** A new pairing for a TV: the device secret (for its cookie) and the code it shows. */
  startPairing(now: Date): Promise<{ secret: string; code: string; expiresAt: Date }>;
  /** The pending pairing a device secret belongs to, while it is valid. */
  pairingFor(secretHash: string, now: Date): Promise<{ expiresAt: Date } | null>;
  /** Turns a code into a screen, once: the pairing row is deleted whatever the outcome. */
  claim(options: {
    code: string;
    now: Date;
    companyId: number;
    name: string;
    viewType: ItemType;
    /** Omitted or null: the company's first board. */
    boardId?: number | null;
    createdByUserId: string;
  }): Promise<ClaimResult>;
  /** A screen link: a new screen whose credential is a token shown once. */
  createLink(options: {
    companyId: number;
    name: string;
    viewType: ItemType;
    /** Omitted or null: the company's first board. */
    boardId?: number | null;
    createdByUserId: string;
  }): Promise<{ screen: ScreenRow; token: string }>;
  /** The screen a credential belongs to (null: never issued, or revoked). */
  byTokenHash(tokenHash: string): Promise<ScreenRow | null>;
  byId(id: number): Promise<ScreenRow | null>;
  /** Screens of one company, or of every company (null), oldest first. */
  list(companyId: number | null): Promise<ScreenRow[]>;
  /** Records that the screen was seen now, running `boardVersion` (when it said). */
  touch(id: number, now: Date, boardVersion: string | null): Promise<void>;
  update(
    id: number,
    patch: { name?: string; viewType?: ItemType; boardId?: number },
  ): Promise<ScreenRow | null>;
  /** Revokes: the row goes, so its credential is refused at once. */
  remove(id: number): Promise<boolean>;
  /** A screen link's new token; the old one stops working. */
  regenerate(id: number): Promise<string | null>;
}

export function createScreenStore(db: Database): ScreenStore {
  async function byId(id: number): Promise<ScreenRow | null> {
    const [row] = await db
      .select(screenColumns)
      .from(screens)
      .innerJoin(companies, eq(companies.id, screens.companyId))
      .where(eq(screens.id, id))
      .limit(1);
    return row ?? null;
  }

  return {
    async startPairing(now) {
      // Opportunistic clean-up keeps the table small without a scheduler.
      await db.delete(screenPairings).where(lt(screenPairings.expiresAt, now));
      const secret = newScreenSecret();
      const expiresAt = new Date(now.getTime() + PAIRING_CODE_TTL_SECONDS * 1000);
      // 25^6 = 244 million codes; a collision with a live one is rare, and retried.
      for (let attempt = 0; ; attempt++) {
        const code = newPairingCode();
        const inserted = await db
          .insert(screenPairings)
          .values({
            codeHash: hashScreenSecret(code),
            secretHash: hashScreenSecret(secret),
            expiresAt,
          })
          .onConflictDoNothing()
          .returning({ codeHash: screenPairings.codeHash });
        if (inserted.length > 0) return { secret, code, expiresAt };
        if (attempt >= 5) throw new Error('could not find a free pairing code');
      }
    },

    async pairingFor(secretHash, now) {
      const [row] = await db
        .select({ expiresAt: screenPairings.expiresAt })
        .from(screenPairings)
        .where(eq(screenPairings.secretHash, secretHash))
        .limit(1);
      return row && row.expiresAt > now ? row : null;
    },

    async claim({ code, now, companyId, name, viewType, boardId, createdByUserId }) {
      // Deleting first makes the code single use even when two admins race for it.
      const [pairing] = await db
        .delete(screenPairings)
        .where(eq(screenPairings.codeHash, hashScreenSecret(code)))
        .returning();
      if (!pairing) return { status: 'unknown' };
      if (pairing.expiresAt <= now) return { status: 'expired' };
      const [row] = await db
        .insert(screens)
        .values({
          companyId,
          name,
          kind: 'paired',
          tokenHash: pairing.secretHash,
          viewType,
          boardId: boardId ?? null,
          createdByUserId,
          pairedAt: now,
        })
        .returning({ id: screens.id });
      const screen = await byId(row!.id);
      return { status: 'paired', screen: screen! };
    },

    async createLink({ companyId, name, viewType, boardId, createdByUserId }) {
      const token = newScreenSecret();
      const [row] = await db
        .insert(screens)
        .values({
          companyId,
          name,
          kind: 'link',
          tokenHash: hashScreenSecret(token),
          viewType,
          boardId: boardId ?? null,
          createdByUserId,
        })
        .returning({ id: screens.id });
      return { screen: (await byId(row!.id))!, token };
    },

    async byTokenHash(tokenHash) {
      const [row] = await db
        .select(screenColumns)
        .from(screens)
        .innerJoin(companies, eq(companies.id, screens.companyId))
        .where(eq(screens.tokenHash, tokenHash))
        .limit(1);
      return row ?? null;
    },

    byId,

    async list(companyId) {
      return db
        .select(screenColumns)
        .from(screens)
        .innerJoin(companies, eq(companies.id, screens.companyId))
        .where(companyId === null ? undefined : eq(screens.companyId, companyId))
        .orderBy(asc(companies.name), asc(screens.id));
    },

    async touch(id, now, boardVersion) {
      await db
        .update(screens)
        .set({ lastSeenAt: now, ...(boardVersion ? { boardVersion } : {}) })
        .where(eq(screens.id, id));
    },

    async update(id, patch) {
      if (patch.name === undefined && patch.viewType === undefined && patch.boardId === undefined)
        return byId(id);
      const updated = await db
        .update(screens)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(screens.id, id))
        .returning({ id: screens.id });
      return updated.length > 0 ? byId(id) : null;
    },

    async remove(id) {
      const deleted = await db
        .delete(screens)
        .where(eq(screens.id, id))
        .returning({ id: screens.id });
      return deleted.length > 0;
    },

    async regenerate(id) {
      const token = newScreenSecret();
      const updated = await db
        .update(screens)
        .set({ tokenHash: hashScreenSecret(token), updatedAt: new Date() })
        .where(and(eq(screens.id, id), eq(screens.kind, 'link')))
        .returning({ id: screens.id });
      return updated.length > 0 ? token : null;
    },
  };
}
