import { z } from 'zod';

/**
 * Names people type and a TV shows (board title, custom names, group names; company and user
 * names adopt it too): one rule, used by the server to refuse and by the client to keep Save off.
 */

/** Characters that draw nothing: white space, format characters (zero-width, bidi marks), default-ignorables. */
const ONLY_INVISIBLE = /^[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}]*$/u;
const EDGE_INVISIBLE =
  /^[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}]+|[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}]+$/gu;
/** C0 and C1 control characters (line breaks, NUL, escape...): cannot be shown; PostgreSQL refuses NUL. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Bidi embeddings, overrides and isolates: they reorder the text around the name on screen. */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

/** Trims white space and invisible characters from both ends. */
export function trimDisplayName(input: string): string {
  return input.replace(EDGE_INVISIBLE, '');
}

/** True when the text would show nothing at all (empty, spaces, zero-width or bidi marks only). */
export function isBlankDisplayName(input: string): boolean {
  return ONLY_INVISIBLE.test(input);
}

/** The name as it will be saved, or null when it is empty or made only of invisible characters. */
export function normalizeDisplayName(input: string): string | null {
  const trimmed = trimDisplayName(input);
  return trimmed === '' || isBlankDisplayName(trimmed) ? null : trimmed;
}

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
