/** Usage of the allowance in percent for the progress bar: capped at 100 (docs/contract.md#screen-states). */
export function usagePercent(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.round((used / limit) * 100));
}

/** Above 80% the bar turns to the warning colour and a notice shows (docs/contract.md#screen-states). */
export const WARNING_PERCENT = 80;

export function isWarning(used: number, limit: number): boolean {
  return limit > 0 ? used / limit > WARNING_PERCENT / 100 : used > 0;
}
