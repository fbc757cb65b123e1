/**
 * A normalized record date (`DateInfoItem.normalized`: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`) in the
 * words a reader writes it, for the people page and for citations and GEDCOM notes alike.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "1887-06-14" → "14 June 1887"; "1887-06" → "June 1887"; "1887-13" → "1887"; anything unreadable is returned trimmed. */
export function datePhrase(normalized: string): string {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(normalized.trim());
  if (!m) return normalized.trim();
  const month = m[2] ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!month) return m[1]!;
  return m[3] ? `${Number(m[3])} ${month} ${m[1]}` : `${month} ${m[1]}`;
}
