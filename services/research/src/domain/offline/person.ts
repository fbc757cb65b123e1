import { fold, sameperson } from './names';
import type { EventFact, Reading, RelationFact, Sentence } from './reading';

/** Everything the documents say about one person, gathered sentence by sentence. */
export interface PersonFacts {
  name: string;
  gender: 'he' | 'she' | null;
  events: EventFact[];
  parents: Relative[];
  spouses: Relative[];
  children: Relative[];
  /** The sentences that name or are about this person. */
  sentences: Sentence[];
}

export interface Relative {
  name: string;
  sentences: Sentence[];
}

/** Everyone the readings name, with how many facts each has (the most documented first). */
export function peopleOf(readings: Reading[]): string[] {
  const count = new Map<string, { name: string; n: number }>();
  const add = (name: string | null, n: number) => {
    if (!name) return;
    const entry = count.get(fold(name)) ?? { name, n: 0 };
    entry.n += n;
    count.set(fold(name), entry);
  };
  for (const r of readings) {
    for (const p of r.people) add(p, 1);
    for (const e of r.events) add(e.person, 3);
    for (const rel of r.relations) add(rel.person, 1);
  }
  return [...count.values()].sort((a, b) => b.n - a.n || b.name.length - a.name.length).map((e) => e.name);
}

/** The documents' person a question's name means ("John Whitfield" → "John Henry Whitfield"): the most documented match. */
export function resolvePerson(name: string, people: string[]): string | null {
  return people.find((p) => fold(p) === fold(name)) ?? people.find((p) => sameperson(p, name)) ?? null;
}

function addRelative(list: Relative[], name: string, sentence: Sentence) {
  const found = list.find((r) => sameperson(r.name, name));
  if (!found) list.push({ name, sentences: [sentence] });
  else {
    if (name.length > found.name.length) found.name = name;
    if (!found.sentences.includes(sentence)) found.sentences.push(sentence);
  }
}

export function factsAbout(name: string, readings: Reading[]): PersonFacts {
  const is = (n: string | null) => n !== null && sameperson(n, name);
  const facts: PersonFacts = { name, gender: null, events: [], parents: [], spouses: [], children: [], sentences: [] };
  const relation = (rel: RelationFact) => {
    if (is(rel.person)) {
      const list = rel.kind === 'parent' ? facts.parents : rel.kind === 'spouse' ? facts.spouses : facts.children;
      addRelative(list, rel.other, rel.sentence);
    } else if (is(rel.other)) {
      // The other side of "X, son of A": A's child is X.
      const list = rel.kind === 'parent' ? facts.children : rel.kind === 'spouse' ? facts.spouses : facts.parents;
      addRelative(list, rel.person, rel.sentence);
    }
  };
  for (const r of readings) {
    const about = is(r.subject) || r.people.some(is) || r.events.some((e) => is(e.person));
    if (about && !facts.sentences.includes(r.sentence)) facts.sentences.push(r.sentence);
    for (const e of r.events) if (is(e.person)) facts.events.push(e);
    for (const rel of r.relations) relation(rel);
    for (const [who, g] of r.genders) if (is(who)) facts.gender ??= g;
  }
  // "X married Y": Y's marriage is X's too.
  for (const r of readings) {
    for (const e of r.events) {
      if (e.kind === 'marriage' && e.spouse && is(e.spouse) && !facts.events.includes(e)) facts.events.push(e);
    }
  }
  return facts;
}

/** The person and their parents, spouses and children: whose facts belong in an answer about them. */
export function familyOf(facts: PersonFacts): string[] {
  return [
    facts.name,
    ...facts.parents.map((r) => r.name),
    ...facts.spouses.map((r) => r.name),
    ...facts.children.map((r) => r.name),
  ];
}

export function inFamily(name: string | null, family: string[]): boolean {
  return name !== null && family.some((f) => sameperson(f, name));
}
