import { dayDate, type Found, pad, type Taken } from './dates-core';
import { type DayMonth, numberEndingAt, tokenize } from './dates-words';

/**
 * Dates a letter or a newspaper gives relative to its own date: "the 3rd of this month", "the 3rd
 * inst." (this month), "the 25th ult." (last month), "the 5th prox." (next month), "le 3 courant",
 * "den 3. dieses Monats", "den 3 dezer", "die 3 currentis", "el 3 del corriente", "the 1st of
 * September last", "yesterday".
 * "Yesterday" is read in English only: "hier", "gestern", "ieri" also open phrases that are not
 * the day before ("d'hier", "von gestern" in a heading's time), and were not checked on records.
 * The document's date is its heading or dateline: the first full date in its first three lines
 * ("Raleigh, N.C., 20th March 1902"), and before the relative day. Without one they are not read. "Last Tuesday" is not read:
 * writers disagree whether it means the latest Tuesday or the one of the week before, so no exact
 * day follows from it.
 */

// This month, last month, next month, as English, French, German, Dutch, Latin, Spanish and Italian letters write them.
const THIS = String.raw`inst\.?|instant|(?:of\s+)?(?:this|the\s+present|the\s+current)\s+month|(?:du\s+)?(?:mois\s+)?courant|dieses\s+Monats|dezer|currentis|del\s+corriente|del\s+presente\s+mes|del\s+corrente(?:\s+mese)?|corrente`;
const LAST = String.raw`ult\.?|ultimo|(?:of\s+)?(?:the\s+)?last\s+month|du\s+mois\s+(?:dernier|pass[ée])|(?:des\s+)?vorigen\s+Monats|del\s+mes\s+pasado|del\s+mese\s+(?:scorso|passato)`;
const NEXT = String.raw`prox\.?|proximo|(?:of\s+)?next\s+month|du\s+mois\s+prochain|(?:des\s+)?(?:künftigen|nächsten)\s+Monats|del\s+mes\s+próximo|del\s+mese\s+prossimo`;
const MARKER = new RegExp(String.raw`(?<![\p{L}\d])(?:(${THIS})|(${LAST})|(${NEXT}))(?![\p{L}\d])`, 'giu');
const YESTERDAY = /(?<![\p{L}\d])yesterday(?![\p{L}\d])/giu;
const DAY_BEFORE = /\bday\s+before\s+$/i;
const WEEK_AFTER = /^\s+(?:week|fortnight)\b/i;
const SKIP_BEFORE = new Set([
  'of',
  'day',
  'the',
  '.',
  'du',
  'de',
  'del',
  'des',
  'di',
  'van',
  'jour',
  'dia',
  'giorno',
  'die',
]);
const DIGIT_DAY = /^(\d{1,2})(?:st|nd|rd|th|d)?$/;

/**
 * The date the document is written on: the first full date of a heading line (one of the first
 * three lines, short enough not to be prose: "Raleigh, N.C., 20th March 1902"), or a dateline that
 * opens the text and ends its sentence ("LONDON, March 4, 1850.—"). A date inside prose
 * ("John Smith, born March 3, 1850, died on the 5th inst.") is an event, not the document's date.
 */
export function documentDate(text: string, found: readonly Found[]): { date: Found; from: number } | undefined {
  const lines: [number, number][] = [];
  for (let at = 0; lines.length < 3 && at < text.length; ) {
    const nl = text.indexOf('\n', at);
    const end = nl < 0 ? text.length : nl;
    if (text.slice(at, end).trim()) lines.push([at, end]);
    at = end + 1;
  }
  for (const d of found) {
    if (!FULL.test(d.normalized)) continue;
    const line = lines.find(([a, b]) => d.at >= a && d.at < b);
    if (!line) continue;
    // A heading line with more text after it; or a dateline opening the text.
    if (line[1] - line[0] <= HEADING && text.slice(line[1]).trim()) return { date: d, from: line[1] };
    const end = d.at + d.original.length;
    if (line === lines[0] && end - line[0] <= 60 && DATELINE_END.test(text.slice(end, end + 3)))
      return { date: d, from: end };
  }
  return undefined;
}

const FULL = /^\d{4}-\d{2}-\d{2}$/;
/** A heading line is short: a place and a date, not a sentence. */
const HEADING = 80;
const DATELINE_END = /^\s*(?:\.|—|–|-|:|$)/;

function shifted(doc: string, months: number, day: number) {
  const [y, m] = doc.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  return dayDate(Math.floor(index / 12), (index % 12) + 1, day);
}

/**
 * "the 1st of September last", "the 5th of December next": the latest such month before the
 * document's date, or the first after it. The document's own month is left alone ("the 3rd of
 * March last" written in March may mean this March or a year ago).
 */
function namedMonthDates(text: string, undated: readonly DayMonth[], doc: Found, from: number, taken: Taken): Found[] {
  const out: Found[] = [];
  const [y, m] = doc.normalized.split('-').map(Number) as [number, number];
  for (const c of undated) {
    const after = NAMED_MONTH_AFTER.exec(text.slice(c.end, c.end + 8));
    if (!after || c.start < from || c.month === m) continue;
    const last = after[1]!.toLowerCase() !== 'next';
    const year = last ? (c.month < m ? y : y - 1) : c.month > m ? y : y + 1;
    const end = c.end + after[0].length;
    const built = dayDate(year, c.month, c.day);
    if (!built || taken.overlaps(c.start, end)) continue;
    taken.take(c.start, end);
    out.push({ original: text.slice(c.start, end), ...built, at: c.start });
  }
  return out;
}
const NAMED_MONTH_AFTER = /^\s*(last|past|next)(?![\p{L}\d])/iu;

export function relativeDates(
  text: string,
  undated: readonly DayMonth[],
  found: readonly Found[],
  taken: Taken,
): Found[] {
  const heading = documentDate(text, found);
  if (!heading) return [];
  const doc = heading.date;
  const out: Found[] = namedMonthDates(text, undated, doc, heading.from, taken);
  MARKER.lastIndex = 0;
  for (let m = MARKER.exec(text); m; m = MARKER.exec(text)) {
    const end = m.index + m[0].length;
    const months = m[2] ? -1 : m[3] ? 1 : 0;
    // The day just before: "the 3rd", "the third day of", "the 25th ult.".
    const from = Math.max(0, m.index - 60);
    const tokens = tokenize(text.slice(from, m.index));
    let last = tokens.length - 1;
    while (last >= 0 && tokens.length - last <= 4 && SKIP_BEFORE.has(tokens[last]!.key)) last--;
    if (last < 0) continue;
    const digit = DIGIT_DAY.exec(tokens[last]!.key);
    const words = digit ? undefined : numberEndingAt(tokens, Math.max(0, last - 6), last);
    const day = digit
      ? Number(digit[1])
      : words && (words.value.ordinal || words.value.cardinalDay) && !words.value.large
        ? words.value.value
        : undefined;
    if (!day || day > 31) continue;
    const start = from + tokens[digit ? last : words!.from]!.start;
    // The heading comes before what it dates: a date after "the 2nd inst." is another event (a birth), not the letter's.
    if (heading.from > start || taken.overlaps(start, end)) continue;
    const built = shifted(doc.normalized, months, day);
    if (!built) continue;
    taken.take(start, end);
    out.push({ original: text.slice(start, end), ...built, at: start });
  }
  YESTERDAY.lastIndex = 0;
  for (let m = YESTERDAY.exec(text); m; m = YESTERDAY.exec(text)) {
    const end = m.index + m[0].length;
    if (DAY_BEFORE.test(text.slice(Math.max(0, m.index - 16), m.index)) || WEEK_AFTER.test(text.slice(end, end + 12)))
      continue;
    if (heading.from > m.index || taken.overlaps(m.index, end)) continue;
    const [y, mo, d] = doc.normalized.split('-').map(Number) as [number, number, number];
    const day = new Date(Date.UTC(y, mo - 1, d - 1));
    const normalized = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
    taken.take(m.index, end);
    out.push({ original: m[0], normalized, qualifier: 'exact', year: day.getUTCFullYear(), at: m.index });
  }
  return out;
}
