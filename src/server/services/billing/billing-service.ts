import type { FastifyBaseLogger } from 'fastify';
import type { BillingSessionResponse, SubscriptionSummary } from '../../../shared/api/billing.js';
import {
  boardAccess,
  hasManageablePlan,
  isLiveSubscription,
  type BoardAccess,
} from '../../../shared/billing/subscription-status.js';
import { can, inScope, isMasterAdmin, type Actor } from '../../../shared/permissions.js';
import type { Config } from '../../config.js';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notConfigured,
  notFound,
} from '../../errors.js';
import type { SessionUser } from '../../plugins/sessions.js';
import {
  StripeCallError,
  WebhookSignatureError,
  type StripeGateway,
  type SubscriptionState,
} from './stripe-gateway.js';
import type { CompanyBilling, SubscriptionStore } from './subscription-store.js';

/** The sentence every billing action answers with while Stripe is not configured. */
export const NOT_CONFIGURED_MESSAGE =
  'Billing is not set up on this server. To sell the subscription, set STRIPE_SECRET_KEY, ' +
  'STRIPE_PRICE_ID and STRIPE_WEBHOOK_SECRET (see .env.example) and restart.';

/** The 402 the board's numbers answer under BILLING_REQUIRED without a running plan. */
export const SUBSCRIPTION_NEEDED_MESSAGE = "A subscription is needed to show this company's board.";

const WEBHOOK_NOT_CONFIGURED_MESSAGE =
  'Stripe webhooks are not set up on this server: set STRIPE_WEBHOOK_SECRET (the signing ' +
  'secret of the webhook endpoint) and restart.';

/** Events after which the customer's subscription is read again from Stripe. */
export const SUBSCRIPTION_EVENTS: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_succeeded',
]);

export interface BillingService {
  /** The caller's company's plan (any member may read it; the board needs it). */
  summary(user: SessionUser): Promise<SubscriptionSummary>;
  /** Checkout for a company without a running plan; the portal for one with. */
  checkout(user: SessionUser, target: { userId?: string }): Promise<BillingSessionResponse>;
  portal(user: SessionUser, target: { userId?: string }): Promise<BillingSessionResponse>;
  /** Reads the company's plan from Stripe now (on return from checkout or the portal). */
  sync(user: SessionUser, target: { userId?: string }): Promise<SubscriptionSummary>;
  /** Verifies and applies one webhook delivery. */
  handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ duplicate: boolean }>;
  /** Whether the board may show numbers to this person or paired screen (product decision 19). */
  boardAccess(viewer: Actor): Promise<BoardAccess>;
}

const actorOf = (user: SessionUser): Actor => ({
  kind: 'person',
  id: user.id,
  role: user.role,
  companyId: user.companyId,
});

const toSummary = (config: Config, company: CompanyBilling | null): SubscriptionSummary => ({
  configured: config.stripe !== undefined,
  billingRequired: config.billingRequired,
  companyId: company?.companyId ?? null,
  status: company?.status ?? 'none',
  currentPeriodEnd: company?.currentPeriodEnd?.toISOString() ?? null,
  cancelAtPeriodEnd: company?.cancelAtPeriodEnd ?? false,
});

export function createBillingService(deps: {
  config: Config;
  store: SubscriptionStore;
  /** Undefined while Stripe is not configured. */
  gateway: StripeGateway | undefined;
  logger: FastifyBaseLogger;
}): BillingService {
  const { config, store, logger } = deps;
  const returnUrl = (query: string) => `${config.publicUrl}/?${query}`;

  /** The company a billing action is about, after the permission check (404 outside scope). */
  async function targetCompany(
    user: SessionUser,
    target: { userId?: string },
  ): Promise<CompanyBilling> {
    const actor = actorOf(user);
    let companyId: number | null;
    if (target.userId !== undefined && target.userId !== user.id) {
      const found = await store.companyIdOfUser(target.userId);
      if (found === undefined || (found !== null && !inScope(actor, found))) {
        throw notFound('User');
      }
      if (found === null && !can(actor, 'subscription.manage')) throw notFound('User');
      if (found === null) {
        throw badRequest(
          'userId: this user belongs to no company yet, so there is no subscription to manage',
        );
      }
      companyId = found;
    } else {
      companyId = user.companyId;
      if (companyId === null) {
        throw badRequest(
          can(actor, 'subscription.manage')
            ? 'userId: name a user of the company whose subscription you mean (you belong to no company)'
            : 'Create or join a company first: the subscription belongs to a company.',
        );
      }
    }
    if (!can(actor, 'subscription.manage', { companyId })) {
      throw forbidden(
        'Only an administrator of your company can manage the subscription. Please ask one.',
      );
    }
    const company = await store.company(companyId);
    if (!company) throw notFound('Company');
    return company;
  }

  function gateway(): StripeGateway {
    if (!deps.gateway) throw notConfigured(NOT_CONFIGURED_MESSAGE);
    return deps.gateway;
  }

  /** A Stripe failure as the caller sees it: 502 with plain words, never a 500. */
  async function stripeCall<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof StripeCallError) {
        logger.warn({ err }, 'Stripe call failed');
        throw new AppError('UPSTREAM_UNAVAILABLE', `${err.message}. Please try again.`);
      }
      throw err;
    }
  }

  async function refresh(company: CompanyBilling): Promise<CompanyBilling> {
    if (!company.customerId) return company;
    const customerId = company.customerId;
    const state: SubscriptionState = await stripeCall(() =>
      gateway().currentSubscription(customerId),
    );
    await store.saveState(company.companyId, state);
    return { ...company, ...state };
  }

  async function portalUrl(customerId: string): Promise<string> {
    return stripeCall(() =>
      gateway().createPortalSession({ customerId, returnUrl: returnUrl('billing=portal') }),
    );
  }

  return {
    async summary(user) {
      const company = user.companyId === null ? null : await store.company(user.companyId);
      return toSummary(config, company);
    },

    async checkout(user, target) {
      const company = await refresh(await targetCompany(user, target).then(requireGateway));
      // A running plan is managed in the portal; a second checkout would charge twice.
      if (company.customerId && isLiveSubscription(company.status)) {
        return { url: await portalUrl(company.customerId), kind: 'portal' };
      }
      const stripe = gateway();
      const customerId =
        company.customerId ??
        (await store.claimCustomer(
          company.companyId,
          await stripeCall(() =>
            stripe.createCustomer({
              companyId: company.companyId,
              companyName: company.companyName,
              email: user.email,
            }),
          ),
        ));
      const url = await stripeCall(() =>
        stripe.createCheckoutSession({
          customerId,
          companyId: company.companyId,
          priceId: config.stripe!.priceId,
          successUrl: returnUrl('checkout=success&session_id={CHECKOUT_SESSION_ID}'),
          cancelUrl: returnUrl('checkout=canceled'),
        }),
      );
      return { url, kind: 'checkout' };
    },

    async portal(user, target) {
      const company = await targetCompany(user, target).then(requireGateway);
      if (!company.customerId || !hasManageablePlan(company.status)) {
        throw conflict(
          'This company has no subscription yet, so there is no plan to manage: use Start Subscription.',
        );
      }
      return { url: await portalUrl(company.customerId), kind: 'portal' };
    },

    async sync(user, target) {
      const company = await refresh(await targetCompany(user, target).then(requireGateway));
      return toSummary(config, company);
    },

    async handleWebhook(rawBody, signature) {
      const stripe = deps.gateway;
      if (!stripe || !config.stripe?.webhookSecret) {
        throw notConfigured(stripe ? WEBHOOK_NOT_CONFIGURED_MESSAGE : NOT_CONFIGURED_MESSAGE);
      }
      let event;
      try {
        event = stripe.verifyEvent(rawBody, signature);
      } catch (err) {
        if (err instanceof WebhookSignatureError) {
          throw badRequest(`Stripe-Signature: ${err.message}`);
        }
        throw err;
      }
      if (await store.eventSeen(event.id)) return { duplicate: true };

      let company: CompanyBilling | null = null;
      if (SUBSCRIPTION_EVENTS.has(event.type) && event.customerId) {
        company = await store.companyByCustomer(event.customerId);
        // A checkout whose customer the product has not stored (the first click's answer
        // was lost): the session names the company it was made for.
        const referenced = Number(event.clientReferenceId);
        if (
          !company &&
          event.type === 'checkout.session.completed' &&
          Number.isInteger(referenced)
        ) {
          const candidate = await store.company(referenced);
          if (candidate && !candidate.customerId) {
            await store.claimCustomer(candidate.companyId, event.customerId);
            company = await store.companyByCustomer(event.customerId);
          }
        }
        if (!company) {
          logger.warn(
            { eventId: event.id, type: event.type },
            'Stripe event for a customer no company has; recorded and ignored',
          );
        }
      }
      const customerId = event.customerId;
      const applied = await store.applyEventOnce(event, company?.companyId ?? null, () =>
        stripeCall(() => stripe.currentSubscription(customerId!)),
      );
      return { duplicate: !applied };
    },

    async boardAccess(viewer) {
      // The vendor's own master admins look at any board; a person without a company has none.
      if (viewer.companyId === null || isMasterAdmin(viewer)) return 'open';
      const company = await store.company(viewer.companyId);
      return boardAccess({
        billingRequired: config.billingRequired,
        status: company?.status ?? 'none',
      });
    },
  };

  function requireGateway(company: CompanyBilling): CompanyBilling {
    gateway();
    return company;
  }
}
