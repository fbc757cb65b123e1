/** Usage of the allowance in percent for the progress bar: capped at 100 (spec section 9). */
export function usagePercent(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.round((used / limit) * 100));
}

/** Above 80% the bar turns to the warning colour and a notice shows (spec section 9). */
export const WARNING_PERCENT = 80;

export function isWarning(used: number, limit: number): boolean {
  return limit > 0 ? used / limit > WARNING_PERCENT / 100 : used > 0;
}
