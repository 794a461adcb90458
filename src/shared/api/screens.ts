import { z } from 'zod';
import { displayName } from './display-name.js';
import { serialIdSchema } from './ids.js';
import { itemTypeSchema } from './item-groups.js';
import { MAX_SERIAL_ID, pathParams, serialIdParam } from './path-params.js';
import {
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  normalizePairingCode,
} from '../screens/pairing-code.js';

/**
 * Paired TV screens and screen links (issue 11, decision 010). A screen holds a device
 * credential in an httpOnly cookie; these are the shapes of the TV's own routes (`/api/screen`)
 * and of the admin's Screens list (`/api/screens`).
 */

export const screenNameSchema = displayName({ max: 80 });

const companyIdField = z
  .number()
  .int('must be a whole number')
  .positive('must be a positive id')
  .max(MAX_SERIAL_ID);

/** `POST /api/screen/pairing`: the code the TV shows (grouped on screen), valid until expiresAt. */
export const pairingStartSchema = z.object({
  code: z.string(),
  expiresAt: z.string(),
  /** Seconds the code stays valid, for the countdown (clocks of TVs are often wrong). */
  expiresInSeconds: z.number().int(),
});
export type PairingStart = z.infer<typeof pairingStartSchema>;

/** `GET /api/screen`: what this device is. 401 when it is neither paired nor pairing. */
export const screenStatusSchema = z.discriminatedUnion('status', [
  /**
   * Neither paired nor pairing (never was, code expired, or revoked): the TV shows a new code.
   * A plain answer, not a 401, so a waiting TV's check every 2 s is no error in its console.
   */
  z.object({ status: z.literal('unpaired') }),
  z.object({
    status: z.literal('pairing'),
    expiresInSeconds: z.number().int(),
  }),
  z.object({
    status: z.literal('paired'),
    screen: z.object({
      id: z.number().int(),
      name: z.string(),
      companyId: z.number().int(),
      companyName: z.string(),
      viewType: itemTypeSchema,
      /** The board it shows (issue 26); null only before its company's first board exists. */
      boardId: z.number().int().nullable(),
    }),
    /** The board build the server serves now; a TV running another one reloads. */
    buildVersion: z.string(),
  }),
]);
export type ScreenStatus = z.infer<typeof screenStatusSchema>;

/** The pairing code as an admin types it: case, spaces and dashes do not matter. */
export const pairingCodeSchema = z
  .string()
  .max(40, 'is too long')
  .transform(normalizePairingCode)
  .pipe(
    z
      .string()
      .length(PAIRING_CODE_LENGTH, `must be the ${PAIRING_CODE_LENGTH} characters shown on the TV`)
      .regex(
        new RegExp(`^[${PAIRING_CODE_ALPHABET}]+$`),
        'must be the code shown on the TV (letters and digits)',
      ),
  );

/** `POST /api/screens/pair`: claim a TV's code and name the screen. */
export const pairScreenBodySchema = z.object({
  code: pairingCodeSchema,
  name: screenNameSchema,
  /** The master admin pairs into a chosen company; others pair into their own. */
  companyId: companyIdField.optional(),
  viewType: itemTypeSchema.optional(),
  /** The board it shows (issue 26); without it, the company's first board. */
  boardId: serialIdSchema.optional(),
});
export type PairScreenBody = z.input<typeof pairScreenBodySchema>;

/** `POST /api/screens/links`: a named screen link for a signage player. */
export const createScreenLinkBodySchema = z.object({
  name: screenNameSchema,
  companyId: companyIdField.optional(),
  viewType: itemTypeSchema.optional(),
  boardId: serialIdSchema.optional(),
});
export type CreateScreenLinkBody = z.input<typeof createScreenLinkBodySchema>;

/** `PATCH /api/screens/:id` */
export const updateScreenBodySchema = z
  .object({
    name: screenNameSchema.optional(),
    viewType: itemTypeSchema.optional(),
    /** Moves the screen to another board of its company; the TV follows at once (issue 26). */
    boardId: serialIdSchema.optional(),
  })
  .refine((b) => b.name !== undefined || b.viewType !== undefined || b.boardId !== undefined, {
    message: 'name: give a new name, a view type or a board',
    path: ['name'],
  });
export type UpdateScreenBody = z.input<typeof updateScreenBodySchema>;

export const screenParamsSchema = pathParams({ id: serialIdParam });

/** A screen as the Screens list shows it. */
export const screenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(['paired', 'link']),
  companyId: z.number().int(),
  companyName: z.string(),
  viewType: itemTypeSchema,
  /** The board it shows (issue 26). */
  boardId: z.number().int().nullable(),
  pairedAt: z.string(),
  lastSeenAt: z.string().nullable(),
  /** Seen within ONLINE_WINDOW_SECONDS. */
  online: z.boolean(),
  boardVersion: z.string().nullable(),
  /** The screen runs the build this server serves. */
  current: z.boolean(),
});
export type Screen = z.infer<typeof screenSchema>;

export const screenListSchema = z.object({
  screens: z.array(screenSchema),
  /** The build the server serves, to compare each screen's with. */
  buildVersion: z.string(),
});
export type ScreenList = z.infer<typeof screenListSchema>;

/** A screen link's token, shown once (creation, regeneration). */
export const screenLinkSchema = z.object({
  screen: screenSchema,
  /** The full link to paste into a signage player. */
  url: z.string(),
});
export type ScreenLink = z.infer<typeof screenLinkSchema>;

/** A screen counts as online when it was seen this recently (it polls every 60 s). */
export const ONLINE_WINDOW_SECONDS = 120;

export { BOARD_VERSION_HEADER } from '../screens/pairing-code.js';
