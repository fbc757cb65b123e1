import { TIMELINE_EVENT_LABELS } from '@gnology/contracts';
import { citation } from '../cite';
import type { ContextDocument } from '../model';
import type { Fact, Person } from './person';
import { citeSource, type DocumentsById, type Source, sourcesText } from './sources';
import { dateCell, dateText, disagreeingYears, mostPrecise } from './wording';

/** The answer's sections built from the people index's view: the timeline, the conflicts, the family. */

const mdCell = (s: string) => s.replace(/\|/g, '/').replace(/\n/g, ' ');
const TIMELINE_ROWS = 40;

export const eventLabel = (f: Fact) =>
  f.kind === 'occupation' && f.detail ? `Occupation: ${f.detail}` : TIMELINE_EVENT_LABELS[f.kind];

/** Each person's facts once (a merged individual may hold one twice), in time order. */
export function factsOf(people: readonly Person[]): { person: Person; fact: Fact }[] {
  const seen = new Set<string>();
  const rows: { person: Person; fact: Fact }[] = [];
  for (const person of people)
    for (const fact of person.facts) {
      const key = `${person.key}|${fact.kind}|${fact.date}|${fact.detail}|${fact.source.documentId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push({ person, fact });
    }
  return rows.sort(
    (a, b) =>
      (a.fact.year ?? 99999) - (b.fact.year ?? 99999) ||
      (a.fact.date ?? '').localeCompare(b.fact.date ?? '') ||
      a.person.name.localeCompare(b.person.name) ||
      a.fact.kind.localeCompare(b.fact.kind),
  );
}

export function timelineSection(people: readonly Person[], docs: DocumentsById, focus: Person | null): string[] {
  const rows = factsOf(people).filter(({ fact }) => fact.year !== null || fact.date !== null);
  const lines = ['## Timeline'];
  if (!rows.length) {
    lines.push(
      focus
        ? `The reading of these documents found no dated events of ${focus.name} or their family.`
        : 'The reading of these documents found no dated events.',
      '',
    );
    return lines;
  }
  lines.push('| Date | Event | Person | Place | Source |', '|---|---|---|---|---|');
  for (const { person, fact } of rows.slice(0, TIMELINE_ROWS))
    lines.push(
      `| ${mdCell(dateCell(fact))} | ${mdCell(eventLabel(fact))} | ${mdCell(person.name)} | ${mdCell(fact.place ?? '—')} | ${citeSource(fact.source, docs)} |`,
    );
  lines.push('');
  return lines;
}

const ADVICE: Partial<Record<Fact['kind'], string>> = {
  birth:
    'Check the original registers: a baptism is often recorded days or weeks after a birth, and ages at death or in a census are frequently rounded.',
  marriage:
    'A certificate or register written at the time usually outweighs a date remembered years later; check the original register.',
  death: 'A death certificate or burial register written at the time outweighs a date given later; check the register.',
};

/** What the records disagree on: the index's conflicts, and two years for one event, each naming its documents. */
export function conflictsSection(people: readonly Person[], docs: DocumentsById): string[] {
  const lines = ['## Conflicting dates'];
  const seen = new Set<string>();
  for (const p of people) {
    const evidenceOf = (id: string): Source =>
      p.evidence.find((e) => e.documentId === id) ??
      p.facts.find((f) => f.source.documentId === id)?.source ?? {
        documentId: id,
        fileName: docs.get(id)?.originalName ?? 'a document',
        page: null,
      };
    for (const c of p.conflicts) {
      if (seen.has(c.message)) continue;
      seen.add(c.message);
      lines.push(`- ⚠️ ${c.message}${sourcesText(c.documentIds.map(evidenceOf), docs)}`);
    }
    for (const kind of ['birth', 'baptism', 'marriage', 'death', 'burial'] as const) {
      const groups = disagreeingYears(p.facts.filter((f) => f.kind === kind));
      if (!groups.length) continue;
      // The index already states it (its message names both documents): once is enough.
      const ids = new Set(groups.flat().map((f) => f.source.documentId));
      if (p.conflicts.some((c) => [...ids].every((id) => c.documentIds.includes(id)))) continue;
      const key = `${p.name}|${kind}|${groups.map((g) => g[0]!.year).join(',')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const readings = groups.map(
        (fs) =>
          `${dateText(mostPrecise(fs).date!)}${sourcesText(
            fs.map((f) => f.source),
            docs,
          )}`,
      );
      lines.push(`- ⚠️ **${p.name}**, ${kind}: the documents disagree — ${readings.join('; ')}.`);
      if (ADVICE[kind]) lines.push(`  ${ADVICE[kind]}`);
    }
  }
  if (lines.length === 1) lines.push('No conflicting dates were found among the selected documents.');
  lines.push('');
  return lines;
}

/** For a question about someone, their relatives as the records name them. */
export function familySection(person: Person, docs: DocumentsById): string[] {
  if (!person.kin.length) return [];
  const order = { parent: 0, spouse: 1, child: 2, sibling: 3 } as const;
  const kin = [...person.kin].sort((a, b) => order[a.relation] - order[b.relation]);
  return [
    `## ${person.name}'s family in the documents`,
    ...kin.map((k) => `- **${k.name}** (${k.relation})${sourcesText(k.sources, docs)}`),
    '',
  ];
}

/** Otherwise the people the documents name, with the part each plays (as the extraction stored it). */
export function peopleNamedSection(docs: readonly ContextDocument[]): string[] {
  const seen = new Set<string>();
  const people = docs
    .flatMap((d) => (d.peopleIdentified ?? []).map((p) => ({ p, d })))
    .filter(({ p }) => p?.name && !seen.has(p.name.toLowerCase()) && seen.add(p.name.toLowerCase()));
  if (!people.length) return [];
  return [
    '## People named in the documents',
    ...people
      .slice(0, 30)
      .map(({ p, d }) => `- **${p.name}**${p.role ? ` (${p.role.replace(/_/g, ' ')})` : ''} (${citation(d)})`),
    '',
  ];
}
