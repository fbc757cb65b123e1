import type { ContextDocument } from '../model';
import { datesIn, type FoundDate } from './dates';
import { fold, MONTHS, namesIn, surname } from './names';

/**
 * Reading a record sentence by sentence (issue 13): each fact belongs to the person the SENTENCE is
 * about, not to whoever the document is about. "Michael Sullivan married Margaret Byrne, who was
 * born in 1843" gives Margaret the birth; "She was born…" continues the previous sentence's person.
 */

export type EventKind =
  | 'birth'
  | 'baptism'
  | 'marriage'
  | 'death'
  | 'burial'
  | 'emigration'
  | 'census'
  | 'residence'
  | 'military';

export const EVENT_PATTERNS: [EventKind, RegExp][] = [
  ['baptism', /\b(baptis|baptiz|christen)\w*/i],
  ['birth', /\b(born|birth)\b/i],
  ['marriage', /\b(married|marriage|wed|wedding)\b/i],
  ['burial', /\b(buried|burial|interred)\b/i],
  ['death', /\b(died|death|deceased|passed away)\b/i],
  ['emigration', /\b(emigrat|immigrat|arrived|sailed|passenger|naturali[sz])\w*/i],
  ['census', /\bcensus\b/i],
  ['military', /\b(enlist|regiment|served in|army|navy|soldier|militia)\w*/i],
  ['residence', /\b(lived|resid|living at|farm(ed)? at)\w*/i],
];

export interface Sentence {
  text: string;
  doc: ContextDocument;
  /** The page it is on, for documents of more than one page. */
  page: number | null;
}

export interface EventFact {
  kind: EventKind;
  person: string | null;
  date: FoundDate | null;
  place: string | null;
  /** For a marriage: whom the person married, when the sentence says. */
  spouse: string | null;
  sentence: Sentence;
}

export type RelationKind = 'parent' | 'spouse' | 'child';
/** Relatives and witnesses a sentence names who are not its subject, but whose relation Gene does not report. */
type OtherRole = null;

/** `other` is `person`'s parent / spouse / child. */
export interface RelationFact {
  kind: RelationKind;
  person: string;
  other: string;
  sentence: Sentence;
}

export interface Reading {
  sentence: Sentence;
  /** Everyone the sentence names, and the person it is about (named or carried from the sentence before). */
  people: string[];
  subject: string | null;
  events: EventFact[];
  relations: RelationFact[];
  /** "son of" → male, "daughter of", "widow" → female, for the pronoun of a direct answer. */
  genders: Map<string, 'he' | 'she'>;
}

const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'dr',
  'rev',
  'st',
  'abt',
  'ca',
  'c',
  'co',
  'no',
  'jr',
  'sr',
  ...MONTHS.map((m) => m.slice(0, 3)),
  'sept',
]);

/**
 * Sentences of one text. A line break inside a sentence joins: after a comma or a lowercase word
 * before a lowercase word ("Wilson,\nwas born"), or after a long line that does not end a sentence
 * (a PDF wraps "born 2\nMarch 1862"). Short lines (census rows, headings) stay apart.
 */
function splitSentences(text: string): string[] {
  const joined = text
    .slice(0, 200_000)
    .replace(/([,;]|\p{Ll})[ \t]*\n[ \t]*(?=\p{Ll})/gu, '$1 ')
    .replace(/^([^\n]{60,}[^.!?:\s])[ \t]*\n(?=[ \t]*\S)/gmu, '$1 ');
  const out: string[] = [];
  for (const line of joined.split(/\n+/)) {
    const pieces = line.split(/(?<=[.!?;])\s+/);
    let current = '';
    for (const piece of pieces) {
      current = current ? `${current} ${piece}` : piece;
      const last = current.match(/(\S+)\.$/)?.[1];
      // "Mrs." "Mar." "J." end a word, not a sentence.
      if (last && (ABBREVIATIONS.has(last.toLowerCase()) || /^\p{Lu}$/u.test(last))) continue;
      out.push(current);
      current = '';
    }
    if (current) out.push(current);
  }
  return out.map((s) => s.replace(/\s+/g, ' ').trim()).filter((s) => s.length >= 12 && /\p{L}/u.test(s));
}

export function sentencesOf(doc: ContextDocument): Sentence[] {
  // A document the library search found is cited by the page that matched, even a one-page one (decision 0170).
  const pages =
    doc.pages && (doc.pages.length > 1 || (doc.retrieved && doc.pages.length))
      ? doc.pages
      : [{ pageNumber: 0, text: doc.extractedText ?? '' }];
  return pages.flatMap((p) =>
    splitSentences(p.text).map((text) => ({
      text: text.length > 400 ? `${text.slice(0, 400)}…` : text,
      doc,
      page: p.pageNumber || null,
    })),
  );
}

/** The people the documents' entities name, longest first so "Anna Maria Weber" beats "Anna". */
export function knownPeople(docs: ContextDocument[]): string[] {
  const names = new Set<string>();
  for (const d of docs)
    for (const p of d.peopleIdentified ?? []) if (p?.name?.trim().includes(' ')) names.add(p.name.trim());
  return [...names].sort((a, b) => b.length - a.length);
}

const PLACE_WORDS = String.raw`\p{Lu}[\p{L}'’.-]*(?:\s+(?:of\s+)?\p{Lu}[\p{L}'’-]*)*`;
const PLACE = new RegExp(
  String.raw`\b(?:in|at|near)\s+(?:the\s+(?:town|city|village|parish|county)\s+of\s+)?(${PLACE_WORDS}(?:,\s*${PLACE_WORDS}){0,2})`,
  'gu',
);
const NOT_PLACES = new Set([...MONTHS, 'the', 'her', 'his', 'their', 'camp', 'home']);

/** "in Raleigh", "at Springfield, Illinois", "in County Cork": the first place named in a span. */
export function placeIn(text: string, people: string[]): string | null {
  for (const m of text.matchAll(PLACE)) {
    const place = m[1]!.replace(/[.,]+$/, '').trim();
    const first = fold(place.split(/[\s,]+/)[0]!);
    if (NOT_PLACES.has(first) || people.some((p) => fold(p) === fold(place))) continue;
    return place;
  }
  return null;
}

// The words that make the name after them someone's relative: "son of", "widow of the late", "his wife", "sons".
const RELATION_BEFORE =
  /\b(son|daughter|child|children|sons|daughters|wife|widow|relict|husband|father|mother|parents|brother|sister|brothers|sisters|witness|witnesses)\b(?:\s+of)?(?:\s+the\s+late)?(?:\s*,)?\s*(?:(?:mr|mrs|miss|rev|dr)\.?\s+)?$/i;
const MARRIED_BEFORE = /\b(?:married|wed)(?:\s+to)?\s+(?:(?:mr|mrs|miss)\.?\s+)?$/i;
const LIST_JOIN = /^\s*(?:,\s*(?:(?:a|an|the)\s+[\p{Ll}\s]+,\s*)?)?(?:and|&)?\s*$/u;
const ROLE: Record<string, { kind: RelationKind | OtherRole; gender?: 'he' | 'she' }> = {
  // "X, son of A" → A is X's parent, X is male.
  son: { kind: 'parent', gender: 'he' },
  daughter: { kind: 'parent', gender: 'she' },
  child: { kind: 'parent' },
  // "his sons A and B" → A is his child.
  sons: { kind: 'child' },
  daughters: { kind: 'child' },
  children: { kind: 'child' },
  // "X, wife of A" / "his wife A" → spouses.
  wife: { kind: 'spouse' },
  widow: { kind: 'spouse', gender: 'she' },
  relict: { kind: 'spouse', gender: 'she' },
  husband: { kind: 'spouse' },
  father: { kind: 'parent' },
  mother: { kind: 'parent' },
  parents: { kind: 'parent' },
  brother: { kind: null },
  sister: { kind: null },
  brothers: { kind: null },
  sisters: { kind: null },
  witness: { kind: null },
  witnesses: { kind: null },
};

interface Role {
  word: string;
  /** "son of" (the name before is the relative's anchor) rather than "his son" (the anchor is "his"). */
  of: boolean;
}

/** Reads every sentence of the documents, carrying "he"/"she" from one sentence to the next within a document. */
export function readDocuments(docs: ContextDocument[]): Reading[] {
  const known = knownPeople(docs);
  const readings: Reading[] = [];
  for (const doc of docs) {
    let carried: string | null = null;
    let head: string | null = null;
    let wedding: EventFact | null = null;
    for (const sentence of sentencesOf(doc)) {
      // "The bride is the daughter of…" is about the last marriage's bride, "the groom" about its groom.
      const couple = wedding?.person && wedding.spouse ? { bride: wedding.spouse, groom: wedding.person } : null;
      const bride = couple && /^the (bride|groom)\b/i.exec(sentence.text);
      const reading = readSentence(
        sentence,
        known,
        bride ? (bride[1]!.toLowerCase() === 'bride' ? couple.bride : couple.groom) : carried,
        head,
      );
      readings.push(reading);
      wedding = reading.events.find((e) => e.kind === 'marriage' && e.spouse) ?? wedding;
      carried = reading.subject ?? carried;
      head = /\bHead\b/.test(sentence.text) && reading.people[0] ? reading.people[0] : head;
    }
  }
  return readings;
}

function readSentence(sentence: Sentence, known: string[], carried: string | null, head: string | null): Reading {
  const text = sentence.text;
  const hits = namesIn(text, known);
  const genders = new Map<string, 'he' | 'she'>();
  // For each name: is it someone's relative in this sentence (and whose)?
  const roles: (Role | null)[] = [];
  const married: boolean[] = [];
  hits.forEach((h, i) => {
    const before = text.slice(i > 0 ? hits[i - 1]!.end : 0, h.at);
    const rel = RELATION_BEFORE.exec(before);
    married[i] = MARRIED_BEFORE.test(before);
    if (rel) roles[i] = { word: rel[1]!.toLowerCase(), of: /\bof\b/i.test(rel[0]) };
    else if (i > 0 && roles[i - 1] && LIST_JOIN.test(before) && before.trim()) roles[i] = roles[i - 1]!;
    else roles[i] = null;
  });
  const names = hits.map((h) => h.name);
  // "Margaret, wife of Michael Sullivan": a lone given name takes the relative's surname.
  hits.forEach((h, i) => {
    const next = hits[i + 1];
    if (
      !h.name.includes(' ') &&
      next &&
      roles[i + 1] &&
      ['wife', 'widow', 'relict', 'son', 'daughter'].includes(roles[i + 1]!.word) &&
      surname(next.name)
    ) {
      names[i] = `${h.name} ${surname(next.name)}`;
    }
  });
  // "He is survived by…", "She was born…": the pronoun tells the carried person's sex.
  const pronoun = /^(he|his|she|her)\b/i.exec(text)?.[1]?.toLowerCase();
  if (pronoun && carried) genders.set(carried, pronoun === 'he' || pronoun === 'his' ? 'he' : 'she');
  const isSubject = (i: number) => !roles[i] && !married[i];
  const firstSubject = hits.findIndex((_, i) => isSubject(i));
  const pronounStart = /^(he|she|they|his|her|their|the (?:deceased|groom|bride|child))\b/i.test(text);
  // Only "he", "she", "the groom"… carry the person of the sentence before: a heading or a census line starts afresh.
  const subject =
    firstSubject >= 0 && !(pronounStart && hits[firstSubject]!.at > 0)
      ? names[firstSubject]!
      : pronounStart
        ? carried
        : null;

  /** The person a position in the sentence is about: the nearest non-relative named before it ("…, who was born" included), else the sentence's subject. */
  const aboutAt = (pos: number): string | null => {
    for (let i = hits.length - 1; i >= 0; i--) {
      const h = hits[i]!;
      if (h.end > pos) continue;
      if (isSubject(i) || /^\s*,?\s*(?:who|née\s+\p{Lu}\p{Ll}+,?\s*who)\b/u.test(text.slice(h.end, pos)))
        return names[i]!;
    }
    return subject;
  };

  const relations: RelationFact[] = [];
  const relate = (kind: RelationKind, person: string | null, other: string) => {
    if (person && other && fold(person) !== fold(other)) relations.push({ kind, person, other, sentence });
  };
  hits.forEach((h, i) => {
    const role = roles[i];
    if (!role) return;
    const spec = ROLE[role.word]!;
    // "X, son of A" is about X (the name before); "his son A" / "the daughter of A" after "She" is about the subject.
    const anchor = role.of ? aboutAt(h.at) : subject;
    if (!anchor || !spec.kind) return;
    // "son of A": A is a parent; "his son A", "a son, A": A is the child.
    const kind =
      !role.of && (role.word === 'son' || role.word === 'daughter' || role.word === 'child') ? 'child' : spec.kind;
    relate(kind, anchor, names[i]!);
    if (kind === 'child' && spec.gender) genders.set(names[i]!, spec.gender);
    if (spec.gender && role.of) genders.set(anchor, spec.gender);
    if (role.word === 'wife') genders.set(names[i]!, 'she');
    if (role.word === 'husband') genders.set(names[i]!, 'he');
  });
  // Census rows: "Mary Smith Wife 40", "William Smith Son 12" relate to the household's head.
  const census = text.match(/^(.+?)\s+(Wife|Son|Daughter)\b/);
  if (census && head && names[0]) relate(census[2] === 'Wife' ? 'spouse' : 'child', head, names[0]);

  const events: EventFact[] = [];
  const keywords = EVENT_PATTERNS.map(([kind, re]) => ({ kind, hit: re.exec(text) }))
    .filter((k): k is { kind: EventKind; hit: RegExpExecArray } => k.hit !== null)
    .sort((a, b) => a.hit.index - b.hit.index);
  const dates = datesIn(text);
  keywords.forEach(({ kind, hit }, i) => {
    const from = hit.index;
    const to = keywords[i + 1]?.hit.index ?? text.length;
    const span = text.slice(from, to);
    // A date of this event's own words; one before the first event ("On 3 May 1850 … baptised") belongs to it.
    const date =
      dates.find((d) => d.at >= from && d.at < to) ??
      (i === 0 ? dates.filter((d) => d.at < from).at(-1) : undefined) ??
      null;
    const place = placeIn(span, names);
    // "Birth of John Smith": the name after the keyword.
    const after = /^\w+\s+of\s+$/i.test(text.slice(from, hits.find((h) => h.at > from)?.at ?? from))
      ? hits.findIndex((h) => h.at > from)
      : -1;
    const person = after >= 0 ? names[after]! : aboutAt(from);
    let spouse: string | null = null;
    if (kind === 'marriage') {
      const j = hits.findIndex((h, k) => h.at > from && h.at < to && married[k]);
      spouse = j >= 0 ? names[j]! : null;
      if (spouse) relate('spouse', person, spouse);
    }
    // "Certificate of Birth" names an event but says nothing of it.
    if (!date && !place) return;
    events.push({ kind, person, date, place, spouse, sentence });
  });
  const people = [...new Set(names)];
  if (subject && !people.includes(subject) && events.some((e) => e.person === subject)) people.push(subject);
  return { sentence, people, subject, events, relations, genders };
}
