import { z } from 'zod';
import { isRealDate } from '../history/history-range.js';

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
  .meta({ description: 'The id, as the list of these things answers it.', examples: ['12'] })
  .transform(Number)
  .refine((id) => id <= MAX_SERIAL_ID, `must be at most ${MAX_SERIAL_ID}`);

/** A user id (UUID, lower- or upper-case hex in its 8-4-4-4-12 form). */
export const uuidParam = z.uuid('must be an id').meta({
  description: "The user's id (a UUID), as the users list answers it.",
  examples: ['3f0c2a52-7d4e-4a7b-9a51-2d4c8f1e6b90'],
});

/**
 * The params schema of one route: exactly the named parameters, each with its own format, e.g.
 * `pathParams({ id: serialIdParam })` for `/api/item-groups/:id`.
 */
export function pathParams<Shape extends Record<string, z.ZodType<unknown, string>>>(shape: Shape) {
  return z.object(shape);
}

/**
 * `?companyId=` as every route documents it: another company's id, for the master admin (anyone
 * else naming a company not their own gets 404, as if it did not exist).
 */
export const companyIdQuery = serialIdParam.optional().meta({
  description:
    "Another company's id, for the master admin; anyone else naming a company not their own gets 404. Absent: the caller's own company.",
  examples: ['3'],
});

/** `?boardId=` as every route documents it: one board of the company, else its first. */
export const boardIdQuery = serialIdParam.optional().meta({
  description:
    "The board's id, as `GET /api/boards` lists them. Absent: the company's first board (a paired TV: its own). Another company's board answers 404.",
  examples: ['12'],
});

/** A calendar day in a query, `YYYY-MM-DD`. */
export const dateQuery = (description: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
    .refine(isRealDate, 'must be a date that exists')
    .meta({ description, format: 'date', examples: ['2026-06-01'] });
