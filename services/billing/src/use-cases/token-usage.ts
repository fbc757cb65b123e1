import type { TokenUsageResponse } from '@gnology/contracts';
import type { BillingDeps } from '../context';
import { tokenUsageView } from '../domain/usage';
import { toState } from '../store/accounts';
import { currentAccount } from './current-account';
import type { Subscriber } from './subscribe';

/** The Token Usage panel of /account: the user's account as of now, opened on first use. */
export async function tokenUsage(deps: BillingDeps, user: Subscriber): Promise<TokenUsageResponse> {
  const now = deps.now();
  const row = await currentAccount(deps.db, user.id, { now, email: user.email, name: user.name ?? undefined });
  return tokenUsageView(toState(row), now, deps.payments !== null);
}
