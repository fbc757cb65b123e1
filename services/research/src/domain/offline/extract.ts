import type { ContextDocument } from '../../providers/types';

/** Facts the offline engine reads from the documents' text and entities: no model involved. */

export type EventKind = 'birth' | 'baptism' | 'marriage' | 'death' | 'burial' | 'emigration' | 'census' | 'residence' | 'military';

const EVENT_PATTERNS: [EventKind, RegExp][] = [
  ['baptism', /\b(baptis|baptiz|christen)/i],
  ['birth', /\b(born|birth)\b/i],
  ['marriage', /\b(married|marriage|wed|wedding)\b/i],
  ['burial', /\b(buried|burial|interred)\b/i],
  ['death', /\b(died|death|deceased|passed away)\b/i],
  ['emigration', /\b(emigrat|immigrat|arrived|sailed|passenger|naturali[sz])/i],
  ['census', /\bcensus\b/i],
  ['military', /\b(enlist|regiment|served in|army|navy|soldier|militia)/i],
  ['residence', /\b(lived|resid|living at|farm(ed)? at)/i],
];

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
const NOT_NAMES = new Set(
  'The This That These Those There Their His Her Our Your And But For With From Into Upon When Where Which While After Before During Parish Church Register Registers Record Records County Township Town City Village Street Saint St January February March April May June July August September October November December Monday Tuesday Wednesday Thursday Friday Saturday Sunday Census Baptism Baptisms Marriage Marriages Burial Burials Births Deaths Birth Death Page Folio Entry Source Document Name Age Rev Reverend Mr Mrs Miss Dr'.split(' '),
);

export interface Sentence {
  text: string;
  doc: ContextDocument;
}

export interface DatedEvent {
  year: number;
  kind: EventKind;
  person: string | null;
  sentence: string;
  doc: ContextDocument;
}

export function sentencesOf(doc: ContextDocument): Sentence[] {
  const text = (doc.extractedText ?? '').slice(0, 200_000);
  return text
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length >= 12 && /\p{L}/u.test(s))
    .map((s) => ({ text: s.length > 400 ? `${s.slice(0, 400)}…` : s, doc }));
}

export function yearsIn(text: string): number[] {
  return [...text.matchAll(YEAR)].map((m) => Number(m[1]));
}

export function eventKind(text: string): EventKind | null {
  for (const [kind, re] of EVENT_PATTERNS) if (re.test(text)) return kind;
  return null;
}

export function fold(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** The people the documents name (entities first), longest names first so "Anna Maria Weber" beats "Anna". */
export function knownPeople(docs: ContextDocument[]): string[] {
  const names = new Set<string>();
  for (const d of docs) for (const p of d.peopleIdentified ?? []) if (p?.name?.trim()) names.add(p.name.trim());
  return [...names].sort((a, b) => b.length - a.length);
}

/** The person a sentence is about: the known person it names first, else its first "Given Surname" pair. */
export function personIn(sentence: string, people: string[]): string | null {
  const folded = fold(sentence);
  let best: { name: string; at: number } | null = null;
  for (const p of people) {
    const at = folded.indexOf(fold(p));
    if (at >= 0 && (!best || at < best.at || (at === best.at && p.length > best.name.length))) best = { name: p, at };
  }
  if (best) return best.name;
  for (const m of sentence.matchAll(/\b(\p{Lu}\p{Ll}+)\s+(\p{Lu}\p{Ll}+)\b/gu)) {
    if (!NOT_NAMES.has(m[1]!) && !NOT_NAMES.has(m[2]!)) return `${m[1]} ${m[2]}`;
  }
  return null;
}

/**
 * Dated events: every event a sentence names ("born … 1850 and baptised … 1850" is two), each
 * with the first year after its keyword (or the sentence's first year).
 */
export function datedEvents(docs: ContextDocument[]): DatedEvent[] {
  const people = knownPeople(docs);
  const events: DatedEvent[] = [];
  for (const doc of docs) {
    for (const s of sentencesOf(doc)) {
      const years = [...s.text.matchAll(YEAR)].map((m) => ({ year: Number(m[1]), at: m.index ?? 0 }));
      if (!years.length) continue;
      const person = personIn(s.text, people);
      for (const [kind, re] of EVENT_PATTERNS) {
        const hit = re.exec(s.text);
        if (!hit) continue;
        const year = (years.find((y) => y.at > hit.index) ?? years[0]!).year;
        events.push({ year, kind, person, sentence: s.text, doc });
      }
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
    if (new Set(list.map((e) => e.year)).size > 1) conflicts.push({ person: list[0]!.person!, kind: list[0]!.kind, readings: list });
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
export function placesOf(docs: ContextDocument[]): { place: string; years: number[] }[] {
  const people = new Set(knownPeople(docs).flatMap((p) => p.split(/\s+/)));
  const found = new Map<string, { place: string; count: number; years: Set<number> }>();
  const add = (raw: string, years: number[], weight: number) => {
    const place = raw.replace(/\s+/g, ' ').replace(/[.,;:]+$/, '').trim();
    // Place names are capitalised; entity lists sometimes hold kinds ("town") rather than names.
    if (place.length < 3 || place.length > 60 || !/^\p{Lu}/u.test(place) || NOT_NAMES.has(place) || people.has(place)) return;
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
      for (const m of s.text.matchAll(/\b(?:in|at|near|of|to|from)\s+(\p{Lu}[\p{L}'-]+(?:,?\s+\p{Lu}[\p{L}'-]+){0,2})/gu)) {
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
  'a an and are as at be by did do does for from had has have he her his how i in is it its me my of on or our she tell that the their them there they this to was were what when where which who whom why will with would you your about any find know more please show give list documents document say says said'.split(' '),
);

export function queryTerms(query: string): string[] {
  return [...new Set(fold(query).split(/[^a-z0-9]+/).filter((w) => w.length >= 3 && !STOP.has(w)))];
}

/** The sentences that share most words with the question (retrieval without a model). */
export function relevantSentences(docs: ContextDocument[], query: string, limit = 8): Sentence[] {
  const terms = queryTerms(query);
  const scored: { s: Sentence; score: number; order: number }[] = [];
  let order = 0;
  for (const doc of docs) {
    for (const s of sentencesOf(doc)) {
      const words = new Set(fold(s.text).split(/[^a-z0-9]+/));
      let score = 0;
      for (const t of terms) if (words.has(t) || [...words].some((w) => w.length > 4 && t.length > 4 && w.startsWith(t.slice(0, 5)))) score += 1;
      if (score > 0 || terms.length === 0) scored.push({ s, score: score + (yearsIn(s.text).length ? 0.25 : 0), order: order++ });
    }
  }
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map((x) => x.s);
}
