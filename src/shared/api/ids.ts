import { z } from 'zod';

import { MAX_SERIAL_ID } from './path-params.js';

/** Path ids have one rule for every route: src/shared/api/path-params.ts. */
export { MAX_SERIAL_ID, serialIdParam as serialIdParamSchema } from './path-params.js';

/** A serial id in a JSON body. */
export const serialIdSchema = z
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .positive('must be a positive id')
  .max(MAX_SERIAL_ID, 'is not a known id');

/** A user id (the server makes them with crypto.randomUUID). */
export const userIdSchema = z.uuid({ message: 'must be a user id' }).meta({
  description: "The user's id (a UUID), as the users list answers it.",
  examples: ['3f0c2a52-7d4e-4a7b-9a51-2d4c8f1e6b90'],
});
