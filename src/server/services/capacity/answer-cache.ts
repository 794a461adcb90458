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
 */
export function createAnswerCache(): AnswerCache {
  const answers = new LRUCache<string, Entry>({ max: 10_000, ttl: BOARD_ANSWER_TTL_MS });
  /** Bumped by every event: an answer computed before one must not be remembered. */
  let epoch = 0;
  const keyOf = (user: BoardUser, viewType: ItemType, boardId: number | undefined) =>
    `${user.id}|${user.companyId ?? ''}|${user.boardCompanyId ?? ''}|${viewType}|${boardId ?? ''}`;
  const drop = (match: (entry: Entry) => boolean) => {
    for (const [key, entry] of answers.entries()) if (match(entry)) answers.delete(key);
  };
  return {
    get(user, viewType, at, boardId) {
      const entry = answers.get(keyOf(user, viewType, boardId));
      if (!entry) return undefined;
      // On the service clock too: the day, the age of the numbers and the snapshots' next
      // refresh (which a request past it must start) are on it.
      return at < entry.validUntil ? entry.answer : undefined;
    },
    mark: () => epoch,
    remember(user, viewType, entry, mark, boardId) {
      if (mark !== epoch) return;
      answers.set(keyOf(user, viewType, boardId), { ...entry, userId: user.id });
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
