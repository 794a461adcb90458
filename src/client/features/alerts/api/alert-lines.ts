import type { AlertLines } from '@shared/api/alerts';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { withQuery } from '@/lib/with-query';

/** The stream's `alerts` message makes this stale (features/live). */
export const ALERT_LINES_KEY = ['/api/alert-lines'] as const;

/**
 * Firing alert rules' lines of a board (issue 23), for the board and the TV; re-read on the
 * stream's push. Without `boardId`: the first board (a paired screen: its own board).
 */
export function useAlertLines(enabled: boolean, companyId?: number, boardId?: number) {
  return useQuery({
    queryKey: [...ALERT_LINES_KEY, companyId ?? null, boardId ?? null],
    queryFn: ({ signal }) =>
      apiJson<AlertLines>('GET', withQuery('/api/alert-lines', { companyId, boardId }), undefined, {
        signal,
      }),
    enabled,
    // The push says when they change; a minute's poll covers a stream that cannot stay open.
    refetchInterval: enabled ? 60_000 : false,
    refetchIntervalInBackground: true,
  });
}
