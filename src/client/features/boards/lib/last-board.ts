import { readStorage, writeStorage } from '@/lib/storage';

/**
 * The board each person last opened in this browser (issue 26: `/` opens it), by user id, so
 * two people sharing a browser each come back to their own. Only boards of their own company
 * (a master admin's look at another company's board is not remembered).
 */
export const LAST_BOARD_KEY = 'lastBoard';

function remembered(): Record<string, number> {
  try {
    const value: unknown = JSON.parse(readStorage(LAST_BOARD_KEY) ?? '{}');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, number] =>
          typeof entry[1] === 'number' && Number.isSafeInteger(entry[1]) && entry[1] > 0,
      ),
    );
  } catch {
    return {};
  }
}

export function lastBoardOf(userId: string): number | null {
  return remembered()[userId] ?? null;
}

export function rememberBoard(userId: string, boardId: number | null): void {
  const others = Object.entries(remembered()).filter(([id]) => id !== userId);
  const all = Object.fromEntries(boardId === null ? others : [...others, [userId, boardId]]);
  writeStorage(LAST_BOARD_KEY, JSON.stringify(all));
}

/** A board id from the address (`/boards/:id`), when it is one. */
export function boardIdFrom(text: string | undefined): number | undefined {
  return text && /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : undefined;
}
