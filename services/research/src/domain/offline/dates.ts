import { MONTHS } from './names';

/** A date as a record gives it: a day, a month or only a year, possibly "about". */
export interface FoundDate {
  year: number;
  /** As Gene writes it: "14 June 1887", "June 1887", "1850", "about 1840". */
  text: string;
  /** "on 14 June 1887", "in 1850", "about 1840": how it reads after a verb. */
  phrase: string;
  at: number;
  end: number;
}

const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const YEAR = String.raw`(1[4-9]\d\d|20[0-2]\d)`;
const DAY_MONTH_YEAR = new RegExp(
  String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:day\s+)?(?:of\s+)?${MONTH},?\s+${YEAR}\b`,
  'gi',
);
const MONTH_DAY_YEAR = new RegExp(String.raw`\b${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+${YEAR}\b`, 'gi');
const MONTH_YEAR = new RegExp(String.raw`\b${MONTH},?\s+${YEAR}\b`, 'gi');
const ABOUT_YEAR = new RegExp(String.raw`\b(?:abt\.?|about|circa|ca\.|c\.)\s*${YEAR}\b`, 'gi');
const BARE_YEAR = new RegExp(String.raw`\b${YEAR}\b`, 'g');

function monthName(raw: string): string {
  const m = raw.toLowerCase().replace(/\.$/, '').slice(0, 3);
  const full = MONTHS.find((x) => x.startsWith(m))!;
  return full[0]!.toUpperCase() + full.slice(1);
}

/** Every date in a text, the most precise reading of each span first, in text order. */
export function datesIn(text: string): FoundDate[] {
  const found: FoundDate[] = [];
  const free = (at: number, end: number) => !found.some((f) => at < f.end && end > f.at);
  const add = (m: RegExpMatchArray, year: string, shown: string, phrase: string) => {
    const at = m.index ?? 0;
    const end = at + m[0].length;
    if (free(at, end)) found.push({ year: Number(year), text: shown, phrase, at, end });
  };
  for (const m of text.matchAll(DAY_MONTH_YEAR))
    add(m, m[3]!, `${Number(m[1])} ${monthName(m[2]!)} ${m[3]}`, `on ${Number(m[1])} ${monthName(m[2]!)} ${m[3]}`);
  for (const m of text.matchAll(MONTH_DAY_YEAR))
    add(m, m[3]!, `${Number(m[2])} ${monthName(m[1]!)} ${m[3]}`, `on ${Number(m[2])} ${monthName(m[1]!)} ${m[3]}`);
  for (const m of text.matchAll(MONTH_YEAR))
    add(m, m[2]!, `${monthName(m[1]!)} ${m[2]}`, `in ${monthName(m[1]!)} ${m[2]}`);
  for (const m of text.matchAll(ABOUT_YEAR)) add(m, m[1]!, `about ${m[1]}`, `about ${m[1]}`);
  for (const m of text.matchAll(BARE_YEAR)) add(m, m[1]!, m[1]!, `in ${m[1]}`);
  return found.sort((a, b) => a.at - b.at);
}
