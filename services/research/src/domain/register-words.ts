import { citedDate } from '@gnology/genealogy/citation';
import type { BookDate, BookEvent, BookPerson } from './book-material';
import type { IndexName, Run } from './manuscript';

/* The words the register writes with: dates, pronouns, names and places as index runs, lists. */

/** "on 14 June 1887", "in June 1887", "in 1887", "about 1858", "between 1849 and 1850". */
export function datePhraseFor(d: BookDate): string {
  const words = citedDate(d);
  if (d.qualifier !== 'exact' && d.qualifier !== 'dual_year') return words;
  return /^\d{1,2} /.test(words) ? `on ${words}` : `in ${words}`;
}

export function yearIn(d: BookDate | null | undefined): number | null {
  const m = d ? /^(\d{4})/.exec(d.normalized) : null;
  return m ? Number(m[1]) : null;
}

/** "He", "She", or the person's given name (or full name) when the records do not give the sex. */
export function subject(p: BookPerson): string {
  if (p.sex === 'M') return 'He';
  if (p.sex === 'F') return 'She';
  return p.given || p.name;
}

/** "his", "her", or "John's" when the sex is not recorded. */
export function possessive(p: BookPerson): string {
  if (p.sex === 'M') return 'his';
  if (p.sex === 'F') return 'her';
  const n = p.given || p.name;
  return /s$/.test(n) ? `${n}’` : `${n}’s`;
}

export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The reading told first: a full date over a year, a stated date over an estimate, then a place. */
export const precision = (e: Pick<BookEvent, 'date' | 'place'>) =>
  (e.date
    ? (e.date.qualifier === 'exact' || e.date.qualifier === 'dual_year' ? 20 : 10) + e.date.normalized.length
    : 0) + (e.place ? 1 : 0);

/** Life years for the index and headings: "1858–1921", "1858–", "–1921"; undefined when neither is known. */
export function lifeYears(p: BookPerson): string | undefined {
  const first = (kinds: string[]) =>
    p.events
      .filter((e) => kinds.includes(e.kind) && e.date)
      .sort((a, b) => precision(b) - precision(a))
      .map((e) => yearIn(e.date))[0] ?? null;
  const born = first(['birth']) ?? first(['baptism']);
  const died = first(['death']) ?? first(['burial']);
  if (born === null && died === null) return undefined;
  return `${born ?? ''}–${died ?? ''}`;
}

export function indexName(p: BookPerson): IndexName {
  const years = lifeYears(p);
  return {
    id: p.id,
    surname: p.surname,
    given: p.given || (p.surname ? '' : p.name),
    ...(years ? { years } : {}),
  };
}

export const text = (t: string): Run => ({ text: t });
export const personRun = (p: BookPerson, t: string = p.name): Run => ({ text: t, person: indexName(p) });
export const placeRun = (place: string): Run => ({ text: place, place });

/** Runs joined as English lists do: "A", "A and B", "A, B and C". */
export function listRuns(items: Run[][]): Run[] {
  const out: Run[] = [];
  items.forEach((item, i) => {
    if (i > 0) out.push(text(i === items.length - 1 ? ' and ' : ', '));
    out.push(...item);
  });
  return out;
}

/** Adjacent plain runs merged, so renderers get "He was born " as one run, not five. */
export function mergeRuns(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const r of runs) {
    if (r.text === '' && r.note === undefined) continue;
    const last = out[out.length - 1];
    if (last && isPlain(last) && isPlain(r)) last.text += r.text;
    else out.push({ ...r });
  }
  return out;
}

function isPlain(r: Run): boolean {
  return !r.person && !r.place && r.note === undefined && !r.italic && !r.bold;
}

/** "one", "two" … "ten", then digits, as running text writes small numbers. */
export function countWord(n: number): string {
  const words = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
  return n <= 10 ? words[n]! : n.toLocaleString('en-US');
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${countWord(n)} ${n === 1 ? one : many}`;
}

/** Lower-case Roman numerals, as registers number a family's children (i, ii, iii). */
export function roman(n: number): string {
  const table: [number, string][] = [
    [100, 'c'],
    [90, 'xc'],
    [50, 'l'],
    [40, 'xl'],
    [10, 'x'],
    [9, 'ix'],
    [5, 'v'],
    [4, 'iv'],
    [1, 'i'],
  ];
  let out = '';
  let left = n;
  for (const [v, s] of table) {
    while (left >= v) {
      out += s;
      left -= v;
    }
  }
  return out;
}
