import { randomUUID } from 'node:crypto';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweep } from '../src/use-cases/sweep';
import { INTERNAL, type BillingHarness, account, heldSum, ledgerSum, startBilling } from './helpers';

requireInfra('DATABASE_URL');

let h: BillingHarness;
let base: string;

beforeAll(async () => {
  h = await startBilling({ RESERVATION_TTL_MINUTES: '45' });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await h?.close();
});

const user = () => `u${randomUUID().replace(/-/g, '').slice(0, 23)}`;

async function post(path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...INTERNAL, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const reserve = (userId: string, estimatedTokens: number, requestId = randomUUID()) =>
  post('/internal/reservations', { userId, requestId, estimatedTokens });

async function expectLedgerConsistent(userId: string) {
  const a = await account(h.db, userId);
  expect(a.balance).toBe(a.allowance - a.used - a.held);
  expect(await ledgerSum(h.db, userId)).toBe(a.balance);
  expect(await heldSum(h.db, userId)).toBe(a.held);
  return a;
}

describe('the internal metering API', () => {
  it('is hidden without the service secret', async () => {
    const res = await fetch(`${base}/internal/reservations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(404);
  });

  it('opens a trial on first use and reserves, settles and reports the balance', async () => {
    const u = user();
    const requestId = randomUUID();
    const r = await reserve(u, 6000, requestId);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ remaining: 44_000, plan: 'trial' });
    expect(typeof r.body.reservationId).toBe('string');

    const s = await post(`/internal/reservations/${requestId}/settle`, {
      inputTokens: 3000,
      outputTokens: 1500,
      savedTokens: 500,
    });
    expect(s.status).toBe(200);
    expect(s.body).toEqual({
      used: 4500,
      remaining: 45_500,
      breakdown: { input: 3000, output: 1500, saved: 500, savingsPercentage: 10 },
    });

    const b = await fetch(`${base}/internal/balances/${u}`, { headers: INTERNAL });
    expect(await b.json()).toMatchObject({
      plan: 'trial',
      remaining: 45_500,
      tokensUsed: 4500,
      monthlyTokenLimit: 50_000,
    });
    await expectLedgerConsistent(u);

    // tokens.consumed was written in the settle's transaction.
    const events = await h.db.selectFrom('outbox').select(['topic', 'payload']).where('key', '=', u).execute();
    const consumed = events
      .map((e) => e.payload as { type: string; data: Record<string, unknown> })
      .find((p) => p.type === 'tokens.consumed');
    expect(events[0]?.topic).toBe('gnology.billing.v1');
    expect(consumed?.data).toMatchObject({
      userId: u,
      requestId,
      inputTokens: 3000,
      outputTokens: 1500,
      used: 4500,
      remaining: 45_500,
      plan: 'trial',
    });
  });

  it('never overspends: 50 parallel reservations at one account hold at most its balance', async () => {
    const u = user();
    await reserve(u, 1); // open the account first, so the race is on the balance, not the creation
    const results = await Promise.all(Array.from({ length: 50 }, () => reserve(u, 3000)));
    const granted = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 402);
    expect(granted.length + refused.length).toBe(50);
    // 49,999 left: 16 × 3,000 = 48,000 fit; the remaining 1,999 are under 10,000 and under the estimate.
    expect(granted).toHaveLength(16);
    expect(refused.every((r) => r.body.code === 'low_balance')).toBe(true);
    const a = await expectLedgerConsistent(u);
    expect(a.held).toBe(1 + 16 * 3000);
    expect(a.balance).toBe(1999);
    const remainings = granted.map((g) => g.body.remaining as number).sort((x, y) => y - x);
    // Each reservation saw the one before it: the remaining balances step down by exactly 3,000.
    expect(remainings).toEqual(Array.from({ length: 16 }, (_, i) => 49_999 - 3000 * (i + 1)));
  });

  it('answers a repeated reservation with the same answer, holding once', async () => {
    const u = user();
    const requestId = randomUUID();
    const first = await reserve(u, 5000, requestId);
    const again = await reserve(u, 5000, requestId);
    expect(again).toEqual(first);
    expect((await account(h.db, u)).held).toBe(5000);
  });

  it('counts a settle that comes twice once', async () => {
    const u = user();
    const requestId = randomUUID();
    await reserve(u, 8000, requestId);
    const usage = { inputTokens: 4000, outputTokens: 2000, savedTokens: 0 };
    const [a, b] = await Promise.all([
      post(`/internal/reservations/${requestId}/settle`, usage),
      post(`/internal/reservations/${requestId}/settle`, usage),
    ]);
    const c = await post(`/internal/reservations/${requestId}/settle`, usage);
    expect(a).toEqual(b);
    expect(c).toEqual(a);
    const acct = await expectLedgerConsistent(u);
    expect(acct.used).toBe(6000);
    expect(acct.held).toBe(0);
    expect(acct.period_requests).toBe(1);
    const consumed = await h.db.selectFrom('outbox').select('id').where('key', '=', u).execute();
    expect(consumed).toHaveLength(1);
  });

  it('releases the reservation of a request that died, once', async () => {
    const u = user();
    const requestId = randomUUID();
    await reserve(u, 9000, requestId);
    const first = await post(`/internal/reservations/${requestId}/release`);
    expect(first.body).toEqual({ released: 9000, remaining: 50_000, status: 'released' });
    const second = await post(`/internal/reservations/${requestId}/release`);
    expect(second.body).toEqual({ released: 0, remaining: 50_000, status: 'released' });
    await expectLedgerConsistent(u);
  });

  it('charges reservations never settled after 45 minutes their held amount, in the worker sweep; a late completion replaces the charge', async () => {
    const u = user();
    const stuck = randomUUID();
    await reserve(u, 12_000, stuck);
    expect((await account(h.db, u)).held).toBe(12_000);

    expect((await sweep({ db: h.db, payments: null }, new Date(h.clock.current.getTime() + 44 * 60_000))).expired).toBe(
      0,
    );
    const later = new Date(h.clock.current.getTime() + 46 * 60_000);
    const result = await sweep({ db: h.db, payments: null }, later);
    expect(result.expired).toBeGreaterThanOrEqual(1);
    const a = await expectLedgerConsistent(u);
    expect(a.held).toBe(0);
    // Decision 0086: the research process died, perhaps after the model answered: the hold is charged.
    expect(a.balance).toBe(38_000);
    expect(a.used).toBe(12_000);
    const r = await h.db
      .selectFrom('reservations')
      .select(['status', 'expired_charge'])
      .where('request_id', '=', stuck)
      .executeTakeFirstOrThrow();
    expect(r).toEqual({ status: 'expired', expired_charge: 12_000 });

    // The research request's completion arriving after all (a long billing outage) replaces that charge with the real usage, once.
    const late = await post(`/internal/reservations/${stuck}/settle`, {
      inputTokens: 1000,
      outputTokens: 500,
      savedTokens: 0,
    });
    expect(late.body).toMatchObject({ used: 1500, remaining: 48_500 });
    const again = await post(`/internal/reservations/${stuck}/settle`, {
      inputTokens: 1000,
      outputTokens: 500,
      savedTokens: 0,
    });
    expect(again.body).toEqual(late.body);
    expect(await expectLedgerConsistent(u)).toMatchObject({ used: 1500, balance: 48_500, held: 0 });

    // A failure report arriving late gives the expiry charge back.
    const failed = randomUUID();
    await reserve(u, 9_000, failed);
    await sweep({ db: h.db, payments: null }, new Date(h.clock.current.getTime() + 46 * 60_000));
    expect((await account(h.db, u)).balance).toBe(39_500);
    expect((await post(`/internal/reservations/${failed}/release`)).body).toEqual({
      released: 9_000,
      remaining: 48_500,
      status: 'released',
    });
    await expectLedgerConsistent(u);
  });

  it('holds at most what is left, refuses below the request’s minimum, and answers `used` as what was charged', async () => {
    const u = user();
    const first = randomUUID();
    // A prompt of 30,000 tokens plus a 6,000-token answer.
    const held = await post('/internal/reservations', {
      userId: u,
      requestId: first,
      estimatedTokens: 36_000,
      minimumTokens: 31_000,
    });
    expect(held).toMatchObject({ status: 200, body: { amount: 36_000, remaining: 14_000 } });
    // The same again cannot run on the 14,000 left: refused, though the spec's 10,000-token rule alone would hold them.
    const refused = await post('/internal/reservations', {
      userId: u,
      requestId: randomUUID(),
      estimatedTokens: 36_000,
      minimumTokens: 31_000,
    });
    expect(refused).toMatchObject({ status: 402, body: { code: 'low_balance', plan: 'trial' } });
    // A smaller one gets what is left (a partial hold, at least its minimum).
    const partial = randomUUID();
    expect(
      await post('/internal/reservations', {
        userId: u,
        requestId: partial,
        estimatedTokens: 20_000,
        minimumTokens: 5_000,
      }),
    ).toMatchObject({ status: 200, body: { amount: 14_000, remaining: 0 } });
    // A provider that reports more than the plan still allows: `used` is what was charged.
    await post(`/internal/reservations/${first}/settle`, { inputTokens: 30_000, outputTokens: 6_000, savedTokens: 0 });
    const over = await post(`/internal/reservations/${partial}/settle`, {
      inputTokens: 20_000,
      outputTokens: 0,
      savedTokens: 0,
    });
    expect(over.body).toMatchObject({ used: 14_000, remaining: 0 });
    await expectLedgerConsistent(u);
  });

  it('refuses an ended trial with the plan message, and after 14 days even with tokens left', async () => {
    const u = user();
    const big = randomUUID();
    await reserve(u, 50_000, big);
    await post(`/internal/reservations/${big}/settle`, { inputTokens: 45_000, outputTokens: 5_000, savedTokens: 0 });
    const refused = await reserve(u, 100);
    expect(refused).toEqual({
      status: 402,
      body: {
        error: 'Your free trial has ended. Upgrade to Professional to keep researching with Gene.',
        code: 'trial_ended',
        remaining: 0,
        plan: 'trial',
      },
    });

    const v = user();
    await reserve(v, 100);
    h.clock.advance(14 * 86_400_000);
    try {
      const late = await reserve(v, 100);
      expect(late.status).toBe(402);
      expect(late.body.code).toBe('trial_ended');
    } finally {
      h.clock.advance(-14 * 86_400_000);
    }
  });

  it('answers unknown reservations with 404 and invalid bodies with 400', async () => {
    expect(
      (await post(`/internal/reservations/${randomUUID()}/settle`, { inputTokens: 1, outputTokens: 1, savedTokens: 0 }))
        .status,
    ).toBe(404);
    expect((await post('/internal/reservations', { userId: 'x', requestId: 'y', estimatedTokens: -5 })).status).toBe(
      400,
    );
  });
});

describe('GET /api/users/token-usage', () => {
  it('needs a session', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/users/token-usage' });
    expect(res.statusCode).toBe(401);
  });

  it("shows the signed-in user's usage this period", async () => {
    const u = user();
    const requestId = randomUUID();
    await reserve(u, 10_000, requestId);
    await post(`/internal/reservations/${requestId}/settle`, {
      inputTokens: 6000,
      outputTokens: 2000,
      savedTokens: 2000,
    });
    const token = await h.svc.signer.sign({ id: u, email: 'ada@example.com' });
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/users/token-usage',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      tokensUsed: 8000,
      monthlyTokenLimit: 50_000,
      remaining: 42_000,
      plan: 'trial',
      planName: 'Free Trial',
      status: 'active',
      billingEnabled: false,
      breakdown: {
        input: 6000,
        output: 2000,
        saved: 2000,
        savingsPercentage: 20,
        requests: 1,
        reserved: 0,
        overageTokens: 0,
        overageCost: 0,
      },
    });
    expect(new Date(body.periodEnd).getTime() - new Date(body.periodStart).getTime()).toBe(14 * 86_400_000);
  });
});
