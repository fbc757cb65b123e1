import type { Journal, JournalAncestor, JournalEvent } from '@gnology/contracts';

/**
 * A filled GNology Journal as structured context for Gene (decision 0073): the documents service
 * read its form fields into ancestors, sources and a research log; the prompt gets them as a
 * compact block beside the document's text, and the offline engine lists the ancestors.
 */

const event = (label: string, e: JournalEvent | undefined, extra?: string) => {
  const parts = [e?.date, e?.place, extra].filter(Boolean);
  return parts.length ? `  ${label}: ${parts.join(', ')}` : '';
};

function ancestorLines(a: JournalAncestor): string[] {
  return [
    `Ancestor ${a.number}: ${a.name || '(no name given)'}${a.relationship ? ` (${a.relationship})` : ''}`,
    event('birth', a.birth),
    event('baptism', a.baptism),
    event('marriage', a.marriage, a.marriage?.spouse ? `spouse ${a.marriage.spouse}` : undefined),
    event('death', a.death),
    event('burial', a.burial),
    a.father || a.mother
      ? `  parents: ${[a.father && `father ${a.father}`, a.mother && `mother ${a.mother}`].filter(Boolean).join('; ')}`
      : '',
    a.children.length ? `  children: ${a.children.join('; ')}` : '',
    a.occupation ? `  occupation: ${a.occupation}` : '',
    a.residences.length ? `  residences: ${a.residences.join('; ')}` : '',
    a.sources ? `  sources: ${a.sources.replace(/\n/g, '; ')}` : '',
    a.notes ? `  notes: ${a.notes.replace(/\n/g, ' ')}` : '',
  ].filter(Boolean);
}

/** The journal block of a document in the system prompt. */
export function journalBlock(j: Journal): string {
  const lines = [`<journal version="${j.version}" ancestors="${j.ancestors.length}">`];
  const p = j.project;
  if (p.title || p.researcher)
    lines.push(`Project: ${[p.title, p.researcher && `researcher ${p.researcher}`].filter(Boolean).join(', ')}`);
  if (p.goal) lines.push(`Research goal: ${p.goal.replace(/\n/g, ' ')}`);
  for (const a of j.ancestors) lines.push(...ancestorLines(a));
  if (j.sourcesSearched.length)
    lines.push(
      `Sources searched: ${j.sourcesSearched.map((s) => (s.notes ? `${s.label} (${s.notes.replace(/\n/g, ' ')})` : s.label)).join('; ')}`,
    );
  if (j.log.length) {
    lines.push(`Research log (${j.log.length} entries):`);
    for (const e of j.log) lines.push(`  - ${[e.date, e.repository, e.source, e.result].filter(Boolean).join(' | ')}`);
  }
  if (j.findings.summary) lines.push(`Findings: ${j.findings.summary.replace(/\n/g, ' ')}`);
  if (j.findings.conflicts) lines.push(`Conflicts: ${j.findings.conflicts.replace(/\n/g, ' ')}`);
  if (j.findings.nextSteps) lines.push(`Next steps: ${j.findings.nextSteps.replace(/\n/g, ' ')}`);
  lines.push('</journal>');
  return lines.join('\n');
}

const years = (e: JournalEvent | undefined) => e?.date?.match(/\b(1[4-9]\d\d|20\d\d)\b/)?.[1];

/** The offline answer's list of a journal's ancestors, one line each: name, years, places. */
export function journalAncestorsMarkdown(
  docs: { originalName: string; _id: string; journal?: Journal | null }[],
): string[] {
  const out: string[] = [];
  for (const d of docs) {
    if (!d.journal?.ancestors.length) continue;
    out.push(`## Ancestors in your GNology Journal *"${d.originalName}"* (id ${d._id})`);
    for (const a of d.journal.ancestors) {
      const life = [years(a.birth) ?? years(a.baptism), years(a.death) ?? years(a.burial)];
      const span = life[0] || life[1] ? ` (${life[0] ?? '?'}–${life[1] ?? '?'})` : '';
      const places = [a.birth?.place, a.death?.place].filter(Boolean).join(' → ');
      out.push(
        `${a.number}. **${a.name || 'No name given'}**${span}${places ? `, ${places}` : ''}${a.marriage?.spouse ? `; married ${a.marriage.spouse}` : ''}`,
      );
    }
    out.push('');
  }
  return out;
}
