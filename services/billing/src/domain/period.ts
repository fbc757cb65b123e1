/**
 * Calendar arithmetic of token periods, in UTC. Monthly periods are counted from an anchor
 * (the subscription's start) so that a subscription started on the 31st renews on the last day
 * of shorter months and returns to the 31st afterwards, instead of drifting.
 */
export function addMonths(anchor: Date, months: number): Date {
  const y = anchor.getUTCFullYear();
  const m = anchor.getUTCMonth() + months;
  const target = new Date(
    Date.UTC(
      y,
      m,
      1,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(anchor.getUTCDate(), lastDay));
  return target;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}

/**
 * The monthly token period containing `now`, counted from `anchor`, never ending after
 * `paidUntil` (a yearly subscription's last month ends with the paid year).
 */
export function monthlyPeriodAt(anchor: Date, now: Date, paidUntil: Date | null = null): { start: Date; end: Date } {
  // Estimate the month index, then correct it: month lengths differ.
  let k = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  if (k < 0) k = 0;
  while (k > 0 && addMonths(anchor, k) > now) k -= 1;
  while (addMonths(anchor, k + 1) <= now) k += 1;
  const start = addMonths(anchor, k);
  let end = addMonths(anchor, k + 1);
  if (paidUntil && paidUntil < end) end = paidUntil;
  return { start, end };
}

/** "March 3, 2026": dates in Gene's messages. */
export function formatDay(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
