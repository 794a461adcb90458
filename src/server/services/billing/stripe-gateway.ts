import Stripe from 'stripe';
import {
  fromStripeStatus,
  type SubscriptionStatus,
} from '../../../shared/billing/subscription-status.js';

/** What the product keeps of a company's Stripe subscription (the company row's columns). */
export interface SubscriptionState {
  subscriptionId: string | null;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export const NO_SUBSCRIPTION: SubscriptionState = {
  subscriptionId: null,
  status: 'none',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
};

/** A verified webhook event, reduced to what the product acts on. */
export interface VerifiedEvent {
  id: string;
  type: string;
  /** The Stripe customer the event's object belongs to, when it names one. */
  customerId: string | null;
  /** checkout.session.completed: the company id the product put on the session. */
  clientReferenceId: string | null;
}

/** The Stripe calls the product makes, behind one small interface (tests may replace it). */
export interface StripeGateway {
  createCustomer(input: { companyId: number; companyName: string; email: string }): Promise<string>;
  createCheckoutSession(input: {
    customerId: string;
    companyId: number;
    priceId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<string>;
  /** The customer's current subscription as Stripe has it now (not as an event described it). */
  currentSubscription(customerId: string): Promise<SubscriptionState>;
  /** Checks the Stripe-Signature header; throws WebhookSignatureError when it does not match. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): VerifiedEvent;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A Stripe call that failed (network, Stripe's 5xx, a refused request). */
export class StripeCallError extends Error {
  constructor(
    message: string,
    readonly stripeCode: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StripeCallError';
  }
}

/** Rank of a Stripe status when choosing "the" subscription of a customer (lower wins). */
const RANK: Record<string, number> = {
  active: 0,
  trialing: 0,
  past_due: 1,
  unpaid: 1,
  paused: 2,
  incomplete: 3,
  canceled: 4,
  incomplete_expired: 5,
};

/** The period end of a subscription: at this API version it sits on each item (the latest wins). */
function periodEnd(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data.map((item) => item.current_period_end);
  return ends.length ? new Date(Math.max(...ends) * 1000) : null;
}

/**
 * The subscription that describes the customer now: a running one before a paused or
 * unfinished one before an ended one; the newest among equals.
 */
export function pickCurrentSubscription(
  subscriptions: readonly Stripe.Subscription[],
): SubscriptionState {
  const [current] = [...subscriptions].sort(
    (a, b) => (RANK[a.status] ?? 6) - (RANK[b.status] ?? 6) || b.created - a.created,
  );
  if (!current) return NO_SUBSCRIPTION;
  const status = fromStripeStatus(current.status);
  if (status === 'none') return NO_SUBSCRIPTION;
  return {
    subscriptionId: current.id,
    status,
    currentPeriodEnd: periodEnd(current),
    cancelAtPeriodEnd: current.cancel_at_period_end,
  };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (
      err instanceof Stripe.errors.StripeError &&
      !(err instanceof Stripe.errors.StripeConnectionError) &&
      !(err instanceof Stripe.errors.StripeAPIError)
    ) {
      const reason = err.message.replace(/\.+$/, '');
      throw new StripeCallError(`Stripe refused to ${what}: ${reason}`, err.code, { cause: err });
    }
    throw new StripeCallError(`Stripe could not be reached to ${what}`, undefined, { cause: err });
  }
}

/** How far an event's signature time may be from now, either way (Stripe's default: 5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The official SDK pointed at Stripe, or at another host (the stand-in) by its own settings. */
export function createStripeGateway(options: {
  secretKey: string;
  webhookSecret: string | undefined;
  apiUrl: string | undefined;
  timeoutMs?: number;
  /** The service clock: an event's signature time is judged against it. */
  now?: () => Date;
}): StripeGateway {
  const now = options.now ?? (() => new Date());
  const url = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const protocol = url?.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    appInfo: { name: '3-Day Call Board' },
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (protocol === 'http' ? 80 : 443),
          protocol,
        }
      : {}),
  });

  return {
    async createCustomer({ companyId, companyName, email }) {
      const customer = await call('create a customer', () =>
        stripe.customers.create(
          { name: companyName, email, metadata: { companyId: String(companyId) } },
          // Two clicks (or two instances) racing on the first checkout make one customer.
          { idempotencyKey: `callboard-company-${companyId}-customer` },
        ),
      );
      return customer.id;
    },

    async createCheckoutSession({ customerId, companyId, priceId, successUrl, cancelUrl }) {
      const session = await call('start a checkout', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          line_items: [{ price: priceId, quantity: 1 }],
          success_url: successUrl,
          cancel_url: cancelUrl,
          client_reference_id: String(companyId),
          metadata: { companyId: String(companyId) },
          subscription_data: { metadata: { companyId: String(companyId) } },
        }),
      );
      if (!session.url)
        throw new StripeCallError('Stripe returned a checkout without a url', undefined);
      return session.url;
    },

    async createPortalSession({ customerId, returnUrl }) {
      const session = await call('open the billing portal', () =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return session.url;
    },

    async currentSubscription(customerId) {
      const list = await call('read the subscription', () =>
        stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }),
      );
      return pickCurrentSubscription(list.data);
    },

    verifyEvent(rawBody, signature) {
      if (!options.webhookSecret) throw new WebhookSignatureError('no webhook secret configured');
      if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header');
      let event: Stripe.Event;
      const receivedAt = now().getTime();
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          receivedAt,
        );
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'bad signature');
      }
      // The SDK refuses events signed too long ago; one signed ahead of our clock by more than
      // the same window is refused too (a signature made for later use is not a delivery).
      const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
      if (!(signedAt * 1000 <= receivedAt + WEBHOOK_TOLERANCE_SECONDS * 1000)) {
        throw new WebhookSignatureError('Timestamp outside the tolerance zone');
      }
      const object = event.data.object as {
        customer?: string | { id: string } | null;
        client_reference_id?: string | null;
      };
      return {
        id: event.id,
        type: event.type,
        customerId: idOf(object.customer),
        clientReferenceId: object.client_reference_id ?? null,
      };
    },
  };
}
