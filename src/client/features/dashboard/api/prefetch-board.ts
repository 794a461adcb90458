import { boardSettingsQuery } from '@/features/board-settings/api/board-settings-api';
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
export function prefetchOwnBoard(): void {
  prefetchForFirstMount(boardSettingsQuery());
  prefetchForFirstMount(capacityQuery(personalViewTypeStore.get()));
}
