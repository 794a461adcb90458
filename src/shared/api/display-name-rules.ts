/**
 * The display-name rules of `display-name.ts` that need no schema library: what the board and
 * the TV screen use to show and normalize names.
 */

/**
 * Characters that draw nothing in common fonts although Unicode does not call them white space
 * (issue 33 item 5): the Hangul fillers, the blank Braille pattern (U+2800) and the musical null
 * notehead (U+1D159). A name made of them looks blank; inside a name they make one name look
 * like another.
 */
const BLANK_LOOKING = '\\u115f\\u3164\\u1160\\uffa0\\u2800\\u{1D159}';
/** Characters that draw nothing: white space, format characters (zero-width, bidi marks), default-ignorables, blank-looking ones. */
const INVISIBLE = `\\p{White_Space}\\p{Cf}\\p{Default_Ignorable_Code_Point}${BLANK_LOOKING}`;
const ONLY_INVISIBLE = new RegExp(`^[${INVISIBLE}]*$`, 'u');
const EDGE_INVISIBLE = new RegExp(`^[${INVISIBLE}]+|[${INVISIBLE}]+$`, 'gu');
/** C0 and C1 control characters (line breaks, NUL, escape...): cannot be shown; PostgreSQL refuses NUL. */
// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Bidi embeddings, overrides and isolates: they reorder the text around the name on screen. */
export const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
/**
 * Format characters (zero-width spaces and joiners, bidi marks, soft hyphens, tags...) and the
 * blank-looking characters that draw nothing: one name could look like another with them inside. A
 * zero-width joiner between two pictographs is an emoji sequence (👨‍👩‍👧) and stays.
 */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}\ufe0f?)\u200d(?=\p{Extended_Pictographic})/gu;
const FORMAT = new RegExp(`[\\p{Cf}${BLANK_LOOKING}]`, 'u');
export const hasFormatCharacter = (value: string): boolean =>
  FORMAT.test(value.replace(EMOJI_JOINER, ''));
/** Half of a UTF-16 surrogate pair alone (JSON can carry one; the database would store U+FFFD). */
export const LONE_SURROGATE = /\p{Cs}/u;

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
