import { dayDate, type Found, range, type Taken } from './dates-core';
import { type DayMonth, numberEndingAt, tokenize } from './dates-words';

/**
 * Regnal years, as English deeds, wills and statutes date themselves: "in the fourth year of the
 * reign of our Sovereign Lord King George the Third", "the 12th year of Queen Victoria",
 * "4 Geo. III", "1 Vict.". A regnal year runs from the anniversary of the accession to the day
 * before the next, so it spans two calendar years: it is read as a range ("between"), or as one
 * year or a full date when the record gives the day and month ("the 10th day of May in the fourth
 * year …" is 10 May 1764) or the regnal year ends within one calendar year.
 *
 * The table: English and British monarchs from William III to George V, with the accession and
 * the end of the reign as historians give them (days as then reckoned, years beginning 1 January).
 * William and Mary's years run from 13 February 1689 and go on under William alone after 1694.
 * Statute citations ("13 Geo. III c. 21", "4 & 5 Vict.") name a law or a parliamentary session,
 * not the record's day, and are not read; nor is a George or a William without his number.
 */
interface Reign {
  accession: [number, number, number];
  end: [number, number, number];
}
const REIGNS: Record<string, Reign> = {
  'william 3': { accession: [1689, 2, 13], end: [1702, 3, 8] },
  anne: { accession: [1702, 3, 8], end: [1714, 8, 1] },
  'george 1': { accession: [1714, 8, 1], end: [1727, 6, 11] },
  'george 2': { accession: [1727, 6, 11], end: [1760, 10, 25] },
  'george 3': { accession: [1760, 10, 25], end: [1820, 1, 29] },
  'george 4': { accession: [1820, 1, 29], end: [1830, 6, 26] },
  'william 4': { accession: [1830, 6, 26], end: [1837, 6, 20] },
  victoria: { accession: [1837, 6, 20], end: [1901, 1, 22] },
  'edward 7': { accession: [1901, 1, 22], end: [1910, 5, 6] },
  'george 5': { accession: [1910, 5, 6], end: [1936, 1, 20] },
};

const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, seventh: 7 };
const ROMANS: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4, v: 5, vii: 7 };

const TITLES = String.raw`(?:(?:our|his|her|the|late|present|most|gracious|excellent|sovereign|lord|lady|majesty|majesty's|king|queen|dread)\s+){0,6}`;
const NAMES = '(george|william|anne|victoria|edward)';
const NUMERAL = String.raw`(?:\s+the\s+(first|second|third|fourth|fifth|seventh)|\s+(iii|ii|iv|vii|v|i|[1-7])(?:st|nd|rd|th|d)?(?![\p{L}\d]))?`;
/** "year of the reign of our Sovereign Lord King George the Third", "year of Queen Victoria" ("Regin": a common slip). */
const LONG = new RegExp(
  String.raw`\byear\s+of\s+(?:the\s+)?(re(?:ign|gin)\s+of\s+)?(${TITLES})${NAMES}(\s+(?:and|&)\s+(?:queen\s+)?mary)?${NUMERAL}`,
  'giu',
);
/** "4 Geo. III", "1 Vict.", "10 Will. III", "5 W. & M.", "2 Edw. VII". */
const SHORT =
  /(?<![\p{L}\d/.])(\d{1,2})(?:st|nd|rd|th|d)?\s+(?:(geo\.?|gul\.|will\.|wm\.|edw\.?)\s*(iii|ii|iv|vii|v|i)|(vict?\.)|(w\.\s*(?:&|and)\s*m\.))(?![\p{L}\d])/giu;
const STATUTE_AFTER = /^,?\s*(?:c|cap|ch)\.?\s*\d/i;
const SESSION_BEFORE = /(?:&|and|-)\s*$/i;
/** Between a day and month and the regnal year that places them: "the 10th day of May, in the". */
// "i the": OCR drops letters, and nothing else can stand between a day and a regnal year.
const JOIN = /^[\s,;.]*(?:and\s+)?(?:in?\s+)?(?:the\s+)?$/i;

function reignOf(name: string, withMary: boolean, numeral: number | undefined): Reign | undefined {
  const n = name.toLowerCase();
  if (n === 'william' && withMary) return REIGNS['william 3'];
  if (n === 'anne' || n === 'victoria') return REIGNS[n];
  return numeral ? REIGNS[`${n} ${numeral}`] : undefined;
}

const before = (a: [number, number, number], b: [number, number, number]) =>
  a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] < b[2];

interface Regnal {
  start: number;
  end: number;
  reign: Reign;
  n: number;
}

function longForms(text: string): Regnal[] {
  const out: Regnal[] = [];
  LONG.lastIndex = 0;
  for (let m = LONG.exec(text); m; m = LONG.exec(text)) {
    const [, reignWords, titles, name, mary, ordinal, roman] = m;
    if (!reignWords && !/king|queen|majesty|sovereign|lord|lady/i.test(titles ?? '')) continue;
    const numeral = ordinal
      ? ORDINALS[ordinal.toLowerCase()]
      : roman
        ? (ROMANS[roman.toLowerCase()] ?? Number(roman))
        : undefined;
    const reign = reignOf(name!, mary !== undefined, numeral);
    if (!reign) continue;
    // The regnal year's number ends just before "year": "the fourth", "the 4th", "the six and thirtieth".
    const from = Math.max(0, m.index - 60);
    const tokens = tokenize(text.slice(from, m.index));
    const last = tokens.length - 1;
    if (last < 0) continue;
    // "forth" is the old spelling of "fourth"; a cardinal ("the Nineteen Year") is a clerk's slip with one reading.
    const key = tokens[last]!.key;
    const digit = key === 'forth' ? ['forth', '4'] : /^(\d{1,2})(?:st|nd|rd|th|d)?$/.exec(key);
    const words = digit ? undefined : numberEndingAt(tokens, Math.max(0, last - 6), last);
    const n = digit ? Number(digit[1]) : words && !words.value.large ? words.value.value : undefined;
    if (!n) continue;
    const first = digit ? last : words!.from;
    out.push({ start: from + tokens[first]!.start, end: m.index + m[0].length, reign, n });
  }
  return out;
}

function shortForms(text: string): Regnal[] {
  const out: Regnal[] = [];
  SHORT.lastIndex = 0;
  for (let m = SHORT.exec(text); m; m = SHORT.exec(text)) {
    const end = m.index + m[0].length;
    if (
      STATUTE_AFTER.test(text.slice(end, end + 10)) ||
      SESSION_BEFORE.test(text.slice(Math.max(0, m.index - 6), m.index))
    )
      continue;
    const [, n, abbr, roman, vict, wm] = m;
    const name = wm
      ? 'william'
      : vict
        ? 'victoria'
        : /^ge/i.test(abbr!)
          ? 'george'
          : /^ed/i.test(abbr!)
            ? 'edward'
            : 'william';
    const reign = reignOf(name, wm !== undefined, roman ? ROMANS[roman.toLowerCase()] : undefined);
    if (reign) out.push({ start: m.index, end, reign, n: Number(n) });
  }
  return out;
}

/** Regnal years, each placed by the day and month just before it when the record gives them. */
export function regnalDates(
  text: string,
  undated: readonly DayMonth[],
  found: readonly Found[],
  taken: Taken,
): Found[] {
  const out: Found[] = [];
  for (const r of [...longForms(text), ...shortForms(text)].sort((a, b) => a.start - b.start)) {
    if (taken.overlaps(r.start, r.end)) continue;
    const [ay, am, ad] = r.reign.accession;
    const first: [number, number, number] = [ay + r.n - 1, am, ad];
    if (r.n < 1 || !before(first, r.reign.end)) continue;
    const last: [number, number, number] = before([ay + r.n, am, ad], r.reign.end) ? [ay + r.n, am, ad] : r.reign.end;
    const day = undated.find(
      (c) => c.end <= r.start && JOIN.test(text.slice(c.end, r.start)) && !taken.overlaps(c.start, c.end),
    );
    if (day) {
      const year = before([first[0], day.month, day.day], first) ? first[0] + 1 : first[0];
      const built = dayDate(year, day.month, day.day);
      if (!built || !before([year, day.month, day.day], last)) continue;
      taken.take(day.start, r.end);
      out.push({ original: text.slice(day.start, r.end).trim(), ...built, at: day.start });
      continue;
    }
    // A full date just before already says which year ("the 10th of May 1764, in the fourth year …").
    const lastYear = last[1] === 1 && last[2] === 1 ? last[0] - 1 : last[0];
    if (found.some((d) => d.at < r.start && r.start - d.at < 80 && d.year >= first[0] && d.year <= lastYear)) continue;
    const built =
      lastYear === first[0]
        ? { normalized: String(first[0]), qualifier: 'exact' as const, year: first[0] }
        : range(first[0], lastYear);
    if (!built) continue;
    taken.take(r.start, r.end);
    out.push({ original: text.slice(r.start, r.end).trim(), ...built, at: r.start });
  }
  return out;
}
