import type { HistoryDayDetail, HistoryResponse, HistoryStatus } from '@shared/api/history';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { withQuery } from '@/lib/with-query';

/** While the 13 weeks are being filled in, the page asks how far every few seconds. */
const FILLING_REFRESH_MS = 3_000;

/** `GET /api/history/status`: the backfill's progress, and the board's time zone. */
export function useHistoryStatus(
  boardId: number | undefined,
  companyId?: number,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: ['/api/history/status', companyId ?? null, boardId ?? null],
    queryFn: ({ signal }) =>
      apiJson<HistoryStatus>(
        'GET',
        withQuery('/api/history/status', { companyId, boardId }),
        undefined,
        { signal },
      ),
    enabled: options.enabled ?? true,
    refetchInterval: (query) => {
      const state = query.state.data?.backfill.state;
      return state === 'running' || state === 'waiting' ? FILLING_REFRESH_MS : false;
    },
  });
}

/**
 * `GET /api/history`: the board's working days in the range with each item's final numbers.
 * `progress` (days filled in so far) is part of the key: each page filled in is read again.
 */
export function useHistory(
  boardId: number | undefined,
  companyId: number | undefined,
  range: { from: string; to: string } | null,
  progress: number,
) {
  return useQuery({
    queryKey: [
      '/api/history',
      companyId ?? null,
      boardId ?? null,
      range?.from,
      range?.to,
      progress,
    ],
    queryFn: ({ signal }) =>
      apiJson<HistoryResponse>(
        'GET',
        withQuery('/api/history', { companyId, boardId, from: range!.from, to: range!.to }),
        undefined,
        { signal },
      ),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/history/day`: one day's fill curve and the board's pace curve. */
export function useHistoryDay(
  boardId: number | undefined,
  companyId: number | undefined,
  date: string | null,
) {
  return useQuery({
    queryKey: ['/api/history/day', companyId ?? null, boardId ?? null, date],
    queryFn: ({ signal }) =>
      apiJson<HistoryDayDetail>(
        'GET',
        withQuery('/api/history/day', { companyId, boardId, date: date! }),
        undefined,
        { signal },
      ),
    enabled: date !== null,
  });
}
