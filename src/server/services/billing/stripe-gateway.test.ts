import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { pickCurrentSubscription } from './stripe-gateway.js';

const subscription = (
  id: string,
  status: string,
  created: number,
  periodEnds: number[] = [created + 100],
  cancelAtPeriodEnd = false,
) =>
  ({
    id,
    status,
    created,
    cancel_at_period_end: cancelAtPeriodEnd,
    items: { data: periodEnds.map((end) => ({ current_period_end: end })) },
  }) as unknown as Stripe.Subscription;

describe('pickCurrentSubscription', () => {
  it('is no subscription for an empty list or one that never started', () => {
    expect(pickCurrentSubscription([]).status).toBe('none');
    expect(pickCurrentSubscription([subscription('a', 'incomplete_expired', 1)]).status).toBe(
      'none',
    );
  });

  it('prefers a running plan over an older canceled one, whatever the order', () => {
    const list = [
      subscription('old', 'canceled', 10),
      subscription('new', 'active', 20, [500, 900]),
    ];
    for (const order of [list, [...list].reverse()]) {
      expect(pickCurrentSubscription(order)).toEqual({
        subscriptionId: 'new',
        status: 'active',
        // The period end sits on the items at this API version: the latest of them.
        currentPeriodEnd: new Date(900_000),
        cancelAtPeriodEnd: false,
      });
    }
  });

  it('takes the newest of two ended plans and keeps cancel-at-period-end', () => {
    expect(
      pickCurrentSubscription([
        subscription('first', 'canceled', 10),
        subscription('second', 'canceled', 30, [60], true),
      ]),
    ).toMatchObject({ subscriptionId: 'second', status: 'canceled', cancelAtPeriodEnd: true });
  });

  it('reads unpaid as past_due', () => {
    expect(pickCurrentSubscription([subscription('a', 'unpaid', 1)]).status).toBe('past_due');
  });
});
