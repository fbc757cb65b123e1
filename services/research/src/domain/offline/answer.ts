import type { IndividualDetail, RequestType } from '@gnology/contracts';
import type { BookContext, ContextDocument } from '../model';
import { citation } from '../cite';
import { journalAncestorsMarkdown } from '../journal-block';
import { peopleIndexSection } from '../people-evidence';
import { sortDocuments } from '../prompt';
import { directAnswer, sourcesOf } from './direct';
import { dateConflicts, type DatedEvent, datedEvents, EVENT_LABEL, placesOf, relevantSentences } from './extract';
import { fold } from './names';
import { factsAbout, familyOf, inFamily, type PersonFacts, peopleOf, resolvePerson } from './person';
import { asksForFacts, readQuestion } from './question';
import { type Reading, readDocuments, type Sentence } from './reading';

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

const cite = (s: { doc: ContextDocument; page: number | null }) => citation(s.doc, s.page);
const quote = (s: string) => s.replace(/"/g, '”');
const mdCell = (s: string) => s.replace(/\|/g, '/').replace(/\n/g, ' ');
const QUOTE_LIMIT = 8;

/** The whole offline answer as Markdown. Deterministic, so a resumed generation can skip what it wrote. */
export function offlineAnswer(input: OfflineInput): string {
  const docs = aboutTheNameAsked(sortDocuments(input.documents), input);
  const parts: string[] = [];
  if (docs.length === 0) {
    parts.push(
      'You have not selected any documents for this question, and no document in your library matched it; working offline Gene answers only from documents. Upload the records you hold in **Documents**, or select them with **Documents** above the message box, then ask again: Gene will answer from what they say, build a timeline, flag conflicting dates and suggest the next records to search.',
      '',
      ...generalGuidance(input.query),
      '',
      '---',
      OFFLINE_NOTE,
    );
    return parts.join('\n');
  }
  const readings = readDocuments(docs);

  if (input.book && input.book.section.index >= 0)
    parts.push(...bookSection(input.book, docs, datedEvents(docs, readings)));
  else if (input.requestType !== 'regular') parts.push(...outline(input, docs, readings));

  // A question about someone: lead with the answer, and keep to that person's family (issue 13).
  let person: PersonFacts | null = null;
  let lead: Sentence[] = [];
  let aboutSomeone = false;
  const people = peopleOf(readings);
  if (input.requestType === 'regular') {
    const question = readQuestion(input.query, people);
    aboutSomeone = question.who;
    const named = question.names.map((n) => resolvePerson(n, people)).find((n) => n !== null) ?? null;
    const name = named ?? (question.names.length === 0 && asksForFacts(question) ? (people[0] ?? null) : null);
    person = name ? factsAbout(name, readings) : null;
    const direct = asksForFacts(question)
      ? directAnswer(question, person, named ? null : (question.names[0] ?? null))
      : null;
    if (direct) {
      parts.push(direct.text, '');
      lead = direct.sentences;
    }
  }
  const family = person ? familyOf(person) : null;
  const relevant = family
    ? readings.filter(
        (r) =>
          inFamily(r.subject, family) ||
          r.people.some((p) => inFamily(p, family)) ||
          r.events.some((e) => inFamily(e.person, family)),
      )
    : readings;
  const events = datedEvents(docs, relevant).filter((e) => !family || inFamily(e.person, family));
  const conflicts = dateConflicts(events);
  const places = placesOf(
    docs.filter((d) => relevant.some((r) => r.sentence.doc === d)),
    people,
  );

  // "What do we know about X?": across the whole library, every document the index found them in,
  // their timeline and its conflicts (a narrower question is answered from the documents above).
  if (aboutSomeone) parts.push(...peopleIndexSection(input.people ?? []));
  parts.push(...journalAncestorsMarkdown(docs));
  parts.push(...quotes(lead, relevant, input.query));
  parts.push(...peopleSection(person, docs));

  parts.push('## Timeline');
  if (events.length) {
    parts.push('| Date | Event | Person | Place | Source |', '|---|---|---|---|---|');
    for (const e of events.slice(0, 40)) {
      parts.push(
        `| ${mdCell(e.date)} | ${EVENT_LABEL[e.kind]} | ${mdCell(e.person ?? '—')} | ${mdCell(e.place ?? '—')} | ${cite(e)} |`,
      );
    }
  } else
    parts.push(
      family
        ? `The selected documents contain no dated events of ${person!.name} or their family that Gene could read.`
        : 'The selected documents contain no dated events that Gene could read.',
    );
  parts.push('');

  parts.push('## Conflicting dates');
  if (conflicts.length) {
    for (const c of conflicts) {
      parts.push(
        `- ⚠️ **${c.person}**, ${EVENT_LABEL[c.kind].toLowerCase()}: the documents disagree — ${c.readings.map((r) => `${r.date} (${cite(r)})`).join('; ')}.`,
      );
      parts.push(
        '  Check the original registers: a baptism is often recorded days or weeks after a birth, and ages at death or in a census are frequently rounded.',
      );
    }
  } else parts.push('No conflicting dates were found among the selected documents.');
  parts.push('');

  parts.push('## Records to search next', ...nextRecords(places, events), '');
  const found = docs.filter((d) => d.retrieved);
  if (found.length)
    parts.push(
      `*Found by searching your library for this question: ${found.map((d) => citation(d, d.pages?.[0]?.pageNumber)).join('; ')}.*`,
      '',
    );
  // The documents the answer drew on (a selected document about another family stays out).
  parts.push(...sourceCitations(docs.filter((d) => relevant.some((r) => r.sentence.doc === d))));
  parts.push('---', OFFLINE_NOTE);
  const text = parts.join('\n');
  // Nothing selected: the documents Gene read are the ones it found (decision 0170).
  return found.length === docs.length
    ? text.replace(/\b([Tt])he selected documents\b/g, (_, t: string) => `${t}he documents found in your library`)
    : text;
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
  const flat = (s: string) => fold(s).replace(/[^a-z0-9]+/g, ' ');
  const kept = docs.filter((d) => !d.retrieved || asked.some((n) => flat(d.extractedText ?? '').includes(flat(n))));
  return kept.length ? kept : docs;
}

/** Each sentence quoted once, with every document and page it appears on (the same record uploaded twice is one quote). */
function quotes(lead: Sentence[], relevant: Reading[], query: string): string[] {
  const picked = [
    ...lead,
    ...relevantSentences(
      relevant.map((r) => r.sentence),
      query,
      QUOTE_LIMIT,
    ),
  ];
  const byText = new Map<string, Sentence[]>();
  for (const s of picked) {
    const key = fold(s.text)
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
    const list = byText.get(key) ?? [];
    if (!list.some((x) => x.doc._id === s.doc._id && x.page === s.page)) list.push(s);
    byText.set(key, list);
  }
  const lines = ['## What your documents say'];
  if (byText.size === 0)
    lines.push('None of the selected documents contains readable text that matches your question.');
  for (const list of [...byText.values()].slice(0, QUOTE_LIMIT))
    lines.push(`- "${quote(list[0]!.text)}"${sourcesOf(list)}`);
  lines.push('');
  return lines;
}

/** For a question about someone, their relatives as the records name them; otherwise the documents' people. */
function peopleSection(person: PersonFacts | null, docs: ContextDocument[]): string[] {
  const lines: string[] = [];
  if (person) {
    const rows = [
      ...person.parents.map((r) => ({ r, role: 'parent' })),
      ...person.spouses.map((r) => ({ r, role: 'spouse' })),
      ...person.children.map((r) => ({ r, role: 'child' })),
    ];
    if (rows.length) {
      lines.push(`## ${person.name}'s family in the documents`);
      for (const { r, role } of rows) lines.push(`- **${r.name}** (${role})${sourcesOf(r.sentences)}`);
      lines.push('');
    }
    return lines;
  }
  const seen = new Set<string>();
  const people = docs
    .flatMap((d) => (d.peopleIdentified ?? []).map((p) => ({ p, d })))
    .filter(({ p }) => p?.name && !seen.has(fold(p.name)) && seen.add(fold(p.name)));
  if (people.length) {
    lines.push('## People named in the documents');
    for (const { p, d } of people.slice(0, 30))
      lines.push(`- **${p.name}**${p.role ? ` (${p.role.replace(/_/g, ' ')})` : ''} (${citation(d)})`);
    lines.push('');
  }
  return lines;
}

function range(years: number[]): string {
  if (!years.length) return '';
  const lo = Math.min(...years);
  const hi = Math.max(...years);
  return lo === hi ? `around ${lo}` : `${lo}–${hi}`;
}

function nextRecords(places: { place: string; years: number[] }[], events: DatedEvent[]): string[] {
  const out: string[] = [];
  const allYears = events.map((e) => e.year);
  for (const { place, years } of places.slice(0, 4)) {
    const when = range(years.length ? years : allYears);
    out.push(
      `- **${place}**${when ? ` (${when})` : ''}: parish registers of baptisms, marriages and burials; civil registration indexes; census returns for the census years in that span; local directories and land or tax records.`,
    );
  }
  const kinds = new Set(events.map((e) => e.kind));
  const yearOf = (k: string) => events.find((e) => e.kind === k)?.year;
  if (kinds.has('emigration'))
    out.push(
      `- Passenger lists and naturalisation papers around ${yearOf('emigration')}, at both the port of departure and of arrival.`,
    );
  if (kinds.has('death') || kinds.has('burial'))
    out.push(
      `- Probate records, wills and administrations after ${yearOf('death') ?? yearOf('burial')}; cemetery and monument inscriptions.`,
    );
  if (kinds.has('military')) out.push(`- Military service, pension and muster records around ${yearOf('military')}.`);
  if (kinds.has('marriage'))
    out.push(`- Marriage banns and licences around ${yearOf('marriage')}, which often name fathers and residences.`);
  if (!out.length)
    out.push(
      '- The documents name no places or years Gene could read; census, parish and civil registration records for the family’s home area are the usual next step.',
    );
  return out;
}

function generalGuidance(query: string): string[] {
  const years = [...query.matchAll(/\b(1[4-9]\d\d|20[0-2]\d)\b/g)].map((m) => m[1]);
  const places = [...query.matchAll(/\b(?:in|at|near|from)\s+(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?)/gu)].map(
    (m) => m[1],
  );
  const lines = ['## Where to start'];
  if (places.length || years.length) {
    lines.push(
      `From your question: ${[...places.map((p) => `**${p}**`), ...years.map((y) => `**${y}**`)].join(', ')}.`,
    );
    for (const p of places)
      lines.push(
        `- ${p}: parish registers, civil registration indexes and census returns${years.length ? ` around ${years.join(', ')}` : ''}.`,
      );
  }
  lines.push(
    '- Write down what you already know for each ancestor (names, dates, places) and where each fact comes from.',
    '- Work backwards one generation at a time, from documents you hold to the records that name the next generation.',
    '- Upload birth, marriage and death certificates, census pages and family letters in Documents so Gene can read them.',
  );
  return lines;
}

/** Chapter and book requests: a grounded outline built from the people, places and dated events found. */
function outline(input: OfflineInput, docs: ContextDocument[], readings: Reading[]): string[] {
  const events = datedEvents(docs, readings);
  const places = placesOf(docs);
  const people = peopleOf(readings).slice(0, 6);
  const surname = mostCommonSurname([...people, ...events.map((e) => e.person ?? '')]);
  const place = places[0]?.place;
  const span = range(events.map((e) => e.year));
  const lines: string[] = [];
  if (input.requestType === 'book') {
    lines.push('## Title options');
    lines.push(
      `1. *The ${surname ?? 'Family'} Story${place ? `: From ${place}` : ''}*`,
      `2. *Roots and Records${span ? `, ${span}` : ''}: A ${surname ?? 'Family'} History*`,
      `3. *${people[0] ?? 'Our Ancestors'} and Those Who Came After*`,
      '',
      '## How the book will be written',
      '1. Table of contents and introduction',
      '2. Chapters 1-3',
      '3. Chapters 4-6',
      '4. Chapters 7-9',
      '5. Conclusion and appendices',
      '6. Photo integration',
      '',
      'Type **continue** to write each part in turn. Save this plan as a Format document: if a conversation reaches capacity, upload it with your journal in a new conversation and ask to continue.',
      '',
    );
  }
  lines.push(`## ${input.requestType === 'book' ? 'Chapter outline' : 'Chapter outline'} (grounded in your documents)`);
  let n = 1;
  lines.push(
    `${n++}. **Introduction** — the family${surname ? ` ${surname}` : ''}${place ? ` in ${place}` : ''}${span ? `, ${span}` : ''}; the sources: ${docs.map((d) => `"${d.originalName}"`).join(', ')}.`,
  );
  for (const p of people.slice(0, 4)) {
    const theirs = events.filter((e) => e.person === p);
    const facts = theirs
      .map((e) => `${EVENT_LABEL[e.kind].toLowerCase()} ${e.year} (${e.doc.originalName})`)
      .join('; ');
    lines.push(`${n++}. **${p}** — ${facts || 'what the documents record about them'}.`);
  }
  const byDecade = new Map<number, DatedEvent[]>();
  for (const e of events)
    byDecade.set(Math.floor(e.year / 10) * 10, [...(byDecade.get(Math.floor(e.year / 10) * 10) ?? []), e]);
  if (people.length === 0) {
    for (const [decade, list] of [...byDecade].slice(0, 5))
      lines.push(
        `${n++}. **The ${decade}s** — ${list.map((e) => `${EVENT_LABEL[e.kind].toLowerCase()} (${e.doc.originalName})`).join('; ')}.`,
      );
  }
  lines.push(`${n++}. **Open questions** — gaps and conflicts to resolve before the narrative is final.`);
  lines.push('');
  return lines;
}

function bookSection(book: BookContext, docs: ContextDocument[], events: DatedEvent[]): string[] {
  const lines = [
    `## ${book.section.title}`,
    `*Part ${book.section.index + 1} of ${book.outline.length} of "${book.title}".*`,
    '',
  ];
  if (book.summaries.length) lines.push(`Written so far: ${book.summaries.map((s) => s.title).join(', ')}.`, '');
  lines.push(
    'Without a model Gene cannot write the narrative itself; here is the material this part should draw on:',
    '',
  );
  const quoted = new Set<string>();
  for (const e of events.slice(0, 12)) {
    // A sentence naming two events (born … and baptised …) is quoted once.
    const text = quoted.has(e.sentence) ? '' : `: "${quote(e.sentence)}"`;
    quoted.add(e.sentence);
    lines.push(`- ${e.date} — ${EVENT_LABEL[e.kind]}${e.person ? ` of ${e.person}` : ''}${text} (${cite(e)})`);
  }
  if (!events.length)
    lines.push(
      `- The selected documents (${docs.map((d) => `"${d.originalName}"`).join(', ')}) contain no dated events.`,
    );
  const next = book.outline[book.section.index + 1];
  lines.push('', next ? `Type **continue** for the next part: ${next}.` : 'This was the last part of the plan.', '');
  return lines;
}

function mostCommonSurname(names: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const n of names) {
    const last = n.trim().split(/\s+/).pop();
    if (last && last.length > 2) counts.set(last, (counts.get(last) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** The documents read, each as a full source citation (Evidence Explained style, decision 0186), ready to copy into notes. */
function sourceCitations(docs: ContextDocument[]): string[] {
  const cited = docs.filter((d) => d.citation).slice(0, 20);
  if (!cited.length) return [];
  return ['## Source citations', ...cited.map((d) => `- ${d.citation!.replace(/\n/g, ' ')}`), ''];
}
