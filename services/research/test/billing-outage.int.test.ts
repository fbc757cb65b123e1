import { randomBytes } from 'node:crypto';
import { ERROR_MESSAGES } from '@gnology/contracts';
import { startOutboxRelay, type OutboxRelay } from '@gnology/platform/events/relay';
import { requireInfra } from '@gnology/testing';
import { type FakeOpenAi, startFakeOpenAi } from '@gnology/testing/fakes/openai';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RealBilling, startRealBilling } from './support/real-billing';
import { parseSse, type ResearchStack, startResearchStack } from './support/stack';

requireInfra('DATABASE_URL');

// Issue 11, point 1b: billing goes down while research requests are being answered. The REAL
// billing service (its routes and its `research.completed` consumer) is stopped mid-request and
// started again; research's outbox relay publishes on the real bus. Every answered request must
// end up charged exactly once, and the refused ones must never show an internal address.
let fake: FakeOpenAi;
let billing: RealBilling;
let stack: ResearchStack;
let relay: OutboxRelay;

beforeAll(async () => {
  const namespace = `outage${randomBytes(4).toString('hex')}`;
  fake = await startFakeOpenAi();
  billing = await startRealBilling({ env: { EVENT_NAMESPACE: namespace }, consumers: true });
  stack = await startResearchStack(
    { LLM_PROVIDER: 'openai', OPENAI_BASE_URL: fake.url, RESEARCH_MAX_IN_FLIGHT_PER_TRIAL_IP: '50' },
    { billingUrl: billing.url, serviceEnv: { EVENT_NAMESPACE: namespace } },
  );
  relay = startOutboxRelay({ db: stack.deps.database, bus: stack.deps.bus, logger: stack.deps.logger, pollMs: 100 });
});
afterAll(async () => {
  await relay?.stop();
  await stack?.close();
  await billing?.close();
  await fake?.close();
});

async function until(check: () => Promise<boolean>, what: string, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

it('a billing outage mid-request delays the charges and loses none: every answered request is charged exactly once', {
  timeout: 120_000,
}, async () => {
  const users = Array.from({ length: 5 }, () => `u${randomBytes(8).toString('hex')}`);
  const headers = await Promise.all(users.map(async (u) => (await stack.tokens(u)).research));
  fake.enqueue(
    ...Array.from({ length: 10 }, (_, i) => ({
      chunks: ['Mary ', 'Cole ', 'was ', `baptised (${i}).`],
      chunkDelayMs: 600,
    })),
  );
  const ask = (i: number) =>
    stack.app.inject({
      method: 'POST',
      url: '/api/research/stream',
      headers: headers[i % 5]!,
      payload: { query: `Who was baptised? (${i})` },
    });

  // Ten requests reach the model; billing dies while they are being answered.
  const first = Array.from({ length: 10 }, (_, i) => ask(i));
  await until(async () => fake.requests.length === 10, 'the first ten requests to reach the model');
  await billing.stop();

  // Ten more arrive during the outage: refused with the spec's message, no internal address.
  const during = await Promise.all(Array.from({ length: 10 }, (_, i) => ask(i + 10)));
  for (const res of during) {
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe(ERROR_MESSAGES.unavailable);
    expect(res.body).not.toMatch(/127\.0\.0\.1|internal call|fetch failed/);
  }

  // The first ten are answered, with a balance that is not made up (no -1).
  const answered = (await Promise.all(first)).map((res) => parseSse(res.body).find((e) => e.event === 'done'));
  expect(answered.every(Boolean)).toBe(true);
  for (const done of answered) {
    const balance = done!.data.tokenBalance as { used: number; remaining: number };
    expect(balance.used).toBeGreaterThan(0);
    expect(balance.remaining).toBeGreaterThanOrEqual(0);
  }
  const unsettled = await billing.db
    .selectFrom('reservations')
    .select('status')
    .where('user_id', 'in', users)
    .execute();
  expect(unsettled.map((r) => r.status).sort()).toEqual(Array(10).fill('held'));

  // Billing comes back: its consumer settles every answer from research.completed.
  await billing.start();
  await until(async () => {
    const rows = await billing.db.selectFrom('reservations').select('status').where('user_id', 'in', users).execute();
    return rows.length === 10 && rows.every((r) => r.status === 'settled');
  }, 'billing to settle the answered requests from their completion events');

  // Exactly one charge per answered request, of what the provider reported for it.
  const usage = await billing.db
    .selectFrom('ledger_entries')
    .select(['request_id', 'amount', 'tokens'])
    .where('user_id', 'in', users)
    .where('kind', '=', 'usage')
    .execute();
  expect(usage).toHaveLength(10);
  expect(new Set(usage.map((u) => u.request_id)).size).toBe(10);
  const reported = answered.reduce((n, done) => n + (done!.data.tokenBalance as { used: number }).used, 0);
  expect(usage.reduce((n, u) => n - Number(u.amount), 0)).toBe(reported);
  for (const u of users) {
    const a = await billing.db.selectFrom('accounts').selectAll().where('user_id', '=', u).executeTakeFirstOrThrow();
    expect(a.held).toBe(0);
    expect(a.balance).toBe(a.allowance - a.used);
  }
  // A later redelivery (or the relay publishing again) changes nothing.
  await new Promise((r) => setTimeout(r, 1000));
  expect(
    await billing.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('user_id', 'in', users)
      .where('kind', '=', 'usage')
      .execute(),
  ).toHaveLength(10);
});
