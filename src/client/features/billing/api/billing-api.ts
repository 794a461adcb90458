import type { BillingSessionResponse, SubscriptionSummary } from '@shared/api/billing';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiJson } from '@/lib/api';

export const SUBSCRIPTION_QUERY_KEY = ['/api/stripe/subscription'] as const;

/**
 * The caller's company's plan. Seed section 9 holds here too (no refetch on focus): coming back
 * from Checkout or the portal reads it again (BillingBanner), as does every page load.
 */
export function useSubscriptionSummary(enabled = true) {
  return useQuery<SubscriptionSummary>({ queryKey: SUBSCRIPTION_QUERY_KEY, enabled });
}

/** Checkout (or the portal, for a company with a running plan); `userId` names an admin row. */
export function createCheckoutSession(userId?: string): Promise<BillingSessionResponse> {
  return apiJson<BillingSessionResponse>(
    'POST',
    '/api/stripe/create-checkout-session',
    userId === undefined ? undefined : { userId },
  );
}

export function createPortalSession(userId?: string): Promise<BillingSessionResponse> {
  return apiJson<BillingSessionResponse>(
    'POST',
    '/api/stripe/create-portal-session',
    userId === undefined ? undefined : { userId },
  );
}

/** Reads the plan from Stripe now (on return from checkout or the portal). */
export function syncSubscription(): Promise<SubscriptionSummary> {
  return apiJson<SubscriptionSummary>('POST', '/api/stripe/sync-subscription');
}

/**
 * The server's sentence for an answer that is not a failure of ours to retry: billing not set
 * up (503 NOT_CONFIGURED), not allowed (403), no company (400), no plan yet (409). Null for
 * real failures, which keep the seed's wording.
 */
export function explainedRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (![400, 403, 404, 409, 503].includes(error.status)) return null;
  return error.message.replace(/^\d{3}: /, '');
}
