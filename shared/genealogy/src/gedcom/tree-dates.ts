import type { GedcomDateValue } from './dates';
import type { GedcomVersion } from './model';

/*
 * A date as an imported file wrote it ("ABT 1850", "@#DJULIAN@ 11 FEB 1731/32", "JULIAN 1 JAN
 * 1700", "2 Jan 1952", "(in the war)") written for the export's version (issue 32, decision 0230):
 * calendars, B.C./BCE and month case in that version's spelling; what that version cannot say as
 * a date (a dual year in 7.0, an interpreted date's words, anything the grammar does not take)
 * goes into its phrase: `(words)` in 5.5.1, DATE.PHRASE in 7.0. The words are never lost.
 */

const CALENDAR_55: Record<string, string> = {
  GREGORIAN: '@#DGREGORIAN@',
  JULIAN: '@#DJULIAN@',
  HEBREW: '@#DHEBREW@',
  FRENCH_R: '@#DFRENCH R@',
};
const MONTHS: Record<string, Set<string>> = {
  GREGORIAN: new Set(['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']),
  HEBREW: new Set(['TSH', 'CSH', 'KSL', 'TVT', 'SHV', 'ADR', 'ADS', 'NSN', 'IYR', 'SVN', 'TMZ', 'AAV', 'ELL']),
  FRENCH_R: new Set([
    'VEND',
    'BRUM',
    'FRIM',
    'NIVO',
    'PLUV',
    'VENT',
    'GERM',
    'FLOR',
    'PRAI',
    'MESS',
    'THER',
    'FRUC',
    'COMP',
  ]),
};
MONTHS.JULIAN = MONTHS.GREGORIAN!;

interface Day {
  calendar: string | null;
  day: string | null;
  month: string | null;
  year: string;
  /** The later year of a dual year ("1731/32" → "1732"), Gregorian only. */
  dual: string | null;
  bce: boolean;
}

/** One date: `[calendar] [[day] month] year[/yy] [BCE]`, in either version's spelling; null when it is not one. */
function readDay(text: string): Day | null {
  let t = text
    .replace(/@#D(GREGORIAN|JULIAN|HEBREW|FRENCH R)@/g, (_, c: string) => c.replace(' ', '_'))
    .replace(/\s*\b(B\.\s?C\.?|BCE|BC)$/, ' BCE')
    .trim();
  const bce = / BCE$/.test(t);
  t = t.replace(/ BCE$/, '');
  const words = t.split(' ');
  const calendar = /^(GREGORIAN|JULIAN|HEBREW|FRENCH_R)$/.test(words[0]!) ? words.shift()! : null;
  const m = /^(\d{1,4})(?:\/(\d{2}))?$/.exec(words.pop() ?? '');
  if (!m) return null;
  const months = MONTHS[calendar ?? 'GREGORIAN']!;
  const month = words.length ? words.pop()! : null;
  if (month && !months.has(month)) return null;
  const day = words.length ? words.pop()! : null;
  if (words.length || (day && !/^\d{1,2}$/.test(day))) return null;
  if (m[2] && (calendar === 'HEBREW' || calendar === 'FRENCH_R' || bce)) return null;
  const dual = m[2] ? `${m[1]!.slice(0, -2)}${m[2]}` : null;
  return { calendar, day, month, year: m[1]!, dual, bce };
}

function writeDay(d: Day, version: GedcomVersion): string {
  const calendar = d.calendar ? (version === '5.5.1' ? CALENDAR_55[d.calendar]! : d.calendar) : null;
  const year = d.dual ? (version === '5.5.1' ? `${d.year}/${d.dual.slice(-2)}` : d.dual) : d.year;
  const era = d.bce ? (version === '5.5.1' ? 'B.C.' : 'BCE') : null;
  return [calendar, d.day, d.month, year, era].filter(Boolean).join(' ');
}

/** The DATE payload (and phrase) for `version`, from a date as the imported file wrote it. */
export function treeDate(written: string, version: GedcomVersion): GedcomDateValue {
  const original = written.replace(/\s+/g, ' ').trim();
  const phraseOnly = (words: string): GedcomDateValue =>
    version === '5.5.1' ? { value: `(${words.replace(/[()]/g, '')})` } : { value: '', phrase: words };
  const quoted = /^(.*?)\s*\((.*)\)$/.exec(original);
  const core = (quoted ? quoted[1]! : original).toUpperCase();
  const words = quoted?.[2]?.trim() || null;
  if (!core) return phraseOnly(words ?? original);

  const parts = /^(?:(ABT|CAL|EST|BEF|AFT|INT|TO) (.+)|BET (.+) AND (.+)|FROM (.+?)(?: TO (.+))?|(.+))$/.exec(core)!;
  const [, prefix, one, betA, betB, fromA, fromB, plain] = parts;
  const days = (prefix ? [one] : betA ? [betA, betB] : fromA ? [fromA, fromB] : [plain])
    .filter((x): x is string => x !== undefined)
    .map(readDay);
  if (days.some((d) => d === null)) return phraseOnly(original);
  const [a, b] = days.map((d) => writeDay(d!, version));
  const anyDual = days.some((d) => d!.dual);
  let value: string;
  if (prefix === 'INT') value = version === '5.5.1' ? `INT ${a}` : a!;
  else if (prefix) value = `${prefix} ${a}`;
  else if (betA) value = `BET ${a} AND ${b}`;
  else if (fromA) value = b ? `FROM ${a} TO ${b}` : `FROM ${a}`;
  else value = a!;
  if (version === '5.5.1') {
    if (!words) return { value: prefix === 'INT' ? a! : value };
    // 5.5.1 gives words only to an interpreted date, INT <date> (<words>); anything else is all words.
    return prefix === 'INT' || plain ? { value: `INT ${a} (${words.replace(/[()]/g, '')})` } : phraseOnly(original);
  }
  // 7.0 has neither dual years nor INT: the date as a modern one, the file's words as its phrase.
  const phrase = words ?? (anyDual || prefix === 'INT' ? original : null);
  return phrase ? { value, phrase } : { value };
}
