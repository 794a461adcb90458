import { LRUCache } from 'lru-cache';
import type { ItemType } from '../../../shared/api/item-groups.js';
import type { PreparedAnswer } from './prepared-answer.js';

export interface BoardUser {
  id: string;
  /** Whose preferences and groups shape the board (decision 007); none without a company. */
  companyId: number | null;
  /** A company's board opened by a master admin (`?companyId=`): its credential is used. */
  boardCompanyId?: number | undefined;
}

/**
 * A computed board answer is served from memory at most this long. Events drop it sooner
 * (capacity.updated, settings.changed, preferences.changed, credentials.changed, session.ended);
 * the limit bounds what no event announces: the day rolling over, numbers turning stale with
 * age, and the refresh schedule noticing the board is still watched (computeBoard runs at least
 * once per limit per viewer while requests come in).
 */
export const BOARD_ANSWER_TTL_MS = 1_000;

interface Entry {
  answer: PreparedAnswer;
  boardCompany: number | null;
  userId: string;
  validUntil: number;
}

/** An entry with what it was made for (its viewer's id is its list's key). */
interface KeyedEntry extends Entry {
  companyId: number | null;
  boardCompanyId: number | undefined;
  viewType: ItemType;
  boardId: number | undefined;
}

export interface AnswerCache {
  /** The viewer's remembered answer while it is valid on the service clock `at`. */
  get(
    user: BoardUser,
    viewType: ItemType,
    at: number,
    boardId?: number,
  ): PreparedAnswer | undefined;
  /** Marks the start of a computation: pass the mark to `remember`. */
  mark(): number;
  /**
   * Remembers an answer unless something was dropped since `mark` (an answer computed before
   * an event must not be remembered).
   */
  remember(
    user: BoardUser,
    viewType: ItemType,
    entry: Omit<Entry, 'userId'>,
    mark: number,
    boardId?: number,
  ): void;
  /** Drops the answers of one board company's boards. */
  dropCompany(companyId: number): void;
  /** Drops the answers made for one user. */
  dropUser(userId: string): void;
  /** Drops what matches either (a credential change). */
  dropCompanyOrUser(companyId: number | null, userId: string | undefined): void;
  /** Drops every answer. */
  clear(): void;
  /** Something changed that no drop names: answers under way are not remembered. */
  bump(): void;
}

/**
 * Pre-serialized board answers per viewer and view type (the warm path of a wall of screens,
 * issue 13). An entry names the board company and the user whose credential it used, so the
 * events that change them drop exactly theirs (capacity-events.ts).
 *
 * Kept per viewer id, each viewer's few answers in a list (a company, a board company, a view
 * type, a board): a read finds its viewer by the id string it already holds, instead of making
 * and hashing a key of five parts on every request.
 */
export function createAnswerCache(): AnswerCache {
  const answers = new LRUCache<string, KeyedEntry[]>({ max: 10_000, ttl: BOARD_ANSWER_TTL_MS });
  /** Bumped by every event: an answer computed before one must not be remembered. */
  let epoch = 0;
  const matches = (
    entry: KeyedEntry,
    user: BoardUser,
    viewType: ItemType,
    boardId: number | undefined,
  ) =>
    entry.viewType === viewType &&
    entry.boardId === boardId &&
    entry.companyId === user.companyId &&
    entry.boardCompanyId === user.boardCompanyId;
  const drop = (match: (entry: Entry) => boolean) => {
    for (const [viewer, entries] of answers.entries()) {
      const kept = entries.filter((entry) => !match(entry));
      if (kept.length === 0) answers.delete(viewer);
      else if (kept.length < entries.length) answers.set(viewer, kept, { noUpdateTTL: true });
    }
  };
  return {
    get(user, viewType, at, boardId) {
      const entries = answers.get(user.id);
      if (!entries) return undefined;
      for (const entry of entries) {
        // On the service clock too: the day, the age of the numbers and the snapshots' next
        // refresh (which a request past it must start) are on it.
        if (matches(entry, user, viewType, boardId)) {
          return at < entry.validUntil ? entry.answer : undefined;
        }
      }
      return undefined;
    },
    mark: () => epoch,
    remember(user, viewType, entry, mark, boardId) {
      if (mark !== epoch) return;
      // The new answer replaces the one for the same board, and answers long past their time go.
      const madeAfter = entry.validUntil - BOARD_ANSWER_TTL_MS;
      const existing = answers.get(user.id);
      const others = (existing ?? []).filter(
        (old) => !matches(old, user, viewType, boardId) && old.validUntil > madeAfter,
      );
      const keyed = {
        ...entry,
        userId: user.id,
        companyId: user.companyId,
        boardCompanyId: user.boardCompanyId,
        viewType,
        boardId,
      };
      // A list keeps the time limit it started with, so no answer in it outlives
      // BOARD_ANSWER_TTL_MS of real time either (as each entry did on its own).
      answers.set(user.id, [...others, keyed], { noUpdateTTL: existing !== undefined });
    },
    dropCompany(companyId) {
      drop((entry) => entry.boardCompany === companyId);
    },
    dropUser(userId) {
      drop((entry) => entry.userId === userId);
    },
    dropCompanyOrUser(companyId, userId) {
      drop(
        (entry) =>
          (companyId !== null && entry.boardCompany === companyId) ||
          (userId !== undefined && entry.userId === userId),
      );
    },
    clear() {
      answers.clear();
    },
    bump() {
      epoch += 1;
    },
  };
}
