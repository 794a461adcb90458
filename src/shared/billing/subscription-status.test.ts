import { describe, expect, it } from 'vitest';
import {
  boardAccess,
  fromStripeStatus,
  hasManageablePlan,
  isLiveSubscription,
  subscriptionLabel,
} from './subscription-status.js';

describe('subscription status', () => {
  it('labels each status as the seed does, anything else as No Subscription', () => {
    expect(
      ['active', 'trialing', 'canceled', 'past_due', 'none', 'unpaid', null].map(subscriptionLabel),
    ).toEqual([
      'Active',
      'Trial',
      'Canceled',
      'Past Due',
      'No Subscription',
      'No Subscription',
      'No Subscription',
    ]);
  });

  it('offers Manage Plan for active, trialing, past_due and canceled only', () => {
    expect(['active', 'trialing', 'past_due', 'canceled', 'none'].map(hasManageablePlan)).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it('sends a running plan to the portal instead of a second checkout', () => {
    expect(['active', 'trialing', 'past_due', 'canceled', 'none'].map(isLiveSubscription)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it("maps every Stripe status into the product's five", () => {
    expect(
      [
        'active',
        'trialing',
        'past_due',
        'unpaid',
        'canceled',
        'paused',
        'incomplete',
        'incomplete_expired',
        'something_new',
      ].map(fromStripeStatus),
    ).toEqual([
      'active',
      'trialing',
      'past_due',
      'past_due',
      'canceled',
      'canceled',
      'none',
      'none',
      'none',
    ]);
  });

  it('blocks the board only under BILLING_REQUIRED, and never during past_due', () => {
    const access = (billingRequired: boolean) =>
      (['active', 'trialing', 'past_due', 'canceled', 'none'] as const).map((status) =>
        boardAccess({ billingRequired, status }),
      );
    expect(access(false)).toEqual(['open', 'open', 'grace', 'open', 'open']);
    expect(access(true)).toEqual(['open', 'open', 'grace', 'blocked', 'blocked']);
  });
});
