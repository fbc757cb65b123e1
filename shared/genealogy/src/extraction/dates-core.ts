import type { DateInfoItem } from '@gnology/contracts';

/**
 * What every date reader shares: the month words, the regex pieces for digits, and the checks that
 * turn a day, month and year into a `DateInfoItem` only when the calendar allows it.
 */

/**
 * Month names as the records write them: English with the clerks' abbreviations ("Jany", "Septr",
 * "7ber", "Xber", "Maye"), German, Dutch, French, Spanish, Italian, Portuguese, Polish
 * (nominative and genitive), Swedish, Norwegian, Danish and Latin (with the genitive forms
 * "Januarii", "Martii").
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
  [5, 'may maye mai mayo maggio mei maio maj maja maius maii'],
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
export const MONTH = `(${monthAlt})(?![\\p{L}\\d])\\.?`;
export const monthOf = (w: string) => MONTHS[w.toLowerCase()]!;
/** The month a word names, or undefined: for the word readers, which see one word at a time. */
export const monthWord = (w: string): number | undefined => MONTHS[w.toLowerCase()];
/**
 * A day in digits with the ordinal endings of the record's language: "3rd", "3d", "1er", "3e",
 * "3ème", "3.", "3te", "3ten" (German dative, "den 3ten Mai"), "3a"/"3o"/"26mo" (Latin and
 * Italian "die 3a Maii", "26mo"), "1º"; clerks often put a point after the ending ("8th. Jany. 1753").
 */
export const DAY = '(\\d{1,2})(?:(?:st|nd|rd|th|d|er|sten|ste|ten|ter|te|de|den|e|ème|mo|ma|a|o)\\.?|\\.|º|°|ª)?';
export const YEAR = '(1[0-9]\\d\\d|20[0-2]\\d)';
/** A double-dated year: "1749/50", "1741/2", "1749/1750". */
export const DUAL = '(?:/(\\d{1,4}))?';
/** Old Style / New Style marks after a date. */
export const STYLE = String.raw`(?:\s*\(?(O\.\s?S\.|N\.\s?S\.|O\.S|N\.S|Old Style|New Style|st\.\s?v\.|st\.\s?n\.)\)?)?`;
const QUAL_WORDS =
  'abt\\.?|about|approx\\.?|approximately|circa|ca\\.?|c\\.|bef\\.?|before|aft\\.?|after|um|gegen|vor|nach|vers|avant|après|apres|hacia|antes|después|despues|intorno al|prima del|dopo il|omstreeks|omkring|før|efter|około|okolo|przed|po|ante|post';
/** A qualifier word; not the "C." that ends "N.C." before a heading's date. */
export const QUAL = `(?:(?<![\\p{L}\\d.])(${QUAL_WORDS})\\s+)?`;
/** Between the day and the month: "14th day of June", "14 de junio", "le 14 juin", "3. März". */
export const DAY_MONTH = String.raw`\s*(?:day\s+of\s+(?:the\s+month\s+of\s+)?|of\s+|de\s+|di\s+|d'|den\s+)?`;

export type Qualifier = DateInfoItem['qualifier'];
export type Calendar = 'julian' | 'gregorian';
export type Built = Omit<DateInfoItem, 'original'> & { calendar?: Calendar };
/** A date found in the text, with where it starts (for reading order and for the context rules). */
export type Found = DateInfoItem & { at: number };

export function qualifierOf(word: string | undefined): Qualifier {
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

export const pad = (n: number) => String(n).padStart(2, '0');

export function validDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= days[month - 1]!;
}

/** "1749/50", "1741/2", "1749/1750" → the later year when it is the next one (Julian/Gregorian double dating). */
export function dualYear(year: number, second: string | undefined): number | undefined {
  if (!second) return undefined;
  const n = Number(second);
  if (second.length >= 4) return n === year + 1 ? n : undefined;
  return (year + 1) % 10 ** second.length === n ? year + 1 : undefined;
}

export function withCalendar(item: Built, mark: string | undefined): Built {
  const calendar = calendarOf(mark);
  return calendar ? { ...item, calendar } : item;
}

/**
 * Old Style and double dating (England and its colonies before 1752, where the year began on
 * 25 March): a slash year such as "10 February 1740/1" names the days from 1 January to 24 March,
 * and the new-style year (the later one, 1741) is the normal form; `original` keeps what the
 * clerk wrote. A day from 25 March on in a slash year belongs to the first year in both styles
 * ("1 May 1741/2" is 1 May 1741), as the register's year heading does for its later entries.
 * Days are never moved between the Julian and Gregorian calendars: "10 Xber 1745 O.S." stays
 * 1745-12-10 and carries `calendar: 'julian'`, so a reader can convert if they wish.
 */
export function fullDate(
  qual: string | undefined,
  year: number,
  month: number,
  day: number,
  second: string | undefined,
  style: string | undefined,
): Built | undefined {
  const dual = dualYear(year, second);
  if (second && !dual) return undefined;
  const y = dual !== undefined && (month < 3 || (month === 3 && day < 25)) ? dual : year;
  if (!validDay(y, month, day)) return undefined;
  return withCalendar(
    { normalized: `${y}-${pad(month)}-${pad(day)}`, qualifier: dual ? 'dual_year' : qualifierOf(qual), year: y },
    style,
  );
}

/**
 * A month and a year, "Martii 1741/2": double dating gives the later year for January to March
 * (in March the days before the 25th, which double dating is written for), the first year from
 * April on ("May 1741/2" is May 1741).
 */
export function monthDate(
  qual: string | undefined,
  year: number,
  month: number,
  second: string | undefined,
  style: string | undefined,
): Built | undefined {
  const dual = dualYear(year, second);
  if (second && !dual) return undefined;
  const y = dual !== undefined && month <= 3 ? dual : year;
  return withCalendar(
    { normalized: `${y}-${pad(month)}`, qualifier: dual ? 'dual_year' : qualifierOf(qual), year: y },
    style,
  );
}

export function range(start: number, end: number): Built | undefined {
  if (end <= start || end - start > 150) return undefined;
  return { normalized: `${start}/${end}`, qualifier: 'between' as Qualifier, year: start };
}

/** A day and month already placed in a year: the normal form, or undefined when the day does not exist. */
export function dayDate(year: number, month: number, day: number): Built | undefined {
  if (!validDay(year, month, day)) return undefined;
  return { normalized: `${year}-${pad(month)}-${pad(day)}`, qualifier: 'exact', year };
}

/**
 * Which parts of the text a date already took: one flag per character, so checking and marking a
 * span costs its length and extraction stays linear however many dates a long text holds.
 */
export class Taken {
  private readonly flags: Uint8Array;
  constructor(length: number) {
    this.flags = new Uint8Array(length + 1);
  }
  overlaps(start: number, end: number): boolean {
    for (let i = start; i < end; i++) if (this.flags[i]) return true;
    return false;
  }
  take(start: number, end: number): void {
    this.flags.fill(1, start, end);
  }
}
