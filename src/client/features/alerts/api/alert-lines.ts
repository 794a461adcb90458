import type { AlertLines } from '@shared/api/alerts';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

/** The stream's `alerts` message makes this stale (features/live). */
export const ALERT_LINES_KEY = ['/api/alert-lines'] as const;

/** Firing alert rules' lines for the board and the TV (issue 23); re-read on the stream's push. */
export function useAlertLines(enabled: boolean, companyId?: number) {
  return useQuery({
    queryKey: [...ALERT_LINES_KEY, companyId ?? null],
    queryFn: ({ signal }) =>
      apiJson<AlertLines>(
        'GET',
        companyId === undefined ? '/api/alert-lines' : `/api/alert-lines?companyId=${companyId}`,
        undefined,
        { signal },
      ),
    enabled,
    // The push says when they change; a minute's poll covers a stream that cannot stay open.
    refetchInterval: enabled ? 60_000 : false,
    refetchIntervalInBackground: true,
  });
}
