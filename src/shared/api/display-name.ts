import { z } from 'zod';
import {
  BIDI_CONTROL,
  CONTROL,
  isBlankDisplayName,
  trimDisplayName,
} from './display-name-rules.js';

/**
 * Names people type and a TV shows (board title, custom names, group names; company and user
 * names adopt it too): one rule, used by the server to refuse and by the client to keep Save off.
 */

// The rules without the schema library (the board and the TV screen load only those).
export { isBlankDisplayName, normalizeDisplayName, trimDisplayName } from './display-name-rules.js';

/**
 * A display name: trimmed (white space and invisible characters at either end), not empty, not
 * only invisible characters, no control characters, no bidi overrides, at most `max` characters.
 */
export function displayName({ max = 100 }: { max?: number } = {}) {
  return z
    .string()
    .transform(trimDisplayName)
    .pipe(
      z
        .string()
        .min(1, 'must not be empty')
        .max(max, `must be at most ${max} characters`)
        .refine((v) => !CONTROL.test(v), 'must not contain control characters')
        .refine((v) => !BIDI_CONTROL.test(v), 'must not contain text-direction controls')
        .refine((v) => !isBlankDisplayName(v), 'must contain a visible character'),
    );
}

/** The default display name (custom names, group names): at most 100 characters. */
export const displayNameSchema = displayName();
