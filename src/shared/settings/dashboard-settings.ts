import { z } from 'zod';
import { DATE_FORMATS, DEFAULT_DATE_FORMAT } from '../calendar/date-formats.js';
import { HOLIDAY_NAMES, isHolidayName } from '../calendar/holidays.js';
import { isValidTimeZone, runtimeTimeZone } from '../calendar/time-zone.js';
import { displayName, normalizeDisplayName } from '../api/display-name.js';

/**
 * The dashboard settings a browser keeps in local storage (seed section 3), their defaults, and
 * the small input rules of the settings panel (seed sections 5 and 9). Pure: no storage access.
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

// ---------------------------------------------------------------------------------------------
// Constants

export const DEFAULT_TITLE = '3-Day Call Board';
export const DEFAULT_ZIP_CODE = '34211';
export const ZIP_LENGTH = 5;
export const DAYS_DISPLAYED = 3;
export const DEFAULT_FONT_FAMILY = 'Nunito Sans';
export const FONT_SIZES = ['12px', '14px', '16px', '18px'] as const;
export type FontSize = (typeof FONT_SIZES)[number];
export const DEFAULT_FONT_SIZE: FontSize = '16px';
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TOO_LARGE_MESSAGE = 'Logo file size must be less than 2MB';

/** The 10 self-hosted families (product decision 7), in the seed's order. */
export const FALLBACK_FONTS = [
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
] as const;

export const TIMEZONE_CHOICES = [
  { value: 'America/New_York', label: 'Eastern' },
  { value: 'America/Chicago', label: 'Central' },
  { value: 'America/Denver', label: 'Mountain' },
  { value: 'America/Los_Angeles', label: 'Pacific' },
  { value: 'America/Phoenix', label: 'Arizona' },
  { value: 'America/Anchorage', label: 'Alaska' },
  { value: 'Pacific/Honolulu', label: 'Hawaii' },
  { value: 'UTC', label: 'UTC' },
] as const;

export const DEFAULT_WEATHER_THRESHOLDS = { hotTemp: 83, coldTemp: 35 } as const;
export const DEFAULT_TARGET_CAPACITY = { day1: 90, day2: 80, day3: 70 } as const;
export type TargetDay = keyof typeof DEFAULT_TARGET_CAPACITY;

export const VIEW_TYPES = ['businessUnit', 'jobType'] as const;
export type ViewType = (typeof VIEW_TYPES)[number];

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

// Gradient limits (seed section 9).
export const MIN_STOPS = 2;
export const MAX_STOPS = 5;
export const MIN_ANGLE = 0;
export const MAX_ANGLE = 360;
export const DEFAULT_GRADIENT_ANGLE = 90;
export const GRADIENT_BLUE = '#3b82f6';
export const GRADIENT_PURPLE = '#8b5cf6';

// ---------------------------------------------------------------------------------------------
// Schemas

/** #rgb, #rgba, #rrggbb or #rrggbbaa; anything else could smuggle CSS into a style attribute. */
export const hexColorSchema = z
  .string()
  .regex(
    /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/,
    'must be a hex colour',
  );

/** Font family names as CSS accepts them unquoted-safe: letters, digits, spaces and dashes. */
export const fontFamilySchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'must be a font family name');

/** An uploaded image as a data URL, or a plain http(s)/root-relative image address. */
export const logoUrlSchema = z
  .string()
  .max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 200)
  .refine(
    (v) =>
      /^data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=\s]*$/i.test(v) ||
      /^(https?:\/\/|\/)[^\s"'()<>]*$/i.test(v),
    'must be an image data URL',
  );

export const gradientStopSchema = z.object({
  color: hexColorSchema,
  position: z.number().min(0).max(100),
});
export type GradientStop = z.infer<typeof gradientStopSchema>;

export const gradientSchema = z.object({
  enabled: z.boolean(),
  type: z.enum(['linear', 'radial']),
  angle: z.number().min(MIN_ANGLE).max(MAX_ANGLE),
  colors: z.array(gradientStopSchema).min(MIN_STOPS).max(MAX_STOPS),
});
export type Gradient = z.infer<typeof gradientSchema>;

export const workdaysSchema = z.object({
  monday: z.boolean(),
  tuesday: z.boolean(),
  wednesday: z.boolean(),
  thursday: z.boolean(),
  friday: z.boolean(),
  saturday: z.boolean(),
  sunday: z.boolean(),
});
export type Workdays = z.infer<typeof workdaysSchema>;

const temperatureSchema = z.number().min(-100).max(200);
const targetPercentSchema = z.number().min(0).max(100);

export const appearanceSchema = z.object({
  fontFamily: fontFamilySchema,
  fontSize: z.enum(FONT_SIZES),
  textColor: hexColorSchema,
  headerBgColor: hexColorSchema,
  headerTextColor: hexColorSchema,
  footerBgColor: hexColorSchema,
  footerTextColor: hexColorSchema,
  mainBgColor: hexColorSchema,
  headerGradient: gradientSchema,
  footerGradient: gradientSchema,
});
export type Appearance = z.infer<typeof appearanceSchema>;

/**
 * The company's part of the settings (issue 11, product decision 17): stored on the server, one
 * copy per company, shared by every board and screen of it. Everything of seed section 3 except
 * the logo (stored on its own, see `logoUrl` below), the per-person view type and what the
 * browser keeps for itself (lock, theme, lastUpdated).
 */
export const companyBoardSettingsSchema = z.object({
  title: displayName({ max: 200 }),
  workdays: workdaysSchema.refine((w) => Object.values(w).some(Boolean), {
    message: 'at least one day must be a workday',
  }),
  holidays: z.array(z.enum(HOLIDAY_NAMES)).max(HOLIDAY_NAMES.length),
  timezone: z.string().refine(isValidTimeZone, 'must be an IANA time zone'),
  zipCode: z.string().regex(/^\d{5}$/, 'must be 5 digits'),
  dateFormat: z.enum(DATE_FORMATS),
  weatherThresholds: z.object({ hotTemp: temperatureSchema, coldTemp: temperatureSchema }),
  useWeatherColors: z.boolean(),
  targetCapacity: z.object({
    day1: targetPercentSchema,
    day2: targetPercentSchema,
    day3: targetPercentSchema,
  }),
  appearance: appearanceSchema,
});
export type CompanyBoardSettings = z.infer<typeof companyBoardSettingsSchema>;

/** What stays each person's own (decision 007): kept in their browser, never on the server. */
export const personalBoardSettingsSchema = z.object({ viewType: z.enum(VIEW_TYPES) });
export type PersonalBoardSettings = z.infer<typeof personalBoardSettingsSchema>;

/**
 * Everything a board shows with: the company's part, the person's part and the logo. The
 * signed-out Live Preview keeps all of it in the browser (seed section 3), the logo as a data URL.
 */
export const dashboardSettingsSchema = companyBoardSettingsSchema.extend({
  ...personalBoardSettingsSchema.shape,
  logoUrl: logoUrlSchema.optional(),
  /** ISO instant of the last successful capacity load, kept for the footer. */
  lastUpdated: z.string().max(64).optional(),
});
export type DashboardSettings = z.infer<typeof dashboardSettingsSchema>;

/** The company's part of whole board settings (what the server stores). */
export function companyPartOf(settings: DashboardSettings): CompanyBoardSettings {
  const company: Record<string, unknown> = {};
  for (const key of Object.keys(companyBoardSettingsSchema.shape)) {
    company[key] = settings[key as keyof DashboardSettings];
  }
  return company as CompanyBoardSettings;
}

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

// ---------------------------------------------------------------------------------------------
// Tolerant parsing of what a browser stored

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Keeps every part of `value` that `schema` accepts and takes the rest from `fallback`, walking
 * into objects key by key, so one bad field never costs the user the others.
 */
function mergeValid(schema: z.ZodType, value: unknown, fallback: unknown): unknown {
  if (schema instanceof z.ZodObject && isPlainObject(fallback)) {
    if (!isPlainObject(value)) return fallback;
    const shape = schema.shape as Record<string, z.ZodType>;
    const merged: Record<string, unknown> = {};
    for (const [key, fieldSchema] of Object.entries(shape)) {
      const result = mergeValid(fieldSchema, value[key], fallback[key]);
      if (result !== undefined) merged[key] = result;
    }
    return merged;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

/**
 * Reads settings from whatever local storage held (parsed JSON, or the raw string): valid
 * fields win over the defaults, unknown holiday names are dropped, and it never throws.
 */
export function parseStoredDashboardSettings(
  json: unknown,
  browserTimeZone?: string,
): DashboardSettings {
  const defaults = defaultDashboardSettings(browserTimeZone);
  let stored = json;
  if (typeof stored === 'string') {
    try {
      stored = JSON.parse(stored) as unknown;
    } catch {
      return defaults;
    }
  }
  if (!isPlainObject(stored)) return defaults;
  const cleaned: Record<string, unknown> = { ...stored };
  if (Array.isArray(stored.holidays)) {
    cleaned.holidays = [...new Set(stored.holidays.filter(isHolidayName))];
  }
  const merged = mergeValid(dashboardSettingsSchema, cleaned, defaults);
  const result = dashboardSettingsSchema.safeParse(merged);
  return result.success ? result.data : defaults;
}

/**
 * A company's stored settings, tolerant like the browser's: valid fields win over the defaults,
 * so a row written by an older build (a field since added or tightened) still reads whole.
 */
export function parseStoredCompanySettings(
  json: unknown,
  defaultTimeZone: string,
): CompanyBoardSettings {
  return companyPartOf(parseStoredDashboardSettings(json, defaultTimeZone));
}

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
