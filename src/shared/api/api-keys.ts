import { z } from 'zod';
import { displayName } from './display-name.js';
import { API_KEY_SCOPES } from './api-key-scopes.js';
import { companyIdQuery, MAX_SERIAL_ID } from './path-params.js';

export * from './api-key-scopes.js';

/**
 * API keys (issue 37, decision 050): a company's key for outside tools (scripts, spreadsheets,
 * BI tools). A key is sent as `Authorization: Bearer cbk_…`, reads only, and only what its
 * scopes name, on its company's boards (or some of them).
 */

export const apiKeyNameSchema = displayName({ max: 80 });

const boardIdField = z
  .number()
  .int('must be a whole number')
  .positive('must be a positive id')
  .max(MAX_SERIAL_ID);

/** `POST /api/api-keys`. */
export const createApiKeySchema = z
  .object({
    name: apiKeyNameSchema.meta({
      description: 'What the key is for, as the list shows it.',
      examples: ['Weekly bookings spreadsheet'],
    }),
    scopes: z
      .array(
        z.enum(API_KEY_SCOPES, {
          error: `must be one of ${API_KEY_SCOPES.join(', ')}`,
        }),
      )
      .min(1, 'must name at least one scope')
      .max(API_KEY_SCOPES.length)
      .refine((s) => new Set(s).size === s.length, 'must not repeat a scope')
      .meta({ description: 'What the key may read.', examples: [['history:read']] }),
    boardIds: z
      .array(boardIdField)
      .min(1, 'must name at least one board, or be left out for every board')
      .max(50)
      .nullish()
      .meta({
        description:
          'The boards the key may read, by id as `GET /api/boards` lists them. Absent or null: every board of the company, also boards made later.',
        examples: [[12]],
      }),
    companyId: boardIdField.optional().meta({
      description: "The company the key belongs to (the master admin); absent: the caller's own.",
      examples: [3],
    }),
  })
  .strict();
export type CreateApiKey = z.infer<typeof createApiKeySchema>;

/** A key as lists show it: never the key itself. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Always `cbk_`. */
  prefix: z.string(),
  /** The key's last four characters, to tell keys apart. */
  lastFour: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** null: every board of the company. */
  boardIds: z.array(z.number().int()).nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** The address the key was last used from. */
  lastUsedFrom: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** `POST /api/api-keys`'s 201: the key, this once. */
export const createdApiKeySchema = z.object({
  apiKey: apiKeySchema,
  key: z.string().meta({
    description: 'The key itself, shown this once: only a hash of it is kept.',
    examples: ['cbk_3q2+7w…'],
  }),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeysQuerySchema = z.object({ companyId: companyIdQuery });
