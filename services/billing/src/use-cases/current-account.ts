import { applyTime } from '../domain/ledger';
import { type AccountRow, findAccount, lockAccount, toState } from '../store/accounts';
import type { Db } from '../store/schema';
import { applyChange, lockOrOpenAccount } from './account-change';

/**
 * The account as of now, opened on first use and brought up to date with the clock. Reads
 * without a lock; only an account that is missing or due a period change takes the write path.
 */
export async function currentAccount(
  db: Db,
  userId: string,
  ctx: { now: Date; email?: string; name?: string },
): Promise<AccountRow> {
  const row = await findAccount(db, userId);
  if (row && !applyTime(toState(row), ctx.now)) return row;
  return db.transaction().execute(async (trx) => {
    const extra = ctx.email ? { email: ctx.email, name: ctx.name ?? null } : undefined;
    const locked = await lockOrOpenAccount(trx, userId, { now: ctx.now, extra });
    const timed = applyTime(toState(locked), ctx.now);
    if (!timed) return locked;
    await applyChange(trx, timed, { now: ctx.now });
    return (await lockAccount(trx, userId))!;
  });
}
