import { defaultDashboardSettings } from '../../../../shared/settings/dashboard-settings';
import { describe, expect, it } from 'vitest';
import { themedSettings } from './themed-settings';

describe('themedSettings', () => {
  const defaults = defaultDashboardSettings('America/New_York');

  it('keeps every colour in the dark theme', () => {
    expect(themedSettings(defaults, 'dark')).toBe(defaults);
  });

  it('lightens the default black header, footer and page in the light theme', () => {
    const { appearance } = themedSettings(defaults, 'light');
    expect(appearance.headerBgColor).toBe('#ffffff');
    expect(appearance.headerTextColor).toBe('#0f172a');
    expect(appearance.footerBgColor).toBe('#ffffff');
    expect(appearance.mainBgColor).toBe('#f1f5f9');
    expect(appearance.textColor).toBe('#0f172a');
  });

  it('keeps colours an administrator chose', () => {
    const branded = {
      ...defaults,
      appearance: { ...defaults.appearance, headerBgColor: '#123456', footerTextColor: '#ffff00' },
    };
    const { appearance } = themedSettings(branded, 'light');
    expect(appearance.headerBgColor).toBe('#123456');
    expect(appearance.headerTextColor).toBe('#ffffff');
    expect(appearance.footerBgColor).toBe('#000000');
    expect(appearance.footerTextColor).toBe('#ffff00');
    expect(appearance.mainBgColor).toBe('#f1f5f9');
  });
});
