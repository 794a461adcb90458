import type { SettingsPanelProps } from '@/features/dashboard/components/board';
import { DashboardSettingsPanel } from '@/features/settings/components/dashboard-settings-panel';

/**
 * The board and the settings panel are separate features; the app composes them here so
 * neither imports the other.
 */
export function renderSettingsPanel(props: SettingsPanelProps) {
  return <DashboardSettingsPanel {...props} />;
}
