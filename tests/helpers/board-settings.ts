import type { FastifyInstance } from 'fastify';
import type { CompanyBoardSettings } from '../../src/shared/settings/dashboard-settings.js';
import {
  readBoardSettings,
  writeBoardSettings,
  type SettingsHome,
} from '../../src/server/services/board-settings/board-settings-store.js';
import { settingsHomeOf, type BoardRow } from '../../src/server/services/boards/board-store.js';

/** Where the company's first board (what a request without `boardId` reads) keeps its settings. */
export async function firstBoardHome(
  app: FastifyInstance,
  companyId: number,
): Promise<SettingsHome> {
  return settingsHomeOf(await app.services.boards.first(companyId));
}

/**
 * Stores `changes` over the settings kept at `home` through the store, as an admin's save would
 * (at `now`): the capacity service picks the displayed days from them. The new version.
 */
async function changeBoardSettings(
  app: FastifyInstance,
  home: SettingsHome,
  changes: Partial<CompanyBoardSettings>,
  now = new Date(),
): Promise<number> {
  const current = await readBoardSettings(app.db, home);
  const version = await writeBoardSettings(app.db, {
    home,
    settings: { ...current.settings, ...changes },
    expectedVersion: current.version,
    userId: null,
    now,
  });
  if (version === null) throw new Error('the board settings changed while the test wrote them');
  return version;
}

/** Stores a company's board settings (the seed defaults with `changes` over them). */
export async function setCompanyBoardSettings(
  app: FastifyInstance,
  companyId: number,
  changes: Partial<CompanyBoardSettings>,
): Promise<number> {
  return changeBoardSettings(app, await firstBoardHome(app, companyId), changes);
}

/**
 * A new business-unit board of the company, named `name`, with every item: the first board's
 * settings with `changes` over them, saved at `now`.
 */
export async function createBoardWithSettings(
  app: FastifyInstance,
  companyId: number,
  name: string,
  changes: Partial<CompanyBoardSettings>,
  now: Date,
): Promise<BoardRow> {
  const board = await app.services.boards.create({
    companyId,
    name,
    viewType: 'businessUnit',
    itemIds: null,
    userId: null,
  });
  if (!board) throw new Error('the company has as many boards as it may have');
  await changeBoardSettings(app, settingsHomeOf(board), changes, now);
  return board;
}
