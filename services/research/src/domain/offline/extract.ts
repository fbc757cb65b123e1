import type { ContextDocument } from '../model';
import { fold, NOT_NAMES } from './names';
import { type EventKind, knownPeople, type Reading, readDocuments, type Sentence, sentencesOf } from './reading';

export { fold } from './names';
export { type EventKind, knownPeople, type Sentence, sentencesOf } from './reading';

/** Facts the offline engine reads from the documents' text and entities: no model involved. */

export const EVENT_LABEL: Record<EventKind, string> = {
  birth: 'Birth',
  baptism: 'Baptism',
  marriage: 'Marriage',
  death: 'Death',
  burial: 'Burial',
  emigration: 'Emigration / arrival',
  census: 'Census',
  military: 'Military service',
  residence: 'Residence',
};

/** Events that happen once in a life: two different years for one person is a conflict. */
export const ONCE: EventKind[] = ['birth', 'baptism', 'death', 'burial'];

const YEAR = /\b(1[4-9]\d\d|20[0-2]\d)\b/g;

export interface DatedEvent {
  year: number;
  /** The date as the record gives it ("14 June 1887", "about 1840", "1850"). */
  date: string;
  kind: EventKind;
  /** The person the sentence says it happened to. */
  person: string | null;
  place: string | null;
  sentence: string;
  doc: ContextDocument;
  page: number | null;
}

export function yearsIn(text: string): number[] {
  return [...text.matchAll(YEAR)].map((m) => Number(m[1]));
}

/** Dated events, each attributed to the person its sentence is about, in date order. */
export function datedEvents(docs: ContextDocument[], readings: Reading[] = readDocuments(docs)): DatedEvent[] {
  const events: DatedEvent[] = [];
  for (const r of readings) {
    for (const e of r.events) {
      if (!e.date) continue;
      events.push({
        year: e.date.year,
        date: e.date.text,
        kind: e.kind,
        person: e.person,
        place: e.place,
        sentence: r.sentence.text,
        doc: r.sentence.doc,
        page: r.sentence.page,
      });
    }
  }
  return events.sort((a, b) => a.year - b.year || a.kind.localeCompare(b.kind));
}

export interface DateConflict {
  person: string;
  kind: EventKind;
  readings: DatedEvent[];
}

/** The same once-in-a-life event of one person with different years. */
export function dateConflicts(events: DatedEvent[]): DateConflict[] {
  const groups = new Map<string, DatedEvent[]>();
  for (const e of events) {
    if (!e.person || !ONCE.includes(e.kind)) continue;
    const key = `${fold(e.person)}|${e.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  const conflicts: DateConflict[] = [];
  for (const list of groups.values()) {
    if (new Set(list.map((e) => e.year)).size > 1)
      conflicts.push({ person: list[0]!.person!, kind: list[0]!.kind, readings: list });
  }
  return conflicts;
}

function describe(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(describe);
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>).flatMap(describe);
  return [];
}

/** Places: the documents' geographical entities, then "in/at/near Place" phrases of the text. */
export function placesOf(
  docs: ContextDocument[],
  names: string[] = knownPeople(docs),
): { place: string; years: number[] }[] {
  const people = new Set(names.flatMap((p) => p.split(/\s+/)));
  const found = new Map<string, { place: string; count: number; years: Set<number> }>();
  const add = (raw: string, years: number[], weight: number) => {
    const place = raw
      .replace(/\s+/g, ' ')
      .replace(/[.,;:]+$/, '')
      .trim();
    // Place names are capitalised; entity lists sometimes hold kinds ("town") rather than names.
    if (place.length < 3 || place.length > 60 || !/^\p{Lu}/u.test(place) || NOT_NAMES.has(place) || people.has(place))
      return;
    const key = fold(place);
    const entry = found.get(key) ?? { place, count: 0, years: new Set<number>() };
    entry.count += weight;
    for (const y of years) entry.years.add(y);
    found.set(key, entry);
  };
  for (const doc of docs) {
    for (const p of describe(doc.geographicalInfo)) for (const part of p.split(/[;\n]/)) add(part, [], 3);
    for (const s of sentencesOf(doc)) {
      const years = yearsIn(s.text);
      for (const m of s.text.matchAll(
        /\b(?:in|at|near|to|from|(?:county|parish|town|city|state|province) of)\s+(\p{Lu}[\p{L}'-]+(?:,?\s+\p{Lu}[\p{L}'-]+){0,2})/gu,
      )) {
        const words = m[1]!.split(/[\s,]+/);
        if (words.some((w) => NOT_NAMES.has(w) || people.has(w))) continue;
        add(m[1]!, years, 1);
      }
    }
  }
  return [...found.values()]
    .sort((a, b) => b.count - a.count)
    .slice(0, 6)
    .map((e) => ({ place: e.place, years: [...e.years].sort((a, b) => a - b) }));
}

const STOP = new Set(
  'a an and are as at be by did do does for from had has have he her his how i in is it its me my of on or our she tell that the their them there they this to was were what when where which who whom why will with would you your about any find know more please show give list documents document say says said these those tell'.split(
    ' ',
  ),
);

export function queryTerms(query: string): string[] {
  return [
    ...new Set(
      fold(query)
        .split(/[^a-z0-9]+/)
        .filter((w) => w.length >= 3 && !STOP.has(w)),
    ),
  ];
}

/** The sentences that share most words with the question (retrieval without a model), in reading order on ties. */
export function relevantSentences(sentences: Sentence[], query: string, limit = 8): Sentence[] {
  const terms = queryTerms(query);
  const scored: { s: Sentence; score: number; order: number }[] = [];
  sentences.forEach((s, order) => {
    const words = new Set(fold(s.text).split(/[^a-z0-9]+/));
    let score = 0;
    for (const t of terms)
      if (words.has(t) || [...words].some((w) => w.length > 4 && t.length > 4 && w.startsWith(t.slice(0, 5))))
        score += 1;
    if (score > 0 || terms.length === 0) scored.push({ s, score: score + (yearsIn(s.text).length ? 0.25 : 0), order });
  });
  // Nothing matches the question's words ("what do these say?"): the dated sentences, in reading order.
  if (!scored.length) return sentences.filter((s) => yearsIn(s.text).length).slice(0, limit);
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map((x) => x.s);
}
