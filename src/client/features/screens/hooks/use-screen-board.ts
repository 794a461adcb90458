import { withDefaults } from '@shared/settings/board-settings-core';
import type { DashboardSettings } from '@shared/settings/dashboard-settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useBoardSettingsQuery } from '@/features/board-settings/api/board-settings-api';
import { namesOf, type BoardNames } from '@/features/dashboard/lib/board-names';
import type { BoardData } from '@/features/dashboard/hooks/use-board-data';
import { boardDaysOf, boardMeasureOf } from '@/features/dashboard/lib/board-day';
import { livePollInterval } from '@/features/live/poll-interval';
import { ApiError, readAgainOnMount } from '@/lib/api';
import { SCREEN_STATUS_KEY, screenCapacityQuery } from '../api/tv-api';

export { screenCapacityKey } from '../api/tv-api';

/** While the server cannot be reached, the screen asks more often so it recovers quickly. */
export const SCREEN_OFFLINE_POLL_MS = 15_000;

/** A failure that means "the server cannot be reached", not an answer to show. */
const unreachable = (error: unknown) =>
  !(error instanceof ApiError) ||
  error.status >= 500 ||
  error.status === 408 ||
  error.status === 429;

/**
 * A paired screen's board: the company's settings, the numbers the server decides, and honesty
 * about them: stale numbers say so, and when the server cannot be reached the last numbers stay
 * with the time it went offline (`offlineSince`) until it answers again.
 */
export function useScreenBoard(viewType: 'businessUnit' | 'jobType'): {
  settings: DashboardSettings;
  data: BoardData;
  offlineSince: Date | null;
  names: BoardNames | undefined;
} {
  const queryClient = useQueryClient();
  // The company's settings, read as the signed-in board reads them (the screen's own company).
  const settingsQuery = useBoardSettingsQuery();
  const capacity = useQuery({
    ...screenCapacityQuery(viewType),
    // Numbers read moments ago, before the board rendered (prefetch-screen.ts), are not read twice.
    refetchOnMount: readAgainOnMount,
    // The event stream says when the numbers change; the poll is its fallback (issue 13).
    refetchInterval: (query) =>
      query.state.status === 'error' ? SCREEN_OFFLINE_POLL_MS : livePollInterval(),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

  const answer = settingsQuery.data;
  const settings = useMemo(() => {
    // Validated and made whole by the server: shown over the defaults, without parsing again.
    const parsed = withDefaults(answer?.settings);
    return { ...parsed, viewType, logoUrl: answer?.logoUrl ?? undefined };
  }, [answer, viewType]);

  // Revoked (or the credential is gone): the status check drops the TV back to a pairing code.
  const error = capacity.error;
  const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
  useEffect(() => {
    if (refused) void queryClient.invalidateQueries({ queryKey: SCREEN_STATUS_KEY });
  }, [refused, queryClient]);

  const offline = capacity.isError && unreachable(error);
  // Offline since the server last answered (when it went down in between, nobody can know).
  const offlineSince = offline ? new Date(capacity.dataUpdatedAt || capacity.errorUpdatedAt) : null;

  const response = capacity.data;
  const subscriptionRequired = error instanceof ApiError && error.status === 402;
  const data: BoardData = {
    days: boardDaysOf(response?.days),
    isLoading: capacity.isPending && !offline,
    isRefreshing: false,
    error:
      response?.error ??
      (capacity.isError && !offline && !refused && !subscriptionRequired
        ? error?.message || 'Failed to fetch capacity data'
        : null),
    stale: response?.stale ?? false,
    staleReason: response?.staleReason ?? null,
    fetchedAt: response?.fetchedAt ? new Date(response.fetchedAt) : null,
    isSample: false,
    measure: boardMeasureOf(response),
    subscriptionRequired,
    refresh: () => void capacity.refetch(),
  };
  return { settings, data, offlineSince, names: namesOf(answer) };
}
