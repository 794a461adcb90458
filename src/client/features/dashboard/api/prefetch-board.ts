import { boardSettingsQuery } from '@/features/board-settings/api/board-settings-api';
import { boardsQuery } from '@/features/boards/api/boards-api';
import { personalViewTypeStore } from '@/hooks/use-personal-view-type';
import { prefetchForFirstMount } from '@/lib/api';
import { capacityQuery } from './get-capacity';

/**
 * Starts a signed-in person's own board reads before anything renders (main.tsx, on `/` when this
 * browser's last answer was a person): the company's settings and the numbers for this person's
 * own view type, together with the page's code and `/api/auth/user`. The board finds them in the
 * query cache instead of asking one after the other once it renders. A failure (signed out since)
 * is left for the board's own queries to meet and show, if the board renders at all.
 */
export function prefetchOwnBoard(boardId?: number): void {
  prefetchForFirstMount(boardSettingsQuery(undefined, boardId));
  prefetchForFirstMount(capacityQuery(personalViewTypeStore.get(), undefined, boardId));
  // The switcher's list (and a named board's view type).
  prefetchForFirstMount(boardsQuery());
}
