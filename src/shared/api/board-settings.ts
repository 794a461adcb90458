import { z } from 'zod';
import { companyBoardSettingsSchema } from '../settings/dashboard-settings.js';
import { boardQuerySchema } from './onboarding.js';
import { boardIdQuery, pathParams } from './path-params.js';

/**
 * A company's board settings (issue 11, product decision 17; decision 009). Routes:
 * src/server/routes/board-settings/.
 *
 *   GET    /api/board-settings[?companyId=]        the board company's settings (seed defaults
 *                                                  while it has stored none: version 0)
 *   PUT    /api/board-settings[?companyId=]        { settings, version }: the whole company part,
 *                                                  and the version the editor last saw; 409 when
 *                                                  someone saved in between (nothing changed)
 *   PUT    /api/board-settings/logo[?companyId=]   the raw image (PNG, JPEG, GIF or WebP, checked
 *                                                  by its bytes, at most 2 MB)
 *   PUT    /api/board-settings/location[?companyId=]  { zipCode, timezone }: where the company
 *                                                  is (Setup), on every board of it
 *   DELETE /api/board-settings/logo[?companyId=]
 *   GET    /api/board-settings/logo/:sha[?companyId=]  the stored image; the address names its
 *                                                  content, so it is cached for a year
 *
 * `?companyId=` names another company's board (a master admin), as on POST /api/capacity.
 */

export const boardSettingsQuerySchema = boardQuerySchema.extend({
  /** The board (issue 26); without it, the company's first board (a screen: always its own). */
  boardId: boardIdQuery,
});

/** The stored version a write must name: 0 while the company has stored nothing yet. */
export const settingsVersionSchema = z
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(2_147_483_647, 'is not a known version');

export const boardSettingsResponseSchema = z.object({
  /** Whose board these are; null for a caller without a company (the seed defaults). */
  companyId: z.number().int().nullable(),
  /** Which board of the company (issue 26); null without a company. */
  boardId: z.number().int().nullable(),
  /** As stored (the title's input rule trims; an answer only repeats what was stored). */
  settings: companyBoardSettingsSchema.extend({ title: z.string() }),
  /** Grows by one with every write (settings or logo); 0 = nothing stored yet. */
  version: z.number().int(),
  /** Where the logo is served, or null when the company has none. */
  logoUrl: z.string().nullable(),
  /** The caller may change them (boardSettings.edit in the board company). */
  canEdit: z.boolean(),
  /** Why not, in the permission vocabulary's words; null when they may. */
  editDenial: z.string().nullable(),
  /**
   * The company's name (issue 33, item 4): a board whose title is still the default shows it in
   * its header. null without a company.
   */
  companyName: z.string().nullable(),
  /** The board's name, as the Boards page lists it (a TV names the board it shows); null without a company. */
  boardName: z.string().nullable(),
  /** How many boards the company has (a board of several names itself); 0 without a company. */
  boardCount: z.number().int(),
});
export type BoardSettingsResponse = z.infer<typeof boardSettingsResponseSchema>;

/**
 * `PUT /api/board-settings/location` (issue 33, item 4): where the company is, as Setup asks it
 * after connecting: its ZIP code (weather; empty for none) and its time zone (the displayed days
 * and clock). Written to every board of the company, each keeping the rest of its settings.
 */
export const boardLocationBodySchema = z.object({
  zipCode: companyBoardSettingsSchema.shape.zipCode.meta({
    description: "A 5-digit US ZIP code, or '' for none (the board then asks for one).",
    examples: ['34211'],
  }),
  timezone: companyBoardSettingsSchema.shape.timezone.meta({
    description: 'An IANA time zone, e.g. America/New_York.',
    examples: ['America/New_York'],
  }),
});
export type BoardLocationBody = z.infer<typeof boardLocationBodySchema>;

export const boardLocationResponseSchema = z.object({
  zipCode: z.string(),
  timezone: z.string(),
  /** The boards written (every board of the company). */
  boards: z.number().int(),
});
export type BoardLocationResponse = z.infer<typeof boardLocationResponseSchema>;

export const updateBoardSettingsBodySchema = z.object({
  settings: companyBoardSettingsSchema,
  version: settingsVersionSchema,
});
export type UpdateBoardSettingsBody = z.infer<typeof updateBoardSettingsBodySchema>;

/** The message of a 409: the editor's change was not saved; the current settings come with it. */
export const SETTINGS_CONFLICT_MESSAGE =
  'Someone else changed these settings meanwhile. Their version is shown now; make your change again.';

export const logoParamsSchema = pathParams({
  sha: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex')
    .meta({ description: "The logo's SHA-256 in hex, as the settings' `logoUrl` names it." }),
});

/** The image types a logo may be; decided by the file's first bytes, never by its name. */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

export const LOGO_TYPE_MESSAGE = 'The logo must be a PNG, JPEG, GIF or WebP image';
export const LOGO_EMPTY_MESSAGE = 'The logo file is empty';

/**
 * The image type the bytes are, by their signature, or null. SVG is refused on purpose: it is a
 * document that can carry script (decision 009).
 */
export function sniffLogoType(bytes: Uint8Array): LogoContentType | null {
  const startsWith = (signature: readonly number[], offset = 0) =>
    bytes.length >= offset + signature.length &&
    signature.every((byte, i) => bytes[offset + i] === byte);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (
    startsWith([0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) ||
    startsWith([0x47, 0x49, 0x46, 0x38, 0x39, 0x61])
  )
    return 'image/gif';
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

/** Where a stored logo is served (the company is named for a master admin's view). */
export function logoPath(sha256: string, companyId?: number, boardId?: number): string {
  const query = new URLSearchParams();
  if (companyId !== undefined) query.set('companyId', String(companyId));
  if (boardId !== undefined) query.set('boardId', String(boardId));
  const text = query.toString();
  return `/api/board-settings/logo/${sha256}${text ? `?${text}` : ''}`;
}
