import type { CapacityRequest, CapacityResponse } from '@shared/api/capacity';
import type { DashboardSettings, ViewType } from '@shared/settings/dashboard-settings';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { livePollInterval } from '@/features/live/poll-interval';
import { apiJson, readAgainOnMount } from '@/lib/api';
import { withQuery } from '@/lib/with-query';

/** Every capacity query starts with this; invalidate it after preferences change. */
export const CAPACITY_QUERY_KEY = ['/api/capacity'] as const;

/** Seed: the board reloads every 60 s while signed in. */
export const CAPACITY_REFRESH_MS = 60_000;

/** `companyId`: the company whose board a master admin opens (others only see their own). */
export function getCapacity(
  request: CapacityRequest,
  signal?: AbortSignal,
  companyId?: number,
  boardId?: number,
): Promise<CapacityResponse> {
  const url = withQuery('/api/capacity', { companyId, boardId });
  return apiJson<CapacityResponse>('POST', url, request, { signal });
}

/** What the capacity query's key names: a board, or (on `/`) the person's view type. */
const shownAs = (viewType: ViewType, boardId?: number) =>
  boardId === undefined ? viewType : `board:${boardId}`;

/**
 * The board's capacity query: its key and how it reads. The key names the view type (an answer
 * for the previous one never reaches the screen) and the company, not the days: the server picks
 * those from the company's stored settings, so the board can ask before it has read them.
 */
export function capacityQuery(viewType: ViewType, companyId?: number, boardId?: number) {
  return {
    // A named board (issue 26) has its own view type, which the server applies: its key is the
    // board, so it can be asked before the list of boards says which view type it is.
    queryKey: [...CAPACITY_QUERY_KEY, shownAs(viewType, boardId), companyId ?? null] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      getCapacity({ viewType }, signal, companyId, boardId),
  };
}

/**
 * Capacity for the board. While a request for another view type runs, the previous view type's
 * numbers never show (seed: discarded); while the same view reloads, its numbers stay up.
 */
export function useCapacity(
  settings: DashboardSettings,
  enabled: boolean,
  companyId?: number,
  boardId?: number,
) {
  const query = useQuery({
    ...capacityQuery(settings.viewType, companyId, boardId),
    enabled,
    // Seed: changing the view type reloads, also back to one seen before (whose cached answer
    // shows meanwhile).
    staleTime: 0,
    // ...but numbers read moments ago (prefetched while the page's code loaded) are not read twice.
    refetchOnMount: readAgainOnMount,
    // Every minute, or every few while the board's event stream is open (features/live).
    refetchInterval: enabled ? livePollInterval : false,
    refetchIntervalInBackground: true,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === shownAs(settings.viewType, boardId) ? previous : undefined,
  });
  // Seed: changing the zone, workdays or holidays reloads at once (the server reads the new
  // ones), not at the next minute. Another admin's change arrives as a push that does the same.
  const days = JSON.stringify([settings.timezone, settings.workdays, settings.holidays]);
  const daysBefore = useRef(days);
  const { refetch } = query;
  useEffect(() => {
    if (daysBefore.current === days) return;
    daysBefore.current = days;
    if (enabled) void refetch();
  }, [days, enabled, refetch]);
  return query;
}
