import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingSessionRequestSchema,
  billingSessionResponseSchema,
  subscriptionSummarySchema,
} from '../../../shared/api/billing.js';
import { currentUser, documentAccess, requireUser } from '../../plugins/permissions.js';

/**
 * The company subscription (seed section 7, decision 13). Every action is decided by
 * `subscription.manage` in the billing service; the webhook is authenticated by its signature.
 */
export default async function stripeRoutes(root: FastifyInstance): Promise<void> {
  await root.register(sessionRoutes);
  await root.register(webhookRoutes);
}

async function sessionRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', requireUser);
  documentAccess(app, 'person');
  const body = billingSessionRequestSchema.nullish();
  const access = 'subscription.manage';

  app.get(
    '/api/stripe/subscription',
    {
      schema: {
        operationId: 'getSubscription',
        summary: "Get the company's subscription",
        description:
          "The plan's status in plain words (trial, active, past due, canceled...), when it renews or ends, and what the caller may do about it.",
        response: { 200: subscriptionSummarySchema },
      },
    },
    async (request) => app.services.billing.summary(currentUser(request)),
  );

  app.post(
    '/api/stripe/create-checkout-session',
    {
      schema: {
        operationId: 'startCheckout',
        summary: 'Start a subscription with Stripe Checkout',
        description:
          "Answers the address of Stripe's hosted checkout page for the monthly plan; the browser goes there and comes back to the app.",
        'x-access': access,
        body,
        response: { 200: billingSessionResponseSchema },
      },
    },
    async (request) => app.services.billing.checkout(currentUser(request), request.body ?? {}),
  );

  app.post(
    '/api/stripe/create-portal-session',
    {
      schema: {
        operationId: 'openBillingPortal',
        summary: "Open Stripe's billing portal",
        description:
          "Answers the address of Stripe's billing portal, where an admin changes the card, reads invoices or cancels. 409 when the company has no subscription yet.",
        'x-access': access,
        body,
        response: { 200: billingSessionResponseSchema },
      },
    },
    async (request) => app.services.billing.portal(currentUser(request), request.body ?? {}),
  );

  app.post(
    '/api/stripe/sync-subscription',
    {
      schema: {
        operationId: 'syncSubscription',
        summary: 'Read the subscription from Stripe now',
        description:
          "Reads the company's subscription from Stripe at once (after coming back from checkout) and answers it.",
        'x-access': access,
        body,
        response: { 200: subscriptionSummarySchema },
      },
    },
    async (request) => app.services.billing.sync(currentUser(request), request.body ?? {}),
  );
}

/** Stripe's deliveries: the signature covers the exact bytes, so the body stays raw. */
async function webhookRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, payload, done) =>
    done(null, payload),
  );

  app.post(
    '/api/stripe/webhook',
    {
      schema: {
        operationId: 'receiveStripeEvent',
        summary: 'Receive an event from Stripe',
        description:
          "Stripe's webhook deliveries: checked against the signature over the exact bytes, applied once (a repeated delivery answers `duplicate: true`) in any order. 400 when the signature is missing or wrong.",
        'x-access': 'stripe',
        response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const result = await app.services.billing.handleWebhook(
        raw,
        typeof signature === 'string' ? signature : undefined,
      );
      return { received: true as const, duplicate: result.duplicate };
    },
  );
}
