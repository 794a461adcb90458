import type { CapacityResponse } from '@shared/api/capacity';
import type { PairingStart, ScreenStatus } from '@shared/api/screens';
import { BOARD_VERSION_HEADER } from '@shared/screens/pairing-code';
import { ApiError, apiJson, setStandingHeader } from '@/lib/api';

/**
 * The TV's own calls (decision 010). Types only from the contract: the /tv chunk carries no
 * schema library for them.
 */

/** What a device is: paired, pairing, or nothing yet (`unpaired`). */
export type TvStatus = ScreenStatus;

/** The view type a paired screen shows (its board's). */
export type ScreenViewType = Extract<ScreenStatus, { status: 'paired' }>['screen']['viewType'];

export const SCREEN_STATUS_KEY = ['/api/screen'] as const;

/** The board build this page runs: what the server named when the page first asked. */
let pageVersion: string | null = null;

/**
 * `GET /api/screen`; `unpaired` (or a 401 from an older server) means "show a pairing code". Network failures throw. The first paired
 * answer names the build this page runs; every later request reports it (the Screens list shows
 * which screens run an older board).
 */
export async function getScreenStatus(signal?: AbortSignal): Promise<TvStatus> {
  try {
    const status = await apiJson<ScreenStatus>('GET', '/api/screen', undefined, { signal });
    if (status.status === 'paired' && pageVersion === null) {
      pageVersion = status.buildVersion;
      setStandingHeader(BOARD_VERSION_HEADER, pageVersion);
    }
    return status;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { status: 'unpaired' };
    throw error;
  }
}

/** `POST /api/screen/pairing`: a new code (and a new device cookie). */
export const startPairing = () => apiJson<PairingStart>('POST', '/api/screen/pairing');

/** `POST /api/capacity` as a screen: the server decides the days and the view type. */
export const getScreenCapacity = (viewType: string, signal?: AbortSignal) =>
  apiJson<CapacityResponse>('POST', '/api/capacity', { viewType }, { signal });

/** A paired screen's numbers (the stream's `capacity` message fills it without a request). */
export const screenCapacityKey = (viewType: ScreenViewType) =>
  ['/api/capacity', 'screen', viewType] as const;

/** The numbers query of a screen showing `viewType`: its key and how it reads. */
export const screenCapacityQuery = (viewType: ScreenViewType) => ({
  queryKey: screenCapacityKey(viewType),
  queryFn: ({ signal }: { signal: AbortSignal }) => getScreenCapacity(viewType, signal),
});
