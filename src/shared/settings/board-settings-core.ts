import { DEFAULT_DATE_FORMAT } from '../calendar/date-formats.js';
import { OFFICE_CLOSED_HOLIDAYS } from '../calendar/holidays.js';
import { isValidTimeZone, runtimeTimeZone } from '../calendar/time-zone.js';
import { normalizeDisplayName } from '../api/display-name-rules.js';
import type {
  CompanyBoardSettings,
  DashboardSettings,
  Gradient,
  GradientStop,
} from './board-settings-schemas.js';

/**
 * The board settings' constants, defaults and small input rules, free of the schema library so
 * the board and the TV screen load without it (issue 13). `dashboard-settings.ts` adds the
 * schemas and the tolerant parsing of what a browser stored, and re-exports all of this.
 */
// ---------------------------------------------------------------------------------------------
// Storage keys

// In their own module, free of the schema library, so the app shell can read the theme without it.
export {
  DASHBOARD_SETTINGS_KEY,
  LOCK_KEY,
  THEME_KEY,
  VIEW_TYPE_KEY,
  WELCOME_SEEN_KEY,
} from './storage-keys.js';

// Constants (their own module: the schemas build on them too).
export * from './board-settings-constants.js';
import {
  DEFAULT_FONT_FAMILY,
  DEFAULT_FONT_SIZE,
  DEFAULT_GRADIENT_ANGLE,
  DEFAULT_PACE_CURVE,
  DEFAULT_TARGET_CAPACITY,
  DEFAULT_TITLE,
  DEFAULT_WEATHER_THRESHOLDS,
  DEFAULT_ZIP_CODE,
  GRADIENT_BLUE,
  GRADIENT_PURPLE,
  MAX_ANGLE,
  MAX_STOPS,
  MIN_STOPS,
  ZIP_LENGTH,
  type TargetDay,
} from './board-settings-constants.js';

// ---------------------------------------------------------------------------------------------
// Defaults

/** Blue at 0 and purple at 100: what a gradient starts with when first enabled. */
export function defaultGradient(): Gradient {
  return {
    enabled: false,
    type: 'linear',
    angle: DEFAULT_GRADIENT_ANGLE,
    colors: [
      { color: GRADIENT_BLUE, position: 0 },
      { color: GRADIENT_PURPLE, position: 100 },
    ],
  };
}

/**
 * Fresh defaults. The time zone is the given browser zone when valid; with no argument, the
 * runtime's own zone (in a browser that is the browser's zone).
 */
export function defaultDashboardSettings(browserTimeZone?: string): DashboardSettings {
  const zone = browserTimeZone === undefined ? runtimeTimeZone() : browserTimeZone;
  return {
    title: DEFAULT_TITLE,
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
    timezone: isValidTimeZone(zone) ? zone : 'America/New_York',
    zipCode: DEFAULT_ZIP_CODE,
    dateFormat: DEFAULT_DATE_FORMAT,
    weatherThresholds: { ...DEFAULT_WEATHER_THRESHOLDS },
    useWeatherColors: false,
    targetCapacity: { ...DEFAULT_TARGET_CAPACITY },
    paceCurve: { ...DEFAULT_PACE_CURVE },
    appearance: {
      fontFamily: DEFAULT_FONT_FAMILY,
      fontSize: DEFAULT_FONT_SIZE,
      textColor: '#ffffff',
      headerBgColor: '#000000',
      headerTextColor: '#ffffff',
      footerBgColor: '#000000',
      footerTextColor: '#ffffff',
      mainBgColor: '#000000',
      headerGradient: defaultGradient(),
      footerGradient: defaultGradient(),
    },
  };
}

/** The keys of the company's part (`companyBoardSettingsSchema`; a test keeps them equal). */
export const COMPANY_SETTING_KEYS = [
  'title',
  'workdays',
  'holidays',
  'timezone',
  'zipCode',
  'dateFormat',
  'weatherThresholds',
  'useWeatherColors',
  'targetCapacity',
  'paceCurve',
  'appearance',
] as const satisfies readonly (keyof CompanyBoardSettings)[];

/** The company's part of whole board settings (what the server stores). */
export function companyPartOf(settings: DashboardSettings): CompanyBoardSettings {
  const company: Record<string, unknown> = {};
  for (const key of COMPANY_SETTING_KEYS) company[key] = settings[key];
  return company as CompanyBoardSettings;
}

/**
 * A company's settings before anyone saved: the seed's defaults in the given zone, with the
 * holidays an office closes on selected (product decision 25; the Live Preview keeps the seed's
 * empty list), and no ZIP code: the Live Preview's sample town is not the company's (issue 33,
 * item 4; Setup asks for the company's own).
 */
export function companyBoardDefaults(timeZone: string): CompanyBoardSettings {
  return {
    ...companyPartOf(defaultDashboardSettings(timeZone)),
    holidays: [...OFFICE_CLOSED_HOLIDAYS],
    zipCode: '',
  };
}

/**
 * A company's settings as the server answers them (validated and made whole there) over the
 * defaults: a board shows them without parsing them again.
 */
export function withDefaults(
  company: Partial<CompanyBoardSettings> | undefined,
): DashboardSettings {
  const defaults = defaultDashboardSettings();
  if (!company) return defaults;
  return {
    ...defaults,
    ...company,
    appearance: { ...defaults.appearance, ...company.appearance },
  };
}

// ---------------------------------------------------------------------------------------------
// Input rules

/** The lock flag from storage: anything but an explicit "false" means locked. */
export function parseStoredLock(value: string | null | undefined): boolean {
  return value !== 'false';
}

// ---------------------------------------------------------------------------------------------
// Input rules of the settings panel and header (seed section 5)

/** Strips non-digits and keeps at most 5 characters. */
export function sanitizeZip(input: string): string {
  return input.replace(/\D/g, '').slice(0, ZIP_LENGTH);
}

/** A ZIP is saved, and weather fetched, only at exactly 5 digits. */
export function isCompleteZip(input: string): boolean {
  return /^\d{5}$/.test(input);
}

/**
 * The trimmed title, or null when it must not be saved: empty, or made only of invisible
 * characters (the display-name rule every name follows).
 */
export function normalizeTitle(input: string): string | null {
  return normalizeDisplayName(input);
}

function toNumber(input: string | number): number {
  if (typeof input === 'number') return input;
  const trimmed = input.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/**
 * A typed target percentage clamped to 0-100, or null while the input is empty or not a number
 * (empty is allowed while typing; see `targetOnBlur`).
 */
export function clampTarget(input: string | number): number | null {
  const value = toNumber(input);
  if (!Number.isFinite(value)) return null;
  return Math.min(100, Math.max(0, Math.round(value)));
}

/** On blur an empty or unparseable target resets to that day's default (90, 80 or 70). */
export function targetOnBlur(input: string | number, day: TargetDay): number {
  return clampTarget(input) ?? DEFAULT_TARGET_CAPACITY[day];
}

/** A typed threshold; unparseable falls back to 83 (hot) or 35 (cold). */
export function parseThreshold(input: string | number, which: 'hotTemp' | 'coldTemp'): number {
  const value = toNumber(input);
  return Number.isFinite(value) ? value : DEFAULT_WEATHER_THRESHOLDS[which];
}

function clampOrZero(input: string | number, max: number): number {
  const value = toNumber(input);
  if (!Number.isFinite(value)) return 0;
  return Math.min(max, Math.max(0, value));
}

/** Gradient angle 0-360; invalid becomes 0. */
export function clampAngle(input: string | number): number {
  return clampOrZero(input, MAX_ANGLE);
}

/** Gradient stop position 0-100 %; invalid becomes 0. */
export function clampPosition(input: string | number): number {
  return clampOrZero(input, 100);
}

/** A stop added to a gradient: white at 50. */
export function newStop(): GradientStop {
  return { color: '#ffffff', position: 50 };
}

/** Whether another stop may be added (the add control hides at 5). */
export function canAddStop(gradient: Gradient): boolean {
  return gradient.colors.length < MAX_STOPS;
}

/** Whether a stop may be removed (the remove control shows only above 2). */
export function canRemoveStop(gradient: Gradient): boolean {
  return gradient.colors.length > MIN_STOPS;
}

/**
 * The CSS background image for an enabled gradient (stops in position order), or undefined when
 * the gradient is off so the caller uses its solid colour.
 */
export function gradientCss(gradient: Gradient | undefined): string | undefined {
  if (!gradient?.enabled) return undefined;
  const stops = [...gradient.colors]
    .sort((a, b) => a.position - b.position)
    .map((stop) => `${stop.color} ${clampPosition(stop.position)}%`)
    .join(', ');
  return gradient.type === 'radial'
    ? `radial-gradient(circle, ${stops})`
    : `linear-gradient(${clampAngle(gradient.angle)}deg, ${stops})`;
}

/** The `background` value for a header or footer: its gradient when on, else its solid colour. */
export function backgroundCss(solidColor: string, gradient: Gradient | undefined): string {
  return gradientCss(gradient) ?? solidColor;
}
