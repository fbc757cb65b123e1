import { type Built, fullDate, monthDate, monthWord, STYLE, YEAR } from './dates-core';
import { type NumberRead, isNumberWord, readNumber, wordKey } from './dates-numbers';

/**
 * Dates with the day or the year written in words: "the six and twentieth of October 1741",
 * "the first day of May in the year of our Lord one thousand seven hundred and forty-one",
 * "le vingt-trois mars mil huit cent quarante-cinq", "den dritten Mai 1852", "die vigesima sexta
 * Octobris", "a veinte y seis de octubre de mil setecientos noventa", "addì ventisei ottobre",
 * "den zevenentwintigsten October", "aos quinze dias do mês de setembro de mil oitocentos e noventa
 * e um", and years named after a year word ("l'an mil sept cent
 * douze", "im Jahre achtzehnhundertzweiundfünfzig", "anno millesimo septingentesimo").
 * The text is cut into words once; numbers are read only next to a month or a year word.
 */

export interface Token {
  raw: string;
  key: string;
  start: number;
  end: number;
}

/** A day and month the record gives without a year; the register's heading or a regnal year may place it. */
export interface DayMonth {
  start: number;
  end: number;
  day: number;
  month: number;
  /** The month as written, to tell "May Brown" (a name) from "May 3" (a date). */
  monthRaw: string;
}

export interface WordDate {
  start: number;
  end: number;
  built: Built;
}

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const re = /[\p{L}\p{M}]+|\d+[\p{L}ºª°]*|\S/gu;
  for (let m = re.exec(text); m; m = re.exec(text))
    out.push({ raw: m[0], key: wordKey(m[0]), start: m.index, end: m.index + m[0].length });
  return out;
}

// biome-ignore format: word lists read better packed
const DAY_FILLERS = new Set([
  'day', 'of', 'the', 'month', 'jour', 'du', 'de', 'd', "'", '’', 'mois', 'di', 'del', 'mese', 'giorno', 'dia', 'mes',
  'van', 'maand', 'dag', 'des', 'monats', 'mensis', '.', 'dias', 'do', 'mez',
]);
// biome-ignore format: word lists read better packed
const YEAR_FILLERS = new Set([
  ',', '.', 'in', 'the', 'year', 'of', 'our', 'lord', 'anno', 'domini', 'ao', 'de', 'del', 'ano', 'an', 'l', "'", '’',
  'im', 'jahre', 'jahr', 'des', 'jahres', 'dell', 'anno', 'jaar', 'van', 'het', 'a', 'd', 'salutis', 'annee', 'grace',
  'en', 'dello', 'stesso', 'senor', 'nuestro', 'do',
]);
/** Words that name "the year" before a year in words: "l'an", "the year", "im Jahre", "anno", "del año", "het jaar". */
const YEAR_WORDS = new Set(['an', 'year', 'jahre', 'jahr', 'jahres', 'anno', 'ano', 'jaar', 'jare', 'jaere', 'annee']);
/**
 * The word before a year word, when it must be one of these: "l'an", "the year", "im Jahre",
 * "des Jahres", "del año", "het jaar", "in den jare", "l'année" ("every year one thousand pounds"
 * names no year). Latin and
 * Italian "anno" stands alone.
 */
const BEFORE_YEAR_WORD: Record<string, ReadonlySet<string>> = {
  an: new Set(["'", '’']),
  annee: new Set(["'", '’']),
  year: new Set(['the']),
  jahre: new Set(['im', 'des', 'dem', 'vom']),
  jahr: new Set(['im', 'des', 'dem', 'vom']),
  jahres: new Set(['des']),
  jare: new Set(['den']),
  jaere: new Set(['den']),
  ano: new Set(['del', 'el', 'al']),
  jaar: new Set(['het', 'des']),
};
/** A number followed by one of these counts money, land or people, not years: "mil huit cents francs". */
// biome-ignore format: word lists read better packed
const UNITS_AFTER = new Set([
  'francs', 'franc', 'livres', 'pounds', 'pound', 'acres', 'dollars', 'marks', 'mark', 'gulden', 'guilders', 'florins',
  'lire', 'lira', 'pesos', 'reales', 'thaler', 'taler', 'shillings', 'men', 'hommes', 'personnes', 'ecus', 'sous',
  'kreuzer', 'rixdollars', 'rthlr', 'stuivers', 'ducats', 'ducati', 'scudi', 'seelen', 'einwohner', 'inhabitants',
]);
/** What may stand between a year word and its number: "of our Lord", "Domini", "de grâce", "del Señor". */
const AFTER_YEAR_WORD = new Set(['of', 'our', 'lord', 'the', 'domini', 'de', 'grace', 'del', 'senor', 'salutis', '.']);
/** A cardinal is a day only after these ("le vingt-trois", "a tres", "addì ventisei", "op zes"): "due May" is not. */
// biome-ignore format: word lists read better packed
const CARDINAL_DAY_INTRO = new Set([
  'le', 'du', 'au', 'ce', 'a', 'el', 'dia', 'il', 'addi', 'li', 'al', 'di', 'del', 'giorno', 'den', 'op', 'de', 'jour',
  'aos', 'ao', 'no', 'em',
]);
/** Month words that are also English words ("the second may be", "the first march"): a date only when capitalised. */
const COMMON_WORD_MONTHS = new Set(['may', 'march', 'mar', 'sept']);

/**
 * A day in Roman numerals as 16th- and 17th-century clerks wrote it: "the xth of Maye", "die xxvj
 * Maii", "the iiijth day of June" (a final j is an i). Only after "the", "die", "den" or "le":
 * a lone "vi" or "xi" elsewhere may be anything.
 */
const ROMAN_INTRO = new Set(['the', 'die', 'den', 'le', 'this']);
const ROMAN = /^(x{0,3})(ix|iv|v?i{0,4}j?)(?:th|st|nd|rd|d|t|o|a)?$/;
function romanDay(key: string): number | undefined {
  const m = ROMAN.exec(key);
  if (!m || !(m[1]! + m[2]!)) return undefined;
  const units = m[2]!.replace(/j$/, 'i');
  const unit =
    units === 'ix' ? 9 : units === 'iv' ? 4 : (units.startsWith('v') ? 5 : 0) + (units.match(/i/g)?.length ?? 0);
  const day = m[1]!.length * 10 + unit;
  return day >= 1 && day <= 31 ? day : undefined;
}

const DIGIT_DAY = /^(\d{1,2})(?:st|nd|rd|th|d|er|sten|ste|ten|ter|te|de|den|e|ème|eme|mo|ma|a|o|º|°|ª)?$/u;
const DIGIT_YEAR = new RegExp(`^${YEAR}$`);
/** After a digit year: its double-dated second year and an Old/New Style mark. */
const YEAR_TAIL = new RegExp(String.raw`^(?:/(\d{1,4}))?(?!\d)${STYLE}`, 'iu');

interface Span<T> {
  value: T;
  from: number;
  to: number;
}

/** The longest number of words ending at token `last` (no earlier than `first`), read from its first word. */
export function numberEndingAt(tokens: Token[], first: number, last: number): Span<NumberRead> | undefined {
  let from = last;
  while (from > first && from - 1 >= 0 && (isNumberWord(tokens[from - 1]!.key) || tokens[from - 1]!.key === '-'))
    from--;
  for (let s = from; s <= last; s++) {
    if (tokens[s]!.key === '-') continue;
    const n = readNumber(tokens.slice(s, last + 1).map((t) => t.key));
    if (n && n.used === last - s + 1) return { value: n, from: s, to: last };
  }
  return undefined;
}

function numberFrom(tokens: Token[], from: number): Span<NumberRead> | undefined {
  if (from >= tokens.length || !isNumberWord(tokens[from]!.key)) return undefined;
  const n = readNumber(tokens.slice(from, from + 12).map((t) => t.key));
  return n ? { value: n, from, to: from + n.used - 1 } : undefined;
}

const isDay = (n: NumberRead) => !n.large && n.value >= 1 && n.value <= 31;
// From 1100: "one thousand" alone is a count far more often than a year of a record.
const isYear = (n: NumberRead) => n.large && n.value >= 1100 && n.value <= 2099;

interface DayRead {
  day: number;
  from: number;
  to: number;
  words: boolean;
}

/** The day before the month at token `m`: "six and twentieth (day) of", "vingt-trois", "3rd day of". */
function dayBefore(tokens: Token[], m: number): DayRead | undefined {
  let j = m - 1;
  while (j >= 0 && m - j <= 5 && DAY_FILLERS.has(tokens[j]!.key)) j--;
  if (j < 0) return undefined;
  const digit = DIGIT_DAY.exec(tokens[j]!.key);
  if (digit) return { day: Number(digit[1]), from: j, to: j, words: false };
  const roman = romanDay(tokens[j]!.key);
  if (roman && ROMAN_INTRO.has(tokens[j - 1]?.key ?? '')) return { day: roman, from: j, to: j, words: true };
  const n = numberEndingAt(tokens, Math.max(0, j - 8), j);
  if (!n || !isDay(n.value)) return undefined;
  const intro = tokens[n.from - 1]?.key;
  if (!n.value.ordinal && !(n.value.cardinalDay && intro !== undefined && CARDINAL_DAY_INTRO.has(intro)))
    return undefined;
  return { day: n.value.value, from: n.from, to: n.to, words: true };
}

/** "October the twenty-sixth": an ordinal in words after the month. */
function dayAfter(tokens: Token[], m: number): DayRead | undefined {
  const at = tokens[m + 1]?.key === 'the' ? m + 2 : m + 1;
  const n = numberFrom(tokens, at);
  if (!n || !isDay(n.value) || !n.value.ordinal) return undefined;
  return { day: n.value.value, from: n.from, to: n.to, words: true };
}

interface YearRead {
  year: number;
  second?: string;
  style?: string;
  to: number;
  end: number;
  words: boolean;
}

/** The year after token `after`: "1741", "1740/1 O.S.", "in the year of our Lord one thousand …", "mil huit cent". */
function yearAfter(text: string, tokens: Token[], after: number): YearRead | undefined {
  let k = after + 1;
  while (k < tokens.length && k - after <= 8 && YEAR_FILLERS.has(tokens[k]!.key)) k++;
  const t = tokens[k];
  if (!t) return undefined;
  if (DIGIT_YEAR.test(t.key)) {
    const tail = YEAR_TAIL.exec(text.slice(t.end, t.end + 24))!;
    const end = t.end + tail[0].length;
    let to = k;
    while (to + 1 < tokens.length && tokens[to + 1]!.start < end) to++;
    return { year: Number(t.key), second: tail[1], style: tail[2], to, end, words: false };
  }
  const n = numberFrom(tokens, k);
  if (!n || !isYear(n.value) || UNITS_AFTER.has(tokens[n.to + 1]?.key ?? '')) return undefined;
  return { year: n.value.value, to: n.to, end: tokens[n.to]!.end, words: true };
}

/** Every date with its day or year in words, and every day and month in words without a year. */
export function wordDates(text: string, tokens: Token[]): { dated: WordDate[]; undated: DayMonth[] } {
  const dated: WordDate[] = [];
  const undated: DayMonth[] = [];
  for (let m = 0; m < tokens.length; m++) {
    const t = tokens[m]!;
    const month = monthWord(t.raw);
    if (month === undefined) continue;
    if (COMMON_WORD_MONTHS.has(t.key) && t.raw === t.key) continue;
    let day = dayBefore(tokens, m);
    const after = day ? undefined : dayAfter(tokens, m);
    day ??= after;
    const yearFrom = after ? after.to : tokens[m + 1]?.key === '.' ? m + 1 : m;
    const year = yearAfter(text, tokens, yearFrom);
    if (!day?.words && !year?.words) continue;
    const start = tokens[day && !after ? day.from : m]!.start;
    if (day && year) {
      const built = fullDate(undefined, year.year, month, day.day, year.second, year.style);
      if (built) dated.push({ start, end: year.end, built });
    } else if (year) {
      const built = monthDate(undefined, year.year, month, undefined, undefined);
      if (built) dated.push({ start, end: year.end, built });
    } else if (day) {
      const end = tokens[after ? after.to : m]!.end;
      undated.push({ start, end, day: day.day, month, monthRaw: t.raw });
    }
  }
  for (let a = 0; a < tokens.length; a++) {
    const word = tokens[a]!.key;
    if (!YEAR_WORDS.has(word)) continue;
    const need = BEFORE_YEAR_WORD[word];
    if (need && !need.has(tokens[a - 1]?.key ?? '')) continue;
    // "an" is a year only in "l'an" ("an eighteen hundred pound loan" is not).
    if (word === 'an' && tokens[a - 2]?.key !== 'l') continue;
    let k = a + 1;
    while (k < tokens.length && k - a <= 5 && AFTER_YEAR_WORD.has(tokens[k]!.key)) k++;
    const n = numberFrom(tokens, k);
    if (!n || !isYear(n.value) || UNITS_AFTER.has(tokens[n.to + 1]?.key ?? '')) continue;
    const y = n.value.value;
    const start = tokens[a]!.key === 'an' ? tokens[a - 2]!.start : tokens[a]!.start;
    dated.push({ start, end: tokens[n.to]!.end, built: { normalized: String(y), qualifier: 'exact', year: y } });
  }
  return { dated, undated };
}
