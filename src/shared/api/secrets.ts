import { z } from 'zod';

/**
 * A provider secret as responses show it (decision 12): whether one is stored and its last 4
 * characters. The value itself never leaves the server.
 */
export const secretStatusSchema = z.object({
  configured: z.boolean(),
  last4: z.string().nullable(),
});
export type SecretStatus = z.infer<typeof secretStatusSchema>;

// eslint-disable-next-line no-control-regex
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;

/** A platform value people paste (client id, secret, app key, API key): trimmed, printable, bounded. */
export const providerValueSchema = z
  .string()
  .trim()
  .max(500, 'must be at most 500 characters')
  .regex(NO_CONTROL, 'must not contain control characters');

/** A tenant id (the default platform's account, in its API settings) is a number. */
export const tenantIdSchema = z
  .string()
  .trim()
  .regex(/^[0-9]{0,19}$/, 'Tenant ID must contain only digits');
