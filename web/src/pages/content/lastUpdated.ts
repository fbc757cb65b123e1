/** "Last Updated" on the legal pages: today's date, as the spec asks (e.g. "November 23, 2026"). */
export function lastUpdated(now = new Date()): string {
  return now.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
