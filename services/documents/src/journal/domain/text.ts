import type { Journal, JournalAncestor, JournalEvent } from '@gnology/contracts';

/**
 * A filled journal as readable text: the document's extracted text, so search finds its names and
 * places and Gene (or the offline engine, which reads sentences) sees the facts in plain sentences.
 */

function at(e: JournalEvent | undefined, prep = 'in'): string {
  if (!e) return '';
  return [e.date ? `on ${e.date}` : '', e.place ? `${prep} ${e.place}` : ''].filter(Boolean).join(' ');
}

function ancestorText(a: JournalAncestor): string {
  const who = a.name || `Ancestor ${a.number} (no name given)`;
  const lines = [`Ancestor ${a.number}: ${who}${a.relationship ? ` (${a.relationship})` : ''}`];
  if (a.birth) lines.push(`${who} was born ${at(a.birth)}.`);
  if (a.baptism) lines.push(`${who} was baptised ${at(a.baptism, 'at')}.`);
  if (a.marriage)
    lines.push(
      `${who} married${a.marriage.spouse ? ` ${a.marriage.spouse}` : ''} ${at(a.marriage)}.`.replace(/ \./, '.'),
    );
  if (a.death) lines.push(`${who} died ${at(a.death)}.`);
  if (a.burial) lines.push(`${who} was buried ${at(a.burial, 'at')}.`);
  const parents = [a.father && `father ${a.father}`, a.mother && `mother ${a.mother}`].filter(Boolean).join(', ');
  if (parents) lines.push(`Parents of ${who}: ${parents}.`);
  if (a.children.length) lines.push(`Children of ${who}: ${a.children.join('; ')}.`);
  if (a.occupation) lines.push(`Occupation: ${a.occupation}.`);
  if (a.residences.length) lines.push(`Residences: ${a.residences.join('; ')}.`);
  if (a.sources) lines.push(`Sources: ${a.sources}`);
  if (a.notes) lines.push(`Notes: ${a.notes}`);
  return lines.join('\n');
}

export function journalText(j: Journal): string {
  const parts: string[] = ['GNology Journal: a five-ancestor research project'];
  const p = j.project;
  const head = [
    p.title && `Project: ${p.title}`,
    p.researcher && `Researcher: ${p.researcher}`,
    p.started && `Started: ${p.started}`,
  ].filter(Boolean);
  if (head.length) parts.push(head.join('\n'));
  if (p.goal) parts.push(`Research goal:\n${p.goal}`);
  if (p.plan) parts.push(`Project plan:\n${p.plan}`);
  for (const a of j.ancestors) parts.push(ancestorText(a));
  if (j.sourcesSearched.length || j.otherSources) {
    const list = j.sourcesSearched.map((s) => `- ${s.label}${s.notes ? `: ${s.notes}` : ''}`);
    if (j.otherSources) list.push(`- Other sources: ${j.otherSources}`);
    parts.push(`Sources searched:\n${list.join('\n')}`);
  }
  if (j.log.length) {
    parts.push(
      `Research log:\n${j.log.map((e) => `- ${[e.date, e.repository, e.source, e.result].filter(Boolean).join(' | ')}`).join('\n')}`,
    );
  }
  if (j.contacts.length) {
    parts.push(
      `Correspondence and contacts:\n${j.contacts.map((c) => `- ${[c.date, c.contact, c.subject, c.outcome].filter(Boolean).join(' | ')}`).join('\n')}`,
    );
  }
  const f = j.findings;
  if (f.summary) parts.push(`Findings:\n${f.summary}`);
  if (f.conflicts) parts.push(`Conflicts:\n${f.conflicts}`);
  if (f.nextSteps) parts.push(`Next steps:\n${f.nextSteps}`);
  if (!j.ancestors.length && parts.length === 1) parts.push('The journal has not been filled in yet.');
  return parts.join('\n\n');
}
