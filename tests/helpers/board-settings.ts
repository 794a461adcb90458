import type { FastifyInstance } from 'fastify';
import type { CompanyBoardSettings } from '../../src/shared/settings/dashboard-settings.js';
import {
  readBoardSettings,
  writeBoardSettings,
} from '../../src/server/services/board-settings/board-settings-store.js';

/**
 * Stores a company's board settings (the seed defaults with `changes` over them) through the
 * store, as an admin's save would: the capacity service picks the displayed days from them.
 */
export async function setCompanyBoardSettings(
  app: FastifyInstance,
  companyId: number,
  changes: Partial<CompanyBoardSettings>,
): Promise<number> {
  const current = await readBoardSettings(app.db, companyId);
  const version = await writeBoardSettings(app.db, {
    companyId,
    settings: { ...current.settings, ...changes },
    expectedVersion: current.version,
    userId: null,
    now: new Date(),
  });
  if (version === null) throw new Error('the board settings changed while the test wrote them');
  return version;
}
