import { toast } from './toast';
import { ApiError } from './api';
import { handleSessionExpired, isSessionExpired } from './session-expired';

/**
 * Seed section 8 for the admin screens: a 401 says "Session expired. Logging in again..." and
 * signs in again after 500 ms; any other failure is a destructive "Error" toast with the
 * server's sentence, or `fallback` when there is none.
 */
export function reportError(error: unknown, fallback = 'Something went wrong. Please try again.') {
  if (isSessionExpired(error)) {
    handleSessionExpired();
    return;
  }
  const description = error instanceof ApiError && error.sentence ? error.sentence : fallback;
  toast({ title: 'Error', description, variant: 'destructive' });
}
