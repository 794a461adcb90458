import crypto from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { decodeStripeForm, type FormValue } from './form-body.js';
import { checkoutPage, notFoundPage, portalPage } from './pages.js';

/**
 * A Stripe account for development and tests: the REST API for the calls the product makes
 * (customers, Checkout Sessions, billing portal sessions, subscriptions list/retrieve), with
 * Stripe's form-encoded requests, JSON shapes and error envelope; a hosted Checkout page a
 * browser can complete and a portal page that cancels; signed webhook events (Stripe-Signature
 * t=...,v1=HMAC-SHA256) sent to the product, held back, reordered and duplicated on demand.
 */

/** The API version the events claim (the one the product's SDK pins). */
const API_VERSION = '2026-10-28.endive';
const PRODUCT_NAME = '3-Day Call Board';
const MONTH_SECONDS = 30 * 24 * 60 * 60;
const DECLINED_CARD = '4000000000000002';

type Json = Record<string, unknown>;

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Json; previous_attributes?: Json };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, FormValue>;
}

export interface Delivery {
  eventId: string;
  type: string;
  status: number | 'error';
}

/** Where events go: a URL (POST over HTTP) or a function (tests inject into the app). */
export type WebhookTarget =
  string | ((body: string, headers: Record<string, string>) => Promise<number>);

export interface ReleaseOptions {
  order?: 'created' | 'reverse';
  duplicate?: boolean;
  types?: string[];
}

export interface StripeStandinOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Host name browsers use for the hosted pages (default: the listening host). */
  publicHost?: string;
  secretKey?: string;
  webhookSecret?: string;
  priceId?: string;
  unitAmount?: number;
  webhookTarget?: WebhookTarget;
  now?: () => Date;
}

export interface StripeStandin {
  /** API base URL: point the SDK's host/port/protocol (STRIPE_API_URL) here. */
  url: string;
  /** Base URL of the hosted Checkout and portal pages. */
  publicUrl: string;
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  setWebhookTarget(target: WebhookTarget | undefined): void;
  /** Every API request, decoded (the price and quantity the product sent, for instance). */
  requests: RecordedRequest[];
  deliveries: Delivery[];
  events: StripeEvent[];
  /** Keep events back instead of sending them... */
  holdEvents(): void;
  /**
   * ...then send the held ones, in the order asked, each twice when `duplicate`; with `types`,
   * only events of those types (the others are dropped, as if lost).
   */
  releaseEvents(options?: ReleaseOptions): Promise<void>;
  /** Sends one recorded event again (a Stripe retry). */
  redeliver(eventId: string): Promise<void>;
  /** Resolves when every event sent so far has been delivered. */
  flush(): Promise<void>;
  /** What a browser does on the hosted Checkout page: pays and completes the session. */
  completeCheckout(sessionId: string): Promise<{ subscriptionId: string; redirect: string }>;
  /** What the portal's buttons do. */
  cancelSubscription(subscriptionId: string, when: 'now' | 'period_end'): void;
  /** A renewal whose payment fails (past_due) or later succeeds (active). */
  renewalPayment(subscriptionId: string, outcome: 'failed' | 'paid'): void;
  subscription(id: string): Json | undefined;
  close(): Promise<void>;
}

interface State {
  customers: Map<string, Json>;
  sessions: Map<string, Json>;
  portalSessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  idempotent: Map<string, { status: number; body: Json }>;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; code?: string; param?: string },
  ) {
    super(body.message);
  }
}

const missing = (kind: string, id: string, param?: string) =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    ...(param ? { param } : {}),
  });

const invalid = (param: string, message: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message,
    param,
  });

const str = (value: FormValue | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;
const record = (value: FormValue | undefined): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
      )
    : {};

export async function startStripeStandin(
  options: StripeStandinOptions = {},
): Promise<StripeStandin> {
  const now = options.now ?? (() => new Date());
  const seconds = () => Math.floor(now().getTime() / 1000);
  const secretKey =
    options.secretKey ?? `sk_test_standin_${crypto.randomBytes(12).toString('hex')}`;
  const webhookSecret =
    options.webhookSecret ?? `whsec_standin_${crypto.randomBytes(16).toString('hex')}`;
  const priceId = options.priceId ?? 'price_callboard_monthly';
  const unitAmount = options.unitAmount ?? 19500;
  const price: Json = {
    id: priceId,
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: unitAmount,
    recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
    product: 'prod_callboard',
    type: 'recurring',
    livemode: false,
  };
  const state: State = {
    customers: new Map(),
    sessions: new Map(),
    portalSessions: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    idempotent: new Map(),
  };
  const requests: RecordedRequest[] = [];
  const deliveries: Delivery[] = [];
  const events: StripeEvent[] = [];
  let webhookTarget = options.webhookTarget;
  let holding = false;
  let held: StripeEvent[] = [];
  let queue: Promise<void> = Promise.resolve();
  const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;

  // --- events -----------------------------------------------------------------------------

  function sign(payload: string): string {
    const t = seconds();
    const v1 = crypto.createHmac('sha256', webhookSecret).update(`${t}.${payload}`).digest('hex');
    return `t=${t},v1=${v1}`;
  }

  async function deliverNow(event: StripeEvent): Promise<void> {
    const target = webhookTarget;
    if (!target) return;
    const body = JSON.stringify(event, null, 2);
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': sign(body),
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    };
    let status: number | 'error';
    try {
      if (typeof target === 'string') {
        const res = await fetch(target, { method: 'POST', headers, body });
        await res.arrayBuffer();
        status = res.status;
      } else {
        status = await target(body, headers);
      }
    } catch {
      status = 'error';
    }
    deliveries.push({ eventId: event.id, type: event.type, status });
  }

  function send(events: StripeEvent[]): Promise<void> {
    queue = queue.then(async () => {
      for (const event of events) await deliverNow(event);
    });
    return queue;
  }

  function emit(type: string, object: Json, previous?: Json): void {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: seconds(),
      data: {
        object: structuredClone(object),
        ...(previous ? { previous_attributes: previous } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    events.push(event);
    if (holding) held.push(event);
    else void send([event]);
  }

  // --- objects ----------------------------------------------------------------------------

  function createSubscription(session: Json): Json {
    const start = seconds();
    const id = newId('sub');
    const items = (session.line_items_internal as { price: string; quantity: number }[]).map(
      (line) => ({
        id: newId('si'),
        object: 'subscription_item',
        created: start,
        current_period_start: start,
        current_period_end: start + MONTH_SECONDS,
        metadata: {},
        price,
        quantity: line.quantity,
        subscription: id,
      }),
    );
    const subscription: Json = {
      id,
      object: 'subscription',
      billing_cycle_anchor: start,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: 'charge_automatically',
      created: start,
      currency: 'usd',
      customer: session.customer,
      ended_at: null,
      items: {
        object: 'list',
        data: items,
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: (session.subscription_metadata as Json | undefined) ?? {},
      start_date: start,
      status: 'active',
      trial_end: null,
      trial_start: null,
    };
    state.subscriptions.set(id, subscription);
    return subscription;
  }

  function invoiceFor(subscription: Json, status: 'paid' | 'open'): Json {
    const id = newId('in');
    const invoice: Json = {
      id,
      object: 'invoice',
      amount_due: unitAmount,
      amount_paid: status === 'paid' ? unitAmount : 0,
      amount_remaining: status === 'paid' ? 0 : unitAmount,
      attempt_count: 1,
      billing_reason: 'subscription_cycle',
      created: seconds(),
      currency: 'usd',
      customer: subscription.customer,
      livemode: false,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
      },
      status,
    };
    state.invoices.set(id, invoice);
    subscription.latest_invoice = id;
    return invoice;
  }

  function completeCheckout(sessionId: string) {
    const session = state.sessions.get(sessionId);
    if (!session) throw missing('checkout.session', sessionId);
    if (session.status !== 'open')
      throw invalid('session', 'This Checkout Session is no longer open.');
    const subscription = createSubscription(session);
    const invoice = invoiceFor(subscription, 'paid');
    invoice.billing_reason = 'subscription_create';
    session.status = 'complete';
    session.payment_status = 'paid';
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    // Stripe's usual order; each delivery may arrive in any order, which the product handles.
    emit('customer.subscription.created', subscription);
    emit('invoice.paid', invoice);
    emit('checkout.session.completed', session);
    const redirect = String(session.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId);
    return { subscriptionId: String(subscription.id), redirect };
  }

  function cancelSubscription(subscriptionId: string, when: 'now' | 'period_end') {
    const subscription = state.subscriptions.get(subscriptionId);
    if (!subscription) throw missing('subscription', subscriptionId);
    if (when === 'period_end') {
      subscription.cancel_at_period_end = true;
      const items = (subscription.items as { data: { current_period_end: number }[] }).data;
      subscription.cancel_at = items[0]?.current_period_end ?? null;
      subscription.canceled_at = seconds();
      emit('customer.subscription.updated', subscription, { cancel_at_period_end: false });
    } else {
      const previous = subscription.status;
      subscription.status = 'canceled';
      subscription.canceled_at = seconds();
      subscription.ended_at = seconds();
      emit('customer.subscription.deleted', subscription, { status: previous });
    }
  }

  function renew(subscriptionId: string) {
    const subscription = state.subscriptions.get(subscriptionId);
    if (!subscription) throw missing('subscription', subscriptionId);
    subscription.cancel_at_period_end = false;
    subscription.cancel_at = null;
    subscription.canceled_at = null;
    emit('customer.subscription.updated', subscription, { cancel_at_period_end: true });
  }

  function renewalPayment(subscriptionId: string, outcome: 'failed' | 'paid') {
    const subscription = state.subscriptions.get(subscriptionId);
    if (!subscription) throw missing('subscription', subscriptionId);
    const previous = subscription.status;
    if (outcome === 'paid') {
      const items = (subscription.items as { data: Json[] }).data;
      for (const item of items) {
        item.current_period_start = item.current_period_end;
        item.current_period_end = (item.current_period_end as number) + MONTH_SECONDS;
      }
    }
    subscription.status = outcome === 'paid' ? 'active' : 'past_due';
    const invoice = invoiceFor(subscription, outcome === 'paid' ? 'paid' : 'open');
    emit(outcome === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', invoice);
    emit('customer.subscription.updated', subscription, { status: previous });
  }

  // --- the API ----------------------------------------------------------------------------

  // Close every connection at once: the SDK's keep-alive sockets would hold close() 72 s.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, decodeStripeForm(String(body))),
  );
  let publicUrl = '';

  const params = (request: FastifyRequest): Record<string, FormValue> =>
    request.method === 'GET'
      ? decodeStripeForm(new URLSearchParams(request.query as Record<string, string>).toString())
      : ((request.body as Record<string, FormValue> | undefined) ?? {});

  /** Auth, the request log, idempotency keys and the error envelope around every API call. */
  function api(handler: (p: Record<string, FormValue>, request: FastifyRequest) => Json) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const p = params(request);
      requests.push({ method: request.method, path: request.url.split('?')[0]!, params: p });
      const auth = request.headers.authorization ?? '';
      if (auth !== `Bearer ${secretKey}`) {
        return reply.status(401).send({
          error: {
            type: 'invalid_request_error',
            message: `Invalid API Key provided: ${auth.replace(/^Bearer\s+/, '').slice(0, 8)}***`,
          },
        });
      }
      const key = request.headers['idempotency-key'];
      const cacheKey = typeof key === 'string' ? `${request.url}:${key}` : undefined;
      const cached = cacheKey ? state.idempotent.get(cacheKey) : undefined;
      if (cached)
        return reply.status(cached.status).header('idempotent-replayed', 'true').send(cached.body);
      let status = 200;
      let body: Json;
      try {
        body = handler(p, request);
      } catch (err) {
        if (!(err instanceof StripeApiError)) throw err;
        status = err.status;
        body = { error: err.body };
      }
      if (cacheKey && request.method === 'POST') state.idempotent.set(cacheKey, { status, body });
      return reply
        .status(status)
        .header('request-id', newId('req'))
        .header('stripe-version', request.headers['stripe-version'] ?? API_VERSION)
        .send(body);
    };
  }

  app.post(
    '/v1/customers',
    api((p) => {
      const customer: Json = {
        id: newId('cus'),
        object: 'customer',
        created: seconds(),
        email: str(p.email) ?? null,
        name: str(p.name) ?? null,
        metadata: record(p.metadata),
        livemode: false,
      };
      state.customers.set(String(customer.id), customer);
      return customer;
    }),
  );

  app.get(
    '/v1/customers/:id',
    api((_p, request) => {
      const id = (request.params as { id: string }).id;
      const customer = state.customers.get(id);
      if (!customer) throw missing('customer', id, 'id');
      return customer;
    }),
  );

  app.post(
    '/v1/checkout/sessions',
    api((p) => {
      const mode = str(p.mode);
      if (!mode) throw invalid('mode', 'Missing required param: mode.');
      if (mode !== 'subscription') throw invalid('mode', 'This stand-in sells subscriptions only.');
      const customerId = str(p.customer);
      if (customerId && !state.customers.has(customerId))
        throw missing('customer', customerId, 'customer');
      const lines = Array.isArray(p.line_items) ? p.line_items : [];
      if (lines.length === 0) throw invalid('line_items', 'Missing required param: line_items.');
      const lineItems = lines.map((line, i) => {
        const item = record(line);
        if (item.price !== priceId)
          throw missing('price', item.price ?? '', `line_items[${i}][price]`);
        const quantity = Number(item.quantity ?? '1');
        if (!Number.isInteger(quantity) || quantity < 1) {
          throw invalid(`line_items[${i}][quantity]`, 'Invalid positive integer');
        }
        return { price: item.price, quantity };
      });
      const successUrl = str(p.success_url);
      if (!successUrl) throw invalid('success_url', 'Missing required param: success_url.');
      const id = `cs_test_${crypto.randomBytes(24).toString('hex')}`;
      const subscriptionData = p.subscription_data;
      const session: Json = {
        id,
        object: 'checkout.session',
        amount_subtotal: unitAmount * lineItems.reduce((n, l) => n + l.quantity, 0),
        amount_total: unitAmount * lineItems.reduce((n, l) => n + l.quantity, 0),
        cancel_url: str(p.cancel_url) ?? null,
        client_reference_id: str(p.client_reference_id) ?? null,
        created: seconds(),
        currency: 'usd',
        customer: customerId ?? null,
        customer_email: customerId ? null : (str(p.customer_email) ?? null),
        expires_at: seconds() + 24 * 60 * 60,
        invoice: null,
        livemode: false,
        metadata: record(p.metadata),
        mode,
        payment_status: 'unpaid',
        status: 'open',
        subscription: null,
        success_url: successUrl,
        url: `${publicUrl}/checkout/${id}`,
      };
      state.sessions.set(id, {
        ...session,
        line_items_internal: lineItems,
        subscription_metadata:
          subscriptionData &&
          typeof subscriptionData === 'object' &&
          !Array.isArray(subscriptionData)
            ? record(subscriptionData.metadata)
            : {},
      });
      return session;
    }),
  );

  const publicSession = (session: Json): Json => {
    const { line_items_internal: _l, subscription_metadata: _m, ...rest } = session;
    return rest;
  };

  app.get(
    '/v1/checkout/sessions/:id',
    api((_p, request) => {
      const id = (request.params as { id: string }).id;
      const session = state.sessions.get(id);
      if (!session) throw missing('checkout.session', id, 'session');
      return publicSession(session);
    }),
  );

  app.post(
    '/v1/billing_portal/sessions',
    api((p) => {
      const customerId = str(p.customer);
      if (!customerId) throw invalid('customer', 'Missing required param: customer.');
      if (!state.customers.has(customerId)) throw missing('customer', customerId, 'customer');
      const id = newId('bps');
      const session: Json = {
        id,
        object: 'billing_portal.session',
        created: seconds(),
        customer: customerId,
        livemode: false,
        return_url: str(p.return_url) ?? null,
        url: `${publicUrl}/portal/${id}`,
      };
      state.portalSessions.set(id, session);
      return session;
    }),
  );

  app.get(
    '/v1/subscriptions',
    api((p) => {
      const customer = str(p.customer);
      const status = str(p.status);
      const limit = Math.min(Number(str(p.limit) ?? '10') || 10, 100);
      const data = [...state.subscriptions.values()]
        .filter((s) => !customer || s.customer === customer)
        .filter((s) =>
          status === 'all'
            ? true
            : status
              ? s.status === status
              : s.status !== 'canceled' && s.status !== 'incomplete_expired',
        )
        .reverse();
      return {
        object: 'list',
        data: data.slice(0, limit),
        has_more: data.length > limit,
        url: '/v1/subscriptions',
      };
    }),
  );

  app.get(
    '/v1/subscriptions/:id',
    api((_p, request) => {
      const id = (request.params as { id: string }).id;
      const subscription = state.subscriptions.get(id);
      if (!subscription) throw missing('subscription', id, 'id');
      return subscription;
    }),
  );

  app.all('/v1/*', async (request, reply) =>
    reply.status(404).send({
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${request.url}). The Stripe stand-in serves only the calls the product makes.`,
      },
    }),
  );

  // --- hosted pages -----------------------------------------------------------------------

  const html = (reply: FastifyReply, page: string, status = 200) =>
    reply.status(status).type('text/html; charset=utf-8').send(page);

  function renderCheckout(reply: FastifyReply, session: Json, error?: string) {
    const customer = session.customer ? state.customers.get(String(session.customer)) : undefined;
    return html(
      reply,
      checkoutPage({
        sessionId: String(session.id),
        productName: PRODUCT_NAME,
        unitAmount: Number(session.amount_total),
        interval: 'month',
        email: String(customer?.email ?? session.customer_email ?? ''),
        cancelUrl: String(session.cancel_url ?? '/'),
        error,
      }),
      error ? 402 : 200,
    );
  }

  app.get('/checkout/:id', async (request, reply) => {
    const session = state.sessions.get((request.params as { id: string }).id);
    if (!session || session.status !== 'open') {
      return html(reply, notFoundPage('This checkout link has expired or was already used.'), 404);
    }
    return renderCheckout(reply, session);
  });

  app.post('/checkout/:id/pay', async (request, reply) => {
    const id = (request.params as { id: string }).id;
    const session = state.sessions.get(id);
    if (!session || session.status !== 'open') {
      return html(reply, notFoundPage('This checkout link has expired or was already used.'), 404);
    }
    const form = (request.body as Record<string, FormValue> | undefined) ?? {};
    if ((str(form.card) ?? '').replace(/\s+/g, '') === DECLINED_CARD) {
      return renderCheckout(reply, session, 'Your card was declined.');
    }
    const { redirect } = completeCheckout(id);
    return reply.redirect(redirect, 303);
  });

  function renderPortal(reply: FastifyReply, portalId: string) {
    const portal = state.portalSessions.get(portalId);
    if (!portal) return html(reply, notFoundPage('This portal link has expired.'), 404);
    const subscriptions = [...state.subscriptions.values()]
      .filter((s) => s.customer === portal.customer)
      .reverse()
      .map((s) => ({
        id: String(s.id),
        status: String(s.status),
        unitAmount,
        interval: 'month',
        currentPeriodEnd: (s.items as { data: { current_period_end: number }[] }).data[0]!
          .current_period_end,
        cancelAtPeriodEnd: Boolean(s.cancel_at_period_end),
      }));
    return html(
      reply,
      portalPage({
        portalSessionId: portalId,
        productName: PRODUCT_NAME,
        returnUrl: String(portal.return_url ?? '/'),
        subscriptions,
      }),
    );
  }

  app.get('/portal/:id', async (request, reply) =>
    renderPortal(reply, (request.params as { id: string }).id),
  );

  app.post('/portal/:id/subscriptions/:sub/:action', async (request, reply) => {
    const { id, sub, action } = request.params as { id: string; sub: string; action: string };
    const portal = state.portalSessions.get(id);
    const subscription = state.subscriptions.get(sub);
    if (!portal || !subscription || subscription.customer !== portal.customer) {
      return html(reply, notFoundPage('No such subscription.'), 404);
    }
    const form = (request.body as Record<string, FormValue> | undefined) ?? {};
    if (action === 'cancel')
      cancelSubscription(sub, str(form.when) === 'now' ? 'now' : 'period_end');
    else if (action === 'renew') renew(sub);
    return reply.redirect(`/portal/${id}`, 303);
  });

  // --- control over HTTP (for runs outside the test process) -------------------------------

  app.post('/__control/events/hold', async () => {
    holding = true;
    return { holding };
  });
  app.post('/__control/events/release', async (request) => {
    const q = request.query as { order?: string; duplicate?: string; types?: string };
    await releaseEvents({
      order: q.order === 'reverse' ? 'reverse' : 'created',
      duplicate: q.duplicate === 'true',
      ...(q.types ? { types: q.types.split(',') } : {}),
    });
    return { delivered: deliveries.length };
  });
  app.get('/__control/requests', async () => requests);
  app.get('/__control/deliveries', async () => deliveries);

  async function releaseEvents(opts: ReleaseOptions = {}): Promise<void> {
    holding = false;
    const kept = opts.types ? held.filter((e) => opts.types!.includes(e.type)) : held;
    const batch = opts.order === 'reverse' ? [...kept].reverse() : [...kept];
    held = [];
    await send(opts.duplicate ? batch.flatMap((e) => [e, e]) : batch);
  }

  const address = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  const url = new URL(address);
  if (url.hostname === '0.0.0.0' || url.hostname === '[::]') url.hostname = '127.0.0.1';
  const apiUrl = url.origin;
  if (options.publicHost) url.hostname = options.publicHost;
  publicUrl = url.origin;

  return {
    url: apiUrl,
    publicUrl,
    secretKey,
    webhookSecret,
    priceId,
    setWebhookTarget(target) {
      webhookTarget = target;
    },
    requests,
    deliveries,
    events,
    holdEvents() {
      holding = true;
    },
    releaseEvents,
    async redeliver(eventId) {
      const event = events.find((e) => e.id === eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      await send([event]);
    },
    flush: () => queue,
    async completeCheckout(sessionId) {
      return completeCheckout(sessionId);
    },
    cancelSubscription,
    renewalPayment,
    subscription: (id) => state.subscriptions.get(id),
    close: () => app.close(),
  };
}
