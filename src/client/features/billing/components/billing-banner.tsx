import { useQueryClient } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { toast } from '@/hooks/use-toast';
import {
  SUBSCRIPTION_QUERY_KEY,
  syncSubscription,
  useSubscriptionSummary,
} from '../api/billing-api';
import { openPortalInNewTab } from '../api/open-portal';

/** Query words Stripe brings people back with (success/cancel/return URLs). */
const RETURN_PARAMS = ['checkout', 'session_id', 'billing'] as const;

function takeReturnParams(): { checkout: string | null; billing: string | null } {
  const url = new URL(window.location.href);
  const found = {
    checkout: url.searchParams.get('checkout'),
    billing: url.searchParams.get('billing'),
  };
  if (RETURN_PARAMS.some((p) => url.searchParams.has(p))) {
    for (const p of RETURN_PARAMS) url.searchParams.delete(p);
    window.history.replaceState(
      window.history.state,
      '',
      `${url.pathname}${url.search}${url.hash}`,
    );
  }
  return found;
}

/**
 * On the board, for those who manage the plan: what happened at Stripe when they come back
 * (the plan is read from Stripe at once, not only when its webhook arrives), and a calm notice
 * while a payment is past due. The board itself keeps its numbers.
 */
export function BillingBanner() {
  const queryClient = useQueryClient();
  const { data } = useSubscriptionSummary();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const { checkout, billing } = takeReturnParams();
    if (checkout === 'canceled') {
      toast({ title: 'Checkout canceled', description: 'Nothing was charged.' });
      return;
    }
    if (checkout !== 'success' && billing !== 'portal') return;
    void syncSubscription()
      .then((summary) => {
        queryClient.setQueryData(SUBSCRIPTION_QUERY_KEY, summary);
        if (checkout !== 'success') return;
        const running = summary.status === 'active' || summary.status === 'trialing';
        toast(
          running
            ? {
                title: 'Subscription active',
                description: 'Thank you! Everyone in your company can use the board.',
              }
            : {
                title: 'Payment received',
                description: 'Stripe is confirming it; the plan shows here within a minute.',
              },
        );
      })
      .catch(() => queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY }));
  }, [queryClient]);

  if (data?.status !== 'past_due') return null;
  return (
    <div
      role="status"
      data-testid="past-due-notice"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-400/50 bg-amber-50 px-4 py-2 text-amber-950 dark:bg-amber-950/60 dark:text-amber-50"
    >
      <CreditCard className="h-5 w-5 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1">
        The last payment for your subscription did not go through. Stripe will try again and the
        board keeps its numbers meanwhile; Manage Plan changes the card.
      </p>
      <button
        type="button"
        className={buttonVariants({ size: 'sm', variant: 'outline', className: 'text-foreground' })}
        onClick={() => void openPortalInNewTab()}
      >
        Manage Plan
      </button>
    </div>
  );
}

export default BillingBanner;
