import { z } from 'zod';
import { DATE_FORMATS } from '../calendar/date-formats.js';
import { HOLIDAY_NAMES } from '../calendar/holidays.js';
import { isValidTimeZone } from '../calendar/time-zone.js';
import { displayName } from '../api/display-name.js';
import {
  FONT_SIZES,
  LOGO_MAX_BYTES,
  MAX_ANGLE,
  MAX_STOPS,
  MIN_ANGLE,
  MIN_STOPS,
  VIEW_TYPES,
} from './board-settings-constants.js';

/**
 * The board settings' Zod schemas and the types they define (re-exported by dashboard-settings.ts,
 * where consumers import them from). Built on the constants only, so the Zod-free
 * board-settings-core.ts can name these types without a circle.
 */

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
/** A pace step: a whole percent of target, 0-100. */
const pacePercentSchema = z.number().int().min(0).max(100);

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
  /**
   * The ZIP code the board's weather is for; empty while the company has given none (issue 33,
   * item 4: its board asks for one instead of showing another town's weather).
   */
  zipCode: z.string().regex(/^(\d{5})?$/, 'must be 5 digits, or empty for none'),
  dateFormat: z.enum(DATE_FORMATS),
  weatherThresholds: z.object({ hotTemp: temperatureSchema, coldTemp: temperatureSchema }),
  useWeatherColors: z.boolean(),
  targetCapacity: z.object({
    day1: targetPercentSchema,
    day2: targetPercentSchema,
    day3: targetPercentSchema,
  }),
  /** Expected % of target booked by the start of today's working day, per day ahead (pace). */
  paceCurve: z.object({
    day1: pacePercentSchema,
    day2: pacePercentSchema,
    day3: pacePercentSchema,
    /**
     * Learned from the last 8 weeks instead (decision 037): the board's history gives the three
     * points; these stay as the fallback while there is not enough history. Absent: false.
     */
    learned: z.boolean().optional(),
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
