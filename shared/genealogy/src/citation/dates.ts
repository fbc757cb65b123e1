import { datePhrase } from '@gnology/contracts';

/*
 * A normalized date (`DateInfoItem.normalized`, with its qualifier) in the words a citation uses:
 * "14 June 1887", "June 1887", "about 1850", "between 1849 and 1850", "1749/50".
 */

export interface CitedDate {
  normalized: string;
  qualifier: 'exact' | 'about' | 'before' | 'after' | 'between' | 'dual_year';
}

/** A date in words has one home, shared/contracts (record-dates); citations answer with it too. */
export { datePhrase };

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
