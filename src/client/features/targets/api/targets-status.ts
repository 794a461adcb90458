import type { TargetSuggestionsResponse } from '@shared/api/targets';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { withQuery } from '@/lib/with-query';

/**
 * The suggestions query (decision 036) on its own, with type-only imports: the board's
 * "targets are defaults" line reads it without bringing the configuration pages' code along.
 */

export const SUGGESTIONS_KEY = ['/api/target-suggestions'] as const;

/** The suggestions of the company a master admin supports (`companyId`), else the person's own. */
export const suggestionsKey = (companyId?: number) => [...SUGGESTIONS_KEY, companyId ?? null];

/** Each item's suggested target, the history's state and whether targets are still defaults. */
export function useTargetSuggestions(
  options: { enabled?: boolean; poll?: boolean; companyId?: number | undefined } = {},
) {
  const { companyId } = options;
  return useQuery({
    queryKey: suggestionsKey(companyId),
    queryFn: ({ signal }) =>
      apiJson<TargetSuggestionsResponse>(
        'GET',
        withQuery('/api/target-suggestions', { companyId }),
        undefined,
        { signal },
      ),
    enabled: options.enabled ?? true,
    staleTime: 60_000,
    // While the platform's past is still being read, look again now and then.
    refetchInterval: (query) =>
      options.poll && query.state.data?.status === 'backfilling' ? 10_000 : false,
  });
}
