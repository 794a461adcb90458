import type { ItemGroup, ItemType } from '@shared/api/item-groups';
import {
  fromWirePreference,
  ITEM_KINDS,
  type ItemPreference,
  type PreferenceChanges,
} from '@shared/api/preferences';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CAPACITY_QUERY_KEY } from '@/features/dashboard/api/get-capacity';
import { useProviderMetadata } from '@/hooks/use-platform';
import { toast } from '@/hooks/use-toast';
import { apiJson } from '@/lib/api';
import { withQuery } from '@/lib/with-query';

/**
 * The calls of both configuration pages (seed section 7), parameterised by the kind of item and
 * the company: `companyId` is the one a master admin supports (`?companyId=`, as on the board,
 * History and Boards); undefined is the person's own. Query keys end with it (null: own), so a
 * key without it is the prefix of every company's.
 */

export const preferencesKey = (type: ItemType, companyId?: number) =>
  [ITEM_KINDS[type].path, companyId ?? null] as const;
export const groupsKey = (type: ItemType, companyId?: number) =>
  ['/api/item-groups', { type }, companyId ?? null] as const;

/** The company's items and platform (`GET /api/provider/metadata`, the seed's metadata and more). */
export function usePlatformItems(companyId?: number) {
  return useProviderMetadata(companyId);
}

export function usePreferences(type: ItemType, companyId?: number) {
  return useQuery({
    queryKey: preferencesKey(type, companyId),
    queryFn: async ({ signal }) => {
      const records = await apiJson<Record<string, unknown>[]>(
        'GET',
        withQuery(ITEM_KINDS[type].path, { companyId }),
        undefined,
        { signal },
      );
      return records.map((r) => fromWirePreference(type, r));
    },
  });
}

export function useItemGroups(type: ItemType, companyId?: number) {
  return useQuery({
    queryKey: groupsKey(type, companyId),
    queryFn: ({ signal }) =>
      apiJson<ItemGroup[]>('GET', withQuery('/api/item-groups', { type, companyId }), undefined, {
        signal,
      }),
  });
}

/** The board's numbers depend on preferences and groups: refresh them now, not at the next poll. */
function refreshBoard(client: QueryClient) {
  void client.invalidateQueries({ queryKey: CAPACITY_QUERY_KEY });
}

export interface PreferenceChange {
  itemId: number;
  changes: PreferenceChanges;
}

/** The seed's call: one item's preference (`POST /api/business-unit-preferences` etc.). */
const postPreference = (
  type: ItemType,
  companyId: number | undefined,
  { itemId, changes }: PreferenceChange,
) =>
  apiJson<Record<string, unknown>>('POST', withQuery(ITEM_KINDS[type].path, { companyId }), {
    [ITEM_KINDS[type].idField]: itemId,
    ...changes,
  }).then((r) => fromWirePreference(type, r));

export function useSavePreference(type: ItemType, companyId?: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PreferenceChange) => postPreference(type, companyId, change),
    onSuccess: (saved: ItemPreference) => {
      // Show the saved row at once, then re-read the list and the board.
      client.setQueryData<ItemPreference[]>(preferencesKey(type, companyId), (list = []) => [
        ...list.filter((p) => p.itemId !== saved.itemId),
        saved,
      ]);
      void client.invalidateQueries({ queryKey: preferencesKey(type, companyId) });
      refreshBoard(client);
      toast({ title: 'Success', description: 'Preference saved successfully' });
    },
    onError: () => {
      toast({ title: 'Error', description: 'Failed to save preference', variant: 'destructive' });
    },
  });
}

/**
 * One column set for many rows at once (issue 25: 23 job types, one target): the seed's call
 * per row, one after another, then one re-read and one toast for all of them.
 */
export function useSavePreferencesForAll(type: ItemType, companyId?: number) {
  const client = useQueryClient();
  const settle = () => {
    void client.invalidateQueries({ queryKey: preferencesKey(type, companyId) });
    refreshBoard(client);
  };
  return useMutation({
    mutationFn: async (changes: PreferenceChange[]) => {
      for (const change of changes) await postPreference(type, companyId, change);
    },
    onSuccess: () => {
      settle();
      toast({ title: 'Success', description: 'Preference saved successfully' });
    },
    onError: () => {
      // Whatever was saved before the failure shows after the re-read.
      settle();
      toast({ title: 'Error', description: 'Failed to save preference', variant: 'destructive' });
    },
  });
}

/** Group changes re-read the groups, the kind's preferences (a delete ungroups) and the board. */
function useGroupMutation<V>(
  type: ItemType,
  companyId: number | undefined,
  request: (variables: V) => Promise<unknown>,
  words: { success: string; failure: string },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: groupsKey(type, companyId) });
      void client.invalidateQueries({ queryKey: preferencesKey(type, companyId) });
      refreshBoard(client);
      toast({ title: 'Success', description: words.success });
    },
    onError: () => {
      toast({ title: 'Error', description: words.failure, variant: 'destructive' });
    },
  });
}

export function useCreateGroup(type: ItemType, companyId?: number) {
  return useGroupMutation(
    type,
    companyId,
    (name: string) =>
      apiJson<ItemGroup>('POST', withQuery('/api/item-groups', { companyId }), { name, type }),
    { success: 'Group created successfully', failure: 'Failed to create group' },
  );
}

export function useRenameGroup(type: ItemType, companyId?: number) {
  return useGroupMutation(
    type,
    companyId,
    ({ id, name }: { id: number; name: string }) =>
      apiJson<ItemGroup>('PATCH', withQuery(`/api/item-groups/${id}`, { companyId }), { name }),
    { success: 'Group name updated successfully', failure: 'Failed to update group name' },
  );
}

export function useDeleteGroup(type: ItemType, companyId?: number) {
  return useGroupMutation(
    type,
    companyId,
    (id: number) =>
      apiJson<ItemGroup>('DELETE', withQuery(`/api/item-groups/${id}`, { companyId }), {}),
    { success: 'Group deleted successfully', failure: 'Failed to delete group' },
  );
}
