import type {
  PushDevice,
  PushDeviceList,
  PushMember,
  PushSubscriptionBody,
  PushTestResult,
} from '@shared/api/push';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { apiJson } from '@/lib/api';
import { reportError } from '@/lib/report-error';
import { withQuery } from '@/lib/with-query';

export const MY_DEVICES_KEY = ['/api/push-subscriptions'] as const;

/** `GET /api/push-subscriptions`: the signed-in person's devices with notifications on. */
export function useMyDevices() {
  return useQuery({
    queryKey: MY_DEVICES_KEY,
    queryFn: ({ signal }) =>
      apiJson<PushDeviceList>('GET', '/api/push-subscriptions', undefined, { signal }),
  });
}

/** `GET /api/push/public-key`: asked when this browser subscribes (the key may change). */
export const fetchPublicKey = () =>
  apiJson<{ publicKey: string }>('GET', '/api/push/public-key').then((a) => a.publicKey);

/** `POST /api/push-subscriptions`: this browser's subscription, saved for the person. */
export const saveSubscription = (subscription: PushSubscriptionBody) =>
  apiJson<PushDevice>('POST', '/api/push-subscriptions', subscription);

export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<PushDevice>('DELETE', `/api/push-subscriptions/${id}`),
    onSuccess: async (device) => {
      await queryClient.invalidateQueries({ queryKey: MY_DEVICES_KEY });
      toast({ title: `Notifications off on ${device.label}` });
    },
    onError: (error) => reportError(error),
  });
}

/** `Send a test`: the push service's answer is toasted; a device it no longer knows goes. */
export function useTestDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiJson<PushTestResult>('POST', `/api/push-subscriptions/${id}/test`),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: MY_DEVICES_KEY });
      toast(
        result.ok
          ? { title: 'Test sent', description: 'It should appear on that device in a moment.' }
          : {
              title: result.removed ? 'That device no longer takes notifications' : 'Not sent',
              description: result.removed
                ? 'Its browser turned them off, so it was removed. Turn them on again there.'
                : (result.error ?? undefined),
              variant: 'destructive',
            },
      );
    },
    onError: (error) => reportError(error),
  });
}

/** `GET /api/push/members[?companyId=]`: who a rule's push channel can name (admins). */
export function usePushMembers(companyId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/push/members', companyId ?? null],
    queryFn: ({ signal }) =>
      apiJson<{ members: PushMember[] }>(
        'GET',
        withQuery('/api/push/members', { companyId }),
        undefined,
        { signal },
      ),
    enabled,
    staleTime: 30_000,
  });
}
