import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from '../billing/subscription-status.js';

export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);

/**
 * `POST /api/stripe/create-checkout-session` and `create-portal-session`. The dashboard menu
 * sends no body (the caller's own company); an admin user row sends the `userId` whose company
 * it means.
 */
export const billingSessionRequestSchema = z
  .object({ userId: z.string().trim().min(1).max(200).optional() })
  .strict();
export type BillingSessionRequest = z.infer<typeof billingSessionRequestSchema>;

/** Seed: the response is `{ url }`. `kind` says where it leads (a live plan gets the portal). */
export const billingSessionResponseSchema = z.object({
  url: z.url(),
  kind: z.enum(['checkout', 'portal']),
});
export type BillingSessionResponse = z.infer<typeof billingSessionResponseSchema>;

/** `GET /api/stripe/subscription`: the caller's company's plan, as far as the board needs it. */
export const subscriptionSummarySchema = z.object({
  /** Stripe keys are set on this server; false: billing actions explain which to set. */
  configured: z.boolean(),
  /** BILLING_REQUIRED: boards of companies without a plan show "subscription needed". */
  billingRequired: z.boolean(),
  companyId: z.number().int().nullable(),
  status: subscriptionStatusSchema,
  /** ISO date-time the paid period ends (renews, or ends when cancelAtPeriodEnd). */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;
