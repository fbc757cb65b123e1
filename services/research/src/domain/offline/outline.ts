import type { RequestType } from '@gnology/contracts';
import type { BookContext, ContextDocument } from '../model';
import type { Person } from './person';
import { passagesMatching, supportingPassage } from './quotes';
import { eventLabel, factsOf } from './sections';
import { citeSource, type DocumentsById } from './sources';
import { dateCell } from './wording';

/** Chapter and book requests without a model: an outline, and each part's material, from the people index's view of the documents. */

const quote = (s: string) => s.replace(/"/g, '”');

function span(years: number[]): string {
  if (!years.length) return '';
  const lo = Math.min(...years);
  const hi = Math.max(...years);
  return lo === hi ? `around ${lo}` : `${lo}–${hi}`;
}

function mostCommonSurname(names: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const n of names) {
    const last = n.trim().split(/\s+/).pop();
    if (last && last.length > 2) counts.set(last, (counts.get(last) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
}

/** The most documented people first. */
export function leadingPeople(people: readonly Person[]): Person[] {
  return [...people].sort(
    (a, b) => b.facts.length + b.evidence.length - (a.facts.length + a.evidence.length) || a.name.localeCompare(b.name),
  );
}

export function outline(
  requestType: RequestType,
  docs: readonly ContextDocument[],
  people: readonly Person[],
  place: string | null,
): string[] {
  const rows = factsOf(people).filter(({ fact }) => fact.year !== null);
  const leading = leadingPeople(people).slice(0, 6);
  const surname = mostCommonSurname(leading.map((p) => p.name));
  const when = span(rows.filter(({ fact }) => !fact.estimated).map(({ fact }) => fact.year!));
  const lines: string[] = [];
  if (requestType === 'book') {
    lines.push(
      '## Title options',
      `1. *The ${surname ?? 'Family'} Story${place ? `: From ${place}` : ''}*`,
      `2. *Roots and Records${when ? `, ${when}` : ''}: A ${surname ?? 'Family'} History*`,
      `3. *${leading[0]?.name ?? 'Our Ancestors'} and Those Who Came After*`,
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
  lines.push('## Chapter outline (grounded in your documents)');
  let n = 1;
  lines.push(
    `${n++}. **Introduction** — the family${surname ? ` ${surname}` : ''}${place ? ` in ${place}` : ''}${when ? `, ${when}` : ''}; the sources: ${docs.map((d) => `"${d.originalName}"`).join(', ')}.`,
  );
  for (const p of leading.slice(0, 4)) {
    const facts = rows
      .filter((r) => r.person === p)
      .map(({ fact }) => `${eventLabel(fact).toLowerCase()} ${dateCell(fact)} (${fact.source.fileName})`)
      .join('; ');
    lines.push(`${n++}. **${p.name}** — ${facts || 'what the documents record about them'}.`);
  }
  lines.push(`${n++}. **Open questions** — gaps and conflicts to resolve before the narrative is final.`, '');
  return lines;
}

export function bookSection(
  book: BookContext,
  docs: readonly ContextDocument[],
  byId: DocumentsById,
  people: readonly Person[],
): string[] {
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
  const rows = factsOf(people).filter(({ fact }) => fact.year !== null);
  for (const { person, fact } of rows.slice(0, 12)) {
    const passage = supportingPassage(fact.source, [...(fact.date ? [`date:${fact.date}`] : []), person.name], byId);
    // A sentence naming two events (born … and baptised …) is quoted once.
    const text = passage && !quoted.has(passage.text) ? `: "${quote(passage.text)}"` : '';
    if (passage) quoted.add(passage.text);
    lines.push(`- ${dateCell(fact)} — ${eventLabel(fact)} of ${person.name}${text} (${citeSource(fact.source, byId)})`);
  }
  // The documents' other sentences about these people, for the narrative's colour.
  const names = leadingPeople(people)
    .slice(0, 4)
    .map((p) => p.name);
  for (const { passage, doc } of passagesMatching(docs, '', names, 8)) {
    if (quoted.has(passage.text)) continue;
    quoted.add(passage.text);
    lines.push(
      `- "${quote(passage.text)}" (${citeSource({ documentId: doc._id, fileName: doc.originalName, page: passage.page }, byId)})`,
    );
  }
  if (!rows.length && quoted.size === 0)
    lines.push(
      `- The reading of the selected documents (${docs.map((d) => `"${d.originalName}"`).join(', ')}) found no dated events.`,
    );
  const next = book.outline[book.section.index + 1];
  lines.push('', next ? `Type **continue** for the next part: ${next}.` : 'This was the last part of the plan.', '');
  return lines;
}
