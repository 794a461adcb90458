import type { Board, BoardList, CreateBoardBody, UpdateBoardBody } from '@shared/api/boards';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SCREENS_KEY } from '@/features/screens/api/screens-api';
import { toast } from '@/hooks/use-toast';
import { apiJson, readAgainOnMount } from '@/lib/api';
import { withQuery } from '@/lib/with-query';

/** Every boards query starts with this (the live stream's `boards` event invalidates it). */
export const BOARDS_KEY = ['/api/boards'] as const;

export const boardsKey = (companyId?: number) => [...BOARDS_KEY, companyId ?? null] as const;

/** `GET /api/boards`: the company's boards in order, and whether this person may manage them. */
export function boardsQuery(companyId?: number) {
  return {
    queryKey: boardsKey(companyId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiJson<BoardList>('GET', withQuery('/api/boards', { companyId }), undefined, { signal }),
  };
}

export function useBoards(companyId?: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...boardsQuery(companyId),
    enabled: options.enabled ?? true,
    // Read moments ago (prefetched while the page's code loaded): not read twice.
    refetchOnMount: readAgainOnMount,
  });
}

/** After a change: the lists of boards and of screens (their board's name) are read again. */
function useBoardMutation<Variables, Answer>(
  call: (variables: Variables) => Promise<Answer>,
  success: (answer: Answer, variables: Variables) => string | null,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (answer, variables) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BOARDS_KEY }),
        queryClient.invalidateQueries({ queryKey: SCREENS_KEY }),
      ]);
      const title = success(answer, variables);
      if (title) toast({ title });
    },
  });
}

/** Errors are the form's to show under the field the server names. */
export const useCreateBoard = (companyId?: number) =>
  useBoardMutation(
    (body: CreateBoardBody) =>
      apiJson<Board>('POST', withQuery('/api/boards', { companyId }), body),
    (board) => `Board ${board.name} created`,
  );

export const useUpdateBoard = () =>
  useBoardMutation(
    ({ id, ...body }: UpdateBoardBody & { id: number }) =>
      apiJson<Board>('PATCH', `/api/boards/${id}`, body),
    (board, body) => (body.name !== undefined ? `Board renamed to ${board.name}` : null),
  );

export const useDeleteBoard = () =>
  useBoardMutation(
    ({ id, moveScreensTo }: { id: number; name: string; moveScreensTo?: number }) =>
      apiJson<unknown>(
        'DELETE',
        `/api/boards/${id}${moveScreensTo === undefined ? '' : `?moveScreensTo=${moveScreensTo}`}`,
      ),
    (_answer, { name }) => `Board ${name} deleted`,
  );
