import type { DashboardSettings } from '@shared/settings/dashboard-settings';

/** The seed's default board colours (black bars and page, white text). */
const DARK_BACKGROUND = '#000000';
const LIGHT_TEXT = '#ffffff';

/** What the light theme shows instead, where the board keeps those defaults. */
const LIGHT = {
  page: '#f1f5f9',
  bar: '#ffffff',
  text: '#0f172a',
};

/**
 * The light theme lightens the header, footer and page background too (issue 11 item 5), but
 * only where they still have the default black-and-white colours: colours an administrator chose
 * (or a gradient) are the company's branding and stay as they are in both themes.
 */
export function themedSettings(
  settings: DashboardSettings,
  theme: 'light' | 'dark',
): DashboardSettings {
  if (theme === 'dark') return settings;
  const a = settings.appearance;
  const isDefault = (bg: string, text: string, gradientOn: boolean | undefined) =>
    !gradientOn && bg.toLowerCase() === DARK_BACKGROUND && text.toLowerCase() === LIGHT_TEXT;
  const header = isDefault(a.headerBgColor, a.headerTextColor, a.headerGradient?.enabled);
  const footer = isDefault(a.footerBgColor, a.footerTextColor, a.footerGradient?.enabled);
  const page = isDefault(a.mainBgColor, a.textColor, false);
  if (!header && !footer && !page) return settings;
  return {
    ...settings,
    appearance: {
      ...a,
      ...(header ? { headerBgColor: LIGHT.bar, headerTextColor: LIGHT.text } : {}),
      ...(footer ? { footerBgColor: LIGHT.bar, footerTextColor: LIGHT.text } : {}),
      ...(page ? { mainBgColor: LIGHT.page, textColor: LIGHT.text } : {}),
    },
  };
}
