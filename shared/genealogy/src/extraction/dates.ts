import type { DateInfoItem } from '@gnology/contracts';

/**
 * Genealogical dates as records write them: "15 March 1850", "Mar. 15, 1850", "15/03/1850",
 * "abt 1850", "bef. 1900", "circa 1820", "1849/50" (double dating), "1850-1855",
 * "between 1850 and 1855". Each is kept with its original text and a sortable normal form.
 * Numeric dates are read day first (15/03/1850), the genealogical convention, unless the
 * second number cannot be a month (03/15/1850 is then read month first).
 */

/**
 * Month names as the records write them: English with the clerks' abbreviations ("Jany", "Septr",
 * "7ber", "Xber"), German, Dutch, French, Spanish, Italian, Portuguese, Polish (nominative and
 * genitive), Swedish, Norwegian, Danish and Latin (with the genitive forms "Januarii", "Martii").
 */
const MONTH_WORDS: [number, string][] = [
  [
    1,
    'january jan jany janry janr januar janvier enero gennaio januari janeiro styczeń stycznia styczen stycznia januarius januarii ianuarii ianuarius jänner jaenner janv genn',
  ],
  [
    2,
    'february feb feby febry febr februar février fevrier febrero febbraio februari fevereiro luty lutego februarius februarii febuary febv febru',
  ],
  [3, 'march mar march märz maerz mars marzo maart março marzec marca martius martii'],
  [4, 'april apr aprill avril abril aprile kwiecień kwietnia kwiecien aprilis aprilii avr aprl'],
  [5, 'may mai mayo maggio mei maio maj maja maius maii'],
  [6, 'june jun juni juin junio giugno junho czerwiec czerwca junius junii iunii iunius'],
  [7, 'july jul juli juillet julio luglio julho lipiec lipca julius julii iulii iulius'],
  [8, 'august aug augt augst août aout agosto augustus augusti augustii sierpień sierpnia sierpien'],
  [
    9,
    'september sep sept septr 7ber 7br 7bris septembre septiembre setiembre settembre setembro wrzesień września wrzesien wrzesnia september septembris septembri septembr sepr septemr',
  ],
  [
    10,
    'october oct octr 8ber 8br 8bris oktober octobre octubre ottobre outubro październik października pazdziernik pazdziernika okt octobris octobri octob octobr',
  ],
  [
    11,
    'november nov novr 9ber 9br 9bris novembre noviembre novembro listopad listopada novembris novembri novemb novemr',
  ],
  [
    12,
    'december dec decr 10ber xber xbr xbris 10bris dezember décembre decembre diciembre dicembre dezembro grudzień grudnia grudzien decembris decembri decemb dez decemr',
  ],
];
const MONTHS: Record<string, number> = {};
for (const [n, words] of MONTH_WORDS) for (const w of words.split(' ')) MONTHS[w] = n;
/** Every month word, for the people extractor (a capitalised month is not a name). */
export const MONTH_NAMES: ReadonlySet<string> = new Set(Object.keys(MONTHS));
const monthAlt = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .join('|');
const MONTH = `(${monthAlt})(?![\\p{L}\\d])\\.?`;
const monthOf = (w: string) => MONTHS[w.toLowerCase()]!;
const DAY = '(\\d{1,2})(?:st|nd|rd|th|d|er|ste|te|de|den|e|ème|\\.|º|°)?';
const YEAR = '(1[0-9]\\d\\d|20[0-2]\\d)';
/** A double-dated year: "1749/50", "1741/2", "1749/1750". */
const DUAL = '(?:/(\\d{1,4}))?';
/** Old Style / New Style marks after a date. */
const STYLE = String.raw`(?:\s*\(?(O\.\s?S\.|N\.\s?S\.|O\.S|N\.S|Old Style|New Style|st\.\s?v\.|st\.\s?n\.)\)?)?`;
const QUAL_WORDS =
  'abt\\.?|about|approx\\.?|approximately|circa|ca\\.?|c\\.|bef\\.?|before|aft\\.?|after|um|gegen|vor|nach|vers|avant|après|apres|hacia|antes|después|despues|intorno al|prima del|dopo il|omstreeks|omkring|før|efter|około|okolo|przed|po|ante|post';
const QUAL = `(?:(${QUAL_WORDS})\\s+)?`;
/** Between the day and the month: "14th day of June", "14 de junio", "le 14 juin", "3. März". */
const DAY_MONTH = String.raw`\s*(?:day\s+of\s+(?:the\s+month\s+of\s+)?|of\s+|de\s+|di\s+|d'|den\s+)?`;
/** Between the month and the year: "June 1887", "junio de 1887", "June in the year of our Lord 1887", "Junii anno 1741". */
const MONTH_YEAR = String.raw`,?\s*(?:de\s+|del\s+|(?:anno|a\.\s?d\.|ao\.?)\s+(?:domini\s+)?|in\s+the\s+year\s+(?:of\s+our\s+lord\s+)?)?`;

type Qualifier = DateInfoItem['qualifier'];
type Calendar = 'julian' | 'gregorian';

function qualifierOf(word: string | undefined): Qualifier {
  if (!word) return 'exact';
  const w = word.toLowerCase().replace(/\.$/, '');
  if (['bef', 'before', 'vor', 'avant', 'antes', 'prima del', 'før', 'przed', 'ante'].includes(w)) return 'before';
  if (['aft', 'after', 'nach', 'après', 'apres', 'después', 'despues', 'dopo il', 'efter', 'po', 'post'].includes(w))
    return 'after';
  return 'about';
}

function calendarOf(mark: string | undefined): Calendar | undefined {
  if (!mark) return undefined;
  const m = mark.toLowerCase().replace(/\s/g, '');
  return m.startsWith('o') || m === 'st.v.' ? 'julian' : 'gregorian';
}

const pad = (n: number) => String(n).padStart(2, '0');

function validDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = [
    31,
    year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ];
  return day <= days[month - 1]!;
}

/** "1749/50", "1741/2", "1749/1750" → the later year when it is the next one (Julian/Gregorian double dating). */
function dualYear(year: number, second: string | undefined): number | undefined {
  if (!second) return undefined;
  const n = Number(second);
  if (second.length >= 4) return n === year + 1 ? n : undefined;
  return (year + 1) % 10 ** second.length === n ? year + 1 : undefined;
}

type Built = Omit<DateInfoItem, 'original'> & { calendar?: Calendar };
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
    build: (m) => {
      const month = monthOf(m[2]!);
      const year = Number(m[3]);
      const dual = dualYear(year, m[4]);
      if (m[4] && !dual) return undefined;
      const y = dual ?? year;
      return withCalendar(
        { normalized: `${y}-${pad(month)}`, qualifier: dual ? 'dual_year' : qualifierOf(m[1]), year: y },
        m[5],
      );
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
    re: new RegExp(`(?<![\\p{L}\\d#/.-])${QUAL}${YEAR}${DUAL}(?![\\p{L}\\d/]|[.,-]\\d)${STYLE}`, 'giu'),
    build: (m) => {
      const year = Number(m[2]);
      const dual = dualYear(year, m[3]);
      if (m[3] && !dual) return undefined;
      return withCalendar(
        { normalized: String(dual ?? year), qualifier: dual ? 'dual_year' : qualifierOf(m[1]), year: dual ?? year },
        m[4],
      );
    },
  },
];

function withCalendar(item: Built, mark: string | undefined): Built {
  const calendar = calendarOf(mark);
  return calendar ? { ...item, calendar } : item;
}

function fullDate(
  qual: string | undefined,
  year: number,
  month: number,
  day: number,
  second: string | undefined,
  style: string | undefined,
): Built | undefined {
  const dual = dualYear(year, second);
  if (second && !dual) return undefined;
  const y = dual ?? year;
  if (!validDay(y, month, day)) return undefined;
  return withCalendar(
    { normalized: `${y}-${pad(month)}-${pad(day)}`, qualifier: dual ? 'dual_year' : qualifierOf(qual), year: y },
    style,
  );
}

function range(start: number, end: number): Built | undefined {
  if (end <= start || end - start > 150) return undefined;
  return { normalized: `${start}/${end}`, qualifier: 'between' as Qualifier, year: start };
}

// A bare number after these is a count or an identifier, not a year.
const NOT_A_YEAR_BEFORE = /(?:\bno\.?|\bnumber|\bpage|\bp\.|\bvol\.?|\bbox|\broll|\bfolio|\$|#)\s*$/i;

// A day and month without a year: "Den 12. Aprilis", "8th January", "addì 5 aprile", "Febr. 7", "Octr 22d".
const DAY_MONTH_ONLY = new RegExp(`(?<![\\p{L}\\d])${DAY}${DAY_MONTH}${MONTH}(?![\\p{L}\\d])`, 'giu');
const MONTH_DAY_ONLY = new RegExp(`(?<![\\p{L}\\d])${MONTH}\\s+(?:the\\s+)?${DAY}(?![\\p{L}\\d])`, 'giu');
/** "the 1st of Septr last", "the 3d inst.": relative to another date, not the register's year. */
const RELATIVE_AFTER = /^\s*(?:last|next|ult\.?|inst\.?|prox\.?|past)\b/i;
/** "Jan Kowalski", "May Brown": a month word that is a given name before a surname. */
const NAME_AFTER = /^\s+\p{Lu}\p{Ll}/u;

/**
 * Registers give the year once, in a heading or at the entry's start ("Baptisms 1741/2. Febr. 7.",
 * "Anno 1734. Den 12. Aprilis", "L'anno 1880, addì 5 aprile"): a day and month without a year
 * take the year of the last date before them. In a double-dated year the months from April on
 * belong to its first year ("1741/2": Feb. is 1742, May is 1741).
 */
function datesFromContext(
  text: string,
  found: readonly (DateInfoItem & { at: number })[],
  overlaps: (s: number, e: number) => boolean,
): (DateInfoItem & { at: number })[] {
  const out: (DateInfoItem & { at: number })[] = [];
  const rules: [RegExp, (m: RegExpExecArray) => [number, number, string]][] = [
    [DAY_MONTH_ONLY, (m) => [Number(m[1]), monthOf(m[2]!), m[2]!]],
    [MONTH_DAY_ONLY, (m) => [Number(m[2]), monthOf(m[1]!), m[1]!]],
  ];
  for (const [re, read] of rules) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (overlaps(start, end) || out.some((d) => d.at === start)) continue;
      const [day, month, word] = read(m);
      if (RELATIVE_AFTER.test(text.slice(end, end + 8))) continue;
      if (
        /^\p{Lu}/u.test(word) &&
        NAME_AFTER.test(
          text.slice(start + m[0].indexOf(word) + word.length, start + m[0].indexOf(word) + word.length + 3),
        )
      )
        continue;
      const context = [...found].reverse().find((d) => d.at < start && d.year !== undefined);
      if (!context?.year) continue;
      const year = context.qualifier === 'dual_year' && month > 3 ? context.year - 1 : context.year;
      if (!validDay(year, month, day)) continue;
      out.push({
        original: m[0].trim(),
        normalized: `${year}-${pad(month)}-${pad(day)}`,
        qualifier: 'exact',
        year,
        at: start,
      });
    }
  }
  return out;
}

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
  for (const d of datesFromContext(text, found, overlaps)) found.push(d);
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
