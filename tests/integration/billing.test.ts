import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, stripeEvents } from '../../src/server/db/schema.js';
import { startStripeStandin, type StripeStandin } from '../../standins/stripe/index.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

/**
 * Billing end to end against the Stripe stand-in: the app's own SDK calls it over HTTP, and the
 * stand-in's signed webhook deliveries go into the app (inject), in order or not.
 */
describe('billing: checkout, portal and webhooks', () => {
  let t: TestApp;
  let stripe: StripeStandin;

  const post = (who: TestUser, url: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: who.cookie },
      ...(payload ? { payload } : {}),
    });
  const summary = async (who: TestUser) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/stripe/subscription',
        headers: { cookie: who.cookie },
      })
    ).json();
  const companyRow = async (id: number) =>
    (await t.app.db.select().from(companies).where(eq(companies.id, id)))[0]!;
  const eventCount = async () => (await t.app.db.select().from(stripeEvents)).length;
  /** A Stripe-Signature header: t=...,v1=HMAC-SHA256(secret, "t.payload"). */
  const signature = (payload: string, secret = stripe.webhookSecret, at = Date.now()) => {
    const t = Math.floor(at / 1000);
    return `t=${t},v1=${crypto.createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
  };
  const deliver = (payload: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', ...headers },
      payload,
    });

  /** A company with its account admin and a plain user. */
  async function newCompany() {
    const companyId = await createCompany(t.app);
    const admin = await createSignedInUser(t.app, { role: 'account_admin', companyId });
    const user = await createSignedInUser(t.app, { role: 'user', companyId });
    return { companyId, admin, user };
  }

  /** Checkout as the admin, then pay on the stand-in; returns the subscription id. */
  async function buy(admin: TestUser, options: { deliver?: boolean } = {}) {
    const res = await post(admin, '/api/stripe/create-checkout-session');
    expect(res.statusCode).toBe(200);
    const { url, kind } = res.json();
    expect(kind).toBe('checkout');
    const sessionId = new URL(url).pathname.split('/').pop()!;
    const { subscriptionId, redirect } = await stripe.completeCheckout(sessionId);
    expect(redirect).toBe(`http://localhost:5000/?checkout=success&session_id=${sessionId}`);
    if (options.deliver !== false) await stripe.flush();
    return subscriptionId;
  }

  beforeAll(async () => {
    stripe = await startStripeStandin();
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_PRICE_ID: stripe.priceId,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.url,
        PUBLIC_URL: 'http://localhost:5000',
      },
    });
    stripe.setWebhookTarget(
      async (body, headers) =>
        (await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers, payload: body }))
          .statusCode,
    );
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('sends the configured price, quantity 1, subscription mode and one customer per company', async () => {
    const { companyId, admin } = await newCompany();
    const before = stripe.requests.length;
    const first = await post(admin, '/api/stripe/create-checkout-session');
    expect(first.statusCode).toBe(200);
    expect(first.json().url).toMatch(new RegExp(`^${stripe.publicUrl}/checkout/cs_test_`));
    const second = await post(admin, '/api/stripe/create-checkout-session');
    expect(second.statusCode).toBe(200);

    const calls = stripe.requests.slice(before);
    const customers = calls.filter((c) => c.method === 'POST' && c.path === '/v1/customers');
    expect(customers).toHaveLength(1);
    expect(customers[0]!.params.metadata).toEqual({ companyId: String(companyId) });
    const customerId = (await companyRow(companyId)).stripeCustomerId;
    expect(customerId).toMatch(/^cus_/);

    const sessions = calls.filter((c) => c.path === '/v1/checkout/sessions');
    expect(sessions).toHaveLength(2);
    for (const session of sessions) {
      expect(session.params).toMatchObject({
        mode: 'subscription',
        customer: customerId,
        line_items: [{ price: stripe.priceId, quantity: '1' }],
        success_url: 'http://localhost:5000/?checkout=success&session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://localhost:5000/?checkout=canceled',
        client_reference_id: String(companyId),
      });
    }
  });

  it('pays: every user of the company reads Active with the period end from the subscription item', async () => {
    const { admin, user, companyId } = await newCompany();
    expect((await summary(user)).status).toBe('none');
    const subscriptionId = await buy(admin);

    const item = (
      stripe.subscription(subscriptionId)!.items as { data: { current_period_end: number }[] }
    ).data[0]!;
    for (const who of [admin, user]) {
      expect(await summary(who)).toEqual({
        configured: true,
        billingRequired: false,
        companyId,
        status: 'active',
        currentPeriodEnd: new Date(item.current_period_end * 1000).toISOString(),
        cancelAtPeriodEnd: false,
      });
    }
    expect((await companyRow(companyId)).stripeSubscriptionId).toBe(subscriptionId);
    const delivered = stripe.deliveries.filter((d) =>
      stripe.events.some((e) => e.id === d.eventId && JSON.stringify(e).includes(subscriptionId)),
    );
    expect(delivered.map((d) => [d.type, d.status])).toEqual([
      ['customer.subscription.created', 200],
      ['invoice.paid', 200],
      ['checkout.session.completed', 200],
    ]);
  });

  it('gives a company with a running plan the portal instead of a second subscription', async () => {
    const { admin } = await newCompany();
    await buy(admin);
    const res = await post(admin, '/api/stripe/create-checkout-session');
    expect(res.statusCode).toBe(200);
    expect(res.json().kind).toBe('portal');
    expect(res.json().url).toMatch(new RegExp(`^${stripe.publicUrl}/portal/bps_`));
  });

  describe("each event type on its own brings the company to Stripe's state", () => {
    const cases: [
      string,
      (admin: TestUser, subscriptionId: string | null) => Promise<string | null>,
      object,
    ][] = [
      [
        'checkout.session.completed',
        async (admin) => buy(admin, { deliver: false }),
        { status: 'active' },
      ],
      [
        'customer.subscription.created',
        async (admin) => buy(admin, { deliver: false }),
        { status: 'active' },
      ],
      ['invoice.paid', async (admin) => buy(admin, { deliver: false }), { status: 'active' }],
      [
        'customer.subscription.updated',
        async (_admin, id) => (stripe.cancelSubscription(id!, 'period_end'), id),
        { status: 'active', cancelAtPeriodEnd: true },
      ],
      [
        'customer.subscription.deleted',
        async (_admin, id) => (stripe.cancelSubscription(id!, 'now'), id),
        { status: 'canceled' },
      ],
      [
        'invoice.payment_failed',
        async (_admin, id) => (stripe.renewalPayment(id!, 'failed'), id),
        { status: 'past_due' },
      ],
    ];
    for (const [type, act, expected] of cases) {
      it(type, async () => {
        const { admin } = await newCompany();
        const existing =
          type.startsWith('customer.subscription.u') ||
          type.startsWith('customer.subscription.d') ||
          type === 'invoice.payment_failed'
            ? await buy(admin)
            : null;
        stripe.holdEvents();
        await act(admin, existing);
        await stripe.releaseEvents({ types: [type] });
        expect(stripe.deliveries.at(-1)).toMatchObject({ type, status: 200 });
        expect(await summary(admin)).toMatchObject(expected);
      });
    }
  });

  it("ends in Stripe's true state when a deletion arrives before the update that preceded it", async () => {
    const { admin, companyId } = await newCompany();
    const subscriptionId = await buy(admin);
    stripe.holdEvents();
    stripe.cancelSubscription(subscriptionId, 'period_end'); // updated: still active, ending later
    stripe.cancelSubscription(subscriptionId, 'now'); // deleted
    await stripe.releaseEvents({ order: 'reverse' });
    const [last] = stripe.deliveries.slice(-1);
    expect(last).toMatchObject({ type: 'customer.subscription.updated', status: 200 });
    // The updated event's snapshot says "active"; Stripe says canceled, and so does the company.
    expect((await summary(admin)).status).toBe('canceled');
    expect((await companyRow(companyId)).subscriptionStatus).toBe('canceled');
  });

  it('processes a replayed or duplicated event once', async () => {
    const { admin } = await newCompany();
    const subscriptionId = await buy(admin);
    stripe.holdEvents();
    stripe.renewalPayment(subscriptionId, 'failed');
    await stripe.releaseEvents({ duplicate: true });
    const failed = stripe.events.filter((e) => e.type === 'invoice.payment_failed').at(-1)!;
    expect(stripe.deliveries.filter((d) => d.eventId === failed.id).map((d) => d.status)).toEqual([
      200, 200,
    ]);
    const count = await eventCount();

    // Stripe's state moves on, but a replay of the old event changes nothing.
    stripe.holdEvents();
    stripe.renewalPayment(subscriptionId, 'paid');
    const body = JSON.stringify(failed);
    const replay = await deliver(body, { 'stripe-signature': signature(body) });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await eventCount()).toBe(count);
    expect((await summary(admin)).status).toBe('past_due');
    await stripe.releaseEvents();
    expect((await summary(admin)).status).toBe('active');
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { admin, companyId } = await newCompany();
    await buy(admin);
    stripe.holdEvents();
    const subscriptionId = (await companyRow(companyId)).stripeSubscriptionId!;
    stripe.cancelSubscription(subscriptionId, 'now');
    const event = stripe.events.at(-1)!;
    await stripe.releaseEvents({ types: [] });
    const body = JSON.stringify(event);
    const count = await eventCount();
    const headerSets: Record<string, string>[] = [
      { 'stripe-signature': signature(body, 'whsec_not_the_secret') },
      { 'stripe-signature': signature(body.replace('canceled', 'active')) },
      { 'stripe-signature': signature(body, stripe.webhookSecret, Date.now() - 3600_000) },
      {},
    ];
    for (const headers of headerSets) {
      const res = await deliver(body, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^Stripe-Signature: /);
    }
    expect(await eventCount()).toBe(count);
    expect((await companyRow(companyId)).subscriptionStatus).toBe('active');
  });

  it('refuses a validly signed event dated more than 5 minutes ahead, like an old one (issue 24)', async () => {
    const body = JSON.stringify({
      id: `evt_${crypto.randomBytes(8).toString('hex')}`,
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_x', object: 'subscription', customer: 'cus_future' } },
    });
    const count = await eventCount();
    for (const ahead of [365 * 24 * 3600_000, 6 * 60_000]) {
      const res = await deliver(body, {
        'stripe-signature': signature(body, stripe.webhookSecret, Date.now() + ahead),
      });
      expect(res.statusCode, `${ahead} ms ahead`).toBe(400);
      expect(res.json().error).toBe('Stripe-Signature: Timestamp outside the tolerance zone');
    }
    expect(await eventCount()).toBe(count);
    // A clock a little behind Stripe's is normal: a minute ahead is a delivery.
    const res = await deliver(body, {
      'stripe-signature': signature(body, stripe.webhookSecret, Date.now() + 60_000),
    });
    expect(res.statusCode).toBe(200);
  });

  it('records and ignores events of customers no company has', async () => {
    const body = JSON.stringify({
      id: `evt_${crypto.randomBytes(8).toString('hex')}`,
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_x', object: 'subscription', customer: 'cus_elsewhere' } },
    });
    const res = await deliver(body, { 'stripe-signature': signature(body) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
  });

  it('keeps each company to its own subscription', async () => {
    const a = await newCompany();
    const b = await newCompany();
    await buy(a.admin);

    // An account admin of B cannot open A's portal, nor start A's checkout: A does not exist for them.
    for (const url of [
      '/api/stripe/create-portal-session',
      '/api/stripe/create-checkout-session',
      '/api/stripe/sync-subscription',
    ]) {
      const res = await post(b.admin, url, { userId: a.user.id });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBe('User not found');
    }
    expect(
      (await post(b.admin, '/api/stripe/create-portal-session', { userId: 'no-such-user' }))
        .statusCode,
    ).toBe(404);
    // B itself has no plan yet: no portal, in words.
    const own = await post(b.admin, '/api/stripe/create-portal-session');
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toMatch(/Start Subscription/);
    // A plain user of A may not manage A's plan.
    const plain = await post(a.user, '/api/stripe/create-portal-session');
    expect(plain.statusCode).toBe(403);
    expect(plain.json().error).toMatch(/administrator/);
    // A's admin names a user of A (an admin user row): A's portal.
    const row = await post(a.admin, '/api/stripe/create-portal-session', { userId: a.user.id });
    expect(row.statusCode).toBe(200);
    expect(row.json().kind).toBe('portal');
    // A master admin (no company of their own) acts for any company through a user row.
    const master = await createSignedInUser(t.app, { role: 'master_admin' });
    expect(
      (await post(master, '/api/stripe/create-portal-session', { userId: a.user.id })).statusCode,
    ).toBe(200);
    expect((await post(master, '/api/stripe/create-checkout-session')).statusCode).toBe(400);
  });

  it('names the field of a bad body', async () => {
    const { admin } = await newCompany();
    const res = await post(admin, '/api/stripe/create-checkout-session', { userId: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^userId: /);
    const extra = await post(admin, '/api/stripe/create-checkout-session', { price: 'price_free' });
    expect(extra.statusCode).toBe(400);
  });

  it('syncs from Stripe on return even when no webhook arrived', async () => {
    const { admin } = await newCompany();
    stripe.holdEvents();
    await buy(admin, { deliver: false });
    await stripe.releaseEvents({ types: [] });
    expect((await summary(admin)).status).toBe('none');
    const res = await post(admin, '/api/stripe/sync-subscription');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('active');
  });

  it('answers 502 in words when Stripe cannot be reached or refuses', async () => {
    const { admin } = await newCompany();
    for (const [env, sentence] of [
      [
        { STRIPE_API_URL: 'http://127.0.0.1:9', STRIPE_PRICE_ID: stripe.priceId },
        /^Stripe could not be reached to create a customer/,
      ],
      [
        { STRIPE_API_URL: stripe.url, STRIPE_PRICE_ID: 'price_gone' },
        /^Stripe refused to start a checkout: No such price: 'price_gone'/,
      ],
    ] as const) {
      const other = await createTestApp({
        database: t.database,
        env: {
          STRIPE_SECRET_KEY: stripe.secretKey,
          STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
          ...env,
        },
      });
      try {
        const res = await other.app.inject({
          method: 'POST',
          url: '/api/stripe/create-checkout-session',
          headers: { cookie: admin.cookie },
        });
        expect(res.statusCode).toBe(502);
        expect(res.json().error).toMatch(sentence);
      } finally {
        await other.close();
      }
    }
  }, 60_000);
});

describe('billing: Stripe not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says which variables to set for every billing action, never 404 or 500', async () => {
    const companyId = await createCompany(t.app);
    const admin = await createSignedInUser(t.app, { role: 'account_admin', companyId });
    for (const url of [
      '/api/stripe/create-checkout-session',
      '/api/stripe/create-portal-session',
      '/api/stripe/sync-subscription',
    ]) {
      const res = await t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie } });
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toMatchObject({ code: 'NOT_CONFIGURED' });
      expect(res.json().error).toMatch(
        /STRIPE_SECRET_KEY, STRIPE_PRICE_ID and STRIPE_WEBHOOK_SECRET/,
      );
    }
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(503);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/stripe/subscription',
      headers: { cookie: admin.cookie },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ configured: false, status: 'none' });
  });
});

describe('billing: BILLING_REQUIRED', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BILLING_REQUIRED: 'true' } });
  });
  afterAll(() => t.close());

  const capacity = (who: TestUser) =>
    t.app.inject({ method: 'POST', url: '/api/capacity', headers: { cookie: who.cookie } });

  it('shows no numbers to a company without an active or trialing plan, except in past_due grace', async () => {
    for (const [status, blocked] of [
      ['none', true],
      ['canceled', true],
      ['past_due', false],
      ['active', false],
      ['trialing', false],
    ] as const) {
      const companyId = await createCompany(t.app, { subscriptionStatus: status });
      const user = await createSignedInUser(t.app, { companyId });
      const res = await capacity(user);
      if (blocked) {
        expect(res.statusCode, status).toBe(402);
        expect(res.json()).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED' });
      } else {
        expect(res.statusCode, status).toBe(200);
      }
    }
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/stripe/subscription',
      headers: {
        cookie: (await createSignedInUser(t.app, { companyId: await createCompany(t.app) })).cookie,
      },
    });
    expect(read.json()).toMatchObject({ billingRequired: true, status: 'none' });
  });

  it('is off by default', async () => {
    const open = await createTestApp({ database: t.database });
    try {
      const user = await createSignedInUser(open.app, { companyId: await createCompany(open.app) });
      const res = await open.app.inject({
        method: 'POST',
        url: '/api/capacity',
        headers: { cookie: user.cookie },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});
