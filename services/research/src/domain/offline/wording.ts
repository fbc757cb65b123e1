import { datePhrase } from '@gnology/contracts';
import type { Fact } from './person';

/** "14 June 1887", "June 1886", "1831", "between 1849 and 1850": a stored date in words. */
export function dateText(normalized: string): string {
  const [start = '', end] = normalized.split('/');
  return end !== undefined ? `between ${datePhrase(start)} and ${datePhrase(end)}` : datePhrase(start);
}

/** How a fact's date reads after a verb: "on 14 June 1887", "in June 1886", "about 1831 (estimated from age 69 in 1900)". */
export function datePhraseOf(f: Fact): string {
  if (!f.date) return '';
  const text = dateText(f.date);
  if (f.estimated) return `about ${f.year ?? text}${f.detail ? ` (${f.detail})` : ''}`;
  if (/^between /.test(text)) return text;
  return /^\d{1,2} /.test(text) ? `on ${text}` : `in ${text}`;
}

/** A fact's date for a table cell. */
export function dateCell(f: Fact): string {
  if (!f.date) return f.year ? String(f.year) : '—';
  return f.estimated ? `about ${f.year}` : dateText(f.date);
}

export function list(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The fullest date of several ("1887-06-14" over "1887"), then the first with a place. */
export function mostPrecise(facts: readonly Fact[]): Fact {
  return [...facts].sort(
    (a, b) => (b.date?.length ?? 0) - (a.date?.length ?? 0) || Number(!!b.place) - Number(!!a.place),
  )[0]!;
}

/**
 * The years the records give one event, when they give more than one: stated dates only (an age
 * gives an estimate, not a reading to set against a record), one group per year, the earliest first.
 */
export function disagreeingYears(facts: readonly Fact[]): Fact[][] {
  const stated = facts.filter((f) => !f.estimated && f.year !== null);
  const years = [...new Set(stated.map((f) => f.year!))].sort((a, b) => a - b);
  return years.length > 1 ? years.map((y) => stated.filter((f) => f.year === y)) : [];
}
