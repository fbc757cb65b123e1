import type { IndividualDetail, IndividualSummary, Relative, TreeCitationOut } from '@gnology/contracts';
import type { TreeCitation } from '@gnology/genealogy/gedcom';
import { sql } from 'kysely';
import { nameSearchPatterns } from '../domain/name-search';
import type { DocumentsDb } from '../../library/store/documents-store';

/* The API role's reads of imported trees (decision 0223): one user's rows only. */

export interface TreeListRow {
  id: string;
  name: string;
  sort_key: string;
  sex: IndividualSummary['sex'];
  birth_year: number | null;
  death_year: number | null;
}

export function treeSummaryOf(r: TreeListRow): IndividualSummary {
  return {
    id: r.id,
    name: r.name,
    sex: r.sex,
    birthYear: r.birth_year,
    deathYear: r.death_year,
    documentCount: 0,
    mentionCount: 0,
    conflictCount: 0,
    userEdited: false,
    origin: 'tree',
  };
}

/** The user's tree people, by surname then given names; `q` keeps those whose name holds every word. */
export async function listTreePeople(db: DocumentsDb, ownerId: string, q?: string): Promise<TreeListRow[]> {
  let query = db
    .selectFrom('tree_individuals')
    .select(['id', 'name', 'sort_key', 'sex', 'birth_year', 'death_year'])
    .where('owner_id', '=', ownerId);
  for (const { patterns: forms } of nameSearchPatterns(q)) {
    query = query.where(sql<boolean>`public.unaccent(lower(tree_individuals.name)) like any (${forms}::text[])`);
  }
  return query.orderBy('sort_key').orderBy('id').limit(5000).execute();
}

const citationsOut = (c: TreeCitation[]): TreeCitationOut[] =>
  c.map(({ title, page, text }) => ({ title, page, text }));

/** One tree person as the people page shows them: summary, relatives from the file's families, the claims apart. */
export async function readTreePerson(
  db: DocumentsDb,
  ownerId: string,
  id: string,
): Promise<IndividualDetail | undefined> {
  const row = await db
    .selectFrom('tree_individuals as t')
    .innerJoin('people_imports as i', 'i.id', 't.import_id')
    .select(['t.id', 't.name', 't.sort_key', 't.sex', 't.birth_year', 't.death_year', 't.xref', 't.facts'])
    .select(['t.import_id', 'i.file_name'])
    .where('t.owner_id', '=', ownerId)
    .where('t.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const facts = row.facts;
  return {
    individual: treeSummaryOf(row),
    variants: facts.otherNames,
    evidence: [],
    timeline: [],
    conflicts: [],
    relatives: await treeRelatives(db, ownerId, row.import_id, row.id),
    tree: {
      importId: row.import_id,
      fileName: row.file_name,
      xref: row.xref,
      otherNames: facts.otherNames,
      facts: facts.facts.map((f) => ({
        tag: f.tag,
        label: f.label,
        date: f.date,
        place: f.place,
        value: f.value,
        citations: citationsOut(f.citations),
        notes: f.notes,
      })),
      notes: facts.notes,
      citations: citationsOut(facts.citations),
    },
  };
}

/** Partners, parents, children and siblings from the families of the person's import. */
async function treeRelatives(db: DocumentsDb, ownerId: string, importId: string, id: string): Promise<Relative[]> {
  const families = await db
    .selectFrom('tree_families')
    .select(['partner1_id', 'partner2_id', 'child_ids'])
    .where('owner_id', '=', ownerId)
    .where('import_id', '=', importId)
    .where((eb) =>
      eb.or([
        eb('partner1_id', '=', id),
        eb('partner2_id', '=', id),
        eb(sql<boolean>`child_ids @> array[${id}]::uuid[]`, '=', true),
      ]),
    )
    .execute();
  const found = new Map<string, Relative['relation']>();
  for (const f of families) {
    const partners = [f.partner1_id, f.partner2_id].filter((p): p is string => !!p);
    if (partners.includes(id)) {
      for (const p of partners) if (p !== id) found.set(p, 'spouse');
      for (const c of f.child_ids) found.set(c, 'child');
    } else {
      for (const p of partners) found.set(p, 'parent');
      for (const c of f.child_ids) if (c !== id && !found.has(c)) found.set(c, 'sibling');
    }
  }
  if (found.size === 0) return [];
  const names = await db
    .selectFrom('tree_individuals')
    .select(['id', 'name'])
    .where('owner_id', '=', ownerId)
    .where('id', 'in', [...found.keys()])
    .execute();
  const order: Relative['relation'][] = ['parent', 'spouse', 'sibling', 'child'];
  return names
    .map((n) => ({ individualId: n.id, name: n.name, relation: found.get(n.id)! }))
    .sort((a, b) => order.indexOf(a.relation) - order.indexOf(b.relation) || a.name.localeCompare(b.name));
}
