import { z } from 'zod';
import { isHolidayName } from '../calendar/holidays.js';
import { companyPartOf, defaultDashboardSettings } from './board-settings-core.js';
import {
  dashboardSettingsSchema,
  type CompanyBoardSettings,
  type DashboardSettings,
} from './board-settings-schemas.js';

/**
 * The dashboard settings a browser keeps in local storage (seed section 3), their defaults, and
 * the small input rules of the settings panel (seed sections 5 and 9). Pure: no storage access.
 * The tolerant parsing is here; the schemas are `board-settings-schemas.ts`, the rest
 * `board-settings-core.ts` (constants in `board-settings-constants.ts`): all exported from here.
 */

// Constants, defaults and input rules live in a module free of Zod (the board loads only that).
export * from './board-settings-core.js';
export * from './board-settings-schemas.js';

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
