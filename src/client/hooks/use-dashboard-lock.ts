import { LOCK_KEY, parseStoredLock } from '@shared/settings/board-settings-core';
import { createStoredValue } from '@/lib/create-stored-value';

/** Locked by default; while locked, logo, title, ZIP and date format cannot be edited. */
export const dashboardLockStore = createStoredValue<boolean>({
  key: LOCK_KEY,
  parse: parseStoredLock,
  serialize: (locked) => String(locked),
});

export function useDashboardLock() {
  const locked = dashboardLockStore.use();
  return { locked, toggleLock: () => dashboardLockStore.set((l) => !l) };
}
