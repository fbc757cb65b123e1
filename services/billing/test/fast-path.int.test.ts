import { randomUUID } from 'node:crypto';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribeWithoutBilling } from '../src/domain/subscription';
import type { MeteringContext } from '../src/use-cases/metering-context';
import { reserve } from '../src/use-cases/reserve';
import { settle } from '../src/use-cases/settle';
import { changeAccount } from '../src/use-cases/account-change';
import { type BillingHarness, account, ledgerSum, startBilling } from './helpers';

requireInfra('DATABASE_URL');

/**
 * The one-statement fast path must decide exactly as the locking path (the domain functions)
 * does. The same sequence runs twice, on two accounts, once with the fast path allowed and once
 * forced onto the locking path; answers, accounts, ledgers and events must come out the same.
 */
let h: BillingHarness;
beforeAll(async () => {
  h = await startBilling();
});
afterAll(async () => {
  await h?.close();
});

type Step = { reserve: number } | { settle: [number, number, number] } | { professional: true };

async function play(userId: string, steps: Step[], fast: boolean) {
  const ctx: MeteringContext = { now: h.clock.now(), ttlMinutes: 45, billingOn: false };
  const pool = h.svc.database.pool;
  const answers: unknown[] = [];
  let last = '';
  for (const step of steps) {
    if ('reserve' in step) {
      last = `${userId}-${answers.length}`;
      answers.push(
        await reserve(
          { db: h.db, meteringPool: pool },
          { userId, requestId: last, estimatedTokens: step.reserve },
          ctx,
          { fast },
        ),
      );
    } else if ('professional' in step) {
      await h.db
        .transaction()
        .execute((trx) =>
          changeAccount(trx, userId, { now: ctx.now }, (st) => subscribeWithoutBilling(st, 'monthly', ctx.now)),
        );
    } else if ('settle' in step) {
      const [inputTokens, outputTokens, savedTokens] = step.settle;
      answers.push(
        await settle({ db: h.db, meteringPool: pool }, last, { inputTokens, outputTokens, savedTokens }, ctx, { fast }),
      );
    }
  }
  const a = await account(h.db, userId);
  const entries = await h.db
    .selectFrom('ledger_entries')
    .select(['kind', 'amount', 'tokens', 'meta', 'report_status'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const events = (
    await h.db.selectFrom('outbox').select('payload').where('key', '=', userId).orderBy('id').execute()
  ).map((r) => {
    const p = r.payload as { type: string; subject: string; data: Record<string, unknown> };
    return {
      type: p.type,
      subject: p.subject === userId ? 'me' : p.subject,
      data: { ...p.data, userId: 'me', requestId: String(p.data.requestId).slice(userId.length) },
    };
  });
  expect(await ledgerSum(h.db, userId)).toBe(a.balance);
  const {
    user_id: _u,
    version: _v,
    created_at: _c,
    updated_at: _up,
    period_start: _ps,
    period_end: _pe,
    anchor_at: _an,
    ...totals
  } = a;
  const normalised = answers.map((x) =>
    JSON.parse(
      JSON.stringify(x)
        .replaceAll(userId, 'me')
        .replace(/"reservationId":"[^"]+"/g, '"reservationId":"id"'),
    ),
  );
  return { answers: normalised, totals, entries, events };
}

const scenarios: Record<string, Step[]> = {
  'usage within the reservation': [
    { reserve: 6000 },
    { settle: [3000, 1500, 500] },
    { reserve: 2000 },
    { settle: [1500, 500, 0] },
  ],
  'usage beyond the reservation but within the allowance': [{ reserve: 1000 }, { settle: [4000, 2000, 0] }],
  'a partial hold near the end of the trial': [
    { reserve: 40_000 },
    { settle: [30_000, 8_000, 0] },
    { reserve: 20_000 },
    { settle: [10_000, 5_000, 0] },
  ],
  'Professional running into overage': [
    { professional: true },
    { reserve: 60_000 },
    { settle: [900_000, 80_000, 0] },
    { reserve: 60_000 },
    { settle: [40_000, 20_000, 1000] },
    { reserve: 60_000 },
    { settle: [30_000, 10_000, 0] },
  ],
  'refusals for low balance and for the ended trial': [
    { reserve: 48_000 },
    { settle: [44_000, 4_000, 0] },
    { reserve: 5_000 },
    { reserve: 1_000 },
    { settle: [1_500, 800, 0] },
    { reserve: 10 },
  ],
};

describe('the fast path decides as the domain does', () => {
  for (const [name, steps] of Object.entries(scenarios)) {
    it(name, async () => {
      const fast = await play(`f${randomUUID().slice(0, 8)}`, steps, true);
      const locked = await play(`l${randomUUID().slice(0, 8)}`, steps, false);
      expect(fast).toEqual(locked);
    });
  }
});
