import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { decodeStripeForm } from './stripe-form';

/**
 * A loopback stand-in for the parts of the Stripe API the billing service calls, for the real
 * `stripe` SDK (configure it with `host`, `port` and `protocol: 'http'`, or give the billing
 * service `STRIPE_API_BASE = url`). It checks the bearer key, decodes the SDK's form bodies,
 * answers with Stripe's JSON shapes (API version 2025-08-27.basil: billing periods on the
 * subscription items) and Stripe's error shape, and signs webhook events with the SDK's own
 * `webhooks.generateTestHeaderString`, so signature checks run for real.
 *
 * Endpoints: POST /v1/checkout/sessions, POST /v1/billing_portal/sessions,
 * GET /v1/subscriptions/:id, POST /v1/billing/meter_events.
 */
export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  prices: { monthly: string; yearly: string; overage: string };
  /** Environment for the billing service pointing at this fake. */
  env: Record<string, string>;
  /** Every request the SDK made: method, path and decoded form fields. */
  requests: { method: string; path: string; form: Record<string, unknown> }[];
  checkoutSessions: Stripe.Checkout.Session[];
  /** Meter events as Stripe keeps them: one per identifier (a repeat is ignored). */
  meterEvents: { event_name: string; identifier: string; payload: Record<string, string>; timestamp: number }[];
  /** Makes the next `count` requests to `path` fail with Stripe's 500 api_error. */
  failNext(path: string, count?: number): void;
  /**
   * Completes a checkout as a customer paying would: creates the customer and the subscription
   * (period from `start`, one month or one year by the session's price) and returns the
   * completed session with its subscription.
   */
  completeCheckout(
    sessionId: string,
    opts?: { start?: Date },
  ): { session: Stripe.Checkout.Session; subscription: Stripe.Subscription };
  subscription(id: string): Stripe.Subscription;
  /** Changes a subscription as Stripe would (cancel at period end, cancel now, renew). */
  updateSubscription(
    id: string,
    change: { cancelAtPeriodEnd?: boolean; cancelNow?: Date; renew?: boolean },
  ): Stripe.Subscription;
  /** An invoice.paid invoice for the subscription's current period. */
  invoiceFor(subscriptionId: string): Stripe.Invoice;
  /** A webhook delivery: the exact body and its Stripe-Signature header (signed with `secret`, default the real one). */
  signedEvent(
    type: string,
    object: unknown,
    opts?: { id?: string; secret?: string },
  ): { id: string; payload: string; signature: string };
  close(): Promise<void>;
}

function id(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString('hex')}`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
}

function stripeError(res: ServerResponse, status: number, type: string, message: string, code?: string) {
  send(res, status, { error: { type, message, ...(code ? { code } : {}) } });
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

function addInterval(start: Date, interval: 'month' | 'year'): Date {
  const d = new Date(start);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

export async function startFakeStripe(opts: { secretKey?: string; webhookSecret?: string } = {}): Promise<FakeStripe> {
  const secretKey = opts.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = opts.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const prices = { monthly: id('price_monthly'), yearly: id('price_yearly'), overage: id('price_overage') };
  const intervalOf: Record<string, 'month' | 'year'> = { [prices.monthly]: 'month', [prices.yearly]: 'year' };
  // The SDK's webhook helpers work offline: this instance never makes a request.
  const sdk = new Stripe(secretKey);

  const requests: FakeStripe['requests'] = [];
  const checkoutSessions: Stripe.Checkout.Session[] = [];
  const subscriptions = new Map<string, Stripe.Subscription>();
  const meterEvents: FakeStripe['meterEvents'] = [];
  const failures = new Map<string, number>();
  let baseUrl = '';

  const price = (priceId: string): Stripe.Price =>
    ({
      id: priceId,
      object: 'price',
      active: true,
      currency: 'usd',
      type: 'recurring',
      unit_amount: priceId === prices.yearly ? 104_400 : priceId === prices.monthly ? 10_000 : null,
      recurring: {
        interval: intervalOf[priceId] ?? 'month',
        interval_count: 1,
        usage_type: priceId === prices.overage ? 'metered' : 'licensed',
        meter: null,
      },
    }) as unknown as Stripe.Price;

  function createCheckoutSession(form: Record<string, unknown>): Stripe.Checkout.Session {
    const lineItems = (form.line_items as { price: string; quantity?: string }[] | undefined) ?? [];
    if (form.mode !== 'subscription') throw new Error('only subscription mode is faked');
    if (
      !lineItems.length ||
      !lineItems.every((l) => l.price && (l.price in intervalOf || l.price === prices.overage))
    ) {
      throw Object.assign(new Error('No such price'), { status: 400, code: 'resource_missing' });
    }
    if (!form.success_url || !form.cancel_url)
      throw Object.assign(new Error('success_url and cancel_url are required'), { status: 400 });
    const sessionId = id('cs');
    const session = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      url: `${baseUrl}/checkout/${sessionId}`,
      client_reference_id: (form.client_reference_id as string) ?? null,
      customer: (form.customer as string) ?? null,
      customer_email: (form.customer_email as string) ?? null,
      metadata: (form.metadata as Record<string, string>) ?? {},
      success_url: form.success_url,
      cancel_url: form.cancel_url,
      subscription: null,
      livemode: false,
      created: seconds(new Date()),
      // Kept for completeCheckout: what the customer agreed to pay.
      line_items_requested: lineItems,
      subscription_data_requested: form.subscription_data ?? {},
    } as unknown as Stripe.Checkout.Session;
    checkoutSessions.push(session);
    return session;
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // The hosted pages a browser is sent to (Checkout, the billing portal): a plain stand-in page.
    const hosted = /^\/(checkout|portal)\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (req.method === 'GET' && hosted) {
      const title =
        hosted[1] === 'checkout' ? 'Stripe Checkout (test stand-in)' : 'Stripe billing portal (test stand-in)';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${hosted[2]}</p></main></body></html>`,
      );
    }
    const body = req.method === 'POST' ? await readBody(req) : url.search.slice(1);
    const form = decodeStripeForm(body);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, form });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided.');
    }
    const failing = failures.get(url.pathname) ?? 0;
    if (failing > 0) {
      failures.set(url.pathname, failing - 1);
      return stripeError(res, 500, 'api_error', 'An unexpected error occurred (injected by the fake).');
    }
    try {
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions')
        return send(res, 200, createCheckoutSession(form));
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        if (!form.customer)
          return stripeError(
            res,
            400,
            'invalid_request_error',
            'Missing required param: customer.',
            'parameter_missing',
          );
        const sessionId = id('bps');
        return send(res, 200, {
          id: sessionId,
          object: 'billing_portal.session',
          customer: form.customer,
          return_url: form.return_url ?? null,
          url: `${baseUrl}/portal/${sessionId}`,
          livemode: false,
        });
      }
      const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && sub) {
        const found = subscriptions.get(sub[1]!);
        if (!found)
          return stripeError(
            res,
            404,
            'invalid_request_error',
            `No such subscription: '${sub[1]}'`,
            'resource_missing',
          );
        return send(res, 200, found);
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing/meter_events') {
        const event = {
          event_name: String(form.event_name),
          identifier: String(form.identifier ?? id('mev')),
          payload: form.payload as Record<string, string>,
          timestamp: Number(form.timestamp ?? seconds(new Date())),
        };
        if (!event.payload?.stripe_customer_id || !event.payload.value) {
          return stripeError(
            res,
            400,
            'invalid_request_error',
            'payload.stripe_customer_id and payload.value are required',
            'parameter_missing',
          );
        }
        if (!meterEvents.some((e) => e.identifier === event.identifier)) meterEvents.push(event);
        return send(res, 200, {
          object: 'billing.meter_event',
          created: seconds(new Date()),
          livemode: false,
          ...event,
        });
      }
      return stripeError(
        res,
        404,
        'invalid_request_error',
        `Unrecognized request URL (${req.method}: ${url.pathname}).`,
      );
    } catch (e) {
      const err = e as Error & { status?: number; code?: string };
      return stripeError(res, err.status ?? 400, 'invalid_request_error', err.message, err.code);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function subscriptionOrThrow(subId: string): Stripe.Subscription {
    const s = subscriptions.get(subId);
    if (!s) throw new Error(`fake stripe: no subscription ${subId}`);
    return s;
  }

  return {
    url: baseUrl,
    secretKey,
    webhookSecret,
    prices,
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_MONTHLY: prices.monthly,
      STRIPE_PRICE_YEARLY: prices.yearly,
      STRIPE_PRICE_OVERAGE: prices.overage,
      STRIPE_METER_EVENT_NAME: 'gnology_overage_tokens',
      STRIPE_API_BASE: baseUrl,
    },
    requests,
    checkoutSessions,
    meterEvents,
    failNext(path, count = 1) {
      failures.set(path, count);
    },
    completeCheckout(sessionId, o = {}) {
      const session = checkoutSessions.find((s) => s.id === sessionId) as
        | (Stripe.Checkout.Session & {
            line_items_requested: { price: string }[];
            subscription_data_requested: { metadata?: Record<string, string> };
          })
        | undefined;
      if (!session) throw new Error(`fake stripe: no checkout session ${sessionId}`);
      const start = o.start ?? new Date();
      const customer = (session.customer as string | null) ?? id('cus');
      const items = session.line_items_requested.map((l) => {
        const p = price(l.price);
        const interval = p.recurring?.interval === 'year' ? 'year' : 'month';
        const base = session.line_items_requested.find((x) => x.price in intervalOf);
        const periodEnd = addInterval(start, base ? intervalOf[base.price]! : interval);
        return {
          id: id('si'),
          object: 'subscription_item',
          price: p,
          quantity: p.recurring?.usage_type === 'metered' ? undefined : 1,
          current_period_start: seconds(start),
          current_period_end: seconds(periodEnd),
        };
      });
      const subscription = {
        id: id('sub'),
        object: 'subscription',
        customer,
        status: 'active',
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        metadata: session.subscription_data_requested.metadata ?? {},
        items: { object: 'list', data: items, has_more: false, url: '/v1/subscription_items' },
        livemode: false,
        created: seconds(start),
      } as unknown as Stripe.Subscription;
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, { status: 'complete', payment_status: 'paid', customer, subscription: subscription.id });
      return { session, subscription };
    },
    subscription: subscriptionOrThrow,
    updateSubscription(subId, change) {
      const s = subscriptionOrThrow(subId) as unknown as Record<string, unknown> & {
        items: { data: { current_period_start: number; current_period_end: number; price: Stripe.Price }[] };
      };
      if (change.cancelAtPeriodEnd !== undefined) {
        s.cancel_at_period_end = change.cancelAtPeriodEnd;
        s.canceled_at = change.cancelAtPeriodEnd ? seconds(new Date()) : null;
      }
      if (change.cancelNow) {
        s.status = 'canceled';
        s.ended_at = seconds(change.cancelNow);
        s.canceled_at = seconds(change.cancelNow);
      }
      if (change.renew) {
        for (const item of s.items.data) {
          const start = new Date(item.current_period_end * 1000);
          item.current_period_start = seconds(start);
          item.current_period_end = seconds(
            addInterval(start, item.price.recurring?.interval === 'year' ? 'year' : 'month'),
          );
        }
      }
      return s as unknown as Stripe.Subscription;
    },
    invoiceFor(subId) {
      const s = subscriptionOrThrow(subId);
      const item = s.items.data[0]!;
      return {
        id: id('in'),
        object: 'invoice',
        customer: s.customer,
        status: 'paid',
        billing_reason: 'subscription_cycle',
        period_start: item.current_period_start,
        period_end: item.current_period_end,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: s.id, metadata: s.metadata },
        },
        livemode: false,
      } as unknown as Stripe.Invoice;
    },
    signedEvent(type, object, o = {}) {
      const eventId = o.id ?? id('evt');
      const payload = JSON.stringify(
        {
          id: eventId,
          object: 'event',
          api_version: '2025-08-27.basil',
          created: seconds(new Date()),
          type,
          data: { object },
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
        },
        null,
        2,
      );
      const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: o.secret ?? webhookSecret });
      return { id: eventId, payload, signature };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
