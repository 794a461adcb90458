import { providerName } from '../../../shared/providers/platforms.js';
import type { Database } from '../../db/index.js';
import { readSettingsOnly } from '../board-settings/board-settings-store.js';
import { settingsHomeOf, type BoardStore } from '../boards/board-store.js';
import { boardViewOf, type CapacityService } from '../capacity/capacity-service.js';
import { companyProvider } from '../companies/company-store.js';
import type { BoardReading } from './alert-service.js';

/**
 * How a rule reads its board (issue 23): the board's own settings (displayed days, zone,
 * workdays, holidays) and its answer as its screens get it (its view type and items).
 */
export function createBoardReader(deps: {
  db: Database;
  boards: BoardStore;
  capacity: CapacityService;
}): (boardId: number) => Promise<BoardReading | null> {
  return async (boardId) => {
    const board = await deps.boards.byId(boardId);
    if (!board) return null;
    const home = settingsHomeOf(board);
    const [settings, answer, list, provider] = await Promise.all([
      readSettingsOnly(deps.db, home),
      deps.capacity.boardForCompany(board.companyId, board.viewType, boardViewOf(board)),
      deps.boards.cachedList(board.companyId),
      companyProvider(deps.db, board.companyId),
    ]);
    return {
      board: {
        id: board.id,
        companyId: board.companyId,
        name: board.name,
        first: list[0]?.id === board.id,
      },
      platformName: providerName(provider),
      settings,
      answer,
    };
  };
}
