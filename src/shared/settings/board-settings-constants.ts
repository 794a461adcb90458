/**
 * The board settings' constants: no imports, so the Zod schemas (board-settings-schemas.ts) and
 * the Zod-free defaults and rules (board-settings-core.ts) both build on them without a circle.
 */

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
/**
 * The pace curve (issue 27): the expected % of target booked at the start of today's working day
 * for the 1st, 2nd and 3rd working day ahead (hand-made boards' sliding target 66/33/15 %).
 */
export const DEFAULT_PACE_CURVE = { day1: 66, day2: 33, day3: 15 } as const;

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
