import type {
  CreateScreenLinkBody,
  PairScreenBody,
  Screen,
  ScreenLink,
  ScreenList,
  UpdateScreenBody,
} from '@shared/api/screens';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiJson } from '@/lib/api';
import { reportError } from '@/lib/report-error';

export const SCREENS_KEY = ['/api/screens'] as const;

/** Online status changes by itself: the list is read again every 15 s while it is open. */
const LIST_REFRESH_MS = 15_000;

/** `GET /api/screens`: the company's screens (every company's for the master admin). */
export function useScreens() {
  return useQuery({
    queryKey: SCREENS_KEY,
    queryFn: ({ signal }) => apiJson<ScreenList>('GET', '/api/screens', undefined, { signal }),
    refetchInterval: LIST_REFRESH_MS,
  });
}

function useScreenMutation<Body, Answer>(
  call: (body: Body) => Promise<Answer>,
  success: (answer: Answer) => string,
  options: { reportErrors: boolean },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: SCREENS_KEY });
      toast({ title: success(answer) });
    },
    onError: options.reportErrors ? (error) => reportError(error) : undefined,
  });
}

/** Errors are the form's to show under the field the server names. */
export const usePairScreen = () =>
  useScreenMutation(
    (body: PairScreenBody) => apiJson<Screen>('POST', '/api/screens/pair', body),
    (screen) => `${screen.name} is paired`,
    { reportErrors: false },
  );

export const useCreateScreenLink = () =>
  useScreenMutation(
    (body: CreateScreenLinkBody) => apiJson<ScreenLink>('POST', '/api/screens/links', body),
    (link) => `Screen link for ${link.screen.name} created`,
    { reportErrors: false },
  );

export const useRenameScreen = () =>
  useScreenMutation(
    ({ id, ...body }: UpdateScreenBody & { id: number }) =>
      apiJson<Screen>('PATCH', `/api/screens/${id}`, body),
    (screen) => `Screen renamed to ${screen.name}`,
    { reportErrors: true },
  );

/** Moves a screen to another board of its company; its TV follows within a second (issue 26). */
export const useMoveScreen = () =>
  useScreenMutation(
    ({ id, boardId }: { id: number; boardId: number }) =>
      apiJson<Screen>('PATCH', `/api/screens/${id}`, { boardId }),
    (screen) => `${screen.name} shows its new board`,
    { reportErrors: true },
  );

export const useRevokeScreen = () =>
  useScreenMutation(
    (id: number) => apiJson<Screen>('DELETE', `/api/screens/${id}`),
    (screen) => `${screen.name} is revoked`,
    { reportErrors: true },
  );

export const useRegenerateScreenLink = () =>
  useScreenMutation(
    (id: number) => apiJson<ScreenLink>('POST', `/api/screens/${id}/regenerate`),
    (link) => `New link for ${link.screen.name}; the old one no longer works`,
    { reportErrors: true },
  );
