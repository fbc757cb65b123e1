import { startPeriod, termsFor } from '../domain/ledger';
import type { Trx } from '../store/schema';
import { changeAccount } from './account-change';

/** The reason billing gives in `subscription.changed` (and the ledger) for a trial withheld. */
export const TRIAL_ALREADY_USED = 'trial-already-used';

/**
 * An account whose phone number already had its free trial (decision 0211) starts on basic: what
 * is left of the trial allowance is reset to nothing. Only a trial account moves; one that has
 * subscribed (or is a test account) keeps its plan.
 */
export async function withholdTrial(trx: Trx, userId: string, ctx: { now: Date; requestId?: string }): Promise<void> {
  await changeAccount(trx, userId, { now: ctx.now, requestId: ctx.requestId }, (state) =>
    state.plan === 'trial' ? startPeriod(state, termsFor('basic', ctx.now), TRIAL_ALREADY_USED) : null,
  );
}
