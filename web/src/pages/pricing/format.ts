/** Money and token figures as the billing screens show them. */

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

/** "March 10, 2026" in the reader's time zone. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

export type BillingPeriod = 'monthly' | 'yearly';

export function isBillingPeriod(v: string | null): v is BillingPeriod {
  return v === 'monthly' || v === 'yearly';
}
