import { randomUUID } from 'node:crypto';
import { requireInfra } from '@gnology/testing';
import { type FakeStripe, startFakeStripe } from '@gnology/testing/fakes/stripe';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweep } from '../src/use-cases/sweep';
import { createPayments } from '../src/payments/stripe';
import { INTERNAL, type BillingHarness, account, ledgerSum, startBilling } from './helpers';

requireInfra('DATABASE_URL');

let stripe: FakeStripe;
let h: BillingHarness;

beforeAll(async () => {
  stripe = await startFakeStripe();
  h = await startBilling({ ...stripe.env, APP_URL: 'https://gnology.example' });
});
afterAll(async () => {
  await h?.close();
  await stripe?.close();
});

const newUser = () => `u${randomUUID().replace(/-/g, '').slice(0, 23)}`;

async function bearer(userId: string) {
  return { authorization: `Bearer ${await h.svc.signer.sign({ id: userId, email: `${userId}@example.com` })}` };
}

async function deliver(delivery: { payload: string; signature: string }) {
  return h.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
    payload: delivery.payload,
  });
}

async function usage(userId: string) {
  const res = await h.app.inject({ method: 'GET', url: '/api/users/token-usage', headers: await bearer(userId) });
  return res.json();
}

/** Signs up through Checkout and delivers checkout.session.completed; returns the subscription. */
async function subscribe(
  userId: string,
  plan: 'monthly' | 'yearly' = 'monthly',
  start = h.clock.now(),
): Promise<Stripe.Subscription> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/billing/checkout',
    headers: await bearer(userId),
    payload: { plan },
  });
  expect(res.statusCode).toBe(200);
  const sessionId = stripe.checkoutSessions.at(-1)!.id;
  expect(res.json()).toEqual({ url: `${stripe.url}/checkout/${sessionId}`, billingEnabled: true });
  const { session, subscription } = stripe.completeCheckout(sessionId, { start });
  const delivered = await deliver(stripe.signedEvent('checkout.session.completed', session));
  expect(delivered.statusCode).toBe(200);
  return subscription;
}

async function spend(userId: string, tokens: number) {
  const requestId = randomUUID();
  const r = await h.app.inject({
    method: 'POST',
    url: '/internal/reservations',
    headers: INTERNAL,
    payload: { userId, requestId, estimatedTokens: Math.min(tokens, 60_000) },
  });
  expect(r.statusCode).toBe(200);
  const s = await h.app.inject({
    method: 'POST',
    url: `/internal/reservations/${requestId}/settle`,
    headers: INTERNAL,
    payload: { inputTokens: tokens, outputTokens: 0, savedTokens: 0 },
  });
  expect(s.statusCode).toBe(200);
}

describe('Stripe checkout', () => {
  it('creates a subscription-mode Checkout Session for the chosen price, naming the user', async () => {
    const u = newUser();
    for (const [plan, price] of [
      ['monthly', stripe.prices.monthly],
      ['yearly', stripe.prices.yearly],
    ] as const) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/billing/checkout',
        headers: await bearer(u),
        payload: { plan },
      });
      expect(res.statusCode).toBe(200);
      const call = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
      expect(call.form).toMatchObject({
        mode: 'subscription',
        client_reference_id: u,
        customer_email: `${u}@example.com`,
        line_items: [{ price, quantity: '1' }, { price: stripe.prices.overage }],
        subscription_data: { metadata: { userId: u } },
        success_url: 'https://gnology.example/account?checkout=success&session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'https://gnology.example/pricing?checkout=cancelled',
      });
    }
    // Checkout alone changes nothing: the plan changes when Stripe says the payment went through.
    expect((await usage(u)).plan).toBe('trial');
  });

  it('refuses a plan other than monthly or yearly', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: await bearer(newUser()),
      payload: { plan: 'weekly' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 503 with a clear message when Stripe fails', async () => {
    stripe.failNext('/v1/checkout/sessions', 3);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: await bearer(newUser()),
      payload: { plan: 'monthly' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatch(/payment provider could not start checkout/);
  });
});

describe('Stripe webhooks', () => {
  it('refuses a forged signature and changes nothing', async () => {
    const u = newUser();
    await usage(u);
    const fakeSub = { id: 'sub_forged', object: 'subscription' };
    const forged = stripe.signedEvent(
      'checkout.session.completed',
      { id: 'cs_x', mode: 'subscription', client_reference_id: u, subscription: fakeSub.id },
      { secret: 'whsec_not_the_real_one' },
    );
    const res = await deliver(forged);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Invalid Stripe signature.' });
    // A valid signature over different bytes is refused too.
    const good = stripe.signedEvent('checkout.session.completed', { id: 'cs_y' });
    expect(
      (await deliver({ payload: good.payload.replace('cs_y', 'cs_z'), signature: good.signature })).statusCode,
    ).toBe(400);
    expect((await usage(u)).plan).toBe('trial');
    expect(
      await h.db.selectFrom('stripe_events').select('id').where('id', '=', forged.id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('makes the account Professional when checkout completes, with the period from the subscription', async () => {
    const u = newUser();
    await spend(u, 20_000);
    const sub = await subscribe(u, 'monthly');
    const body = await usage(u);
    expect(body).toMatchObject({
      plan: 'professional',
      planName: 'Professional',
      tokensUsed: 0,
      monthlyTokenLimit: 1_000_000,
      remaining: 1_000_000,
      billingInterval: 'monthly',
      status: 'active',
    });
    expect(body.periodEnd).toBe(new Date(sub.items.data[0]!.current_period_end * 1000).toISOString());
    const a = await account(h.db, u);
    expect(a.stripe_subscription_id).toBe(sub.id);
    expect(a.stripe_customer_id).toBe(sub.customer);
    expect(await ledgerSum(h.db, u)).toBe(a.balance);
    const changed = await h.db.selectFrom('outbox').select('payload').where('key', '=', u).execute();
    const planEvents = changed
      .map((r) => r.payload as { type: string; data: unknown })
      .filter((p) => p.type === 'subscription.changed');
    expect(planEvents.map((p) => p.data)).toEqual([
      { userId: u, plan: 'professional', previousPlan: 'trial', reason: 'subscribed' },
    ]);
  });

  it('ignores a replayed event: the second delivery changes nothing', async () => {
    const u = newUser();
    const sub = await subscribe(u);
    await spend(u, 300_000);
    stripe.updateSubscription(sub.id, { renew: true });
    const invoicePaid = stripe.signedEvent('invoice.paid', stripe.invoiceFor(sub.id));
    const first = await deliver(invoicePaid);
    expect(first.json()).toEqual({ received: true, outcome: 'applied' });
    expect((await usage(u)).tokensUsed).toBe(0);

    await spend(u, 50_000);
    const before = await account(h.db, u);
    const entriesBefore = await h.db.selectFrom('ledger_entries').select('id').where('user_id', '=', u).execute();
    const replay = await deliver(invoicePaid);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await account(h.db, u)).toEqual(before);
    expect(await h.db.selectFrom('ledger_entries').select('id').where('user_id', '=', u).execute()).toHaveLength(
      entriesBefore.length,
    );
  });

  it('resets the period tokens when the next invoice is paid, without rollover', async () => {
    const u = newUser();
    const start = new Date(h.clock.current.getTime() - 31 * 86_400_000);
    const sub = await subscribe(u, 'monthly', start);
    await spend(u, 250_000);
    stripe.updateSubscription(sub.id, { renew: true });
    await deliver(stripe.signedEvent('invoice.paid', stripe.invoiceFor(sub.id)));
    const body = await usage(u);
    expect(body).toMatchObject({ tokensUsed: 0, remaining: 1_000_000, monthlyTokenLimit: 1_000_000 });
    expect(body.periodStart).toBe(
      new Date(stripe.subscription(sub.id).items.data[0]!.current_period_start * 1000).toISOString(),
    );
    const kinds = await h.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount'])
      .where('user_id', '=', u)
      .orderBy('id')
      .execute();
    // The 750,000 left of the first month are reset, not carried over.
    expect(kinds.slice(-2)).toEqual([
      { kind: 'reset', amount: -750_000 },
      { kind: 'grant', amount: 1_000_000 },
    ]);
  });

  it('keeps a cancelled subscription Professional until its paid period ends, then basic', async () => {
    const u = newUser();
    const sub = await subscribe(u);
    const periodEnd = new Date(sub.items.data[0]!.current_period_end * 1000);

    stripe.updateSubscription(sub.id, { cancelAtPeriodEnd: true });
    await deliver(stripe.signedEvent('customer.subscription.updated', stripe.subscription(sub.id)));
    let body = await usage(u);
    expect(body).toMatchObject({ plan: 'professional', status: 'cancelling', accessUntil: periodEnd.toISOString() });

    // Stripe deletes the subscription when the period ends; delivered early, access still runs to the end.
    stripe.updateSubscription(sub.id, { cancelNow: h.clock.now() });
    await deliver(stripe.signedEvent('customer.subscription.deleted', stripe.subscription(sub.id)));
    body = await usage(u);
    expect(body.plan).toBe('professional');
    await spend(u, 10_000);

    h.clock.set(new Date(periodEnd.getTime() - 1000));
    expect((await usage(u)).plan).toBe('professional');
    h.clock.set(new Date(periodEnd.getTime() + 1000));
    try {
      // The worker's sweep ends it even if nobody looks (and the event goes out).
      const result = await sweep({ db: h.db, payments: createPayments(h.config) }, h.clock.now());
      expect(result.transitions).toBeGreaterThanOrEqual(1);
      body = await usage(u);
      expect(body).toMatchObject({
        plan: 'basic',
        planName: 'Basic',
        monthlyTokenLimit: 0,
        remaining: 0,
        status: 'inactive',
      });
      const refused = await h.app.inject({
        method: 'POST',
        url: '/internal/reservations',
        headers: INTERNAL,
        payload: { userId: u, requestId: randomUUID(), estimatedTokens: 100 },
      });
      expect(refused.statusCode).toBe(402);
      expect(refused.json()).toMatchObject({
        code: 'limit_reached',
        plan: 'basic',
        error: 'Your Professional subscription has ended. Subscribe again to keep researching with Gene.',
      });
      const a = await account(h.db, u);
      expect(a.stripe_subscription_id).toBeNull();
      expect(await ledgerSum(h.db, u)).toBe(a.balance);
      const plans = (await h.db.selectFrom('outbox').select('payload').where('key', '=', u).orderBy('id').execute())
        .map((r) => r.payload as { type: string; data: { plan: string } })
        .filter((p) => p.type === 'subscription.changed')
        .map((p) => p.data.plan);
      expect(plans).toEqual(['professional', 'basic']);
    } finally {
      h.clock.set(new Date());
    }
  });

  it('reports Professional overage to Stripe as meter events, once each', async () => {
    const u = newUser();
    const sub = await subscribe(u);
    await spend(u, 990_000);
    await spend(u, 40_000); // 30,000 beyond the allowance
    const body = await usage(u);
    expect(body.breakdown).toMatchObject({ overageTokens: 30_000, overageCost: 1.5 });
    const payments = createPayments(h.config);
    stripe.failNext('/v1/billing/meter_events', 3);
    // A failing report stays pending for the next sweep.
    await expect(sweep({ db: h.db, payments }, h.clock.now())).rejects.toThrow();
    await sweep({ db: h.db, payments }, h.clock.now());
    await sweep({ db: h.db, payments }, h.clock.now());
    const mine = stripe.meterEvents.filter((e) => e.payload.stripe_customer_id === sub.customer);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ event_name: 'gnology_overage_tokens', payload: { value: '30000' } });
  });

  it('opens the billing portal for a subscriber, and explains when there is nothing to manage', async () => {
    const u = newUser();
    const none = await h.app.inject({ method: 'POST', url: '/api/billing/portal', headers: await bearer(u) });
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toMatch(/no subscription to manage yet/);
    const sub = await subscribe(u);
    const res = await h.app.inject({ method: 'POST', url: '/api/billing/portal', headers: await bearer(u) });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${stripe.url}/portal/bps_`));
    const call = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(call.form).toEqual({ customer: sub.customer, return_url: 'https://gnology.example/account' });
    // Subscribed already: checkout points to managing the subscription instead.
    const again = await h.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: await bearer(u),
      payload: { plan: 'yearly' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('records and ignores event types it does not handle', async () => {
    const res = await deliver(stripe.signedEvent('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
  });
});
