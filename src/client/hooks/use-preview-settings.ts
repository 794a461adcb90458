import {
  DASHBOARD_SETTINGS_KEY,
  parseStoredDashboardSettings,
  type DashboardSettings,
} from '@shared/settings/dashboard-settings';
import { useCallback } from 'react';
import { PREVIEW_MARK } from '@shared/settings/storage-keys';
import { createStoredValue } from '@/lib/create-stored-value';

/**
 * The Live Preview's settings (seed section 3), kept in this browser under the seed's
 * `dashboardSettings` key and tolerant of whatever storage held. Only /customize reads and
 * writes it: the signed-in board shows its company's settings from the server (decision 009).
 */
export const previewSettingsStore = createStoredValue<DashboardSettings>({
  key: DASHBOARD_SETTINGS_KEY,
  parse: (raw) => parseStoredDashboardSettings(raw),
  // Marked as the preview's, so the one-time carry-over into a company's settings (decision 009)
  // takes only what an older build's signed-in board left here, never a visitor's experiments.
  serialize: (value) => JSON.stringify({ ...value, [PREVIEW_MARK]: true }),
});

export type SettingsUpdate =
  Partial<DashboardSettings> | ((current: DashboardSettings) => DashboardSettings);

/** Every change is applied at once and written back to local storage. */
export function usePreviewSettings() {
  const settings = previewSettingsStore.use();
  const updateSettings = useCallback((update: SettingsUpdate) => {
    previewSettingsStore.set((current) =>
      typeof update === 'function' ? update(current) : { ...current, ...update },
    );
  }, []);
  return { settings, updateSettings };
}
