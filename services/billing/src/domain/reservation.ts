import type { PlanId, RefusalCode } from '@gnology/contracts';
import { type AccountState, availableOf, remainingOf, trialExpired } from './account';
import { formatDay } from './period';

/** docs/contract.md#balance: a request is refused for low balance when under 10,000 remain and the estimate is more. */
export const LOW_BALANCE_TOKENS = 10_000;

export type ReservationDecision =
  | { ok: true; amount: number }
  | { ok: false; code: RefusalCode; message: string; remaining: number; plan: PlanId };

/**
 * Whether a request estimated at `estimate` tokens may start, and how much to hold for it.
 * A request that fits is held in full; one larger than what is left but with at least
 * 10,000 tokens available is held for what is left (the client lets it through, spec
 * section 5), and its settlement can never charge past that — unless what is left cannot
 * cover `minimum` (the request's prompt plus a minimal answer), which is refused as low balance.
 */
export function decideReservation(state: AccountState, estimate: number, now: Date, minimum = 0): ReservationDecision {
  const remaining = remainingOf(state);
  const refuse = (code: RefusalCode): ReservationDecision => ({
    ok: false,
    code,
    message: refusalMessage(state, code, now),
    remaining,
    plan: state.plan,
  });
  if (trialExpired(state, now)) return refuse('trial_ended');
  if (state.plan === 'basic') return refuse('limit_reached');
  const available = availableOf(state);
  if (available <= 0) return refuse(state.plan === 'trial' ? 'trial_ended' : 'limit_reached');
  if (available < estimate && available < LOW_BALANCE_TOKENS) return refuse('low_balance');
  // The request cannot run at all on less than its prompt plus a minimal answer (issue 11): a
  // partial hold below that would let the model spend more than the account has.
  if (available < Math.min(minimum, estimate)) return refuse('low_balance');
  return { ok: true, amount: Math.min(estimate, available) };
}

/** Gene's plan-specific words for each refusal: what happened and what to do next. */
export function refusalMessage(state: AccountState, code: RefusalCode, _now: Date): string {
  const renews = state.periodEnd ? formatDay(state.periodEnd) : null;
  const left = availableOf(state).toLocaleString('en-US');
  switch (`${state.plan}:${code}`) {
    case 'trial:trial_ended':
      return 'Your free trial has ended. Upgrade to Professional to keep researching with Gene.';
    case 'trial:low_balance':
      return `Your free trial has ${left} tokens left, which is not enough for this request. Try a shorter question, or upgrade to Professional to keep researching with Gene.`;
    case 'professional:limit_reached':
      return `You have used this month's tokens and the overage limit of your plan. Your tokens renew${renews ? ` on ${renews}` : ' with your next billing period'}; until then Gene cannot take new research requests.`;
    case 'professional:low_balance':
      return `You have ${left} tokens left this month, including overage, which is not enough for this request. Try a shorter request; your tokens renew${renews ? ` on ${renews}` : ' with your next billing period'}.`;
    case 'basic:limit_reached':
    case 'basic:low_balance':
      return 'Your Professional subscription has ended. Subscribe again to keep researching with Gene.';
    default:
      return code === 'low_balance'
        ? `Only ${left} tokens are left on this account, which is not enough for this request. Try a shorter request.`
        : `This account has used its tokens for this period${renews ? `; they renew on ${renews}` : ''}. Gene cannot take new research requests until then.`;
  }
}
