import {
  OVERAGE_PER_TOKENS,
  OVERAGE_PRICE_TEXT,
  OVERAGE_RATE_USD,
  PROFESSIONAL_MONTHLY_PRICE,
  PROFESSIONAL_MONTHLY_TOKENS,
  PROFESSIONAL_YEARLY_PRICE,
  type PlanDisplay,
  type PlanId,
  TRIAL_TOKENS,
  tokensCostUsd,
} from '@gnology/contracts';

/**
 * The plans as data (docs/contract.md#entities, #permissions, #constants). The display fields feed /pricing; the rest
 * (allowance, period, overage cap) are the rules the ledger applies.
 */
export interface PlanDefinition extends PlanDisplay {
  /** How the allowance renews: once for the trial, monthly otherwise, never for basic. */
  allowancePeriod: 'trial' | 'month' | 'none';
  /** Days of access a trial gives from the account's creation. */
  trialDays: number | null;
  /**
   * Overage tokens a period may run to beyond the allowance: a spending safeguard so a runaway
   * client cannot bill without bound (decision 0032). 0 = no overage.
   */
  overageCapTokens: number;
}

export const TRIAL_DAYS = 14;
/** 2,000,000 overage tokens = $100, at most doubling a month's bill. */
export const PROFESSIONAL_OVERAGE_CAP = 2_000_000;

export const PLANS: Record<PlanId, PlanDefinition> = {
  trial: {
    id: 'trial',
    name: 'Free Trial',
    monthlyPrice: 0,
    yearlyPrice: 0,
    tokens: TRIAL_TOKENS,
    features: [
      '14 days of full access',
      'Research conversations with Gene',
      'Document upload with text extraction and analysis',
      'Photo gallery, people tagging and printable albums',
      'The fillable GNology Journal',
    ],
    limitations: [
      'Ends after 14 days or 50,000 tokens, whichever comes first',
      'No overage tokens: upgrade to keep researching',
    ],
    overage: null,
    ctaText: 'Start Free Trial',
    ctaLink: '/register',
    popular: false,
    listed: true,
    allowancePeriod: 'trial',
    trialDays: TRIAL_DAYS,
    overageCapTokens: 0,
  },
  professional: {
    id: 'professional',
    name: 'Professional',
    monthlyPrice: PROFESSIONAL_MONTHLY_PRICE,
    yearlyPrice: PROFESSIONAL_YEARLY_PRICE,
    tokens: PROFESSIONAL_MONTHLY_TOKENS,
    features: [
      'Research conversations, chapters and full family history books',
      'Document analysis across all your uploads',
      'Photo gallery, people tagging and printable albums',
      'Exports as TXT, Markdown, JSON and PDF',
      'Cancel at any time; access continues to the end of the billing period',
    ],
    limitations: ['Tokens reset each month and do not roll over'],
    overage: {
      rate: OVERAGE_RATE_USD,
      per: OVERAGE_PER_TOKENS,
      description: `Beyond your monthly tokens, research continues at ${OVERAGE_PRICE_TEXT}, charged automatically with your subscription.`,
    },
    ctaText: 'Subscribe Now',
    ctaLink: '/account',
    popular: true,
    listed: true,
    allowancePeriod: 'month',
    trialDays: null,
    overageCapTokens: PROFESSIONAL_OVERAGE_CAP,
  },
  test: {
    id: 'test',
    name: 'Test',
    monthlyPrice: 0,
    yearlyPrice: 0,
    tokens: PROFESSIONAL_MONTHLY_TOKENS,
    features: ['1,000,000 tokens every month for testing the product', 'Never charged'],
    limitations: ['For test accounts only', 'No overage tokens'],
    overage: null,
    ctaText: 'Open your account',
    ctaLink: '/account',
    popular: false,
    listed: false,
    allowancePeriod: 'month',
    trialDays: null,
    overageCapTokens: 0,
  },
  basic: {
    id: 'basic',
    name: 'Basic',
    monthlyPrice: 0,
    yearlyPrice: 0,
    tokens: 0,
    features: ['Your account, conversations, documents and photos stay available', 'Subscribe again at any time'],
    limitations: ['No research tokens: subscribe to Professional to research with Gene'],
    overage: null,
    ctaText: 'Subscribe Now',
    ctaLink: '/pricing',
    popular: false,
    listed: false,
    allowancePeriod: 'none',
    trialDays: null,
    overageCapTokens: 0,
  },
};

export function planDefinition(id: PlanId): PlanDefinition {
  return PLANS[id];
}

/** The display fields only, in pricing-page order (listed plans first). */
export function planDisplays(): PlanDisplay[] {
  return (['trial', 'professional', 'test', 'basic'] as const).map((id) => {
    const { allowancePeriod: _a, trialDays: _t, overageCapTokens: _o, ...display } = PLANS[id];
    return display;
  });
}

/** Yearly against twelve monthly payments: $1,200 − $1,044 = $156, shown as 13%. */
export function yearlySavings(): { percent: number; amount: number } {
  const twelveMonths = PROFESSIONAL_MONTHLY_PRICE * 12;
  const amount = twelveMonths - PROFESSIONAL_YEARLY_PRICE;
  return { percent: Math.round((amount / twelveMonths) * 100), amount };
}

/** Price in USD of overage tokens, to the cent. */
export function overageCost(tokens: number): number {
  return tokensCostUsd(tokens, 2);
}
