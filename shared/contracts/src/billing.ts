import { z } from 'zod';

/**
 * HTTP bodies of the billing service: the public plans and usage routes, Stripe checkout and
 * portal, and the internal reservation API the research service meters through.
 */

export const PlanId = z.enum(['trial', 'professional', 'test', 'basic']);
export type PlanId = z.infer<typeof PlanId>;

/** docs/contract.md#plans: the plan as displayed, plus the id and whether the pricing page lists it. */
export const PlanDisplay = z.object({
  id: PlanId,
  name: z.string(),
  /** US dollars. */
  monthlyPrice: z.number(),
  yearlyPrice: z.number(),
  /** Tokens granted per period (the trial's whole allowance, Professional's monthly one). */
  tokens: z.number().int(),
  features: z.array(z.string()),
  limitations: z.array(z.string()),
  overage: z.object({ rate: z.number(), per: z.number().int(), description: z.string() }).nullable(),
  ctaText: z.string(),
  ctaLink: z.string(),
  popular: z.boolean(),
  /** Shown on /pricing (trial and professional); `test` and `basic` are account states only. */
  listed: z.boolean(),
});
export type PlanDisplay = z.infer<typeof PlanDisplay>;

export const PlansResponse = z.object({
  plans: z.array(PlanDisplay),
  /** The yearly saving against twelve monthly payments, for the toggle's badge ("Save 13%"). */
  yearlySavings: z.object({ percent: z.number().int(), amount: z.number() }),
  /** False when no payment provider is configured: plan changes apply at once and nothing is charged. */
  billingEnabled: z.boolean(),
  whyChoose: z.array(z.object({ title: z.string(), body: z.string() })),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
});
export type PlansResponse = z.infer<typeof PlansResponse>;

// ── Pricing rules: their one home (the billing service, the research service and the web import them) ──

/** The free trial's whole allowance, in tokens. */
export const TRIAL_TOKENS = 50_000;
/** Professional's monthly allowance, in tokens. */
export const PROFESSIONAL_MONTHLY_TOKENS = 1_000_000;
/** Professional's price in US dollars, paid monthly or a year in advance. */
export const PROFESSIONAL_MONTHLY_PRICE = 100;
export const PROFESSIONAL_YEARLY_PRICE = 1044;

/** Professional overage: $5.00 per 100,000 tokens beyond the monthly allowance. */
export const OVERAGE_RATE_USD = 5;
export const OVERAGE_PER_TOKENS = 100_000;
/** The overage price as the product's pages and messages write it. */
export const OVERAGE_PRICE_TEXT = '$5.00 per 100,000 tokens';

/**
 * The price in USD of `tokens` at the overage rate, rounded to `decimals` places: 2 (cents) for
 * what an account is charged, 4 for the indicative cost saved with each of Gene's answers.
 */
export function tokensCostUsd(tokens: number, decimals: 2 | 4 = 2): number {
  const scale = 10 ** decimals;
  return Math.round((tokens / OVERAGE_PER_TOKENS) * OVERAGE_RATE_USD * scale) / scale;
}

/**
 * Share of a request's tokens that caching and trimming saved, in percent with one decimal:
 * saved / (input + output + saved). Billing's answers carry it; everything else shows theirs.
 */
export function savingsPercentage(usage: { inputTokens: number; outputTokens: number; savedTokens: number }): number {
  const total = usage.inputTokens + usage.outputTokens + usage.savedTokens;
  if (total === 0) return 0;
  return Math.round((usage.savedTokens / total) * 1000) / 10;
}

export const UsageBreakdown = z.object({
  input: z.number().int(),
  output: z.number().int(),
  saved: z.number().int(),
  savingsPercentage: z.number(),
});
export type UsageBreakdown = z.infer<typeof UsageBreakdown>;

/** `GET /api/users/token-usage` (bearer): the account page's Token Usage panel. */
export const TokenUsageResponse = z.object({
  tokensUsed: z.number().int(),
  monthlyTokenLimit: z.number().int(),
  /** Tokens of the period's allowance not yet used or held by a running request (never below 0). */
  remaining: z.number().int(),
  plan: PlanId,
  planName: z.string(),
  periodStart: z.string(),
  /** End of the token period (trial end, or the next monthly reset); null when none runs (basic). */
  periodEnd: z.string().nullable(),
  breakdown: UsageBreakdown.extend({
    requests: z.number().int(),
    /** Tokens held by requests still running. */
    reserved: z.number().int(),
    /** Tokens used beyond the allowance this period (Professional only) and their price in USD. */
    overageTokens: z.number().int(),
    overageCost: z.number(),
  }),
  /** trial: running or ended; professional: active or cancelling (access until accessUntil). */
  status: z.enum(['active', 'trial_ended', 'cancelling', 'inactive']),
  accessUntil: z.string().nullable(),
  billingInterval: z.enum(['monthly', 'yearly']).nullable(),
  billingEnabled: z.boolean(),
});
export type TokenUsageResponse = z.infer<typeof TokenUsageResponse>;

export const CheckoutRequest = z.object({ plan: z.enum(['monthly', 'yearly']) });
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;

/** A Stripe Checkout URL, or with billing off a same-origin URL (the plan already applied). */
export const CheckoutResponse = z.object({ url: z.string(), billingEnabled: z.boolean() });
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;

export const PortalResponse = z.object({ url: z.string() });
export type PortalResponse = z.infer<typeof PortalResponse>;

// ── Internal API (research → billing) ────────────────────────────────────────────────────────

export const ReserveRequest = z.object({
  userId: z.string().min(1).max(64),
  /** The research request's id: a repeat with the same id gets the same answer. */
  requestId: z.string().min(1).max(128),
  /** The most the request can cost: its prompt (a conservative count) plus its answer limit. */
  estimatedTokens: z.number().int().positive().max(10_000_000),
  /**
   * The least hold the request can run with (its prompt plus a minimal answer). Below it the
   * request is refused (`low_balance`) whatever the spec's 10,000-token rule would allow.
   */
  minimumTokens: z.number().int().positive().max(10_000_000).optional(),
});
export type ReserveRequest = z.infer<typeof ReserveRequest>;

export const ReserveResponse = z.object({
  reservationId: z.string(),
  /** Allowance left after this reservation (0 while a Professional account runs on overage). */
  remaining: z.number().int(),
  plan: PlanId,
  /** Tokens held for the request: the caller caps the model's output to fit within them. */
  amount: z.number().int().optional(),
});
export type ReserveResponse = z.infer<typeof ReserveResponse>;

export const RefusalCode = z.enum(['trial_ended', 'limit_reached', 'low_balance']);
export type RefusalCode = z.infer<typeof RefusalCode>;

/** The 402 answer: a plan-specific message to show as is. */
export const ReserveRefusal = z.object({
  error: z.string(),
  code: RefusalCode,
  remaining: z.number().int(),
  plan: PlanId,
});
export type ReserveRefusal = z.infer<typeof ReserveRefusal>;

export const SettleRequest = z.object({
  inputTokens: z.number().int().min(0).max(100_000_000),
  outputTokens: z.number().int().min(0).max(100_000_000),
  savedTokens: z.number().int().min(0).max(100_000_000).default(0),
});
export type SettleRequest = z.infer<typeof SettleRequest>;

export const SettleResponse = z.object({
  /** Tokens charged for this request (its input + output, within what the plan allowed). */
  used: z.number().int(),
  remaining: z.number().int(),
  breakdown: UsageBreakdown,
});
export type SettleResponse = z.infer<typeof SettleResponse>;

export const ReleaseResponse = z.object({
  /** Tokens given back by this call (0 when the reservation was already settled or released). */
  released: z.number().int(),
  remaining: z.number().int(),
  status: z.enum(['released', 'settled', 'expired']),
});
export type ReleaseResponse = z.infer<typeof ReleaseResponse>;

/** GET /internal/reservations/:requestId: whether a request's tokens are still held (a queued job checks before each model call). */
export const ReservationStatusResponse = z.object({
  status: z.enum(['held', 'settled', 'released', 'expired', 'refused']),
  amount: z.number().int(),
  plan: PlanId,
  remaining: z.number().int(),
});
export type ReservationStatusResponse = z.infer<typeof ReservationStatusResponse>;

export const BalanceResponse = z.object({
  plan: PlanId,
  remaining: z.number().int(),
  tokensUsed: z.number().int(),
  monthlyTokenLimit: z.number().int(),
  periodEnd: z.string().nullable(),
});
export type BalanceResponse = z.infer<typeof BalanceResponse>;
