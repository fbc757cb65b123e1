import { sortKeyOf } from '@gnology/genealogy/people/individuals';
import type { FamilyTree } from '@gnology/genealogy/gedcom';
import { randomUUID as newUuid } from 'node:crypto';
import type { DocumentsDb } from '../../library/store/documents-store';
import type { ImportRow } from './tree-schema';

/* GEDCOM imports' records and the tree they write (decision 0223): one user's rows only. */

const CHUNK = 500;

export async function insertImport(
  db: DocumentsDb,
  row: { id: string; ownerId: string; fileName: string; storageKey: string },
): Promise<void> {
  await db
    .insertInto('people_imports')
    .values({
      id: row.id,
      owner_id: row.ownerId,
      file_name: row.fileName,
      storage_key: row.storageKey,
      warnings: '[]',
      version: null,
      error: null,
      finished_at: null,
    })
    .execute();
}

export async function getImport(db: DocumentsDb, ownerId: string, id: string): Promise<ImportRow | undefined> {
  return db
    .selectFrom('people_imports')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The job's read: by id alone (the job was enqueued for this row). */
export async function getImportForJob(db: DocumentsDb, id: string): Promise<ImportRow | undefined> {
  return db.selectFrom('people_imports').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listImports(db: DocumentsDb, ownerId: string): Promise<ImportRow[]> {
  return db
    .selectFrom('people_imports')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
}

export async function markImportRunning(db: DocumentsDb, id: string): Promise<void> {
  await db.updateTable('people_imports').set({ status: 'running', error: null }).where('id', '=', id).execute();
}

export async function markImportFailed(db: DocumentsDb, id: string, error: string, warnings: string[] = []) {
  await db
    .updateTable('people_imports')
    .set({ status: 'failed', error, warnings: JSON.stringify(warnings), finished_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Deletes the import and, by cascade, every person, family and source it brought; false when it is not the user's. */
export async function deleteImport(db: DocumentsDb, ownerId: string, id: string): Promise<ImportRow | undefined> {
  return db
    .deleteFrom('people_imports')
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Writes the tree and marks the import completed, in one transaction: the user sees all of it or
 * none. Pointers between records (a family's partners, a fact's source) become the new rows' ids;
 * a pointer to a record the file lacks stays out (the reader has warned of it).
 */
export async function writeTree(
  db: DocumentsDb,
  imp: { id: string; ownerId: string },
  tree: FamilyTree,
  /** Runs in the same transaction once the tree is written (the hints: the import completes with them). */
  andThen?: (trx: DocumentsDb) => Promise<unknown>,
): Promise<{ individuals: number; families: number; sources: number }> {
  const personIds = new Map<string, string>(tree.individuals.map((i) => [i.xref, newUuid()]));
  const base = { owner_id: imp.ownerId, import_id: imp.id };
  return db.transaction().execute(async (trx) => {
    // The import may have been undone while the file was read: write nothing then.
    const still = await trx
      .selectFrom('people_imports')
      .select('id')
      .where('id', '=', imp.id)
      .forUpdate()
      .executeTakeFirst();
    if (!still) return { individuals: 0, families: 0, sources: 0 };
    for (let i = 0; i < tree.sources.length; i += CHUNK)
      await trx
        .insertInto('tree_sources')
        .values(
          tree.sources.slice(i, i + CHUNK).map(({ xref, title, ...details }) => ({
            ...base,
            id: newUuid(),
            xref,
            title,
            details: JSON.stringify(details),
          })),
        )
        .execute();
    for (let i = 0; i < tree.individuals.length; i += CHUNK)
      await trx
        .insertInto('tree_individuals')
        .values(
          tree.individuals.slice(i, i + CHUNK).map((p) => ({
            ...base,
            id: personIds.get(p.xref)!,
            xref: p.xref,
            name: p.name,
            sort_key: sortKeyOf(p.name) || p.name.toLowerCase(),
            sex: p.sex,
            birth_year: p.birthYear,
            death_year: p.deathYear,
            facts: JSON.stringify({
              given: p.given,
              surname: p.surname,
              otherNames: p.otherNames,
              facts: p.facts,
              notes: p.notes,
              citations: p.citations,
            }),
          })),
        )
        .execute();
    const id = (xref: string | null): string | null => (xref ? (personIds.get(xref) ?? null) : null);
    for (let i = 0; i < tree.families.length; i += CHUNK)
      await trx
        .insertInto('tree_families')
        .values(
          tree.families.slice(i, i + CHUNK).map((f) => ({
            ...base,
            id: newUuid(),
            xref: f.xref,
            partner1_id: id(f.partner1),
            partner2_id: id(f.partner2),
            child_ids: f.children.map(id).filter((c): c is string => c !== null),
            facts: JSON.stringify({ facts: f.facts, notes: f.notes, citations: f.citations }),
          })),
        )
        .execute();
    const counts = {
      individuals: tree.individuals.length,
      families: tree.families.length,
      sources: tree.sources.length,
    };
    await trx
      .updateTable('people_imports')
      .set({
        ...counts,
        status: 'completed',
        version: tree.version,
        warnings: JSON.stringify(tree.warnings),
        error: null,
        storage_key: null,
        finished_at: new Date(),
      })
      .where('id', '=', imp.id)
      .execute();
    await andThen?.(trx);
    return counts;
  });
}
