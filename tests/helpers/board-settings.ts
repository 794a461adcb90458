import type { FastifyInstance } from 'fastify';
import type { CompanyBoardSettings } from '../../src/shared/settings/dashboard-settings.js';
import {
  readBoardSettings,
  writeBoardSettings,
  type SettingsHome,
} from '../../src/server/services/board-settings/board-settings-store.js';
import { settingsHomeOf } from '../../src/server/services/boards/board-store.js';

/** Where the company's first board (what a request without `boardId` reads) keeps its settings. */
export async function firstBoardHome(
  app: FastifyInstance,
  companyId: number,
): Promise<SettingsHome> {
  return settingsHomeOf(await app.services.boards.first(companyId));
}

/**
 * Stores a company's board settings (the seed defaults with `changes` over them) through the
 * store, as an admin's save would: the capacity service picks the displayed days from them.
 */
export async function setCompanyBoardSettings(
  app: FastifyInstance,
  companyId: number,
  changes: Partial<CompanyBoardSettings>,
): Promise<number> {
  const home = await firstBoardHome(app, companyId);
  const current = await readBoardSettings(app.db, home);
  const version = await writeBoardSettings(app.db, {
    home,
    settings: { ...current.settings, ...changes },
    expectedVersion: current.version,
    userId: null,
    now: new Date(),
  });
  if (version === null) throw new Error('the board settings changed while the test wrote them');
  return version;
}
