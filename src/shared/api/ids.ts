import { z } from 'zod';

/** Largest id a PostgreSQL `serial` column holds; larger ids cannot exist, so they are refused. */
export const MAX_SERIAL_ID = 2_147_483_647;

/** A serial id in a JSON body. */
export const serialIdSchema = z
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .positive('must be a positive id')
  .max(MAX_SERIAL_ID, 'is not a known id');

/**
 * A serial id in a path or query string: plain decimal digits only, so "%201" (" 1"), "1.5",
 * "1e3", "0x1" and "abc" are refused with a message naming the parameter, never coerced.
 */
export const serialIdParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'must be a positive whole number')
  .transform(Number)
  .pipe(z.number().max(MAX_SERIAL_ID, 'is not a known id'));

/** A user id (the server makes them with crypto.randomUUID). */
export const userIdSchema = z.uuid({ message: 'must be a user id' });
