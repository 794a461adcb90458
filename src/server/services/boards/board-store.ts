import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { ItemType } from '../../../shared/api/item-groups.js';
import {
  MAX_BOARDS_PER_COMPANY,
  type BoardItemId,
  type BoardMeasure,
} from '../../../shared/api/boards.js';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/index.js';
import type { EventBus } from '../events/contract.js';
import { boards, companies, screens } from '../../db/schema.js';
import {
  defaultCompanySettings,
  readSettingsOnly,
  type SettingsHome,
} from '../board-settings/board-settings-store.js';

/**
 * A company's boards (issue 26, decision 014): the one module that reads and writes `boards`
 * (their settings and logos: ../board-settings/board-settings-store.ts). A company always has at
 * least one board: one made before boards existed, or by an instance of the previous version
 * during a rolling deploy, gets its first board when its boards are first asked for.
 */

export interface BoardRow {
  id: number;
  companyId: number;
  name: string;
  viewType: ItemType;
  /** Jobs against targets, or technician hours (issue 35; business-unit boards only). */
  measure: BoardMeasure;
  /** null: every item (new items on the platform appear). */
  itemIds: BoardItemId[] | null;
  position: number;
  /** Its settings and logo are the company's `board_settings` / `company_logos` rows. */
  readThrough: boolean;
}

export interface BoardWithScreens extends BoardRow {
  screenCount: number;
}

export type DeleteBoardResult =
  | { status: 'deleted'; board: BoardRow; movedScreens: number }
  | { status: 'not-found' | 'last-board' | 'has-screens' | 'bad-target' };

export interface BoardStore {
  /** The company's boards in order (its first board made if it has none). */
  list(companyId: number): Promise<BoardRow[]>;
  /**
   * As `list`, from memory (every board request names one: the hot path); dropped by
   * `boards.changed` here and on every instance, and at most BOARD_LIST_TTL_MS old.
   */
  cachedList(companyId: number): Promise<BoardRow[]>;
  /** What `cachedList` has in memory, without waiting; undefined when it would read. */
  rememberedList(companyId: number): BoardRow[] | undefined;
  /** Stops listening for events. */
  close(): void;
  /** As `list`, with how many screens show each board. */
  listWithScreens(companyId: number): Promise<BoardWithScreens[]>;
  byId(id: number): Promise<BoardRow | null>;
  /** The board a request without `boardId` reads: the company's first. */
  first(companyId: number): Promise<BoardRow>;
  /** A new last board with a copy of the first board's settings; null at the limit. */
  create(input: {
    companyId: number;
    name: string;
    viewType: ItemType;
    measure?: BoardMeasure;
    itemIds: BoardItemId[] | null;
    userId: string | null;
  }): Promise<BoardRow | null>;
  /** Renames, re-types, re-picks items or moves the board to `position` (0 = first). */
  update(
    id: number,
    patch: {
      name?: string;
      viewType?: ItemType;
      measure?: BoardMeasure;
      itemIds?: BoardItemId[] | null;
      position?: number;
    },
  ): Promise<BoardRow | null>;
  /** Deletes a board; its screens move to `moveScreensTo` (required when it has any). */
  remove(id: number, moveScreensTo: number | undefined): Promise<DeleteBoardResult>;
}

/** Where a board's settings live, for the settings store. */
export const settingsHomeOf = (board: BoardRow): SettingsHome => ({
  boardId: board.id,
  companyId: board.companyId,
  readThrough: board.readThrough,
});

/** The name a company's first board gets (the migration's too). */
export const FIRST_BOARD_NAME = 'Main board';

const columns = {
  id: boards.id,
  companyId: boards.companyId,
  name: boards.name,
  viewType: boards.viewType,
  measure: boards.measure,
  itemIds: boards.itemIds,
  position: boards.position,
  readThrough: sql<boolean>`${boards.settings} is null`,
};

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** How long a company's board list is used from memory when no event dropped it. */
export const BOARD_LIST_TTL_MS = 5_000;

export function createBoardStore(db: Database, events?: EventBus): BoardStore {
  const cache = new LRUCache<number, BoardRow[]>({ max: 20_000, ttl: BOARD_LIST_TTL_MS });
  let epoch = 0;
  /** This instance's memory of a company's boards goes (its own change; others: the event). */
  const forget = (companyId: number) => {
    epoch += 1;
    cache.delete(companyId);
  };
  const unsubscribe = events?.subscribe((event) => {
    if (event.type === 'boards.changed') forget(event.companyId);
  });
  const unsubscribeMissed = events?.onMissedEvents(() => {
    epoch += 1;
    cache.clear();
  });

  async function rowsOf(companyId: number, handle: Database | Tx = db): Promise<BoardRow[]> {
    return handle
      .select(columns)
      .from(boards)
      .where(eq(boards.companyId, companyId))
      .orderBy(asc(boards.position), asc(boards.id));
  }

  async function list(companyId: number): Promise<BoardRow[]> {
    const rows = await rowsOf(companyId);
    if (rows.length > 0) return rows;
    // The company's first board, reading through to its board_settings row. Two instances
    // racing here: the partial unique index lets one insert and the other do nothing.
    await db.execute(sql`
      insert into ${boards} (company_id, name, view_type, position, settings)
      select ${companyId}, ${FIRST_BOARD_NAME}, 'businessUnit', 0, null
      where exists (select 1 from ${companies} where id = ${companyId})
        and not exists (select 1 from ${boards} where company_id = ${companyId})
      on conflict do nothing`);
    return rowsOf(companyId);
  }

  async function byId(id: number): Promise<BoardRow | null> {
    const [row] = await db.select(columns).from(boards).where(eq(boards.id, id)).limit(1);
    return row ?? null;
  }

  /** Numbers the boards 0..n-1 in the given order. */
  async function renumber(tx: Tx, ordered: BoardRow[]): Promise<void> {
    for (const [index, board] of ordered.entries()) {
      if (board.position !== index) {
        await tx.update(boards).set({ position: index }).where(eq(boards.id, board.id));
      }
    }
  }

  /** Serializes a company's board changes (limit, order, last board) on its row. */
  const lockCompany = (tx: Tx, companyId: number) =>
    tx.execute(sql`select id from ${companies} where id = ${companyId} for update`);

  return {
    list,

    rememberedList: (companyId) => cache.get(companyId),

    async cachedList(companyId) {
      const cached = cache.get(companyId);
      if (cached) return cached;
      const startedIn = epoch;
      const rows = await list(companyId);
      if (startedIn === epoch) cache.set(companyId, rows);
      return rows;
    },

    close() {
      unsubscribe?.();
      unsubscribeMissed?.();
    },

    async listWithScreens(companyId) {
      const rows = await list(companyId);
      const counts = await db
        .select({ boardId: screens.boardId, n: count() })
        .from(screens)
        .where(eq(screens.companyId, companyId))
        .groupBy(screens.boardId);
      const byBoard = new Map(counts.map((c) => [c.boardId, c.n]));
      // A screen without a board (paired by the previous version) shows the first board.
      return rows.map((board, index) => ({
        ...board,
        screenCount: (byBoard.get(board.id) ?? 0) + (index === 0 ? (byBoard.get(null) ?? 0) : 0),
      }));
    },

    byId,

    async first(companyId) {
      const [first] = await list(companyId);
      if (!first) throw new Error(`company ${companyId} has no boards`);
      return first;
    },

    async create({ companyId, name, viewType, measure = 'jobs', itemIds, userId }) {
      forget(companyId);
      const [first] = await list(companyId);
      const settings = first
        ? await readSettingsOnly(db, settingsHomeOf(first))
        : defaultCompanySettings();
      return db.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        const existing = await rowsOf(companyId, tx);
        if (existing.length >= MAX_BOARDS_PER_COMPANY) return null;
        const [row] = await tx
          .insert(boards)
          .values({
            companyId,
            name,
            viewType,
            measure,
            itemIds,
            position: existing.length,
            settings,
            version: 1,
            updatedByUserId: userId,
          })
          .returning({ id: boards.id });
        const [created] = await tx.select(columns).from(boards).where(eq(boards.id, row!.id));
        return created!;
      });
    },

    async update(id, patch) {
      const { position, ...fields } = patch;
      return db.transaction(async (tx) => {
        const [board] = await tx.select(columns).from(boards).where(eq(boards.id, id));
        if (!board) return null;
        forget(board.companyId);
        if (Object.keys(fields).length > 0) {
          await tx
            .update(boards)
            .set({ ...fields, updatedAt: new Date() })
            .where(eq(boards.id, id));
        }
        if (position !== undefined) {
          await lockCompany(tx, board.companyId);
          const others = (await rowsOf(board.companyId, tx)).filter((b) => b.id !== id);
          const at = Math.min(position, others.length);
          await renumber(tx, [...others.slice(0, at), board, ...others.slice(at)]);
        }
        const [updated] = await tx.select(columns).from(boards).where(eq(boards.id, id));
        return updated ?? null;
      });
    },

    async remove(id, moveScreensTo) {
      return db.transaction(async (tx): Promise<DeleteBoardResult> => {
        const [board] = await tx.select(columns).from(boards).where(eq(boards.id, id));
        if (!board) return { status: 'not-found' };
        forget(board.companyId);
        await lockCompany(tx, board.companyId);
        const all = await rowsOf(board.companyId, tx);
        if (all.length <= 1) return { status: 'last-board' };
        const target =
          moveScreensTo === undefined ? undefined : all.find((b) => b.id === moveScreensTo);
        if (moveScreensTo !== undefined && (!target || target.id === id)) {
          return { status: 'bad-target' };
        }
        const isFirst = all[0]!.id === id;
        // Its screens, and when it is the first board, screens that show the first board by default.
        const own = and(
          eq(screens.companyId, board.companyId),
          isFirst
            ? sql`(${screens.boardId} = ${id} or ${screens.boardId} is null)`
            : eq(screens.boardId, id),
        );
        const [{ n }] = (await tx.select({ n: count() }).from(screens).where(own)) as [
          { n: number },
        ];
        if (n > 0 && !target) return { status: 'has-screens' };
        if (n > 0 && target) await tx.update(screens).set({ boardId: target.id }).where(own);
        await tx.delete(boards).where(eq(boards.id, id));
        await renumber(
          tx,
          all.filter((b) => b.id !== id),
        );
        return { status: 'deleted', board, movedScreens: n };
      });
    },
  };
}

/** Screens whose board is NULL show the company's first board (used by the screen store). */
export const firstBoardIdOf = (companyIdColumn: typeof screens.companyId) =>
  sql<number>`(select ${boards.id} from ${boards} where ${boards.companyId} = ${companyIdColumn} order by ${boards.position}, ${boards.id} limit 1)`;
