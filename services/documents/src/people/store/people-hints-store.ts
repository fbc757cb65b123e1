import type { Hint, HintMention } from '@gnology/genealogy/people/hints';
import type { TreeFamilyRow, TreePersonRow } from '@gnology/genealogy/people/hints-tree';
import type { TreeFact } from '@gnology/genealogy/gedcom';
import { sql } from 'kysely';
import type { DocumentsDb } from '../../library/store/documents-store';
import type { HintRow, HintStatus } from './people-hints-schema';

/* Persistence of hints (migration 0021, decisions 0227–0228): one user's rows only. */

/** A document's person as matching reads it, with the individual the index put them in. */
export type StoredHintMention = HintMention & { individualId: string | null };

/** The mentions of a user's documents (all, or those of `documentIds`). */
export async function loadHintMentions(
  db: DocumentsDb,
  ownerId: string,
  documentIds: readonly string[] | 'all',
): Promise<StoredHintMention[]> {
  if (documentIds !== 'all' && documentIds.length === 0) return [];
  let q = db
    .selectFrom('people_mentions')
    .select([
      'document_id',
      'mention_key',
      'name_as_written',
      'given',
      'surname_keys',
      'sex',
      'role',
      'record_role',
      'events',
      'individual_id',
    ])
    .where('owner_id', '=', ownerId);
  if (documentIds !== 'all') q = q.where('document_id', 'in', documentIds);
  const rows = await q.orderBy('document_id').orderBy('ordinal').execute();
  return rows.map((r) => ({
    documentId: r.document_id,
    mentionKey: r.mention_key,
    nameAsWritten: r.name_as_written,
    given: r.given,
    surnameKeys: r.surname_keys,
    sex: r.sex,
    role: r.role,
    recordRole: r.record_role,
    events: r.events,
    individualId: r.individual_id,
  }));
}

/** Every tree person of a user without their facts (names, for blocking and relatives' names), with the file. */
export async function loadTreeNames(
  db: DocumentsDb,
  ownerId: string,
): Promise<(TreePersonRow & { fileName: string; importId: string })[]> {
  const rows = await db
    .selectFrom('tree_individuals as t')
    .innerJoin('people_imports as i', 'i.id', 't.import_id')
    .select(['t.id', 't.xref', 't.name', 't.sex', 't.import_id', 'i.file_name'])
    .select(sql<string[]>`coalesce(t.facts->'otherNames', '[]'::jsonb)`.as('other_names'))
    .select(sql<string | null>`t.facts->>'given'`.as('given'))
    .select(sql<string | null>`t.facts->>'surname'`.as('surname'))
    .where('t.owner_id', '=', ownerId)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    xref: r.xref,
    name: r.name,
    given: r.given ?? undefined,
    surname: r.surname ?? undefined,
    sex: r.sex,
    otherNames: r.other_names,
    facts: [],
    fileName: r.file_name,
    importId: r.import_id,
  }));
}

/** The facts of the tree people `ids`. */
export async function loadTreeFacts(
  db: DocumentsDb,
  ownerId: string,
  ids: readonly string[],
): Promise<Map<string, TreeFact[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('tree_individuals')
    .select(['id', sql<TreeFact[]>`coalesce(facts->'facts', '[]'::jsonb)`.as('facts')])
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.facts]));
}

/** The families the tree people `ids` are partners or children in. */
export async function loadTreeFamiliesOf(
  db: DocumentsDb,
  ownerId: string,
  ids: readonly string[],
): Promise<TreeFamilyRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('tree_families')
    .select(['partner1_id', 'partner2_id', 'child_ids', sql<TreeFact[]>`facts->'facts'`.as('facts')])
    .where('owner_id', '=', ownerId)
    .where((eb) =>
      eb.or([
        eb('partner1_id', 'in', ids),
        eb('partner2_id', 'in', ids),
        eb(sql<boolean>`child_ids && ${sql.val(ids)}::uuid[]`, '=', true),
      ]),
    )
    .execute();
  return rows.map((r) => ({ partners: [r.partner1_id, r.partner2_id], children: r.child_ids, facts: r.facts ?? [] }));
}

export interface HintDecision {
  id: string;
  documentId: string;
  mentionKey: string;
  treeKey: string;
  treeIndividualId: string | null;
  status: HintStatus;
}

/** The user's hints, decided or open (those of `documentIds`, or all). */
export async function loadHintDecisions(
  db: DocumentsDb,
  ownerId: string,
  documentIds: readonly string[] | 'all',
): Promise<HintDecision[]> {
  if (documentIds !== 'all' && documentIds.length === 0) return [];
  let q = db
    .selectFrom('people_hints')
    .select(['id', 'document_id', 'mention_key', 'tree_key', 'tree_individual_id', 'status'])
    .where('owner_id', '=', ownerId);
  if (documentIds !== 'all') q = q.where('document_id', 'in', documentIds);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    documentId: r.document_id,
    mentionKey: r.mention_key,
    treeKey: r.tree_key,
    treeIndividualId: r.tree_individual_id,
    status: r.status,
  }));
}

/** The accepted links: each tree person and the index individual its document's person is in now. */
export async function loadLinks(
  db: DocumentsDb,
  ownerId: string,
): Promise<{ treeId: string; individualId: string; hintId: string }[]> {
  const rows = await db
    .selectFrom('people_hints as h')
    .innerJoin('people_mentions as m', (j) =>
      j
        .onRef('m.owner_id', '=', 'h.owner_id')
        .onRef('m.document_id', '=', 'h.document_id')
        .onRef('m.mention_key', '=', 'h.mention_key'),
    )
    .innerJoin('tree_individuals as t', 't.id', 'h.tree_individual_id')
    .select(['h.id', 't.id as tree_id', 'm.individual_id'])
    .where('h.owner_id', '=', ownerId)
    .where('h.status', '=', 'accepted')
    .where('m.individual_id', 'is not', null)
    .orderBy('h.decided_at')
    .execute();
  return rows.map((r) => ({ treeId: r.tree_id, individualId: r.individual_id!, hintId: r.id }));
}

/**
 * Writes a refresh's outcome: new hints inserted (an open one refreshed), open hints of `scope`
 * no longer found deleted, decided ones re-attached to the tree person their key now names.
 */
export async function saveHints(
  db: DocumentsDb,
  ownerId: string,
  found: readonly Hint[],
  staleOpen: readonly string[],
  reattach: readonly { id: string; treeIndividualId: string }[],
  newId: () => string,
): Promise<void> {
  if (staleOpen.length) await db.deleteFrom('people_hints').where('id', 'in', staleOpen).execute();
  for (const r of reattach)
    await db
      .updateTable('people_hints')
      .set({ tree_individual_id: r.treeIndividualId })
      .where('id', '=', r.id)
      .execute();
  for (let i = 0; i < found.length; i += 300) {
    const chunk = found.slice(i, i + 300);
    await db
      .insertInto('people_hints')
      .values(
        chunk.map((h) => ({
          id: newId(),
          owner_id: ownerId,
          document_id: h.documentId,
          mention_key: h.mentionKey,
          tree_key: h.treeKey,
          tree_individual_id: h.treeId,
          name_as_written: h.nameAsWritten,
          score: h.score,
          reasons: JSON.stringify(h.reasons),
          decided_at: null,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['owner_id', 'document_id', 'mention_key', 'tree_key'])
          .doUpdateSet((eb) => ({
            tree_individual_id: eb.ref('excluded.tree_individual_id'),
            name_as_written: eb.ref('excluded.name_as_written'),
            score: eb.ref('excluded.score'),
            reasons: eb.ref('excluded.reasons'),
          }))
          .where('people_hints.status', '=', 'open'),
      )
      .execute();
  }
}

/** The open hints a user sees, best first, with the document's file name and the tree person's name. */
export async function listOpenHints(db: DocumentsDb, ownerId: string) {
  return db
    .selectFrom('people_hints as h')
    .innerJoin('tree_individuals as t', 't.id', 'h.tree_individual_id')
    .innerJoin('documents as d', 'd.id', 'h.document_id')
    .leftJoin('people_mentions as m', (j) =>
      j
        .onRef('m.owner_id', '=', 'h.owner_id')
        .onRef('m.document_id', '=', 'h.document_id')
        .onRef('m.mention_key', '=', 'h.mention_key'),
    )
    .select(['h.id', 'h.tree_individual_id', 'h.document_id', 'h.name_as_written', 'h.score', 'h.reasons'])
    .select(['d.original_name', 't.name as tree_name', 'm.individual_id'])
    .where('h.owner_id', '=', ownerId)
    .where('h.status', '=', 'open')
    .orderBy('h.score', 'desc')
    .orderBy('t.sort_key')
    .orderBy('h.id')
    .limit(1000)
    .execute();
}

/** One of the user's hints whose tree person is still there (undefined otherwise). */
export async function getHint(db: DocumentsDb, ownerId: string, id: string): Promise<HintRow | undefined> {
  return db
    .selectFrom('people_hints as h')
    .innerJoin('tree_individuals as t', 't.id', 'h.tree_individual_id')
    .selectAll('h')
    .where('h.owner_id', '=', ownerId)
    .where('h.id', '=', id)
    .executeTakeFirst();
}

export async function decideHint(db: DocumentsDb, id: string, status: 'accepted' | 'rejected'): Promise<void> {
  await db.updateTable('people_hints').set({ status, decided_at: new Date() }).where('id', '=', id).execute();
}

/** Other open hints of one document's person: moot once the person is linked. */
export async function deleteOpenHintsOf(
  db: DocumentsDb,
  ownerId: string,
  documentId: string,
  mentionKey: string,
): Promise<void> {
  await db
    .deleteFrom('people_hints')
    .where('owner_id', '=', ownerId)
    .where('document_id', '=', documentId)
    .where('mention_key', '=', mentionKey)
    .where('status', '=', 'open')
    .execute();
}

/** The individual a document's person is in now (null when the document no longer names them). */
export async function individualOfMention(
  db: DocumentsDb,
  ownerId: string,
  documentId: string,
  mentionKey: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('people_mentions')
    .select('individual_id')
    .where('owner_id', '=', ownerId)
    .where('document_id', '=', documentId)
    .where('mention_key', '=', mentionKey)
    .executeTakeFirst();
  return row?.individual_id ?? null;
}
