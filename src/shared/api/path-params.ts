import { z } from 'zod';

/**
 * Path parameters, the one way every route reads ids from its URL. An id is exactly what the
 * route's id format says, in its one canonical spelling: no coercion, so `%201`, `1e0`, `0x1`,
 * `01` or `1.0` answer 400 naming the parameter instead of acting on id 1.
 */

/** Largest id a PostgreSQL `serial` column holds; larger ids cannot exist. */
export const MAX_SERIAL_ID = 2_147_483_647;

/** A database serial id: a plain positive integer (digits only, no leading zero). */
export const serialIdParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'must be a positive whole number')
  .transform(Number)
  .refine((id) => id <= MAX_SERIAL_ID, `must be at most ${MAX_SERIAL_ID}`);

/** A user id (UUID, lower- or upper-case hex in its 8-4-4-4-12 form). */
export const uuidParam = z.uuid('must be an id');

/**
 * The params schema of one route: exactly the named parameters, each with its own format, e.g.
 * `pathParams({ id: serialIdParam })` for `/api/item-groups/:id`.
 */
export function pathParams<Shape extends Record<string, z.ZodType<unknown, string>>>(shape: Shape) {
  return z.object(shape);
}
