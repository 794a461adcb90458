import type { ItemGroup, ItemType } from '@shared/api/item-groups';
import {
  fromWirePreference,
  ITEM_KINDS,
  type ItemPreference,
  type PreferenceChanges,
} from '@shared/api/preferences';
import type { ServiceTitanMetadata } from '@shared/api/servicetitan';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CAPACITY_QUERY_KEY } from '@/features/dashboard/api/get-capacity';
import { toast } from '@/hooks/use-toast';
import { apiJson } from '@/lib/api';

/** The calls of both configuration pages (seed section 7), parameterised by the kind of item. */

export const METADATA_KEY = ['/api/servicetitan/metadata'] as const;
export const preferencesKey = (type: ItemType) => [ITEM_KINDS[type].path] as const;
export const groupsKey = (type: ItemType) => ['/api/item-groups', { type }] as const;

export function useServiceTitanMetadata() {
  return useQuery<ServiceTitanMetadata>({ queryKey: METADATA_KEY });
}

export function usePreferences(type: ItemType) {
  return useQuery({
    queryKey: preferencesKey(type),
    queryFn: async ({ signal }) => {
      const records = await apiJson<Record<string, unknown>[]>(
        'GET',
        ITEM_KINDS[type].path,
        undefined,
        { signal },
      );
      return records.map((r) => fromWirePreference(type, r));
    },
  });
}

export function useItemGroups(type: ItemType) {
  return useQuery({
    queryKey: groupsKey(type),
    queryFn: ({ signal }) =>
      apiJson<ItemGroup[]>('GET', `/api/item-groups?type=${type}`, undefined, { signal }),
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
const postPreference = (type: ItemType, { itemId, changes }: PreferenceChange) =>
  apiJson<Record<string, unknown>>('POST', ITEM_KINDS[type].path, {
    [ITEM_KINDS[type].idField]: itemId,
    ...changes,
  }).then((r) => fromWirePreference(type, r));

export function useSavePreference(type: ItemType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PreferenceChange) => postPreference(type, change),
    onSuccess: (saved: ItemPreference) => {
      // Show the saved row at once, then re-read the list and the board.
      client.setQueryData<ItemPreference[]>(preferencesKey(type), (list = []) => [
        ...list.filter((p) => p.itemId !== saved.itemId),
        saved,
      ]);
      void client.invalidateQueries({ queryKey: preferencesKey(type) });
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
export function useSavePreferencesForAll(type: ItemType) {
  const client = useQueryClient();
  const settle = () => {
    void client.invalidateQueries({ queryKey: preferencesKey(type) });
    refreshBoard(client);
  };
  return useMutation({
    mutationFn: async (changes: PreferenceChange[]) => {
      for (const change of changes) await postPreference(type, change);
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
  request: (variables: V) => Promise<unknown>,
  words: { success: string; failure: string },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: groupsKey(type) });
      void client.invalidateQueries({ queryKey: preferencesKey(type) });
      refreshBoard(client);
      toast({ title: 'Success', description: words.success });
    },
    onError: () => {
      toast({ title: 'Error', description: words.failure, variant: 'destructive' });
    },
  });
}

export function useCreateGroup(type: ItemType) {
  return useGroupMutation(
    type,
    (name: string) => apiJson<ItemGroup>('POST', '/api/item-groups', { name, type }),
    { success: 'Group created successfully', failure: 'Failed to create group' },
  );
}

export function useRenameGroup(type: ItemType) {
  return useGroupMutation(
    type,
    ({ id, name }: { id: number; name: string }) =>
      apiJson<ItemGroup>('PATCH', `/api/item-groups/${id}`, { name }),
    { success: 'Group name updated successfully', failure: 'Failed to update group name' },
  );
}

export function useDeleteGroup(type: ItemType) {
  return useGroupMutation(
    type,
    (id: number) => apiJson<ItemGroup>('DELETE', `/api/item-groups/${id}`, {}),
    { success: 'Group deleted successfully', failure: 'Failed to delete group' },
  );
}
