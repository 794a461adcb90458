import { boardSettingsQuery } from '@/features/board-settings/api/board-settings-api';
import { prefetchForFirstMount } from '@/lib/api';
import { readStorage, writeStorage } from '@/lib/storage';
import {
  getScreenStatus,
  SCREEN_STATUS_KEY,
  screenCapacityQuery,
  type ScreenViewType,
} from './tv-api';

/** The view type this browser last showed as a paired screen: its reads start at once. */
const LAST_VIEW_TYPE_KEY = 'screenViewType';

const lastViewType = (): ScreenViewType | null => {
  const stored = readStorage(LAST_VIEW_TYPE_KEY);
  return stored === 'businessUnit' || stored === 'jobType' ? stored : null;
};

let settingsAsked = false;
const asked = new Set<ScreenViewType>();

/** The board's settings and numbers of a screen showing `viewType`, once each per page. */
function prefetchScreenBoard(viewType: ScreenViewType): void {
  if (!settingsAsked) {
    settingsAsked = true;
    prefetchForFirstMount(boardSettingsQuery());
  }
  if (asked.has(viewType)) return;
  asked.add(viewType);
  prefetchForFirstMount(screenCapacityQuery(viewType));
}

/**
 * Starts a TV's reads before React renders (tv-main.tsx; issue 25, a TV on a slow CPU): whether it
 * is paired (tv.html preloads that answer while this code downloads), and its board's settings
 * and numbers the moment the answer names the view type, instead of each waiting for a render of
 * the answer before. A browser that showed a board as a paired screen before (a reload) asks for
 * them at once, beside the status, in the view type it last showed; a device never paired here
 * asks only for its status, so a TV waiting for a pairing makes no request that is refused.
 */
export function prefetchScreen(): void {
  const remembered = lastViewType();
  if (remembered) prefetchScreenBoard(remembered);
  const status = getScreenStatus();
  prefetchForFirstMount({ queryKey: SCREEN_STATUS_KEY, queryFn: () => status });
  status.then(
    (answer) => {
      if (answer.status !== 'paired') {
        // Revoked: its next page load asks for its status alone.
        if (remembered) writeStorage(LAST_VIEW_TYPE_KEY, '');
        return;
      }
      const { viewType } = answer.screen;
      if (viewType !== remembered) writeStorage(LAST_VIEW_TYPE_KEY, viewType);
      prefetchScreenBoard(viewType);
    },
    () => undefined, // the page's own status query meets the failure and shows it
  );
}
