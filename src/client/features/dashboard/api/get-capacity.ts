import type { CapacityRequest, CapacityResponse } from '@shared/api/capacity';
import type { DashboardSettings } from '@shared/settings/dashboard-settings';
import { useQuery } from '@tanstack/react-query';
import { livePollInterval } from '@/features/live/poll-interval';
import { apiJson } from '@/lib/api';

/** Every capacity query starts with this; invalidate it after preferences change. */
export const CAPACITY_QUERY_KEY = ['/api/capacity'] as const;

/** Seed: the board reloads every 60 s while signed in. */
export const CAPACITY_REFRESH_MS = 60_000;

/** The server picks the days from the company's stored settings; the request names the view. */
export function capacityRequestFrom(settings: DashboardSettings): CapacityRequest {
  return { viewType: settings.viewType };
}

/** `companyId`: the company whose board a master admin opens (others only see their own). */
export function getCapacity(
  request: CapacityRequest,
  signal?: AbortSignal,
  companyId?: number,
): Promise<CapacityResponse> {
  const url = companyId === undefined ? '/api/capacity' : `/api/capacity?companyId=${companyId}`;
  return apiJson<CapacityResponse>('POST', url, request, { signal });
}

/**
 * Capacity for the board. The view type is part of the key, so an answer for the previous view
 * type lands in that key's cache and never reaches the screen (seed: discarded). While a new
 * request runs, the previous numbers of the same view type stay up (no flicker).
 */
export function useCapacity(settings: DashboardSettings, enabled: boolean, companyId?: number) {
  const request = capacityRequestFrom(settings);
  return useQuery({
    // The company's zone, workdays and holidays stay in the key: when an admin changes them the
    // board asks again at once (the server reads the new ones) instead of at the next minute.
    queryKey: [
      ...CAPACITY_QUERY_KEY,
      request.viewType,
      settings.timezone,
      settings.workdays,
      settings.holidays,
      companyId ?? null,
    ],
    queryFn: ({ signal }) => getCapacity(request, signal, companyId),
    enabled,
    // Seed: changing the view type, workdays or holidays reloads, also back to a setting seen
    // before (whose cached answer shows meanwhile).
    staleTime: 0,
    // Every minute, or every few while the board's event stream is open (features/live).
    refetchInterval: enabled ? livePollInterval : false,
    refetchIntervalInBackground: true,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === request.viewType ? previous : undefined,
  });
}
