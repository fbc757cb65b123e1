/** Dates and billing periods as the billing screens show them (money and tokens: lib/format). */

/** "March 10, 2026" in the reader's time zone. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

export type BillingPeriod = 'monthly' | 'yearly';

export function isBillingPeriod(v: string | null): v is BillingPeriod {
  return v === 'monthly' || v === 'yearly';
}
