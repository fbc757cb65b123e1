import { z } from 'zod';
import { PlanId } from '../billing';

/** `tokens.consumed` on gnology.billing.v1, keyed by user id: one settled research request. */
export const TOKENS_CONSUMED = 'tokens.consumed';

export const TokensConsumedData = z.object({
  userId: z.string(),
  requestId: z.string(),
  plan: PlanId,
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  savedTokens: z.number().int(),
  /** Tokens counted against the account (input + output, capped at what the plan allows). */
  used: z.number().int(),
  /** The part of `used` billed as Professional overage. */
  overageTokens: z.number().int(),
  remaining: z.number().int(),
  periodStart: z.string(),
});
export type TokensConsumedData = z.infer<typeof TokensConsumedData>;

/** `subscription.changed` on gnology.billing.v1, keyed by user id: the account's plan changed. */
export const SUBSCRIPTION_CHANGED = 'subscription.changed';

export const SubscriptionChangedData = z.object({
  userId: z.string(),
  plan: PlanId,
  previousPlan: PlanId.nullable(),
  /** checkout, renewal, cancelled, ended, test-account, ... */
  reason: z.string(),
});
export type SubscriptionChangedData = z.infer<typeof SubscriptionChangedData>;
