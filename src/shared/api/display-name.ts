import { z } from 'zod';

/**
 * A name people type and a TV shows (custom names, group names): trimmed, non-empty, at most
 * 100 characters, no control characters (they cannot be shown, and PostgreSQL refuses NUL).
 */
export const displayNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters');
