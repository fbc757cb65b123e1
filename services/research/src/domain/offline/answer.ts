import { foldText, type IndividualDetail, type RequestType } from '@gnology/contracts';
import { citation } from '../cite';
import { journalAncestorsMarkdown } from '../journal-block';
import type { BookContext, ContextDocument } from '../model';
import { peopleIndexSection } from '../people-evidence';
import { sortDocuments } from '../prompt';
import { type DirectAnswer, directAnswer } from './direct';
import { localPeople } from './local-index';
import { nextRecords, jurisdictionOf } from './next-records';
import { bookSection, outline } from './outline';
import { fromIndex, mergePeople, type Person, resolvePerson, writtenAs } from './person';
import { asksForFacts, readQuestion } from './question';
import { datedPassages, type Quote, passagesMatching, supportingPassage } from './quotes';
import { storedPeople, storedPlaces } from './record-facts';
import { conflictsSection, familySection, peopleNamedSection, timelineSection } from './sections';
import { type DocumentsById, sourcesText } from './sources';
import { generalGuidance } from './guidance';

/** What Gene can and cannot do without a model, in the user's terms (the operator's side is in the README and the logs). */
export const OFFLINE_NOTE =
  '*Gene is working offline on this server: it reads your selected documents and answers from what they say, with sources (with none selected, it searches your library); it cannot write free prose or use knowledge outside your documents.*';

export interface OfflineInput {
  query: string;
  documents: ContextDocument[];
  requestType: RequestType;
  book?: BookContext;
  /** The people index's evidence about the people the question names (issue 16). */
  people?: IndividualDetail[];
}

const QUOTE_LIMIT = 8;
const flat = (s: string) =>
  foldText(s)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
const quote = (s: string) => s.replace(/"/g, '”');

/**
 * The whole offline answer as Markdown (decision 0208): facts from the documents' stored
 * extraction and the people index, never from a second reading of the text; the text is only
 * searched for the sentences to quote. Deterministic, so a resumed generation can skip what it wrote.
 */
export function offlineAnswer(input: OfflineInput): string {
  const docs = aboutTheNameAsked(sortDocuments(input.documents), input);
  if (docs.length === 0) {
    return [
      'You have not selected any documents for this question, and no document in your library matched it; working offline Gene answers only from documents. Upload the records you hold in **Documents**, or select them with **Documents** above the message box, then ask again: Gene will answer from what they say, build a timeline, flag conflicting dates and suggest the next records to search.',
      '',
      ...generalGuidance(input.query),
      '',
      '---',
      OFFLINE_NOTE,
    ].join('\n');
  }
  const byId: DocumentsById = new Map(docs.map((d) => [d._id, d]));
  const people = mergePeople((input.people ?? []).map(fromIndex), localPeople(docs));
  const parts: string[] = [];
  if (input.book && input.book.section.index >= 0) parts.push(...bookSection(input.book, docs, byId, people));
  else if (input.requestType !== 'regular')
    parts.push(...outline(input.requestType, docs, people, jurisdictionOf(docs.flatMap(storedPlaces)).label));

  // A question about someone: lead with the answer, and keep to that person's family (issue 13).
  let person: Person | null = null;
  let direct: DirectAnswer | null = null;
  let aboutSomeone = false;
  if (input.requestType === 'regular') {
    const question = readQuestion(input.query, knownNames(people, docs));
    aboutSomeone = question.who;
    const named = question.names.map((n) => resolvePerson(n, people)).find((p) => p !== null) ?? null;
    person = named ?? (question.names.length === 0 && asksForFacts(question) ? primarySubject(docs, people) : null);
    const mentioned = (name: string) =>
      docs.some((d) => ` ${flat(d.extractedText ?? '')} `.includes(` ${flat(name)} `));
    direct = asksForFacts(question)
      ? directAnswer(question, person, named ? null : (question.names[0] ?? null), byId, mentioned)
      : null;
    if (direct) parts.push(direct.text, '');
  }
  const family = person ? familyOf(person, people) : people;
  const familyDocs = new Set(
    family.flatMap((p) => [
      ...p.evidence.map((e) => e.documentId),
      ...p.kin.flatMap((k) => k.sources.map((s) => s.documentId)),
    ]),
  );
  const relevant = person ? docs.filter((d) => familyDocs.has(d._id)) : docs;

  // "What do we know about X?": across the whole library, every document the index found them in,
  // their timeline and its conflicts (a narrower question is answered from the documents above).
  if (aboutSomeone) parts.push(...peopleIndexSection(input.people ?? []));
  parts.push(...journalAncestorsMarkdown(docs));
  parts.push(...quotesSection(direct, relevant, byId, input.query, person));
  parts.push(...(person ? familySection(person, byId) : peopleNamedSection(docs)));
  parts.push(...timelineSection(family, byId, person));
  parts.push(...conflictsSection(family, byId));
  parts.push(
    '## Records to search next',
    ...nextRecords(
      placesFor(relevant, family),
      family.flatMap((p) => p.facts),
    ),
    '',
  );
  const found = docs.filter((d) => d.retrieved);
  if (found.length)
    parts.push(
      `*Found by searching your library for this question: ${found.map((d) => citation(d, d.pages?.[0]?.pageNumber)).join('; ')}.*`,
      '',
    );
  // The documents the answer drew on (a selected document about another family stays out).
  parts.push(...sourceCitations(relevant));
  parts.push('---', OFFLINE_NOTE);
  const text = parts.join('\n');
  // Nothing selected: the documents Gene read are the ones it found (decision 0170).
  return found.length === docs.length
    ? text.replace(/\b([Tt])he selected documents\b/g, (_, t: string) => `${t}he documents found in your library`)
    : text;
}

/** Names a question may give, longest first, so "Anna Maria Weber" beats "Anna". */
function knownNames(people: readonly Person[], docs: readonly ContextDocument[]): string[] {
  const names = new Set<string>();
  for (const p of people) for (const n of [p.name, ...p.variants]) if (n.includes(' ')) names.add(n);
  for (const d of docs) for (const t of storedPeople(d)) if (t.name.includes(' ')) names.add(t.name);
  return [...names].sort((a, b) => b.length - a.length || a.localeCompare(b));
}

/** "When did he die?" with nobody named: the primary subject of the first document that has one. */
function primarySubject(docs: readonly ContextDocument[], people: readonly Person[]): Person | null {
  for (const d of docs) {
    const subject = storedPeople(d).find((t) => t.role === 'primary_subject');
    const p = subject ? resolvePerson(subject.name, people) : null;
    if (p) return p;
  }
  return null;
}

/** The person and the relatives the records name, each as the individual written so (never a namesake by a looser match). */
function familyOf(person: Person, people: readonly Person[]): Person[] {
  const kin = person.kin.flatMap((k) => people.filter((p) => p !== person && writtenAs(p, k.name)).slice(0, 1));
  return [person, ...kin.filter((p, i) => kin.indexOf(p) === i)];
}

/** The places of the documents that give the family's facts, the most cited document first. */
function placesFor(relevant: readonly ContextDocument[], family: readonly Person[]) {
  const cited = (d: ContextDocument) =>
    family.flatMap((p) => p.facts).filter((f) => f.source.documentId === d._id).length;
  const ranked = [...relevant].sort((a, b) => cited(b) - cited(a) || a._id.localeCompare(b._id));
  const withPlaces = ranked.map(storedPlaces).filter((places) => places.length);
  // A document that names the country or state first: a census heading's lone county says less.
  return withPlaces.find((places) => jurisdictionOf(places).country) ?? withPlaces[0] ?? [];
}

/** The sentences the direct answer rests on, then those naming the person or sharing the question's words; each once. */
function quotesSection(
  direct: DirectAnswer | null,
  relevant: readonly ContextDocument[],
  byId: DocumentsById,
  query: string,
  person: Person | null,
): string[] {
  const picked: Quote[] = [];
  const add = (text: string, source: Quote['sources'][number]) => {
    const key = flat(text);
    const same = picked.find((q) => flat(q.text) === key);
    if (!same) picked.push({ text, sources: [source] });
    else if (!same.sources.some((s) => s.documentId === source.documentId && s.page === source.page))
      same.sources.push(source);
  };
  for (const { source, needles } of direct?.evidence ?? []) {
    const passage = supportingPassage(source, needles, byId);
    if (passage) add(passage.text, { ...source, page: passage.page ?? source.page });
  }
  const subjectOf = new Set(
    relevant
      .filter((d) => person && storedPeople(d).some((t) => t.role === 'primary_subject' && writtenAs(person, t.name)))
      .map((d) => d._id),
  );
  for (const { passage, doc } of passagesMatching(
    relevant,
    query,
    person ? [person.name] : [],
    QUOTE_LIMIT * 2,
    subjectOf,
  ))
    add(passage.text, { documentId: doc._id, fileName: doc.originalName, page: passage.page });
  // "Write the book", "What do these say?": nothing matches the question's words, so the sentences that date something.
  if (!picked.length && !person)
    for (const { passage, doc } of datedPassages(relevant, QUOTE_LIMIT))
      add(passage.text, { documentId: doc._id, fileName: doc.originalName, page: passage.page });
  const lines = ['## What your documents say'];
  if (!picked.length) lines.push('None of the selected documents contains readable text that matches your question.');
  for (const q of picked.slice(0, QUOTE_LIMIT)) lines.push(`- "${quote(q.text)}"${sourcesText(q.sources, byId)}`);
  lines.push('');
  return lines;
}

/**
 * Documents the library search found (not chosen by the user) stay in an answer about someone only
 * when they name that person in full: a search for "John Henry Whitfield" also finds a "John
 * Whitfield" baptised in another county, who must not lend him parents (decision 0170). Selected
 * documents are always read.
 */
function aboutTheNameAsked(docs: ContextDocument[], input: OfflineInput): ContextDocument[] {
  if (input.requestType !== 'regular' || !docs.some((d) => d.retrieved)) return docs;
  const asked = readQuestion(input.query).names.filter((n) => n.split(/\s+/).length >= 2);
  if (!asked.length) return docs;
  const kept = docs.filter(
    (d) => !d.retrieved || asked.some((n) => ` ${flat(d.extractedText ?? '')} `.includes(` ${flat(n)} `)),
  );
  return kept.length ? kept : docs;
}

/** The documents read, each as a full source citation (Evidence Explained style, decision 0186), ready to copy into notes. */
function sourceCitations(docs: readonly ContextDocument[]): string[] {
  const cited = docs.filter((d) => d.citation).slice(0, 20);
  if (!cited.length) return [];
  return ['## Source citations', ...cited.map((d) => `- ${d.citation!.replace(/\n/g, ' ')}`), ''];
}
