import { randomUUID } from 'node:crypto';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onUserRegistered } from '../src/events';
import { sweep } from '../src/use-cases/sweep';
import { INTERNAL, type BillingHarness, account, ledgerSum, startBilling } from './helpers';

requireInfra('DATABASE_URL');

let h: BillingHarness;

beforeAll(async () => {
  h = await startBilling();
});
afterAll(async () => {
  await h?.close();
});

const newUser = () => `u${randomUUID().replace(/-/g, '').slice(0, 23)}`;
const bearer = async (id: string) => ({
  authorization: `Bearer ${await h.svc.signer.sign({ id, email: `${id}@example.com` })}`,
});
const usage = async (id: string) =>
  (await h.app.inject({ method: 'GET', url: '/api/users/token-usage', headers: await bearer(id) })).json();

describe('GET /api/billing/plans', () => {
  it('serves the plans, the yearly saving and the pricing copy without a session', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/billing/plans' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.billingEnabled).toBe(false);
    expect(body.yearlySavings).toEqual({ percent: 13, amount: 156 });
    expect(body.plans.map((p: { id: string }) => p.id)).toEqual(['trial', 'professional', 'test', 'basic']);
    expect(body.plans[1]).toMatchObject({
      name: 'Professional',
      monthlyPrice: 100,
      yearlyPrice: 1044,
      tokens: 1_000_000,
      popular: true,
      ctaText: 'Subscribe Now',
      overage: { rate: 5, per: 100_000 },
    });
    expect(body.faq.length).toBeGreaterThan(3);
    expect(body.whyChoose.length).toBeGreaterThan(2);
  });
});

describe('billing off (no Stripe key)', () => {
  it('applies Professional at once on checkout, charging nothing, and sends the browser to the account page', async () => {
    const u = newUser();
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: await bearer(u),
      payload: { plan: 'yearly' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: '/account?checkout=success&billing=off', billingEnabled: false });
    const body = await usage(u);
    expect(body).toMatchObject({
      plan: 'professional',
      monthlyTokenLimit: 1_000_000,
      remaining: 1_000_000,
      billingInterval: 'yearly',
      billingEnabled: false,
    });
    const a = await account(h.db, u);
    expect(await ledgerSum(h.db, u)).toBe(a.balance);
    expect(a.stripe_customer_id).toBeNull();
    const events = (await h.db.selectFrom('outbox').select('payload').where('key', '=', u).execute()).map(
      (r) => r.payload as { type: string; data: unknown },
    );
    expect(events).toEqual([
      expect.objectContaining({
        type: 'subscription.changed',
        data: { userId: u, plan: 'professional', previousPlan: 'trial', reason: 'subscribed' },
      }),
    ]);
  });

  it('renews the billing-off month by itself, resetting the tokens', async () => {
    const u = newUser();
    await h.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: await bearer(u),
      payload: { plan: 'monthly' },
    });
    const requestId = randomUUID();
    await h.app.inject({
      method: 'POST',
      url: '/internal/reservations',
      headers: INTERNAL,
      payload: { userId: u, requestId, estimatedTokens: 5000 },
    });
    await h.app.inject({
      method: 'POST',
      url: `/internal/reservations/${requestId}/settle`,
      headers: INTERNAL,
      payload: { inputTokens: 4000, outputTokens: 0, savedTokens: 0 },
    });
    expect((await usage(u)).tokensUsed).toBe(4000);
    const nextMonth = new Date(h.clock.current.getTime() + 32 * 86_400_000);
    await sweep({ db: h.db, payments: null }, nextMonth);
    const a = await account(h.db, u);
    expect(a.used).toBe(0);
    expect(a.period_start.getTime()).toBeGreaterThan(h.clock.current.getTime());
    expect(await ledgerSum(h.db, u)).toBe(a.balance);
  });

  it('tells the user plans are free to try when asked for the subscription portal', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/billing/portal', headers: await bearer(newUser()) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      billingEnabled: false,
      error: expect.stringMatching(/^Plans are free to try on this server: nothing was charged/),
    });
  });

  it('has no webhook to receive', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the user.registered event', () => {
  const event = (data: Record<string, unknown>, id = randomUUID()) => ({
    specversion: '1.0' as const,
    id,
    type: 'user.registered',
    source: '/services/auth',
    time: new Date().toISOString(),
    datacontenttype: 'application/json' as const,
    data,
  });

  it('opens a trial counted from the registration, once however often it arrives', async () => {
    const u = newUser();
    const registeredAt = new Date(Date.now() - 3 * 86_400_000);
    const e = event({
      userId: u,
      email: 'grace@example.com',
      name: 'Grace',
      plan: 'trial',
      isTestUser: false,
      promoCode: null,
      registeredAt: registeredAt.toISOString(),
    });
    const deps = { ...h.svc, config: h.config };
    expect(await onUserRegistered(deps, e)).toBe(true);
    expect(await onUserRegistered(deps, e)).toBe(false);
    const a = await account(h.db, u);
    expect(a).toMatchObject({
      plan: 'trial',
      allowance: 50_000,
      balance: 50_000,
      email: 'grace@example.com',
      name: 'Grace',
    });
    expect(a.period_end!.getTime()).toBe(registeredAt.getTime() + 14 * 86_400_000);
    expect(await ledgerSum(h.db, u)).toBe(50_000);
  });

  it('gives a test user the test plan, and tells auth', async () => {
    const u = newUser();
    await onUserRegistered(
      { ...h.svc, config: h.config },
      event({
        userId: u,
        email: 't@example.com',
        name: null,
        isTestUser: true,
        registeredAt: new Date().toISOString(),
      }),
    );
    expect((await account(h.db, u)).plan).toBe('test');
    const events = (await h.db.selectFrom('outbox').select('payload').where('key', '=', u).execute()).map(
      (r) => (r.payload as { data: unknown }).data,
    );
    expect(events).toEqual([{ userId: u, plan: 'test', previousPlan: null, reason: 'opened' }]);
  });

  it('completes an account a first use opened before the event arrived', async () => {
    const u = newUser();
    await h.app.inject({
      method: 'POST',
      url: '/internal/reservations',
      headers: INTERNAL,
      payload: { userId: u, requestId: randomUUID(), estimatedTokens: 100 },
    });
    await onUserRegistered(
      { ...h.svc, config: h.config },
      event({ userId: u, email: 'late@example.com', name: 'Late', isTestUser: false }),
    );
    const a = await account(h.db, u);
    expect(a).toMatchObject({ plan: 'trial', email: 'late@example.com', held: 100 });
    expect(await ledgerSum(h.db, u)).toBe(a.balance);
  });
});
