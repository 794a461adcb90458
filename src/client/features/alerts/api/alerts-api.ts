import type {
  AlertDelivery,
  AlertRecipient,
  AlertRule,
  AlertTestResult,
  CreateAlertRule,
  CreatedAlertRule,
  UpdateAlertRule,
} from '@shared/api/alerts';
import type { CapacityResponse } from '@shared/api/capacity';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiJson } from '@/lib/api';
import { reportError } from '@/lib/report-error';
import { withQuery } from '@/lib/with-query';

export const ALERT_RULES_KEY = ['/api/alert-rules'] as const;
export const ALERT_DELIVERIES_KEY = ['/api/alert-deliveries'] as const;

/** Firing rules and deliveries change by themselves: the page reads them again every 15 s. */
const REFRESH_MS = 15_000;

/**
 * `GET /api/alert-rules[?boardId=][&companyId=]`: a board's rules (without an id: the first
 * board's of the company named, else the person's own).
 */
export function useAlertRules(boardId: number | undefined, companyId?: number) {
  return useQuery({
    queryKey: [...ALERT_RULES_KEY, boardId ?? null, companyId ?? null],
    queryFn: ({ signal }) =>
      apiJson<{
        rules: AlertRule[];
        mailCatcherUrl: string | null;
        smsStandinUrl?: string | null;
      }>('GET', withQuery('/api/alert-rules', { companyId, boardId }), undefined, { signal }),
    refetchInterval: REFRESH_MS,
  });
}

/** `GET /api/alert-deliveries[?boardId=][&companyId=]`: a board's delivery log, newest first. */
export function useAlertDeliveries(boardId: number | undefined, companyId?: number) {
  return useQuery({
    queryKey: [...ALERT_DELIVERIES_KEY, boardId ?? null, companyId ?? null],
    queryFn: ({ signal }) =>
      apiJson<{ deliveries: AlertDelivery[]; timeZone: string }>(
        'GET',
        withQuery('/api/alert-deliveries', { companyId, boardId }),
        undefined,
        { signal },
      ),
    refetchInterval: REFRESH_MS,
  });
}

/** The board's rows today (the items a rule may watch), as the board itself reads them. */
export function useBoardItems(boardId: number | undefined, companyId?: number) {
  return useQuery({
    queryKey: ['alert-board-items', boardId ?? null, companyId ?? null],
    queryFn: async ({ signal }) => {
      const answer = await apiJson<CapacityResponse>(
        'POST',
        withQuery('/api/capacity', { companyId, boardId }),
        {},
        { signal },
      );
      return (answer.days[0]?.data ?? []).map((item) => ({ id: item.id, name: item.name }));
    },
    staleTime: 60_000,
  });
}

/** Rules and the log are read again after every change (a test adds to the log). */
function useAlertMutation<Input, Answer>(
  call: (input: Input) => Promise<Answer>,
  success: ((answer: Answer) => string) | null,
  options: { reportErrors: boolean },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (answer) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ALERT_RULES_KEY }),
        queryClient.invalidateQueries({ queryKey: ALERT_DELIVERIES_KEY }),
      ]);
      if (success) toast({ title: success(answer) });
    },
    onError: options.reportErrors ? (error) => reportError(error) : undefined,
  });
}

/** Errors are the form's to show under the field the server names. */
export const useCreateAlertRule = () =>
  useAlertMutation(
    (body: CreateAlertRule) => apiJson<CreatedAlertRule>('POST', '/api/alert-rules', body),
    (rule) => `Rule "${rule.name}" created`,
    { reportErrors: false },
  );

export const useUpdateAlertRule = () =>
  useAlertMutation(
    ({ id, ...body }: UpdateAlertRule & { id: number }) =>
      apiJson<AlertRule>('PATCH', `/api/alert-rules/${id}`, body),
    (rule) => `Rule "${rule.name}" saved`,
    { reportErrors: false },
  );

export const useDeleteAlertRule = () =>
  useAlertMutation(
    (id: number) => apiJson<AlertRule>('DELETE', `/api/alert-rules/${id}`),
    (rule) => `Rule "${rule.name}" deleted`,
    { reportErrors: true },
  );

/** `Send test`: what each channel answered is shown beside the rule. */
export const useSendTest = () =>
  useAlertMutation(
    (id: number) => apiJson<AlertTestResult>('POST', `/api/alert-rules/${id}/test`),
    null,
    { reportErrors: true },
  );

/** A number's 6-digit code, as its owner read it out: errors are the form's to show. */
export const useConfirmRecipient = () =>
  useAlertMutation(
    ({ id, code }: { id: number; code: string }) =>
      apiJson<{ recipients: AlertRecipient[] }>('POST', `/api/alert-recipients/${id}/confirm`, {
        code,
      }),
    (answer) => `${answer.recipients[0]?.label ?? 'The number'} is confirmed`,
    { reportErrors: false },
  );
