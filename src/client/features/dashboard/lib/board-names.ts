import type { BoardSettingsResponse } from '@shared/api/board-settings';

/** Whose board it is (GET /api/board-settings): the header names them (issue 33, item 4). */
export interface BoardNames {
  company: string | null;
  board: string | null;
  /** How many boards the company has. */
  boards: number;
}

/** The names of a board settings answer; undefined until it is read. */
export function namesOf(data: BoardSettingsResponse | undefined): BoardNames | undefined {
  if (!data) return undefined;
  return { company: data.companyName, board: data.boardName, boards: data.boardCount };
}
