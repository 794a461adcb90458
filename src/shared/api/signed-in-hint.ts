/**
 * A non-HttpOnly cookie that says "this browser holds a session cookie" (issue 25): pages read it
 * to decide whether to ask `GET /api/auth/user` at all, so a signed-out visitor's pages never
 * request it (seed: it "runs only when signed in") and the session cookie itself stays HttpOnly.
 * It is a hint, never an authority: the server decides who is signed in from the session alone,
 * and clears the hint whenever it finds no valid session. No dependencies (the app shell reads it).
 */
export const SIGNED_IN_HINT_COOKIE = 'cb_signed_in';
export const SIGNED_IN_HINT_VALUE = '1';

/** True when a `document.cookie`-style string carries the hint. */
export function hasSignedInHint(cookieHeader: string): boolean {
  return cookieHeader
    .split(';')
    .some((pair) => pair.trim() === `${SIGNED_IN_HINT_COOKIE}=${SIGNED_IN_HINT_VALUE}`);
}
