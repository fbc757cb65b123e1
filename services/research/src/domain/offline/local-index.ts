import { groupDocuments } from '@gnology/genealogy/people/group-documents';
import type { MentionDraft } from '@gnology/genealogy/people/mentions';
import { relationBetween } from '@gnology/genealogy/people/relations';
import type { ContextDocument } from '../model';
import { dedupeKin, type Person } from './person';
import { documentFacts } from './record-facts';

/*
 * The documents at hand grouped into individuals exactly as the people index groups a library
 * (the genealogy package's mentions, grouping and relatives; decision 0185), from each document's
 * stored extraction. The user's index is asked only for the names a question gives, and is not
 * consulted for a selected document of someone else or when the lookup fails: the answer still
 * holds what the records at hand say, read the one way GNology reads them.
 */

interface Drafted {
  doc: ContextDocument;
  m: MentionDraft;
  id: string;
}

export function localPeople(docs: readonly ContextDocument[]): Person[] {
  const records = docs.filter((d) => !d.journal);
  const byId = new Map(records.map((d) => [d._id, d]));
  const grouped = groupDocuments(records.map(documentFacts), (i) => `local:${i}`);
  const drafts: Drafted[] = grouped.mentions.map((g) => ({ doc: byId.get(g.documentId)!, m: g.draft, id: g.id }));
  const individualOf = new Map(grouped.mentions.map((g) => [g.id, g.individualId]));
  const described = grouped.individuals;
  const people = new Map<string, Person>();
  for (const d of described) {
    const own = drafts.filter(({ id }) => individualOf.get(id) === d.id);
    const evidence = own.map(({ doc, m }) => ({ documentId: doc._id, fileName: doc.originalName, page: m.page }));
    const pageIn = (documentId: string) => evidence.find((e) => e.documentId === documentId)?.page ?? null;
    people.set(d.id, {
      key: d.id,
      name: d.name,
      sex: d.sex,
      variants: d.variants,
      facts: d.timeline.map((t) => ({
        kind: t.kind,
        date: t.date,
        year: t.year,
        place: t.place,
        detail: t.detail,
        estimated: t.estimated === true,
        source: { documentId: t.documentId, fileName: t.fileName, page: pageIn(t.documentId) },
      })),
      kin: [],
      conflicts: d.conflicts,
      evidence,
      fromIndex: false,
    });
  }
  // Each relation is cited by the documents that write it: the same record's roles relate the two.
  const part = ({ m }: Drafted) => ({ role: m.role, recordRole: m.recordRole, sex: m.sex, surnameKeys: m.surnameKeys });
  for (const d of described) {
    const p = people.get(d.id)!;
    const mine = drafts.filter(({ id }) => individualOf.get(id) === d.id);
    p.kin = dedupeKin(
      p.name,
      d.relatives.map((r) => {
        const theirs = drafts.filter(({ id }) => individualOf.get(id) === r.individualId);
        const written = mine.filter((a) =>
          theirs.some((b) => b.doc._id === a.doc._id && relationBetween(part(a), part(b)) === r.relation),
        );
        return {
          name: r.name,
          relation: r.relation,
          sources: written.map(({ doc, m }) => ({ documentId: doc._id, fileName: doc.originalName, page: m.page })),
        };
      }),
    );
  }
  return [...people.values()];
}
