import { describe, expect, it } from 'vitest';
import {
  companyBoardSettingsSchema,
  companyPartOf,
  defaultDashboardSettings,
  parseStoredCompanySettings,
} from '../settings/dashboard-settings.js';
import { logoPath, sniffLogoType } from './board-settings.js';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('sniffLogoType', () => {
  it('recognises PNG, JPEG, GIF and WebP by their first bytes', () => {
    expect(sniffLogoType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe(
      'image/png',
    );
    expect(sniffLogoType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffLogoType(new TextEncoder().encode('GIF89a...'))).toBe('image/gif');
    expect(sniffLogoType(new TextEncoder().encode('GIF87a...'))).toBe('image/gif');
    expect(sniffLogoType(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe(
      'image/webp',
    );
  });

  it('refuses SVG, text, a truncated signature and nothing at all', () => {
    expect(
      sniffLogoType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toBe(null);
    expect(sniffLogoType(new TextEncoder().encode('<?xml version="1.0"?><svg/>'))).toBe(null);
    expect(sniffLogoType(bytes(0x89, 0x50, 0x4e, 0x47))).toBe(null);
    expect(sniffLogoType(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WAVE'))).toBe(null);
    expect(sniffLogoType(bytes())).toBe(null);
  });

  it('names the company in the address only when given', () => {
    const sha = 'a'.repeat(64);
    expect(logoPath(sha)).toBe(`/api/board-settings/logo/${sha}`);
    expect(logoPath(sha, 7)).toBe(`/api/board-settings/logo/${sha}?companyId=7`);
  });
});

describe("the company's part of the settings", () => {
  const defaults = defaultDashboardSettings('America/Chicago');

  it('leaves out the personal view type, the logo and lastUpdated', () => {
    const part = companyPartOf({ ...defaults, logoUrl: '/logo.png', lastUpdated: 'x' });
    expect(part).not.toHaveProperty('viewType');
    expect(part).not.toHaveProperty('logoUrl');
    expect(part).not.toHaveProperty('lastUpdated');
    expect(companyBoardSettingsSchema.safeParse(part).success).toBe(true);
  });

  it('refuses a week without a workday', () => {
    const none = Object.fromEntries(Object.keys(defaults.workdays).map((d) => [d, false]));
    const result = companyBoardSettingsSchema.safeParse({
      ...companyPartOf(defaults),
      workdays: none,
    });
    expect(result.success).toBe(false);
  });

  it('reads a stored row tolerantly: a bad field falls back alone, the rest is kept', () => {
    const read = parseStoredCompanySettings(
      { ...companyPartOf(defaults), title: 'North Shop', zipCode: 'abc', viewType: 'jobType' },
      'America/New_York',
    );
    expect(read.title).toBe('North Shop');
    expect(read.zipCode).toBe('34211');
    expect(read.timezone).toBe('America/Chicago');
    expect(read).not.toHaveProperty('viewType');
    expect(parseStoredCompanySettings(null, 'America/New_York').timezone).toBe('America/New_York');
  });
});
