/** The account page's Token Usage panel (filled in by the billing feature). */
export function TokenUsagePanel() {
  return null;
}
