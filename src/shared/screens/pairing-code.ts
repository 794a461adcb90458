/**
 * Pairing codes a TV shows and a person types (issue 11): 6 characters from an alphabet without
 * look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B), shown in two groups of three ("K7Q-M4P").
 * No dependencies: the /tv chunk uses it without the schema library.
 */
export const PAIRING_CODE_ALPHABET = '34679ACDEFGHJKMNPQRTUVWXY';
export const PAIRING_CODE_LENGTH = 6;
/** A code stays valid this long (product decision 18). */
export const PAIRING_CODE_TTL_SECONDS = 10 * 60;

/** What a person typed, as the server compares it: upper case, no spaces or dashes. */
export function normalizePairingCode(input: string): string {
  return input.toUpperCase().replace(/[\s\-_.]/g, '');
}

/** "K7QM4P" → "K7Q-M4P". */
export function groupPairingCode(code: string): string {
  return code.length === PAIRING_CODE_LENGTH ? `${code.slice(0, 3)}-${code.slice(3)}` : code;
}

/** The admin's Screens page with the code filled in: what the TV's QR code opens. */
export const SCREENS_PATH = '/admin/screens';
export const pairingUrl = (origin: string, code: string) =>
  `${origin}${SCREENS_PATH}?code=${encodeURIComponent(code)}`;

/** The header a screen sends with the board build it runs. */
export const BOARD_VERSION_HEADER = 'x-board-version';
