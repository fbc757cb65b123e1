import type { DateInfoItem } from '@gnology/contracts';
import { datesFromContext, digitDayMonths } from './dates-context';
import {
  type Built,
  DAY,
  DAY_MONTH,
  DUAL,
  type Found,
  fullDate,
  MONTH,
  monthDate,
  monthOf,
  QUAL,
  qualifierOf,
  range,
  STYLE,
  Taken,
  withCalendar,
  YEAR,
} from './dates-core';
import { regnalDates } from './dates-regnal';
import { relativeDates } from './dates-relative';
import { tokenize, wordDates } from './dates-words';

export { MONTH_NAMES } from './dates-core';

/**
 * Genealogical dates as records write them: "15 March 1850", "Mar. 15, 1850", "15/03/1850",
 * "abt 1850", "bef. 1900", "circa 1820", "1849/50" (double dating), "1850-1855",
 * "between 1850 and 1855"; with the day or year in words (dates-words.ts: "the six and twentieth
 * of October 1741", "le vingt-trois mars mil huit cent quarante-cinq"); a day and month placed by
 * the register's year (dates-context.ts) or by a regnal year (dates-regnal.ts: "the 10th day of
 * May in the fourth year of the reign of King George the Third"); and days given relative to the
 * document's own date (dates-relative.ts: "the 3rd inst."). Each is kept with its original text
 * and a sortable normal form. Numeric dates are read day first (15/03/1850), the genealogical
 * convention, unless the second number cannot be a month (03/15/1850 is then read month first).
 * Old Style and double dating: see `fullDate` in dates-core.ts. Precision first: a date is given
 * only as finely as the text fixes it, never guessed.
 */

/** Between the month and the year: "June 1887", "junio de 1887", "June in the year of our Lord 1887", "Junii anno 1741". */
const MONTH_YEAR = String.raw`,?\s*(?:de\s+|del\s+|(?:anno|a\.\s?d\.|ao\.?)\s+(?:domini\s+)?|in\s+the\s+year\s+(?:of\s+our\s+lord\s+)?)?`;

interface Rule {
  re: RegExp;
  build(m: RegExpExecArray): Built | undefined;
}

const RULES: Rule[] = [
  // between 1850 and 1855 / from 1850 to 1855 / zwischen 1850 und 1855 / entre 1850 et 1855
  {
    re: new RegExp(
      `\\b(?:between|bet\\.?|btw\\.?|from|zwischen|entre|tra|tussen|mellan|mellem|inter)\\s+${YEAR}\\s+(?:and|to|&|-|und|et|y|e|en|och|og)\\s+${YEAR}\\b`,
      'giu',
    ),
    build: (m) => range(Number(m[1]), Number(m[2])),
  },
  // 15 March 1850, 15th Mar. 1850, 10 Feb 1749/50, the 14th day of June 1887, 3. März 1850, 14 de junio de 1887, 14 Junii 1741
  {
    re: new RegExp(
      `(?<![\\p{L}\\d])${QUAL}${DAY}${DAY_MONTH}${MONTH}${MONTH_YEAR}${YEAR}${DUAL}(?!\\d)${STYLE}`,
      'giu',
    ),
    build: (m) => fullDate(m[1], Number(m[4]), monthOf(m[3]!), Number(m[2]), m[5], m[6]),
  },
  // Mar. 15, 1850 / March 15th 1850 / June the 14th, 1887
  {
    re: new RegExp(`(?<![\\p{L}\\d])${QUAL}${MONTH}\\s+(?:the\\s+)?${DAY},?\\s+${YEAR}${DUAL}(?!\\d)${STYLE}`, 'giu'),
    build: (m) => fullDate(m[1], Number(m[4]), monthOf(m[2]!), Number(m[3]), m[5], m[6]),
  },
  // 1850-03-15 (ISO)
  {
    re: new RegExp(`\\b${YEAR}-(\\d{2})-(\\d{2})\\b`, 'g'),
    build: (m) => fullDate(undefined, Number(m[1]), Number(m[2]), Number(m[3]), undefined, undefined),
  },
  // 15/03/1850, 15.03.1850, 15-03-1850
  {
    re: new RegExp(`(?<![\\p{L}\\d])${QUAL}(\\d{1,2})[/.-]\\s?(\\d{1,2})[/.-]\\s?${YEAR}\\b`, 'giu'),
    build: (m) => {
      const a = Number(m[2]);
      const b = Number(m[3]);
      const year = Number(m[4]);
      const [day, month] = a > 12 || b <= 12 ? [a, b] : [b, a];
      return fullDate(m[1], year, month, day, undefined, undefined);
    },
  },
  // March 1850, Martii 1741/2
  {
    re: new RegExp(`(?<![\\p{L}\\d])${QUAL}${MONTH}${MONTH_YEAR}${YEAR}${DUAL}(?!\\d)${STYLE}`, 'giu'),
    build: (m) => monthDate(m[1], Number(m[3]), monthOf(m[2]!), m[4], m[5]),
  },
  // 1850-1855 / 1850–55 (a range of years)
  {
    re: new RegExp(`\\b${YEAR}\\s?[-–—]\\s?(\\d{4}|\\d{2})\\b(?![-/.]\\d)`, 'g'),
    build: (m) => {
      const start = Number(m[1]);
      const end = m[2]!.length === 2 ? Math.floor(start / 100) * 100 + Number(m[2]) : Number(m[2]);
      return range(start, end);
    },
  },
  // abt 1850, bef. 1900, circa 1820, 1849/50, a bare year
  {
    re: new RegExp(`(?<![\\p{L}\\d#/.-])${QUAL}${YEAR}${DUAL}(?![\\p{L}\\d/]|[.,-]\\d)${STYLE}`, 'giu'),
    build: (m) => {
      const year = Number(m[2]);
      const dual = m[3] ? monthDate(m[1], year, 1, m[3], m[4]) : undefined;
      if (m[3] && !dual) return undefined;
      const y = dual?.year ?? year;
      return withCalendar({ normalized: String(y), qualifier: dual ? 'dual_year' : qualifierOf(m[1]), year: y }, m[4]);
    },
  },
];

// A bare number after these is a count or an identifier, not a year.
const NOT_A_YEAR_BEFORE = /(?:\bno\.?|\bnumber|\bpage|\bp\.|\bvol\.?|\bbox|\broll|\bfolio|\$|#)\s*$/i;

/** Every date in `text`, in reading order, without overlaps (longer, more specific forms win). */
export function extractDates(text: string): DateInfoItem[] {
  const taken = new Taken(text.length);
  const found: Found[] = [];
  const tokens = tokenize(text);
  // Dates with words first: "the tenth of February 1889" must not leave "February 1889" to the digit rules.
  const words = wordDates(text, tokens);
  for (const d of words.dated) {
    if (taken.overlaps(d.start, d.end)) continue;
    taken.take(d.start, d.end);
    found.push({ original: text.slice(d.start, d.end).trim(), ...d.built, at: d.start });
  }
  for (const rule of RULES) {
    rule.re.lastIndex = 0;
    for (let m = rule.re.exec(text); m; m = rule.re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken.overlaps(start, end)) continue;
      if (NOT_A_YEAR_BEFORE.test(text.slice(Math.max(0, start - 12), start))) continue;
      const built = rule.build(m);
      if (!built) continue;
      taken.take(start, end);
      found.push({ original: m[0].trim(), ...built, at: start });
    }
  }
  const undated = [...words.undated, ...digitDayMonths(text)];
  found.push(...regnalDates(text, undated, found, taken));
  found.sort((a, b) => a.at - b.at);
  found.push(...datesFromContext(text, undated, found, taken));
  found.sort((a, b) => a.at - b.at);
  found.push(...relativeDates(text, undated, found, taken));
  found.sort((a, b) => a.at - b.at);
  const seen = new Set<string>();
  const out: DateInfoItem[] = [];
  for (const { at: _at, ...d } of found) {
    const key = `${d.normalized}|${d.qualifier}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out;
}
