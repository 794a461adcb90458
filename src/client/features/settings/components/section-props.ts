import type { DashboardSettings } from '@shared/settings/dashboard-settings';

/** An update derived from the latest settings, so quick successive edits never drop each other. */
export type SettingsUpdater = (update: (current: DashboardSettings) => DashboardSettings) => void;

export interface SectionProps {
  settings: DashboardSettings;
  update: SettingsUpdater;
  /** Read-only mode: every control is disabled (and so dimmed). */
  disabled: boolean;
}
