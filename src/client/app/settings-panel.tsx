import { lazy, Suspense, useState } from 'react';
import type { SettingsPanelProps } from '@/features/dashboard/components/board';

// The panel (its form controls, combobox and colour pickers) loads the first time it is opened:
// it adds nothing to the board's first load.
const DashboardSettingsPanel = lazy(() =>
  import('@/features/settings/components/dashboard-settings-panel').then((m) => ({
    default: m.DashboardSettingsPanel,
  })),
);

/** Mounted once first opened, and kept mounted so it closes with its own animation. */
function LazySettingsPanel(props: SettingsPanelProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <DashboardSettingsPanel {...props} />
    </Suspense>
  );
}

/**
 * The board and the settings panel are separate features; the app composes them here so
 * neither imports the other.
 */
export function renderSettingsPanel(props: SettingsPanelProps) {
  return <LazySettingsPanel {...props} />;
}
