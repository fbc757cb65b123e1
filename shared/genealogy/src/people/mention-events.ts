import type { DateInfoItem, PersonDetail, RecordRole } from '@gnology/contracts';
import { foldText } from '@gnology/contracts';
import type { DocumentFacts, MentionEvent } from './mention-types';
import { around, cellsOf } from './mention-text';

/*
 * The events one record gives one person (decision 0185): what the extraction states of them
 * (a detail's born, baptized, died and age), else what the record's type and the person's part in
 * it say, and phrases near their name. Each event is dated by the words that announce it.
 */

/** Facts the extraction may state of a person (shared/contracts PersonDetail; optional, read when present). */
export interface StatedFacts {
  age?: number;
  born?: string;
  baptized?: string;
  died?: string;
}

/** The record as the events are read from it. */
export interface RecordReading {
  doc: DocumentFacts;
  /** The text with line wraps undone (a census keeps its rows). */
  prose: string;
  sorted: readonly DateInfoItem[];
  recordDate: DateInfoItem | null;
  /** The facts the extraction states of anyone in this record: for those, it alone says who (never the record's type). */
  stated: { born: boolean; baptized: boolean; died: boolean; age: boolean };
}

/** The person as the events are read for them. */
export interface PersonReading {
  nameAsWritten: string;
  role: string;
  recordRole: RecordRole | null;
  place: string | null;
  subject: boolean;
  /** The words about them: a census row's rest, else the rest of their sentence (mention-text.ts). */
  near: string;
  facts: (PersonDetail & StatedFacts) | undefined;
}

/** Words that announce each kind of event, in the languages of the records GNology reads. */
const EVENT_WORDS = {
  birth: /\b(?:born|birth|geboren|nee le|nacido|nata?o?)\b/gi,
  baptism: /\b(?:baptis\w*|baptiz\w*|christen\w*|getauft|taufe|bapteme)\b/gi,
  marriage: /\b(?:married|marriage|wed|wedding|verheiratet|heirat\w*|mariage|matrimonio)\b/gi,
  death: /\b(?:died|death|deceased|departed this life|passed away|gestorben|deces|decede)\b/gi,
  burial: /\b(?:buried|burial|interred|interment|begraben)\b/gi,
} as const;

const fold = (s: string) => foldText(s.replace(/\s+/g, ' '));

/**
 * The date a record gives an event: the first date written after a word announcing it ("died
 * … on 3 January 1901"), in the same sentence; else the nearest one just before it. Null when the
 * record has no such word near a date. `text` is prose (line wraps undone).
 */
export function dateOfEvent(
  text: string,
  dates: readonly DateInfoItem[],
  kind: keyof typeof EVENT_WORDS,
): DateInfoItem | null {
  const folded = fold(text);
  const at = dates.map((d) => ({ d, i: folded.indexOf(fold(d.original)) })).filter((x) => x.i >= 0);
  let best: { d: DateInfoItem; distance: number } | null = null;
  for (const m of folded.matchAll(EVENT_WORDS[kind])) {
    for (const { d, i } of at) {
      const after = i - (m.index + m[0].length);
      const between = after >= 0 ? folded.slice(m.index + m[0].length, i) : folded.slice(i, m.index);
      if (/[.;]\s|\n/.test(between)) continue;
      const distance = after >= 0 ? after : -after * 3;
      if (distance <= 150 && (!best || distance < best.distance)) best = { d, distance };
    }
  }
  return best?.d ?? null;
}

/** The date written first: a census's or a letter's heading, before the dates it speaks of. */
function firstInText(prose: string, dates: readonly DateInfoItem[]): DateInfoItem | null {
  const folded = fold(prose);
  let best: { d: DateInfoItem; i: number } | null = null;
  for (const d of dates) {
    const i = folded.indexOf(fold(d.original));
    if (i >= 0 && (!best || i < best.i)) best = { d, i };
  }
  return best?.d ?? dates[0] ?? null;
}

/** The record's own date: the event it registers, else its first date (the last of a death record). */
export function primaryDate(doc: DocumentFacts, prose: string, sorted: readonly DateInfoItem[]): DateInfoItem | null {
  if (sorted.length === 0) return null;
  const kinds: (keyof typeof EVENT_WORDS)[] =
    doc.documentType === 'birth'
      ? ['baptism', 'birth']
      : doc.documentType === 'marriage'
        ? ['marriage']
        : doc.documentType === 'death' || doc.documentType === 'obituary'
          ? ['death', 'burial']
          : [];
  for (const kind of kinds) {
    const d = dateOfEvent(prose, sorted, kind);
    if (d) return d;
  }
  return doc.documentType === 'death' || doc.documentType === 'obituary'
    ? sorted[sorted.length - 1]!
    : firstInText(prose, sorted);
}

/**
 * Where a life event took place: the place the record names after the word announcing it, in the same sentence and
 * after "at", "in", "near" (or à, en, zu, bei, te) ("born May 29, 1917 at Brookline, Massachusetts, died on November 22, 1963 at Dallas": Brookline for
 * the birth, Dallas for the death), read in the person's own words first. A record that names one town only gives
 * it to every event, as before; one that names several and says nothing near the event gives no place (the
 * certificate's first town had become the place of the death too).
 */
export function placeOfEvent(r: RecordReading, p: PersonReading, kind: keyof typeof EVENT_WORDS): string | null {
  for (const text of [p.near, r.prose]) {
    const folded = fold(text);
    const named = r.doc.places.flatMap((g) => {
      const m = new RegExp(
        `(?:^|[^\\p{L}])(?:at|in|near|a|au|en|zu|bei|te)\\s+(?:the\\s+)?(${escapeRegExp(fold(g.name))})\\b`,
        'u',
      ).exec(folded);
      return m ? [{ name: g.name, i: m.index + m[0].length - m[1]!.length }] : [];
    });
    let best: { name: string; distance: number } | null = null;
    for (const m of folded.matchAll(EVENT_WORDS[kind])) {
      const from = m.index + m[0].length;
      for (const { name, i } of named) {
        const between = folded.slice(from, i);
        if (i < from || i - from > 120 || /[.;]\s|\n/.test(between) || otherEvent(between, kind)) continue;
        if (!best || i - from < best.distance) best = { name, distance: i - from };
      }
    }
    if (best) return best.name;
  }
  const towns = new Set(r.doc.places.filter((g) => g.kind === 'town').map((g) => fold(g.name)));
  return towns.size <= 1 ? p.place : null;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Another kind of event announced between the word and the place: the place is that event's. */
const otherEvent = (between: string, kind: keyof typeof EVENT_WORDS) =>
  (Object.keys(EVENT_WORDS) as (keyof typeof EVENT_WORDS)[]).some(
    (k) => k !== kind && new RegExp(EVENT_WORDS[k].source, 'i').test(between),
  );

const BORN =
  /\b(?:born|b\.)\s+(?:(?:in|on|about|abt\.?|c\.|circa)\s+)?(?:\d{1,2}\s+[A-Za-z]+\.?\s+|[A-Za-z]+\.?\s+\d{1,2},?\s+)?(\d{4})\b/i;
const AGED = /\b(?:aged?|age:?)\s+(\d{1,3})\b/i;
/** The first verb after the name (past an apposition: "Thomas Whitfield, one of the oldest citizens, died …") is a death. */
const DIES_HERE = /^\s*,?\s*(?:[^,.;]{0,80},\s*)?(?:died|passed away|departed this life|was killed|drowned)\b/i;
/** "son of A and B, died …": the name is an object, the verb after it is the subject's. */
const NAMED_AS_OBJECT = /\b(?:of|and|by|to|with|for)\s+(?:the\s+late\s+)?$/i;
/** In a letter, the writer speaks of their own life: "Sarah and I were married in June 1886". */
const WRITER_EVENTS = {
  marriage: /\b(?:I|we|[A-Z][a-z]+ and I)\s+(?:was|were|got)\s+married\b[^.;]*/g,
  birth: /\bI was born\b[^.;]*/g,
} as const;

/** "He was born in 1828" in an obituary: the subject's birth (another's "who was born" is not). */
function subjectBornYear(text: string): number | null {
  const m = /\b(?:he|she) was born\b[^.]*?\b(\d{4})\b/i.exec(text);
  return m ? Number(m[1]) : null;
}

const dateItem = (normalized: string): DateInfoItem => ({
  original: normalized,
  normalized,
  qualifier: 'exact',
  year: Number(normalized.slice(0, 4)),
});

/** The events the record gives this person: by the record's type, the part they play and phrases near their name. */
export function eventsOf(r: RecordReading, p: PersonReading): MentionEvent[] {
  const { doc, sorted, recordDate, stated } = r;
  const events: MentionEvent[] = [];
  const at = (kind: MentionEvent['kind'], d: DateInfoItem | null, detail: string | null = null): MentionEvent => ({
    kind,
    date: d?.normalized ?? null,
    year: d?.year ?? null,
    place: kind in EVENT_WORDS ? placeOfEvent(r, p, kind as keyof typeof EVENT_WORDS) : p.place,
    detail,
  });
  const has = (kind: MentionEvent['kind']) => events.some((e) => e.kind === kind && !e.estimated);
  const f = p.facts;
  // Where the extraction states a kind of event for anyone, it alone says who: the record's type no
  // longer guesses that kind (the letter's death is the father's, not the writer's).
  if (f?.died) events.push(at('death', dateItem(f.died)));
  const lower = doc.text.toLowerCase();
  switch (doc.documentType) {
    case 'birth':
      if (p.subject) {
        const baptised = /\b(baptis|baptiz|christen)/.test(lower);
        if (baptised && !stated.baptized) {
          const baptism = dateOfEvent(r.prose, sorted, 'baptism') ?? recordDate;
          events.push(at('baptism', baptism));
          // A baptism register that writes the birth too gives both, each with its own date.
          const born = dateOfEvent(r.prose, sorted, 'birth');
          if (!stated.born && born && born !== baptism) events.push(at('birth', born));
        } else if (!baptised && !stated.born) events.push(at('birth', recordDate));
      }
      break;
    case 'marriage':
      if (p.subject || p.role === 'spouse' || p.recordRole === 'groom' || p.recordRole === 'bride')
        events.push(at('marriage', recordDate));
      break;
    case 'death':
    case 'obituary':
      if (p.subject) {
        if (!stated.died) events.push(at('death', recordDate));
        const burialDate = dateOfEvent(r.prose, sorted, 'burial');
        if (burialDate && burialDate !== recordDate) events.push(at('burial', burialDate));
        const bornYear = stated.born ? null : subjectBornYear(r.prose);
        const bornDate = bornYear ? (sorted.find((d) => d.year === bornYear) ?? null) : null;
        if (bornDate) events.push(at('birth', bornDate));
      }
      break;
    case 'census':
      events.push(at('residence', recordDate, 'census'));
      break;
    case 'military':
      if (p.subject) events.push(at('other', recordDate, 'military service'));
      break;
    case 'letter':
    case 'journal':
      if (p.subject && p.role === 'primary_subject') events.push(...writerEvents(r, p, has));
      break;
    default:
      break;
  }
  // What the extraction states of this person's birth (its death comes first, as a death record's does).
  if (f?.born) events.push(at('birth', dateItem(f.born)));
  if (f?.baptized) events.push(at('baptism', dateItem(f.baptized)));
  if (!has('death') && !stated.died) {
    const death = deathNearName(r, p.nameAsWritten);
    if (death) events.push({ ...death, place: placeOfEvent(r, p, 'death') });
  }
  const row = doc.documentType === 'census' ? cellsOf(p.near) : [];
  if (doc.documentType === 'census' && !stated.born && !has('birth')) {
    const born = rowBirth(row, sorted);
    if (born) events.push({ ...born, place: null });
  }
  events.push(...ageEvents(r, p, row, events));
  const bornHere = stated.born ? null : BORN.exec(p.near);
  if (bornHere && !has('birth')) {
    const year = Number(bornHere[1]);
    const i = events.findIndex((e) => e.kind === 'birth');
    if (i >= 0) events.splice(i, 1);
    events.push({
      kind: 'birth',
      date: sorted.find((d) => d.year === year)?.normalized ?? String(year),
      year,
      place: null,
      detail: null,
    });
  }
  const occupation =
    f?.occupation ??
    doc.occupations.find((o) => p.near.toLowerCase().includes(o.toLowerCase())) ??
    // The record's one occupation is its subject's, except on a census page, where each row holds
    // its own (the head's row need not name the occupation another row gives: a father's "Farmer").
    (p.subject && doc.occupations.length === 1 && doc.documentType !== 'birth' && doc.documentType !== 'census'
      ? doc.occupations[0]
      : undefined);
  if (occupation) events.push({ ...at('occupation', recordDate, occupation), place: p.place });
  const registered = doc.documentType === 'birth' || doc.documentType === 'marriage' || doc.documentType === 'death';
  return registered
    ? events.map((e) => (e.estimated || e.kind === 'occupation' ? e : { ...e, registered: true }))
    : events;
}

/** "aged 34", a census row's age or the extraction's: a birth year estimated from the age at the death or the record's date. */
function ageEvents(r: RecordReading, p: PersonReading, row: readonly string[], events: MentionEvent[]): MentionEvent[] {
  if (events.some((e) => e.kind === 'birth')) return [];
  const subjectOfDeath = p.subject && (r.doc.documentType === 'death' || r.doc.documentType === 'obituary');
  let age: number | undefined;
  if (r.stated.age) age = p.facts?.age;
  else {
    const written =
      AGED.exec(p.near)?.[1] ??
      (subjectOfDeath ? AGED.exec(r.prose)?.[1] : undefined) ??
      row.find((c) => /^\d{1,3}$/.test(c));
    age = written === undefined ? undefined : Number(written);
  }
  if (age === undefined || age > 110) return [];
  // The age is at the death when the record gives one, else at the record's date.
  const death = events.find((e) => e.kind === 'death' && e.year !== null);
  const atYear = death?.year ?? r.recordDate?.year ?? null;
  if (atYear === null) return [];
  const year = atYear - age;
  return [
    {
      kind: 'birth',
      date: String(year),
      year,
      place: null,
      detail: `estimated from age ${age} in ${atYear}`,
      estimated: true,
      age,
    },
  ];
}

/** A census row's birth cell ("Oct 1862", "1831"), the month and year the 1900 census asked for. */
function rowBirth(row: readonly string[], sorted: readonly DateInfoItem[]): Omit<MentionEvent, 'place'> | null {
  const cell = row.find((c) => /^(?:[A-Z][a-z]{2,8}\.?\s+)?1[5-9]\d\d$/.test(c));
  if (!cell) return null;
  const year = Number(cell.slice(-4));
  const d = sorted.find((x) => fold(x.original) === fold(cell));
  return { kind: 'birth', date: d?.normalized ?? String(year), year, detail: null };
}

/**
 * A death the sentence gives the person it names ("Father, Thomas Whitfield, passed away on the
 * 3rd …"; "His wife, Mary Ann Whitfield, died in 1895"): only when the death verb follows their
 * name as its subject, never when the name is an object ("son of Thomas Whitfield, died").
 */
function deathNearName(r: RecordReading, written: string): Omit<MentionEvent, 'place'> | null {
  const a = around(r.prose, written);
  if (!a || NAMED_AS_OBJECT.test(a.before) || !DIES_HERE.test(a.after)) return null;
  const d = dateOfEvent(a.after, r.sorted, 'death');
  return { kind: 'death', date: d?.normalized ?? null, year: d?.year ?? null, detail: null };
}

/** A letter's first-person events, the writer's (the record's subject): "Sarah and I were married in June 1886". */
function writerEvents(
  r: RecordReading,
  p: PersonReading,
  has: (kind: MentionEvent['kind']) => boolean,
): MentionEvent[] {
  const out: MentionEvent[] = [];
  for (const kind of ['marriage', 'birth'] as const) {
    if (has(kind) || (kind === 'birth' && r.stated.born)) continue;
    for (const m of r.prose.matchAll(WRITER_EVENTS[kind])) {
      const d = dateOfEvent(m[0], r.sorted, kind);
      if (!d) continue;
      out.push({
        kind,
        date: d.normalized,
        year: d.year,
        place: kind === 'marriage' ? null : placeOfEvent(r, p, kind),
        detail: null,
      });
      break;
    }
  }
  return out;
}
