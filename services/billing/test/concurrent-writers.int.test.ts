import { randomUUID } from 'node:crypto';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { INTERNAL, type BillingHarness, account, heldSum, startBilling } from './helpers';

requireInfra('DATABASE_URL');

/**
 * 50 writers at once, as research's processes reserve and settle (or release) for a few users'
 * requests through the HTTP routes: every account must come out exact — its totals, its compact
 * journal (one usage entry per settled request, no hold entries: decision 0243) and its
 * reservations.
 */
let h: BillingHarness;
let base: string;

beforeAll(async () => {
  h = await startBilling();
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await h?.close();
});

async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...INTERNAL, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

it('leaves every balance exact after 50 concurrent writers reserve and settle or release', async () => {
  const users = Array.from({ length: 10 }, () => `w${randomUUID().replace(/-/g, '').slice(0, 20)}`);
  // Open the accounts first, so the race is on the balances.
  for (const u of users)
    expect((await fetch(`${base}/internal/balances/${u}`, { headers: INTERNAL })).status).toBe(200);
  const charged = new Map<string, number>(users.map((u) => [u, 0]));
  const settled = new Map<string, number>(users.map((u) => [u, 0]));
  const writers = Array.from({ length: 50 }, async (_, w) => {
    for (let i = 0; i < 10; i++) {
      const userId = users[(w + i) % users.length]!;
      const requestId = randomUUID();
      await post('/internal/reservations', { userId, requestId, estimatedTokens: 600 });
      if (i % 5 === 4) {
        // A failed request gives its reservation back: nothing charged, nothing journalled.
        await post(`/internal/reservations/${requestId}/release`, {});
        continue;
      }
      const usage = { inputTokens: 200 + w, outputTokens: 100 + i, savedTokens: 10 };
      const answer = await post(`/internal/reservations/${requestId}/settle`, usage);
      expect(answer.used).toBe(300 + w + i);
      charged.set(userId, charged.get(userId)! + 300 + w + i);
      settled.set(userId, settled.get(userId)! + 1);
    }
  });
  await Promise.all(writers);

  for (const u of users) {
    const a = await account(h.db, u);
    const used = charged.get(u)!;
    expect(a).toMatchObject({ used, held: 0, balance: 50_000 - used, period_requests: settled.get(u) });
    expect(await heldSum(h.db, u)).toBe(0);
    const journal = await h.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount'])
      .where('user_id', '=', u)
      .execute();
    expect(journal.filter((e) => e.kind === 'grant').map((e) => Number(e.amount))).toEqual([50_000]);
    const usage = journal.filter((e) => e.kind === 'usage');
    expect(usage).toHaveLength(settled.get(u)!);
    expect(journal).toHaveLength(1 + usage.length);
    expect(journal.reduce((sum, e) => sum + Number(e.amount), 0)).toBe(a.allowance - a.used);
  }
  // About 1,000 requests from 50 writers: on a shared two-core machine under load, tens of seconds.
}, 180_000);
