import type { DateInfoItem } from '@gnology/contracts';

/**
 * Genealogical dates as records write them: "15 March 1850", "Mar. 15, 1850", "15/03/1850",
 * "abt 1850", "bef. 1900", "circa 1820", "1849/50" (double dating), "1850-1855",
 * "between 1850 and 1855". Each is kept with its original text and a sortable normal form.
 * Numeric dates are read day first (15/03/1850), the genealogical convention, unless the
 * second number cannot be a month (03/15/1850 is then read month first).
 */

const MONTHS: Record<string, number> = {
  january: 1, jan: 1, february: 2, feb: 2, march: 3, mar: 3, april: 4, apr: 4, may: 5, june: 6, jun: 6,
  july: 7, jul: 7, august: 8, aug: 8, september: 9, sept: 9, sep: 9, october: 10, oct: 10, november: 11, nov: 11, december: 12, dec: 12,
};
const MONTH = '(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\\.?';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR = '(1[0-9]\\d\\d|20[0-2]\\d)';
const DUAL = `(?:/(\\d{2}|\\d{4}))?`;
const QUAL = '(?:(abt\\.?|about|approx\\.?|approximately|circa|ca\\.?|c\\.|bef\\.?|before|aft\\.?|after)\\s+)?';

type Qualifier = DateInfoItem['qualifier'];

function qualifierOf(word: string | undefined): Qualifier {
  if (!word) return 'exact';
  const w = word.toLowerCase().replace(/\.$/, '');
  if (w === 'bef' || w === 'before') return 'before';
  if (w === 'aft' || w === 'after') return 'after';
  return 'about';
}

const pad = (n: number) => String(n).padStart(2, '0');

function validDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= days[month - 1]!;
}

/** "1849/50" → 1850 when the second part is the next year (Julian/Gregorian double dating). */
function dualYear(year: number, second: string | undefined): number | undefined {
  if (!second) return undefined;
  const full = second.length === 2 ? Math.floor(year / 100) * 100 + Number(second) : Number(second);
  return full === year + 1 ? full : undefined;
}

interface Rule {
  re: RegExp;
  build(m: RegExpExecArray): Omit<DateInfoItem, 'original'> | undefined;
}

const RULES: Rule[] = [
  // between 1850 and 1855 / from 1850 to 1855
  {
    re: new RegExp(`\\b(?:between|bet\\.?|btw\\.?|from)\\s+${YEAR}\\s+(?:and|to|&|-)\\s+${YEAR}\\b`, 'gi'),
    build: (m) => range(Number(m[1]), Number(m[2])),
  },
  // 15 March 1850, 15th Mar. 1850, 10 Feb 1749/50
  {
    re: new RegExp(`\\b${QUAL}${DAY}\\s+(?:of\\s+)?${MONTH},?\\s+${YEAR}${DUAL}(?!\\d)`, 'gi'),
    build: (m) => fullDate(m[1], Number(m[4]), MONTHS[m[3]!.toLowerCase()]!, Number(m[2]), m[5]),
  },
  // Mar. 15, 1850 / March 15th 1850
  {
    re: new RegExp(`\\b${QUAL}${MONTH}\\s+${DAY},?\\s+${YEAR}${DUAL}(?!\\d)`, 'gi'),
    build: (m) => fullDate(m[1], Number(m[4]), MONTHS[m[2]!.toLowerCase()]!, Number(m[3]), m[5]),
  },
  // 1850-03-15 (ISO)
  {
    re: new RegExp(`\\b${YEAR}-(\\d{2})-(\\d{2})\\b`, 'g'),
    build: (m) => fullDate(undefined, Number(m[1]), Number(m[2]), Number(m[3]), undefined),
  },
  // 15/03/1850, 15.03.1850, 15-03-1850
  {
    re: new RegExp(`\\b${QUAL}(\\d{1,2})[/.-](\\d{1,2})[/.-]${YEAR}\\b`, 'gi'),
    build: (m) => {
      const a = Number(m[2]);
      const b = Number(m[3]);
      const year = Number(m[4]);
      const [day, month] = a > 12 || b <= 12 ? [a, b] : [b, a];
      return fullDate(m[1], year, month, day, undefined);
    },
  },
  // March 1850
  {
    re: new RegExp(`\\b${QUAL}${MONTH},?\\s+${YEAR}${DUAL}(?!\\d)`, 'gi'),
    build: (m) => {
      const month = MONTHS[m[2]!.toLowerCase()]!;
      const year = Number(m[3]);
      const dual = dualYear(year, m[4]);
      const y = dual ?? year;
      return { normalized: `${y}-${pad(month)}`, qualifier: dual ? 'dual_year' : qualifierOf(m[1]), year: y };
    },
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
    re: new RegExp(`(?<![\\w#/.-])${QUAL}${YEAR}${DUAL}(?![\\w/]|[.,-]\\d)`, 'gi'),
    build: (m) => {
      const year = Number(m[2]);
      const dual = dualYear(year, m[3]);
      if (m[3] && !dual) return undefined;
      return { normalized: String(dual ?? year), qualifier: dual ? 'dual_year' : qualifierOf(m[1]), year: dual ?? year };
    },
  },
];

function fullDate(qual: string | undefined, year: number, month: number, day: number, second: string | undefined) {
  const dual = dualYear(year, second);
  const y = dual ?? year;
  if (!validDay(y, month, day)) return undefined;
  return { normalized: `${y}-${pad(month)}-${pad(day)}`, qualifier: (dual ? 'dual_year' : qualifierOf(qual)) as Qualifier, year: y };
}

function range(start: number, end: number) {
  if (end <= start || end - start > 150) return undefined;
  return { normalized: `${start}/${end}`, qualifier: 'between' as Qualifier, year: start };
}

// A bare number after these is a count or an identifier, not a year.
const NOT_A_YEAR_BEFORE = /(?:\bno\.?|\bnumber|\bpage|\bp\.|\bvol\.?|\bbox|\broll|\bfolio|\$|#)\s*$/i;

/** Every date in `text`, in reading order, without overlaps (longer, more specific forms win). */
export function extractDates(text: string): DateInfoItem[] {
  const taken: [number, number][] = [];
  const found: (DateInfoItem & { at: number })[] = [];
  const overlaps = (s: number, e: number) => taken.some(([a, b]) => s < b && e > a);
  for (const rule of RULES) {
    rule.re.lastIndex = 0;
    for (let m = rule.re.exec(text); m; m = rule.re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (overlaps(start, end)) continue;
      if (NOT_A_YEAR_BEFORE.test(text.slice(Math.max(0, start - 12), start))) continue;
      const built = rule.build(m);
      if (!built) continue;
      taken.push([start, end]);
      found.push({ original: m[0].trim(), ...built, at: start });
    }
  }
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
