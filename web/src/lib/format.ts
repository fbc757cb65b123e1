/** Money and token figures as every page writes them: one formatter for tokens, one for dollars. */

/** 50,000 · 1,000,000 */
export function formatTokens(n: number): string {
  return n.toLocaleString('en-US');
}

/** $100, $1,044, $5.00 (cents only when there are any, or when asked). */
export function formatUsd(amount: number, opts: { cents?: boolean } = {}): string {
  const cents = opts.cents ?? !Number.isInteger(amount);
  return amount.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: cents ? 2 : 0,
  });
}

/** A yearly price against twelve monthly ones: about what it comes to a month, and the saving a year. */
export function yearlyTerms(monthlyPrice: number, yearlyPrice: number): { perMonth: number; saving: number } {
  return { perMonth: Math.round(yearlyPrice / 12), saving: monthlyPrice * 12 - yearlyPrice };
}
