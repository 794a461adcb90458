import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_SETTINGS_KEY,
  FALLBACK_FONTS,
  FONT_SIZES,
  THEME_KEY,
  TIMEZONE_CHOICES,
  backgroundCss,
  canAddStop,
  canRemoveStop,
  clampAngle,
  clampPosition,
  clampTarget,
  dashboardSettingsSchema,
  defaultDashboardSettings,
  defaultGradient,
  gradientCss,
  isCompleteZip,
  newStop,
  normalizeTitle,
  parseStoredDashboardSettings,
  parseStoredLock,
  parseThreshold,
  sanitizeZip,
  targetOnBlur,
} from './dashboard-settings.js';

describe('defaultDashboardSettings', () => {
  it('holds the seed defaults', () => {
    expect(defaultDashboardSettings('America/Chicago')).toEqual({
      title: '3-Day Call Board',
      workdays: {
        monday: true,
        tuesday: true,
        wednesday: true,
        thursday: true,
        friday: true,
        saturday: false,
        sunday: false,
      },
      holidays: [],
      viewType: 'businessUnit',
      timezone: 'America/Chicago',
      zipCode: '34211',
      dateFormat: 'MMM d, yyyy',
      weatherThresholds: { hotTemp: 83, coldTemp: 35 },
      useWeatherColors: false,
      targetCapacity: { day1: 90, day2: 80, day3: 70 },
      paceCurve: { day1: 66, day2: 33, day3: 15 },
      appearance: {
        fontFamily: 'Nunito Sans',
        fontSize: '16px',
        textColor: '#ffffff',
        headerBgColor: '#000000',
        headerTextColor: '#ffffff',
        footerBgColor: '#000000',
        footerTextColor: '#ffffff',
        mainBgColor: '#000000',
        headerGradient: defaultGradient(),
        footerGradient: defaultGradient(),
      },
    });
  });

  it('uses a known zone when the browser reports a bad one', () => {
    expect(defaultDashboardSettings('Not/AZone').timezone).toBe('America/New_York');
  });

  it('satisfies its own schema and survives a storage round trip', () => {
    const defaults = defaultDashboardSettings('UTC');
    expect(dashboardSettingsSchema.safeParse(defaults).success).toBe(true);
    expect(parseStoredDashboardSettings(JSON.parse(JSON.stringify(defaults)), 'UTC')).toEqual(
      defaults,
    );
  });

  it('hands out fresh objects each call', () => {
    const a = defaultDashboardSettings('UTC');
    a.workdays.saturday = true;
    a.appearance.headerGradient.colors.push(newStop());
    expect(defaultDashboardSettings('UTC').workdays.saturday).toBe(false);
    expect(defaultDashboardSettings('UTC').appearance.headerGradient.colors).toHaveLength(2);
  });
});

describe('parseStoredDashboardSettings', () => {
  const defaults = defaultDashboardSettings('America/Denver');
  const parse = (json: unknown) => parseStoredDashboardSettings(json, 'America/Denver');

  it.each([[null], [undefined], [42], ['not json {'], [[1, 2]], ['"a string"'], [true]])(
    'falls back to the defaults for %j',
    (stored) => {
      expect(parse(stored)).toEqual(defaults);
    },
  );

  it('keeps valid fields and replaces invalid ones field by field', () => {
    const result = parse({
      title: '  Dispatch Board  ',
      zipCode: '3421',
      viewType: 'jobType',
      timezone: 'Mars/Base',
      dateFormat: 'dd.MM.yy',
      workdays: { saturday: true, monday: 'yes' },
      weatherThresholds: { hotTemp: 90, coldTemp: 'cold' },
      targetCapacity: { day1: 150, day2: 60 },
      useWeatherColors: true,
      appearance: {
        fontFamily: 'Roboto',
        fontSize: '99px',
        textColor: 'red; background: url(x)',
        headerBgColor: '#112233',
        headerGradient: {
          enabled: true,
          type: 'radial',
          angle: 45,
          colors: [{ color: '#000', position: 0 }],
        },
      },
      unknownField: 'ignored',
    });
    expect(result.title).toBe('Dispatch Board');
    expect(result.zipCode).toBe('34211');
    expect(result.viewType).toBe('jobType');
    expect(result.timezone).toBe('America/Denver');
    expect(result.dateFormat).toBe('MMM d, yyyy');
    expect(result.workdays).toEqual({ ...defaults.workdays, saturday: true });
    expect(result.weatherThresholds).toEqual({ hotTemp: 90, coldTemp: 35 });
    expect(result.targetCapacity).toEqual({ day1: 90, day2: 60, day3: 70 });
    expect(result.useWeatherColors).toBe(true);
    expect(result.appearance.fontFamily).toBe('Roboto');
    expect(result.appearance.fontSize).toBe('16px');
    expect(result.appearance.textColor).toBe('#ffffff');
    expect(result.appearance.headerBgColor).toBe('#112233');
    // One stop is too few: the colours fall back, the other valid gradient fields stay.
    expect(result.appearance.headerGradient).toEqual({
      enabled: true,
      type: 'radial',
      angle: 45,
      colors: defaultGradient().colors,
    });
    expect(result).not.toHaveProperty('unknownField');
  });

  it('reads the raw JSON string local storage holds', () => {
    expect(parse(JSON.stringify({ zipCode: '10001' })).zipCode).toBe('10001');
  });

  it('drops unknown and repeated holiday names', () => {
    expect(
      parse({ holidays: ['Christmas', 'Festivus', 'Christmas', 7, 'Labor Day'] }).holidays,
    ).toEqual(['Christmas', 'Labor Day']);
    expect(parse({ holidays: 'Christmas' }).holidays).toEqual([]);
  });

  it('keeps an image data URL logo and refuses script or CSS-breaking addresses', () => {
    expect(parse({ logoUrl: 'data:image/png;base64,iVBORw0KGgo=' }).logoUrl).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(parse({ logoUrl: 'javascript:alert(1)' }).logoUrl).toBeUndefined();
    expect(parse({ logoUrl: 'data:text/html;base64,PHNjcmlwdD4=' }).logoUrl).toBeUndefined();
    expect(parse({ logoUrl: '/logo.png") ; x' }).logoUrl).toBeUndefined();
  });

  it('refuses a font family that could break out of a CSS value', () => {
    expect(
      parse({ appearance: { fontFamily: 'Inter"; } body { display:none' } }).appearance.fontFamily,
    ).toBe('Nunito Sans');
  });

  it('keeps lastUpdated when it is a string', () => {
    expect(parse({ lastUpdated: '2025-06-10T15:00:00.000Z' }).lastUpdated).toBe(
      '2025-06-10T15:00:00.000Z',
    );
    expect(parse({ lastUpdated: 12 }).lastUpdated).toBeUndefined();
  });
});

describe('constants', () => {
  it('match the seed', () => {
    expect(DASHBOARD_SETTINGS_KEY).toBe('dashboardSettings');
    expect(THEME_KEY).toBe('theme');
    expect(FONT_SIZES).toEqual(['12px', '14px', '16px', '18px']);
    expect(FALLBACK_FONTS).toEqual([
      'Nunito Sans',
      'Roboto',
      'Open Sans',
      'Lato',
      'Montserrat',
      'Poppins',
      'Inter',
      'Raleway',
      'Playfair Display',
      'Merriweather',
    ]);
    expect(TIMEZONE_CHOICES.map((c) => `${c.value} (${c.label})`)).toEqual([
      'America/New_York (Eastern)',
      'America/Chicago (Central)',
      'America/Denver (Mountain)',
      'America/Los_Angeles (Pacific)',
      'America/Phoenix (Arizona)',
      'America/Anchorage (Alaska)',
      'Pacific/Honolulu (Hawaii)',
      'UTC (UTC)',
    ]);
  });
});

describe('input rules', () => {
  it('sanitises ZIP codes to at most 5 digits and accepts only exactly 5', () => {
    expect(sanitizeZip('34a2-11 9')).toBe('34211');
    expect(sanitizeZip('12')).toBe('12');
    expect(sanitizeZip('')).toBe('');
    expect(isCompleteZip('34211')).toBe(true);
    expect(isCompleteZip('3421')).toBe(false);
    expect(isCompleteZip('342111')).toBe(false);
    expect(isCompleteZip('3421a')).toBe(false);
  });

  it('saves only a non-empty trimmed title', () => {
    expect(normalizeTitle('  Board ')).toBe('Board');
    expect(normalizeTitle('   ')).toBeNull();
    expect(normalizeTitle('\u200b\u200f')).toBeNull();
  });

  it('clamps targets to 0-100 and lets empty stay empty while typing', () => {
    expect(clampTarget('150')).toBe(100);
    expect(clampTarget(-5)).toBe(0);
    expect(clampTarget('85')).toBe(85);
    expect(clampTarget('')).toBeNull();
    expect(clampTarget('abc')).toBeNull();
    expect(targetOnBlur('', 'day1')).toBe(90);
    expect(targetOnBlur('', 'day2')).toBe(80);
    expect(targetOnBlur('x', 'day3')).toBe(70);
    expect(targetOnBlur('120', 'day3')).toBe(100);
  });

  it('falls back to 83 and 35 for unparseable thresholds', () => {
    expect(parseThreshold('90', 'hotTemp')).toBe(90);
    expect(parseThreshold('abc', 'hotTemp')).toBe(83);
    expect(parseThreshold('', 'coldTemp')).toBe(35);
    expect(parseThreshold('-10', 'coldTemp')).toBe(-10);
  });

  it('clamps gradient angles to 0-360 and positions to 0-100, invalid becoming 0', () => {
    expect(clampAngle('45')).toBe(45);
    expect(clampAngle(400)).toBe(360);
    expect(clampAngle(-1)).toBe(0);
    expect(clampAngle('abc')).toBe(0);
    expect(clampPosition('55')).toBe(55);
    expect(clampPosition(101)).toBe(100);
    expect(clampPosition('')).toBe(0);
  });

  it('adds white stops at 50 up to 5 and removes down to 2', () => {
    expect(newStop()).toEqual({ color: '#ffffff', position: 50 });
    const gradient = defaultGradient();
    expect(gradient.colors).toEqual([
      { color: '#3b82f6', position: 0 },
      { color: '#8b5cf6', position: 100 },
    ]);
    expect(canRemoveStop(gradient)).toBe(false);
    expect(canAddStop(gradient)).toBe(true);
    const full = { ...gradient, colors: [...gradient.colors, newStop(), newStop(), newStop()] };
    expect(canAddStop(full)).toBe(false);
    expect(canRemoveStop(full)).toBe(true);
  });

  it('writes gradient CSS with stops in position order, only when enabled', () => {
    const gradient = { ...defaultGradient(), enabled: true, angle: 45 };
    gradient.colors = [
      { color: '#8b5cf6', position: 100 },
      { color: '#ffffff', position: 50 },
      { color: '#3b82f6', position: 0 },
    ];
    expect(gradientCss(gradient)).toBe(
      'linear-gradient(45deg, #3b82f6 0%, #ffffff 50%, #8b5cf6 100%)',
    );
    expect(gradientCss({ ...gradient, type: 'radial' })).toBe(
      'radial-gradient(circle, #3b82f6 0%, #ffffff 50%, #8b5cf6 100%)',
    );
    expect(gradientCss({ ...gradient, enabled: false })).toBeUndefined();
    expect(backgroundCss('#000000', { ...gradient, enabled: false })).toBe('#000000');
    expect(backgroundCss('#000000', gradient)).toMatch(/^linear-gradient/);
  });

  it('treats the lock as on unless explicitly off', () => {
    expect(parseStoredLock(null)).toBe(true);
    expect(parseStoredLock('true')).toBe(true);
    expect(parseStoredLock('false')).toBe(false);
  });
});
