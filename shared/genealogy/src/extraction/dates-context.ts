import { DAY, DAY_MONTH, MONTH, dayDate, type Found, monthOf, type Taken } from './dates-core';
import type { DayMonth } from './dates-words';

// A day and month without a year: "Den 12. Aprilis", "8th January", "addì 5 aprile", "Febr. 7", "Octr 22d".
const DAY_MONTH_ONLY = new RegExp(`(?<![\\p{L}\\d])${DAY}${DAY_MONTH}${MONTH}(?![\\p{L}\\d])`, 'giu');
const MONTH_DAY_ONLY = new RegExp(`(?<![\\p{L}\\d])${MONTH}\\s+(?:the\\s+)?${DAY}(?![\\p{L}\\d])`, 'giu');
/** "the 1st of Septr last", "the 3d inst.": relative to another date, not the register's year. */
const RELATIVE_AFTER = /^\s*(?:last|next|ult\.?|ultimo|inst\.?|instant|prox\.?|proximo|past)\b/i;
/**
 * "den Negende december Anno Een duysent …": the record names its own year, which could not be
 * read (a misspelt or torn number); the year of an earlier date is then not this one's.
 */
const OWN_YEAR_AFTER =
  /^[\s,.]*(?:anno|in\s+the\s+year|of\s+the\s+year|des\s+jahres|im\s+jahre|de\s+l['’]an|l['’]an|del\s+a[ñn]o|dell['’]anno|in\s+het\s+jaar|a\.\s?d\.)(?![\p{L}])/iu;
/** "Jan Kowalski", "May Brown": a month word that is a given name before a surname. */
const NAME_AFTER = /^\s+\p{Lu}\p{Ll}/u;

/** Every day and month written in digits without a year, in the order the context rule tries them. */
export function digitDayMonths(text: string): DayMonth[] {
  const out: DayMonth[] = [];
  const rules: [RegExp, (m: RegExpExecArray) => [number, string]][] = [
    [DAY_MONTH_ONLY, (m) => [Number(m[1]), m[2]!]],
    [MONTH_DAY_ONLY, (m) => [Number(m[2]), m[1]!]],
  ];
  for (const [re, read] of rules) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const [day, word] = read(m);
      const start = m.index + (m[0].length - m[0].trimStart().length);
      // "Octr. 17th." ending a sentence: the point after an ordinal ending is the sentence's.
      const end = m.index + m[0].length - (re === MONTH_DAY_ONLY && /\p{L}\.$/u.test(m[0]) ? 1 : 0);
      out.push({ start, end, day, month: monthOf(word), monthRaw: word });
    }
  }
  return out;
}

/** A month word written as a given name before a surname ("May Brown"), or a day counted from another date. */
export function notARegisterDay(text: string, c: DayMonth): boolean {
  if (RELATIVE_AFTER.test(text.slice(c.end, c.end + 10))) return true;
  if (OWN_YEAR_AFTER.test(text.slice(c.end, c.end + 24))) return true;
  if (!/^\p{Lu}/u.test(c.monthRaw)) return false;
  const at = text.indexOf(c.monthRaw, c.start) + c.monthRaw.length;
  return NAME_AFTER.test(text.slice(at, at + 3));
}

/**
 * A day more than half a year from the full date before it may be in the year before or after:
 * an inquest of 2 January on a death "the thirtieth day of December", a register's "Dec. 30,
 * 1849 … Jan. 2." — so it is not given that date's year. Within half a year the same year is the
 * reading of a register (entries follow each other) and of a narrative (events near its date).
 */
function crossesYear(context: string, c: DayMonth): boolean {
  const m = /^\d{4}-(\d{2})(?:-(\d{2}))?$/.exec(context);
  if (!m) return false;
  const days = (month: number, day: number) => month * 30.5 + day;
  return Math.abs(days(c.month, c.day) - days(Number(m[1]), m[2] ? Number(m[2]) : 15)) > 183;
}

/**
 * Registers give the year once, in a heading or at the entry's start ("Baptisms 1741/2. Febr. 7.",
 * "Anno 1734. Den 12. Aprilis", "L'anno 1880, addì 5 aprile", "l'an mil sept cent douze, le
 * quinzième jour de juin"): a day and month without a year take the year of the last date before
 * them. In a double-dated year the days from 25 March on belong to its first year ("1741/2":
 * Feb. is 1742, May is 1741), the Old Style year having begun on 25 March.
 */
export function datesFromContext(
  text: string,
  candidates: readonly DayMonth[],
  found: readonly Found[],
  taken: Taken,
): Found[] {
  const out: Found[] = [];
  const dated = found.filter((d) => d.year !== undefined).sort((a, b) => a.at - b.at);
  let i = -1;
  for (const c of [...candidates].sort((a, b) => a.start - b.start)) {
    while (i + 1 < dated.length && dated[i + 1]!.at < c.start) i++;
    if (taken.overlaps(c.start, c.end) || notARegisterDay(text, c)) continue;
    const context = dated[i];
    // A range ("1850-1855", a regnal year) does not say which of its years the day is in.
    if (!context || context.qualifier === 'between') continue;
    if (crossesYear(context.normalized, c)) continue;
    const late = c.month > 3 || (c.month === 3 && c.day >= 25);
    const year = context.qualifier === 'dual_year' && late ? context.year - 1 : context.year;
    const built = dayDate(year, c.month, c.day);
    if (!built) continue;
    taken.take(c.start, c.end);
    out.push({ original: text.slice(c.start, c.end).trim(), ...built, at: c.start });
  }
  return out;
}
