/**
 * A company's subscription as the product sees it (seed sections 3 and 4). Pure: the server
 * maps Stripe's answers through it, the client draws badges and screens from it.
 */

export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'canceled',
  'past_due',
  'none',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The seed's badge text per status ("anything else = No Subscription"). */
export function subscriptionLabel(status: string | null | undefined): string {
  switch (status) {
    case 'active':
      return 'Active';
    case 'trialing':
      return 'Trial';
    case 'canceled':
      return 'Canceled';
    case 'past_due':
      return 'Past Due';
    default:
      return 'No Subscription';
  }
}

/** Statuses with a Stripe customer whose plan the portal manages (seed: Manage Plan). */
export function hasManageablePlan(status: string | null | undefined): boolean {
  return (
    status === 'active' || status === 'trialing' || status === 'past_due' || status === 'canceled'
  );
}

/**
 * A subscription that is still running: buying again would charge twice, so checkout sends
 * these to the portal instead.
 */
export function isLiveSubscription(status: string | null | undefined): boolean {
  return status === 'active' || status === 'trialing' || status === 'past_due';
}

/**
 * Stripe's subscription status in our five words. `unpaid` is still a subscription awaiting
 * payment (past_due); `paused` collects nothing until resumed in the portal (canceled);
 * `incomplete` and `incomplete_expired` never started (none).
 */
export function fromStripeStatus(stripeStatus: string): SubscriptionStatus {
  switch (stripeStatus) {
    case 'active':
      return 'active';
    case 'trialing':
      return 'trialing';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'paused':
      return 'canceled';
    default:
      return 'none';
  }
}

/**
 * What the board may show under billing enforcement (product decision 19). `open`: numbers;
 * `grace`: numbers, while Stripe retries a failed payment (past_due never blanks a board or a
 * TV); `blocked`: the "subscription needed" screen instead of numbers.
 */
export type BoardAccess = 'open' | 'grace' | 'blocked';

export function boardAccess(options: {
  billingRequired: boolean;
  status: SubscriptionStatus;
}): BoardAccess {
  if (options.status === 'past_due') return 'grace';
  if (!options.billingRequired) return 'open';
  return options.status === 'active' || options.status === 'trialing' ? 'open' : 'blocked';
}
