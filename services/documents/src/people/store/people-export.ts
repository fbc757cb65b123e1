import type { DocumentType, Evidence } from '@gnology/contracts';
import type { ExportIndividual, PeopleExport } from '../domain/people-export';
import type { DocumentsDb } from '../../library/store/documents-store';
import { evidenceOf, summaryOf } from './people-query';
import { parseName } from '@gnology/genealogy/people/names';

/**
 * One user's whole people index for GEDCOM export and citations (decision 0185): individuals
 * sorted like the list, each with evidence, timeline, conflicts and relatives (relatives name
 * individuals of the same export; `relation` is what the relative is to this individual, so a
 * family is a 'spouse' pair plus the 'child' entries of either), and the documents cited.
 */
export async function loadPeopleForExport(db: DocumentsDb, ownerId: string): Promise<PeopleExport> {
  const rows = await db
    .selectFrom('people_individuals')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('mention_count', '>', 0)
    .orderBy('sort_key')
    .orderBy('id')
    .execute();
  const evidence = await evidenceOf(
    db,
    ownerId,
    rows.map((r) => r.id),
  );
  const byIndividual = new Map<string, Evidence[]>();
  for (const { individualId, ...e } of evidence) {
    const list = byIndividual.get(individualId);
    if (list) list.push(e);
    else byIndividual.set(individualId, [e]);
  }
  const present = new Set(rows.map((r) => r.id));
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const individuals = rows.map((r): ExportIndividual => {
    const { given, surname } = splitDisplayName(r.name);
    return {
      summary: summaryOf(r),
      givenNames: given,
      surname,
      variants: r.facts.variants ?? [],
      evidence: byIndividual.get(r.id) ?? [],
      timeline: (r.facts.timeline ?? []).map(({ estimated: _e, ...t }) => t),
      conflicts: r.facts.conflicts ?? [],
      relatives: (r.facts.relatives ?? [])
        .filter((x) => present.has(x.individualId))
        .map((x) => ({ ...x, name: names.get(x.individualId) ?? x.name })),
    };
  });
  const documentIds = [...new Set(evidence.map((e) => e.documentId))];
  const docs = documentIds.length
    ? await db
        .selectFrom('documents')
        .select([
          'id',
          'original_name',
          'document_type',
          'uploaded_at',
          'page_count',
          'people_identified',
          'person_details',
          'date_info',
          'geographical_info',
          'occupations',
        ])
        .where('owner_id', '=', ownerId)
        .where('id', 'in', documentIds)
        .orderBy('original_name')
        .execute()
    : [];
  return {
    individuals,
    documents: docs.map((d) => ({
      id: d.id,
      fileName: d.original_name,
      documentType: d.document_type as DocumentType,
      uploadedAt: new Date(d.uploaded_at).toISOString(),
      pageCount: d.page_count,
      people: d.people_identified ?? [],
      personDetails: d.person_details ?? [],
      dates: d.date_info ?? [],
      places: d.geographical_info ?? [],
      occupations: d.occupations ?? [],
    })),
  };
}

/** "John Henry Whitfield" → given "John Henry", surname "Whitfield", keeping the written letters. */
export function splitDisplayName(name: string): { given: string; surname: string } {
  const parsed = parseName(name);
  const words = name.replace(/\s+/g, ' ').trim().split(' ');
  if (!parsed.surname || words.length < 2) return { given: name.trim(), surname: '' };
  const comma = /^([^,\s]+),\s*(.+)$/.exec(name.trim());
  if (comma) return { given: comma[2]!.trim(), surname: comma[1]! };
  return { given: words.slice(0, -1).join(' '), surname: words[words.length - 1]! };
}
