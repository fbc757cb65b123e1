import type { Conflict, DateInfoItem, GeoInfoItem, PersonTag, Relative } from '@gnology/contracts';
import type { TreeCitation, TreeFact } from '@gnology/genealogy/gedcom';
import type { SourcedEvent } from '@gnology/genealogy/people/timeline';
import { sql } from 'kysely';
import type { DocumentsDb } from '../../library/store/documents-store';

/* The book's reads (issue 33, decision 0234): one owner's rows only, a few queries per generation. */

export interface IndexBookQueryRow {
  id: string;
  name: string;
  sex: 'M' | 'F' | 'U';
  timeline: SourcedEvent[] | null;
  conflicts: Conflict[] | null;
  relatives: Relative[] | null;
}

/** Index individuals among `ids` that documents still mention, with their computed facts. */
export async function indexBookRows(
  db: DocumentsDb,
  ownerId: string,
  ids: readonly string[],
): Promise<IndexBookQueryRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('people_individuals')
    .select(['id', 'name', 'sex'])
    .select(sql<SourcedEvent[] | null>`facts->'timeline'`.as('timeline'))
    .select(sql<Conflict[] | null>`facts->'conflicts'`.as('conflicts'))
    .select(sql<Relative[] | null>`facts->'relatives'`.as('relatives'))
    .where('owner_id', '=', ownerId)
    .where('mention_count', '>', 0)
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** The documents that mention each individual. */
export async function documentsMentioning(
  db: DocumentsDb,
  ownerId: string,
  ids: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('people_mentions')
    .select(['individual_id', 'document_id'])
    .distinct()
    .where('owner_id', '=', ownerId)
    .where('individual_id', 'in', [...new Set(ids)])
    .execute();
  for (const r of rows) out.set(r.individual_id!, [...(out.get(r.individual_id!) ?? []), r.document_id]);
  return out;
}

/** The default root: the index individual with the most documents (then mentions, earliest birth, name). */
export async function mostDocumentedIndividual(db: DocumentsDb, ownerId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('people_individuals')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('mention_count', '>', 0)
    .orderBy('document_count', 'desc')
    .orderBy('mention_count', 'desc')
    .orderBy(sql`birth_year asc nulls last`)
    .orderBy('sort_key')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** With no index individual: the tree person whose file states the most facts of them (then earliest birth, name). */
export async function mostFactsTreePerson(db: DocumentsDb, ownerId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('tree_individuals')
    .select('id')
    .where('owner_id', '=', ownerId)
    .orderBy(sql`jsonb_array_length(coalesce(facts->'facts', '[]'::jsonb)) desc`)
    .orderBy(sql`birth_year asc nulls last`)
    .orderBy('sort_key')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

export async function indexIndividualExists(db: DocumentsDb, ownerId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('people_individuals')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .where('mention_count', '>', 0)
    .executeTakeFirst();
  return !!row;
}

export async function treePersonImport(
  db: DocumentsDb,
  ownerId: string,
  id: string,
): Promise<{ importId: string; fileName: string } | undefined> {
  const row = await db
    .selectFrom('tree_individuals as t')
    .innerJoin('people_imports as i', 'i.id', 't.import_id')
    .select(['t.import_id', 'i.file_name'])
    .where('t.owner_id', '=', ownerId)
    .where('t.id', '=', id)
    .executeTakeFirst();
  return row ? { importId: row.import_id, fileName: row.file_name } : undefined;
}

/** An import's families without their facts: enough to walk the tree. */
export async function treeFamilyLinks(db: DocumentsDb, ownerId: string, importId: string) {
  return db
    .selectFrom('tree_families')
    .select(['id', 'xref', 'partner1_id', 'partner2_id', 'child_ids'])
    .where('owner_id', '=', ownerId)
    .where('import_id', '=', importId)
    .orderBy('xref')
    .execute();
}

export async function treeFamilyFacts(
  db: DocumentsDb,
  ownerId: string,
  ids: readonly string[],
): Promise<Map<string, { facts: TreeFact[]; citations: TreeCitation[] }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('tree_families')
    .select(['id', 'facts'])
    .where('owner_id', '=', ownerId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, { facts: r.facts.facts ?? [], citations: r.facts.citations ?? [] }]));
}

export async function treeBookIndividuals(db: DocumentsDb, ownerId: string, importId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('tree_individuals')
    .select(['id', 'xref', 'name', 'sex', 'facts'])
    .where('owner_id', '=', ownerId)
    .where('import_id', '=', importId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

export async function treeSourcesOf(db: DocumentsDb, ownerId: string, importId: string) {
  const rows = await db
    .selectFrom('tree_sources')
    .select(['xref', 'title', 'details'])
    .where('owner_id', '=', ownerId)
    .where('import_id', '=', importId)
    .execute();
  return rows.map((r) => ({
    xref: r.xref,
    title: r.title,
    author: r.details.author ?? null,
    publication: r.details.publication ?? null,
  }));
}

export interface BookImageRow {
  id: string;
  people_identified: PersonTag[];
  date_info: DateInfoItem[];
  geographical_info: GeoInfoItem[];
  width: number | null;
  height: number | null;
  uploaded_at: Date;
}

/** The user's image documents (the gallery) that tag at least one person, oldest upload first. */
export async function taggedImages(db: DocumentsDb, ownerId: string): Promise<BookImageRow[]> {
  const rows = await db
    .selectFrom('documents as d')
    .leftJoin('document_pages as p', (j) => j.onRef('p.document_id', '=', 'd.id').on('p.page_number', '=', 1))
    .select([
      'd.id',
      'd.people_identified',
      'd.date_info',
      'd.geographical_info',
      'd.uploaded_at',
      'p.width',
      'p.height',
    ])
    .where('d.owner_id', '=', ownerId)
    .where('d.kind', 'in', ['jpeg', 'png'])
    .where(sql<boolean>`jsonb_array_length(d.people_identified) > 0`)
    .orderBy('d.uploaded_at')
    .orderBy('d.id')
    .execute();
  return rows;
}

/** Which index individuals each image's mentions belong to. */
export async function imageMentions(
  db: DocumentsDb,
  ownerId: string,
  imageIds: readonly string[],
): Promise<{ document_id: string; individual_id: string; ordinal: number }[]> {
  if (imageIds.length === 0) return [];
  const rows = await db
    .selectFrom('people_mentions')
    .select(['document_id', 'individual_id', 'ordinal'])
    .where('owner_id', '=', ownerId)
    .where('document_id', 'in', [...new Set(imageIds)])
    .where('individual_id', 'is not', null)
    .orderBy('ordinal')
    .execute();
  return rows.map((r) => ({ document_id: r.document_id, individual_id: r.individual_id!, ordinal: r.ordinal }));
}
