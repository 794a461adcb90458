/**
 * The display-name rules of `display-name.ts` that need no schema library: what the board and
 * the TV screen use to show and normalize names.
 */

/** Characters that draw nothing: white space, format characters (zero-width, bidi marks), default-ignorables. */
const ONLY_INVISIBLE = /^[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}]*$/u;
const EDGE_INVISIBLE =
  /^[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}]+|[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}]+$/gu;
/** C0 and C1 control characters (line breaks, NUL, escape...): cannot be shown; PostgreSQL refuses NUL. */
// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Bidi embeddings, overrides and isolates: they reorder the text around the name on screen. */
export const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

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
