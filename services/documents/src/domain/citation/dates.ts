/*
 * A normalized date (`DateInfoItem.normalized`, with its qualifier) in the words a citation uses:
 * "14 June 1887", "June 1887", "about 1850", "between 1849 and 1850", "1749/50".
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
];

export interface CitedDate {
  normalized: string;
  qualifier: 'exact' | 'about' | 'before' | 'after' | 'between' | 'dual_year';
}

/** "1887-06-14" → "14 June 1887"; "1887-06" → "June 1887"; anything unreadable is returned as it is. */
export function datePhrase(normalized: string): string {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(normalized.trim());
  if (!m) return normalized.trim();
  const month = m[2] ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!month) return m[1]!;
  return m[3] ? `${Number(m[3])} ${month} ${m[1]}` : `${month} ${m[1]}`;
}

/** A double-dated year is normalized to the later (modern) year: 1750 was written "1749/50". */
export function dualYearText(year: number): string {
  return `${year - 1}/${String(year).slice(-2)}`;
}

export function citedDate(d: CitedDate): string {
  const [start = '', end] = d.normalized.split('/');
  if (end !== undefined) return `between ${datePhrase(start)} and ${datePhrase(end)}`;
  const phrase = datePhrase(start);
  switch (d.qualifier) {
    case 'about':
      return `about ${phrase}`;
    case 'before':
      return `before ${phrase}`;
    case 'after':
      return `after ${phrase}`;
    case 'dual_year': {
      const y = /\d{4}$/.exec(phrase);
      return y ? phrase.replace(/\d{4}$/, dualYearText(Number(y[0]))) : phrase;
    }
    default:
      return phrase;
  }
}
