import { VIEW_TYPE_KEY } from '@shared/settings/storage-keys';
import type { ViewType } from '@shared/settings/dashboard-settings';
import { createStoredValue } from '@/lib/create-stored-value';

/**
 * A signed-in person's own view type (decision 007: personal, kept in their browser under its
 * own key), shared by the board and the configuration pages' "Dashboard View Type" card.
 */
export const personalViewTypeStore = createStoredValue<ViewType>({
  key: VIEW_TYPE_KEY,
  parse: (raw) => (raw === 'jobType' ? 'jobType' : 'businessUnit'),
  serialize: (value) => value,
});

export function usePersonalViewType() {
  return [personalViewTypeStore.use(), personalViewTypeStore.set] as const;
}
