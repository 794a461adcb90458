import type { SubscriptionSummary } from '@shared/api/billing';
import { format } from 'date-fns';

/** One line under the badge: when the plan renews or ends, in plain words. */
export function describePlan(summary: SubscriptionSummary): string | null {
  const end = summary.currentPeriodEnd
    ? format(new Date(summary.currentPeriodEnd), 'MMM d, yyyy')
    : null;
  switch (summary.status) {
    case 'active':
      if (!end) return null;
      return summary.cancelAtPeriodEnd ? `Ends on ${end}` : `Renews on ${end}`;
    case 'trialing':
      return end ? `Trial ends on ${end}` : null;
    case 'past_due':
      return 'Last payment failed; Stripe is retrying';
    case 'canceled':
      return 'The plan was canceled';
    default:
      return summary.configured
        ? '$195 per month, unlimited users'
        : 'Billing is not set up on this server';
  }
}
