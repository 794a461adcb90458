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
 * is paired, and beside it its board's settings and numbers, instead of each waiting for a render
 * of the answer before. The numbers are asked for in the view type this browser last showed as a
 * screen (else business units, the usual board); when the status names the other one, those are
 * asked for then. An unpaired TV's reads are refused and nothing shows them. tv.html preloads the
 * status and the settings, so they are on their way while this code downloads.
 */
export function prefetchScreen(): void {
  const guess = lastViewType() ?? 'businessUnit';
  const status = getScreenStatus();
  prefetchForFirstMount({ queryKey: SCREEN_STATUS_KEY, queryFn: () => status });
  prefetchScreenBoard(guess);
  status.then(
    (answer) => {
      if (answer.status !== 'paired') return;
      const { viewType } = answer.screen;
      if (viewType !== lastViewType()) writeStorage(LAST_VIEW_TYPE_KEY, viewType);
      prefetchScreenBoard(viewType);
    },
    () => undefined, // the page's own status query meets the failure and shows it
  );
}
