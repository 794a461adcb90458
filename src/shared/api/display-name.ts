import { z } from 'zod';
import {
  BIDI_CONTROL,
  CONTROL,
  hasFormatCharacter,
  isBlankDisplayName,
  LONE_SURROGATE,
  trimDisplayName,
} from './display-name-rules.js';

/**
 * The one rule for every name a person types and others see (issue 24): company, user
 * (invitation first and last names), screen, board title, group, custom item names, boards and
 * alert rules. The server refuses with it (400 naming the field) and the client keeps Save off.
 * New kinds of names use `displayName(...)` too; nothing else checks names.
 */

// The rules without the schema library (the board and the TV screen load only those).
export { isBlankDisplayName, normalizeDisplayName, trimDisplayName } from './display-name-rules.js';

export const DISPLAY_NAME_MESSAGES = {
  empty: 'must not be empty',
  control: 'must not contain control characters',
  bidi: 'must not contain text-direction controls',
  format: 'must not contain invisible formatting characters',
  surrogate: 'must be valid Unicode text',
  visible: 'must contain a visible character',
} as const;

/** The first rule `value` (already trimmed) breaks, or null. */
export function displayNameProblem(value: string): string | null {
  if (CONTROL.test(value)) return DISPLAY_NAME_MESSAGES.control;
  if (BIDI_CONTROL.test(value)) return DISPLAY_NAME_MESSAGES.bidi;
  if (LONE_SURROGATE.test(value)) return DISPLAY_NAME_MESSAGES.surrogate;
  if (hasFormatCharacter(value)) return DISPLAY_NAME_MESSAGES.format;
  if (isBlankDisplayName(value)) return DISPLAY_NAME_MESSAGES.visible;
  return null;
}

/**
 * A display name: trimmed (white space and invisible characters at either end), not empty, at
 * most `max` characters, and inside: no control characters, no bidi overrides or isolates, no
 * unpaired surrogates, no zero-width or other format characters. `empty` replaces the message
 * for a missing or empty value (the seed's "Company name is required").
 */
export function displayName({ max = 100, empty }: { max?: number; empty?: string } = {}) {
  return z
    .string(empty ? { message: empty } : undefined)
    .transform(trimDisplayName)
    .pipe(
      z
        .string()
        .min(1, empty ?? DISPLAY_NAME_MESSAGES.empty)
        .max(max, `must be at most ${max} characters`)
        .superRefine((value, ctx) => {
          const problem = displayNameProblem(value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
    );
}

/** The default display name (custom names, group names): at most 100 characters. */
export const displayNameSchema = displayName();
