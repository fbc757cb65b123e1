import type { BalanceResponse } from '@gnology/contracts';
import type { BillingDeps } from '../context';
import { remainingOf } from '../domain/account';
import { toState } from '../store/accounts';
import { currentAccount } from './current-account';

/** A user's balance as research sees it (GET /internal/balances/:userId). */
export async function balanceOf(deps: Pick<BillingDeps, 'db'>, userId: string, now: Date): Promise<BalanceResponse> {
  const s = toState(await currentAccount(deps.db, userId, { now }));
  return {
    plan: s.plan,
    remaining: remainingOf(s),
    tokensUsed: s.used,
    monthlyTokenLimit: s.allowance,
    periodEnd: s.periodEnd?.toISOString() ?? null,
  };
}
