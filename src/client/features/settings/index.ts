export {
  DashboardSettingsPanel,
  type DashboardSettingsPanelProps,
} from './components/dashboard-settings-panel';
