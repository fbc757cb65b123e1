import { migrate } from '@gnology/platform/db/database';
import { createTestService, requireInfra, type TestService } from '@gnology/testing';
import { type Kysely, sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { migrations } from '../src/migrations';

requireInfra('DATABASE_URL');

/**
 * Migration 0004 (decision 0243) on ledgers written before it: hold entries go, an expiry
 * charge's refund becomes `refund`, and every account's journal then sums to what is left of its
 * allowance while its held reservations sum to what it holds — or the migration fails whole.
 */
const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0004'));
let svc: TestService | undefined;
afterEach(async () => {
  await svc?.cleanup();
  svc = undefined;
});

/** A billing schema as it was before 0004. */
async function startBefore0004() {
  const started = await createTestService({ name: 'billing_migrate', schema: 'billing', migrations: before });
  svc = started;
  return { database: started.database, db: started.database.db as Kysely<unknown> };
}

type Entry = [kind: string, amount: number, requestId: string | null, reason?: string];

async function seedAccount(
  db: Kysely<unknown>,
  userId: string,
  totals: { plan: string; allowance: number; used: number; held: number },
  entries: Entry[],
  reservations: [requestId: string, amount: number, status: string][],
) {
  const balance = totals.allowance - totals.used - totals.held;
  await sql`
    insert into accounts (user_id, plan, allowance, used, held, balance, period_start, period_end, anchor_at)
    values (${userId}, ${totals.plan}, ${totals.allowance}, ${totals.used}, ${totals.held}, ${balance}, now(), now() + interval '14 days', now())`.execute(
    db,
  );
  for (const [kind, amount, requestId, reason] of entries) {
    await sql`
      insert into ledger_entries (user_id, kind, amount, tokens, request_id, meta)
      values (${userId}, ${kind}, ${amount}, ${Math.abs(amount)}, ${requestId}, ${reason ? JSON.stringify({ reason }) : null}::jsonb)`.execute(
      db,
    );
  }
  for (const [requestId, amount, status] of reservations) {
    await sql`
      insert into reservations (request_id, id, user_id, amount, status, response_status, response, expires_at)
      values (${requestId}, ${`id-${requestId}`}, ${userId}, ${amount}, ${status}, 200, '{}'::jsonb, now())`.execute(
      db,
    );
  }
}

const journal = async (db: Kysely<unknown>, userId: string) =>
  (
    await sql<{ kind: string; amount: string; request_id: string | null }>`
      select kind, amount, request_id from ledger_entries where user_id = ${userId} order by id`.execute(db)
  ).rows.map((r) => [r.kind, Number(r.amount), r.request_id]);

it('keeps every account exact: the journal sums to allowance − used, the held reservations to held', async () => {
  const { database, db } = await startBefore0004();
  // A trial: settled, released, still held, and expired (charged) then settled late (charge refunded).
  await seedAccount(
    db,
    'trial-user',
    { plan: 'trial', allowance: 50_000, used: 5_500, held: 5_000 },
    [
      ['grant', 50_000, null],
      ['reservation', -6_000, 'r1'],
      ['release', 6_000, 'r1', 'settled'],
      ['usage', -4_000, 'r1'],
      ['reservation', -3_000, 'r2'],
      ['release', 3_000, 'r2', 'released'],
      ['reservation', -5_000, 'r3'],
      ['reservation', -2_000, 'r4'],
      ['release', 2_000, 'r4', 'settled'],
      ['usage', -2_000, 'r4'],
      ['release', 2_000, 'r4', 'expiry charge replaced by the real usage'],
      ['usage', -1_500, 'r4'],
    ],
    [
      ['r1', 6_000, 'settled'],
      ['r2', 3_000, 'released'],
      ['r3', 5_000, 'held'],
      ['r4', 2_000, 'settled'],
      ['r5', 0, 'refused'],
    ],
  );
  // A new period while a reservation was open: the reset took what was left, held included.
  await seedAccount(
    db,
    'pro-user',
    { plan: 'professional', allowance: 1_000_000, used: 0, held: 1_000 },
    [
      ['grant', 50_000, null],
      ['reservation', -1_000, 'p1'],
      ['reset', -50_000, null],
      ['grant', 1_000_000, null],
    ],
    [['p1', 1_000, 'held']],
  );

  expect(await migrate(database, migrations)).toEqual(['0004_compact_journal']);

  expect(await journal(db, 'trial-user')).toEqual([
    ['grant', 50_000, null],
    ['usage', -4_000, 'r1'],
    ['usage', -2_000, 'r4'],
    ['refund', 2_000, 'r4'],
    ['usage', -1_500, 'r4'],
  ]);
  expect(await journal(db, 'pro-user')).toEqual([
    ['grant', 50_000, null],
    ['reset', -50_000, null],
    ['grant', 1_000_000, null],
  ]);
  // Old kinds are refused from now on.
  await expect(
    sql`insert into ledger_entries (user_id, kind, amount, tokens) values ('pro-user', 'reservation', -1, 1)`.execute(
      db,
    ),
  ).rejects.toThrow(/ledger_entries_kind_check/);
});

it('fails whole, changing nothing, when an account does not add up', async () => {
  const { database, db } = await startBefore0004();
  // A usage entry the totals never counted.
  await seedAccount(
    db,
    'broken-user',
    { plan: 'trial', allowance: 50_000, used: 0, held: 1_000 },
    [
      ['grant', 50_000, null],
      ['reservation', -1_000, 'b1'],
      ['usage', -700, 'b0'],
    ],
    [['b1', 1_000, 'held']],
  );
  await expect(migrate(database, migrations)).rejects.toThrow(/broken-user does not add up/);
  expect(await journal(db, 'broken-user')).toEqual([
    ['grant', 50_000, null],
    ['reservation', -1_000, 'b1'],
    ['usage', -700, 'b0'],
  ]);
});
