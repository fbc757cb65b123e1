/** Figures as every page writes them: tokens, dollars, file sizes and dates, one formatter each. */

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

/** 512 B · 14 KB · 2.3 MB */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Jun 14, 1887 in the reader's locale; '' for a date that does not parse. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ''
    : d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
