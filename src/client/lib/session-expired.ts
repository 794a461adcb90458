import { authUrls } from '@/config/paths';
import { toast } from './toast';
import { ApiError } from './api';

/** Seed section 8: the wait between the "Session expired" toast and the sign-in redirect. */
export const SESSION_EXPIRY_REDIRECT_MS = 500;

/** A 401 from our API: the session ended (expired, signed out elsewhere, user deleted). */
export function isSessionExpired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Seed section 8: destructive toast "Unauthorized" / "Session expired. Logging in again...", then
 * after 500 ms a full-page sign-in, which returns to the board. A TV whose session ran out signs
 * itself back in when the identity provider still knows the browser, instead of freezing.
 */
export function handleSessionExpired(): ReturnType<typeof setTimeout> {
  toast({
    title: 'Unauthorized',
    description: 'Session expired. Logging in again...',
    variant: 'destructive',
  });
  return setTimeout(() => window.location.assign(authUrls.login), SESSION_EXPIRY_REDIRECT_MS);
}
