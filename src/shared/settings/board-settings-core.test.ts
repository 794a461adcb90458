import { describe, expect, it } from 'vitest';
import {
  COMPANY_SETTING_KEYS,
  defaultDashboardSettings,
  withDefaults,
} from './board-settings-core.js';
import { companyBoardSettingsSchema, parseStoredDashboardSettings } from './dashboard-settings.js';

describe("board-settings-core (the board's settings code without Zod)", () => {
  it('names exactly the keys of the company settings schema', () => {
    expect([...COMPANY_SETTING_KEYS].sort()).toEqual(
      Object.keys(companyBoardSettingsSchema.shape).sort(),
    );
  });

  it('lays whole company settings from the server over the defaults as the schemas would', () => {
    const company = {
      ...parseStoredDashboardSettings({ title: 'Acme', zipCode: '90210' }, 'America/Chicago'),
    };
    const expected = parseStoredDashboardSettings(company);
    expect(withDefaults(company)).toEqual(expected);
  });

  it('keeps the default appearance fields a partial answer leaves out', () => {
    const shown = withDefaults({ title: 'Acme', appearance: { textColor: '#ff0000' } } as never);
    expect(shown.title).toBe('Acme');
    expect(shown.appearance.textColor).toBe('#ff0000');
    expect(shown.appearance.fontFamily).toBe(defaultDashboardSettings().appearance.fontFamily);
    expect(withDefaults(undefined)).toEqual(defaultDashboardSettings());
  });
});
