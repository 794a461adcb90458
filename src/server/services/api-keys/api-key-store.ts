import crypto from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  API_KEY_PREFIX,
  API_KEY_SCOPES,
  type ApiKeyScope,
  type ApiKeyView,
} from '../../../shared/api/api-keys.js';
import type { Database } from '../../db/index.js';
import { apiKeys, messageBudgets, users } from '../../db/schema.js';

/**
 * API keys (issue 37, decision 050), the one module on `api_keys`. A key is `cbk_` and 32 random
 * bytes (256 bits, base64url); only its SHA-256 is stored. A key of that entropy cannot be
 * guessed from its hash, so a slow password hash (bcrypt, scrypt) would only make every request
 * slower: SHA-256 is what GitHub's and Stripe's tokens are looked up by too, in one indexed read.
 */

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A key as a request holds it. */
export interface ApiKeyCaller {
  id: number;
  companyId: number;
  scopes: ApiKeyScope[];
  boardIds: number[] | null;
  lastUsedAt: Date | null;
  lastUsedFrom: string | null;
}

/** `last_used_at` is written at most this often per key (or when the address changes). */
export const API_KEY_TOUCH_INTERVAL_MS = 60_000;

export const hashApiKey = (key: string): string => crypto.hash('sha256', key, 'hex');

/** A new key: the prefix and 32 random bytes. */
export const newApiKey = (): string =>
  `${API_KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;

/** The shape a key must have to be looked up at all (anything else is refused unread). */
export const API_KEY_PATTERN = /^cbk_[A-Za-z0-9_-]{43}$/;

const knownScopes = (scopes: string[]): ApiKeyScope[] =>
  scopes.filter((s): s is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(s));

export interface ApiKeyStore {
  create(options: {
    companyId: number;
    name: string;
    scopes: ApiKeyScope[];
    boardIds: number[] | null;
    createdByUserId: string;
  }): Promise<{ key: string; view: ApiKeyView }>;
  /** The company's keys not revoked, oldest first (null: every company's). */
  list(companyId: number | null): Promise<ApiKeyView[]>;
  /** The live key a presented key is, or null (unknown or revoked): read on every request. */
  byKey(key: string): Promise<ApiKeyCaller | null>;
  /** A live key by id (its company decides who may revoke it). */
  byId(id: number): Promise<{ id: number; companyId: number } | null>;
  /** Revokes at once: the key's next request, on any instance, answers 401. */
  revoke(id: number, now: Date): Promise<boolean>;
  /** Records when and from where a key was last used. */
  touch(id: number, now: Date, from: string): Promise<void>;
  /**
   * Counts one request against the key's budget for the current window, shared by every
   * instance (the same `message_budgets` rows the invitation limits use). Answers how many are
   * left and when the window ends; `allowed` false past the limit.
   */
  count(
    id: number,
    limit: number,
    windowMs: number,
    now: Date,
  ): Promise<{ allowed: boolean; remaining: number; resetSeconds: number }>;
}

export function createApiKeyStore(db: Database): ApiKeyStore {
  const creatorName = sql<
    string | null
  >`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.email})`;
  const selection = {
    id: apiKeys.id,
    name: apiKeys.name,
    lastFour: apiKeys.lastFour,
    scopes: apiKeys.scopes,
    boardIds: apiKeys.boardIds,
    createdAt: apiKeys.createdAt,
    lastUsedAt: apiKeys.lastUsedAt,
    lastUsedFrom: apiKeys.lastUsedFrom,
    createdBy: creatorName,
  };
  interface Selected {
    id: number;
    name: string;
    lastFour: string;
    scopes: string[];
    boardIds: number[] | null;
    createdAt: Date;
    lastUsedAt: Date | null;
    lastUsedFrom: string | null;
    createdBy: string | null;
  }
  const view = (row: Selected): ApiKeyView => ({
    id: row.id,
    name: row.name,
    prefix: API_KEY_PREFIX,
    lastFour: row.lastFour,
    scopes: knownScopes(row.scopes),
    boardIds: row.boardIds,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedFrom: row.lastUsedFrom,
  });

  async function viewById(id: number): Promise<ApiKeyView> {
    const [row] = await db
      .select(selection)
      .from(apiKeys)
      .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
      .where(eq(apiKeys.id, id));
    return view(row!);
  }

  return {
    async create({ companyId, name, scopes, boardIds, createdByUserId }) {
      const key = newApiKey();
      const [row] = await db
        .insert(apiKeys)
        .values({
          companyId,
          name,
          keyHash: hashApiKey(key),
          lastFour: key.slice(-4),
          scopes,
          boardIds,
          createdByUserId,
        })
        .returning({ id: apiKeys.id });
      return { key, view: await viewById(row!.id) };
    },

    async list(companyId) {
      const rows = await db
        .select(selection)
        .from(apiKeys)
        .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
        .where(
          companyId === null
            ? isNull(apiKeys.revokedAt)
            : and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)),
        )
        .orderBy(asc(apiKeys.id));
      return rows.map(view);
    },

    async byKey(key) {
      if (!API_KEY_PATTERN.test(key)) return null;
      const [row] = await db
        .select({
          id: apiKeys.id,
          companyId: apiKeys.companyId,
          scopes: apiKeys.scopes,
          boardIds: apiKeys.boardIds,
          lastUsedAt: apiKeys.lastUsedAt,
          lastUsedFrom: apiKeys.lastUsedFrom,
        })
        .from(apiKeys)
        .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)));
      return row ? { ...row, scopes: knownScopes(row.scopes) } : null;
    },

    async byId(id) {
      const [row] = await db
        .select({ id: apiKeys.id, companyId: apiKeys.companyId })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
      return row ?? null;
    },

    async revoke(id, now) {
      const done = await db
        .update(apiKeys)
        .set({ revokedAt: now })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return done.length > 0;
    },

    async touch(id, now, from) {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: now, lastUsedFrom: from })
        .where(eq(apiKeys.id, id));
    },

    async count(id, limit, windowMs, now) {
      const until = new Date((Math.floor(now.getTime() / windowMs) + 1) * windowMs);
      const resetSeconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
      const taken = await db
        .insert(messageBudgets)
        .values({ key: `api-key:${id}`, until, used: 1 })
        .onConflictDoUpdate({
          target: [messageBudgets.key, messageBudgets.until],
          set: { used: sql`${messageBudgets.used} + 1` },
          setWhere: sql`${messageBudgets.used} < ${limit}`,
        })
        .returning({ used: messageBudgets.used });
      if (taken.length === 0) return { allowed: false, remaining: 0, resetSeconds };
      return { allowed: true, remaining: Math.max(0, limit - taken[0]!.used), resetSeconds };
    },
  };
}
