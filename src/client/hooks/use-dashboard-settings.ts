import {
  DASHBOARD_SETTINGS_KEY,
  parseStoredDashboardSettings,
  type DashboardSettings,
} from '@shared/settings/dashboard-settings';
import { useCallback } from 'react';
import { createStoredValue } from '@/lib/create-stored-value';

/** The browser's dashboard settings (seed section 3), tolerant of whatever storage held. */
export const dashboardSettingsStore = createStoredValue<DashboardSettings>({
  key: DASHBOARD_SETTINGS_KEY,
  parse: (raw) => parseStoredDashboardSettings(raw),
  serialize: (value) => JSON.stringify(value),
});

export type SettingsUpdate =
  Partial<DashboardSettings> | ((current: DashboardSettings) => DashboardSettings);

/**
 * Shared by the board and the settings panel: every change is applied at once everywhere and
 * written back to local storage.
 */
export function useDashboardSettings() {
  const settings = dashboardSettingsStore.use();
  const updateSettings = useCallback((update: SettingsUpdate) => {
    dashboardSettingsStore.set((current) =>
      typeof update === 'function' ? update(current) : { ...current, ...update },
    );
  }, []);
  return { settings, updateSettings };
}
