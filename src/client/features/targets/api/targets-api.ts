import type { ItemType } from '@shared/api/item-groups';
import { ITEM_KINDS } from '@shared/api/preferences';
import type {
  ApplyTargetsBody,
  LearnedPaceResponse,
  TargetSuggestionsResponse,
} from '@shared/api/targets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CAPACITY_QUERY_KEY } from '@/features/dashboard/api/get-capacity';
import { toast } from '@/hooks/use-toast';
import { apiJson } from '@/lib/api';
import { suggestionsKey } from './targets-status';
import { withQuery } from '@/lib/with-query';

export { SUGGESTIONS_KEY, suggestionsKey, useTargetSuggestions } from './targets-status';

/** Targets that fit (issue 27, item 7; decision 036) and the learned pace curve (decision 037). */

/**
 * Applies suggestions (one item, a list, all) or accepts the targets as they are (`none`), in
 * the company a master admin supports (`companyId`), else the person's own.
 */
export function useApplyTargets(companyId?: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (items: ApplyTargetsBody['items']) =>
      apiJson<TargetSuggestionsResponse & { applied: number }>(
        'POST',
        withQuery('/api/target-suggestions/apply', { companyId }),
        { items },
      ),
    onSuccess: (answer, items) => {
      client.setQueryData(suggestionsKey(companyId), answer);
      for (const type of ['businessUnit', 'jobType'] as ItemType[]) {
        void client.invalidateQueries({ queryKey: [ITEM_KINDS[type].path] });
      }
      void client.invalidateQueries({ queryKey: CAPACITY_QUERY_KEY });
      toast({
        title: 'Success',
        description:
          items === 'none'
            ? 'Targets kept as they are'
            : `${answer.applied} ${answer.applied === 1 ? 'target' : 'targets'} set from suggestions`,
      });
    },
    onError: (error) => {
      toast({ title: 'Error', description: error.message, variant: 'destructive' });
    },
  });
}

/** The pace curve the board's history teaches, or why there is none yet. */
export function useLearnedPace(boardId: number | null | undefined, enabled = true) {
  return useQuery({
    queryKey: ['/api/pace/learned', { boardId: boardId ?? null }] as const,
    queryFn: ({ signal }) =>
      apiJson<LearnedPaceResponse>(
        'GET',
        boardId ? `/api/pace/learned?boardId=${boardId}` : '/api/pace/learned',
        undefined,
        { signal },
      ),
    enabled,
    staleTime: 5 * 60_000,
  });
}
