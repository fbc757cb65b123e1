import type { PlanId } from '@gnology/contracts';
import { startPeriod, termsFor } from '../domain/ledger';
import type { ChangeContext } from '../store/accounts';
import type { Trx } from '../store/schema';
import { changeAccount } from './account-change';

export interface RegisteredUser {
  userId: string;
  email: string;
  name: string | null;
  isTestUser: boolean;
  registeredAt: Date;
}

/**
 * The `user.registered` event: opens the account from the registration (its trial counts from
 * the registration time), or completes one opened earlier by a first use. Test users get the
 * test plan.
 */
export async function openRegisteredAccount(trx: Trx, user: RegisteredUser, now: Date): Promise<void> {
  const plan: PlanId = user.isTestUser ? 'test' : 'trial';
  const ctx: ChangeContext & { plan: PlanId; openedAt: Date } = {
    now,
    plan,
    openedAt: user.registeredAt,
    extra: { email: user.email, name: user.name },
  };
  await changeAccount(trx, user.userId, ctx, (state) =>
    plan === 'test' && state.plan === 'trial' ? startPeriod(state, termsFor('test', now), 'test-account') : null,
  );
}
