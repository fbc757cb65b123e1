import { savingsPercentage, type TokenUsageResponse } from '@gnology/contracts';
import { type AccountState, remainingOf, statusOf } from './account';
import { overageCost, planDefinition } from './plans';

/** The account page's view of an account (GET /api/users/token-usage). */
export function tokenUsageView(state: AccountState, now: Date, billingEnabled: boolean): TokenUsageResponse {
  const u = state.periodUsage;
  return {
    tokensUsed: state.used,
    monthlyTokenLimit: state.allowance,
    remaining: remainingOf(state),
    plan: state.plan,
    planName: planDefinition(state.plan).name,
    periodStart: state.periodStart.toISOString(),
    periodEnd: state.periodEnd?.toISOString() ?? null,
    breakdown: {
      input: u.input,
      output: u.output,
      saved: u.saved,
      savingsPercentage: savingsPercentage({ inputTokens: u.input, outputTokens: u.output, savedTokens: u.saved }),
      requests: u.requests,
      reserved: state.held,
      overageTokens: state.overageTokens,
      overageCost: overageCost(state.overageTokens),
    },
    status: statusOf(state, now),
    accessUntil: state.accessUntil?.toISOString() ?? null,
    billingInterval: state.interval,
    billingEnabled,
  };
}
