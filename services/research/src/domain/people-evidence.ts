import type { IndividualDetail } from '@gnology/contracts';
import { escapeLinkText, viewerHref } from './cite';
import { escapeDocumentText } from './prompt';

/*
 * What GNology's people index holds about the people a question names (issue 16): each
 * individual's evidence across the user's documents, the timeline built from it and the conflicts
 * it raises. The model reads it as one block of the prompt; the offline engine writes it as a
 * section of its answer. Either way every fact keeps its document, cited like any other.
 */

const EVENT_LABEL: Record<string, string> = {
  birth: 'Born',
  baptism: 'Baptised',
  marriage: 'Married',
  residence: 'Lived',
  occupation: 'Occupation',
  death: 'Died',
  burial: 'Buried',
  other: 'Recorded',
};

function cite(fileName: string, documentId: string, page?: number | null): string {
  return `[${escapeLinkText(fileName)}${page ? `, p. ${page}` : ''}](${viewerHref(documentId, page)})`;
}

const lifeYears = (p: IndividualDetail['individual']) =>
  p.birthYear || p.deathYear ? ` (${p.birthYear ?? '?'}–${p.deathYear ?? ''})` : '';

const roleOf = (e: IndividualDetail['evidence'][number]) => (e.recordRole ?? e.role).replace(/_/g, ' ');

/** The other spellings of a name: the name itself is not one of them. */
const otherSpellings = (p: IndividualDetail) =>
  p.variants.filter((v) => v.toLowerCase() !== p.individual.name.toLowerCase());

/**
 * The index's knowledge without the documents the user dropped from the question (decision 0170):
 * their evidence, events and conflicts go; an individual known only from them goes too.
 */
export function withoutDocuments(people: IndividualDetail[], dropped: readonly string[]): IndividualDetail[] {
  if (!dropped.length) return people;
  const gone = new Set(dropped);
  return people
    .map((p) => ({
      ...p,
      evidence: p.evidence.filter((e) => !gone.has(e.documentId)),
      timeline: p.timeline.filter((t) => !gone.has(t.documentId)),
      conflicts: p.conflicts.filter((c) => !c.documentIds.some((id) => gone.has(id))),
    }))
    .filter((p) => p.evidence.length > 0);
}

/** The prompt block: user-supplied text escaped like document text (decision 0088). */
export function peopleBlock(people: IndividualDetail[]): string {
  if (!people.length) return '';
  const esc = escapeDocumentText;
  const lines = [
    '<people-index>',
    "GNology's people index grouped the names in the user's documents into individuals. For the people this question names, it holds the following. Use it with the documents, cite the documents it names, and point out each conflict.",
  ];
  for (const p of people) {
    const variants = otherSpellings(p);
    lines.push(
      `Individual: ${esc(p.individual.name)}${lifeYears(p.individual)}${variants.length ? `; also written ${esc(variants.join(', '))}` : ''}`,
    );
    for (const e of p.evidence.slice(0, 20)) {
      lines.push(
        `- Evidence: ${esc(e.nameAsWritten)} as ${roleOf(e)} in "${esc(e.fileName)}" (id ${e.documentId}${e.page ? `, page ${e.page}` : ''})${e.date ? `, ${e.date}` : ''}${e.place ? `, ${esc(e.place)}` : ''}`,
      );
    }
    for (const t of p.timeline.slice(0, 20)) {
      lines.push(
        `- Timeline: ${EVENT_LABEL[t.kind] ?? t.kind} ${t.date ?? t.year ?? 'date unknown'}${t.place ? `, ${esc(t.place)}` : ''}${t.detail ? ` (${esc(t.detail)})` : ''} — "${esc(t.fileName)}"`,
      );
    }
    for (const r of p.relatives.slice(0, 12)) lines.push(`- Relative: ${r.relation} ${esc(r.name)}`);
    for (const c of p.conflicts) lines.push(`- Conflict: ${esc(c.message)}`);
  }
  lines.push('</people-index>');
  return lines.join('\n');
}

/** The offline engine's section: what the index knows, as Markdown with citations. */
export function peopleIndexSection(people: IndividualDetail[]): string[] {
  const out: string[] = [];
  for (const p of people) {
    const files = new Set(p.evidence.map((e) => e.documentId)).size;
    out.push(`## What your records say about ${p.individual.name}${lifeYears(p.individual)}`);
    const variants = otherSpellings(p);
    out.push(
      `GNology's people index finds ${p.individual.name} in ${files === 1 ? '1 document' : `${files} documents`}${variants.length ? `, also written ${variants.join(', ')}` : ''}.`,
      '',
    );
    if (p.timeline.length) {
      out.push('| Date | Event | Place | Source |', '|---|---|---|---|');
      for (const t of p.timeline.slice(0, 30)) {
        const page = p.evidence.find((e) => e.documentId === t.documentId)?.page;
        out.push(
          `| ${t.date ?? t.year ?? '—'} | ${EVENT_LABEL[t.kind] ?? t.kind}${t.detail ? `: ${t.detail.replace(/\|/g, '/')}` : ''} | ${(t.place ?? '—').replace(/\|/g, '/')} | ${cite(t.fileName, t.documentId, page)} |`,
        );
      }
      out.push('');
    }
    const evidence = p.evidence
      .slice(0, 20)
      .map(
        (e) =>
          `- ${e.nameAsWritten}, ${roleOf(e)}${e.date ? `, ${e.date}` : ''}${e.place ? `, ${e.place}` : ''}: ${cite(e.fileName, e.documentId, e.page)}`,
      );
    if (evidence.length) out.push('**Evidence**', ...evidence, '');
    if (p.relatives.length)
      out.push(`**Family in the index:** ${p.relatives.map((r) => `${r.name} (${r.relation})`).join(', ')}.`, '');
    if (p.conflicts.length) {
      out.push('**Conflicts to resolve**', ...p.conflicts.map((c) => `- ⚠ ${c.message}`), '');
    }
  }
  return out;
}
