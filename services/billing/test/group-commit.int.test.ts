import { randomUUID } from 'node:crypto';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from '../src/use-cases/balance';
import type { MeteringContext } from '../src/use-cases/metering-context';
import { reserve } from '../src/use-cases/reserve';
import { settle } from '../src/use-cases/settle';
import { type BillingHarness, account, ledgerSum, startBilling } from './helpers';

requireInfra('DATABASE_URL');

/**
 * Concurrent calls share one statement (group commit): several calls of one account, repeats of
 * a request id inside one batch, and settles racing each other must come out as if the calls had
 * run one by one.
 */
let h: BillingHarness;
beforeAll(async () => {
  h = await startBilling();
});
afterAll(async () => {
  await h?.close();
});

describe('the batched fast path', () => {
  it('holds and settles many concurrent calls of a few accounts exactly, repeats answered once', async () => {
    const ctx: MeteringContext = { now: h.clock.now(), ttlMinutes: 45, billingOn: false };
    const pool = h.svc.database.pool;
    const users = Array.from({ length: 3 }, () => `g${randomUUID().slice(0, 8)}`);
    // Open the accounts first (a first use takes the locking path).
    for (const u of users) await balanceOf({ db: h.db }, u, ctx.now);

    const calls = users.flatMap((u) => Array.from({ length: 10 }, (_, i) => ({ userId: u, requestId: `${u}-${i}` })));
    // Every call at once, each request id twice: the batches see the same account and the same id together.
    const reserved = await Promise.all(
      [...calls, ...calls].map((c) => reserve({ db: h.db, meteringPool: pool }, { ...c, estimatedTokens: 1000 }, ctx)),
    );
    for (let i = 0; i < calls.length; i++) expect(reserved[calls.length + i]).toEqual(reserved[i]);
    expect(reserved.every((r) => r.status === 200)).toBe(true);
    for (const u of users) {
      const remainings = reserved
        .slice(0, calls.length)
        .filter((_, i) => calls[i]!.userId === u)
        .map((r) => r.body.remaining as number)
        .sort((x, y) => y - x);
      // Each hold saw the one before it.
      expect(remainings).toEqual(Array.from({ length: 10 }, (_, i) => 50_000 - 1000 * (i + 1)));
      expect((await account(h.db, u)).held).toBe(10_000);
    }

    const usage = (i: number) => ({ inputTokens: 300 + i, outputTokens: 200, savedTokens: 10 });
    const settled = await Promise.all(
      [...calls, ...calls].map((c, i) =>
        settle({ db: h.db, meteringPool: pool }, c.requestId, usage(i % calls.length), ctx),
      ),
    );
    for (let i = 0; i < calls.length; i++) expect(settled[calls.length + i]).toEqual(settled[i]);
    for (const u of users) {
      const charged = calls.reduce((sum, c, i) => (c.userId === u ? sum + 500 + i : sum), 0);
      const a = await account(h.db, u);
      expect(a).toMatchObject({ held: 0, used: charged, balance: 50_000 - charged, period_requests: 10 });
      expect(await ledgerSum(h.db, u)).toBe(a.balance);
      const events = await h.db
        .selectFrom('outbox')
        .select('payload')
        .where('key', '=', u)
        .where('topic', 'like', '%billing%')
        .execute();
      const consumed = events.map((e) => e.payload as { type: string; data: { requestId: string } });
      expect(
        consumed
          .filter((e) => e.type === 'tokens.consumed')
          .map((e) => e.data.requestId)
          .sort(),
      ).toEqual(
        calls
          .filter((c) => c.userId === u)
          .map((c) => c.requestId)
          .sort(),
      );
    }
  });

  it('decides every call of a failed statement alone: one request id sent for two accounts at once', async () => {
    const ctx: MeteringContext = { now: h.clock.now(), ttlMinutes: 45, billingOn: false };
    const pool = h.svc.database.pool;
    const [u, v] = [`g${randomUUID().slice(0, 8)}`, `g${randomUUID().slice(0, 8)}`];
    for (const x of [u, v]) await balanceOf({ db: h.db }, x, ctx.now);
    const requestId = randomUUID();
    // Same batch, both inserts hit the unique key: the statement fails, nothing of it is written, and each
    // call takes the locking path, where one holds and the other is refused (the id is taken).
    const results = await Promise.allSettled(
      [u, v].map((userId) =>
        reserve({ db: h.db, meteringPool: pool }, { userId, requestId, estimatedTokens: 1000 }, ctx),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const held = await Promise.all([u, v].map(async (x) => (await account(h.db, x)).held));
    expect(held.sort()).toEqual([0, 1000]);
    for (const x of [u, v]) expect(await ledgerSum(h.db, x)).toBe((await account(h.db, x)).balance);
  });
});
