import type { GedcomTreeInput } from '@gnology/genealogy/gedcom';
import type { DocumentsDb } from '../../library/store/documents-store';

/*
 * One user's imported trees for the GEDCOM export (issue 32, decision 0230): every tree person,
 * family and source of every completed import, as stored. Owner-scoped: no other user's row is read.
 */
export async function loadTreeForExport(db: DocumentsDb, ownerId: string): Promise<GedcomTreeInput> {
  const [people, families, sources] = await Promise.all([
    db
      .selectFrom('tree_individuals')
      .select(['id', 'import_id', 'name', 'sex', 'facts'])
      .where('owner_id', '=', ownerId)
      .orderBy('sort_key')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('tree_families')
      .select(['id', 'import_id', 'partner1_id', 'partner2_id', 'child_ids', 'facts'])
      .where('owner_id', '=', ownerId)
      .orderBy('import_id')
      .orderBy('xref')
      .execute(),
    db
      .selectFrom('tree_sources')
      .select(['id', 'import_id', 'xref', 'title', 'details'])
      .where('owner_id', '=', ownerId)
      .orderBy('import_id')
      .orderBy('xref')
      .execute(),
  ]);
  return {
    individuals: people.map((p) => ({
      id: p.id,
      importId: p.import_id,
      name: p.name,
      sex: p.sex,
      given: p.facts.given,
      surname: p.facts.surname,
      otherNames: p.facts.otherNames,
      facts: p.facts.facts,
      notes: p.facts.notes,
      citations: p.facts.citations,
    })),
    families: families.map((f) => ({
      id: f.id,
      importId: f.import_id,
      partner1Id: f.partner1_id,
      partner2Id: f.partner2_id,
      childIds: f.child_ids,
      ...f.facts,
    })),
    sources: sources.map((s) => ({ id: s.id, importId: s.import_id, xref: s.xref, title: s.title, ...s.details })),
  };
}
