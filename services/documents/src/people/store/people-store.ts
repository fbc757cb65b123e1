import type { DocumentType, PersonSex } from '@gnology/contracts';
import { sql } from 'kysely';
import type { IndividualHeadline } from '@gnology/genealogy/people/individuals';
import type { DocumentFacts, MentionDraft } from '@gnology/genealogy/people/mentions';
import type { DocumentsDb } from '../../library/store/documents-store';
import type { IndividualFactsJson, IndividualRow } from './people-schema';

/*
 * Persistence of the people index (migration 0016, decision 0185): the worker writes mentions,
 * individuals and their computed facts; the user's merges and splits are pins.
 */

/** A stored mention with its document's name and type, as grouping and the facts read it. */
export interface StoredMention {
  id: string;
  documentId: string;
  fileName: string;
  documentType: DocumentType;
  mentionKey: string;
  nameAsWritten: string;
  given: string[];
  surnameKeys: string[];
  sex: PersonSex;
  role: string;
  recordRole: string | null;
  date: string | null;
  place: string | null;
  country: string | null;
  page: number | null;
  birthYear: number | null;
  events: MentionDraft['events'];
  individualId: string | null;
}

/** The completed documents of a user (all, or those among `ids`) with what the index reads of them. */
export async function loadDocumentFacts(
  db: DocumentsDb,
  ownerId: string,
  ids?: readonly string[],
): Promise<DocumentFacts[]> {
  if (ids && ids.length === 0) return [];
  let q = db
    .selectFrom('documents')
    .select([
      'id',
      'original_name',
      'document_type',
      'extracted_text',
      'people_identified',
      'person_details',
      'date_info',
      'geographical_info',
      'occupations',
      'page_count',
    ])
    .where('owner_id', '=', ownerId)
    .where('processing_status', '=', 'completed');
  if (ids) q = q.where('id', 'in', ids);
  const rows = await q.execute();
  const multi = rows.filter((r) => (r.page_count ?? 1) > 1).map((r) => r.id);
  const pages = multi.length
    ? await db
        .selectFrom('document_pages')
        .select(['document_id', 'page_number', 'text'])
        .where('document_id', 'in', multi)
        .orderBy('page_number')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    fileName: r.original_name,
    documentType: r.document_type as DocumentType,
    text: r.extracted_text,
    people: r.people_identified ?? [],
    details: r.person_details ?? [],
    dates: r.date_info ?? [],
    places: r.geographical_info ?? [],
    occupations: r.occupations ?? [],
    pages: pages.filter((p) => p.document_id === r.id).map((p) => ({ pageNumber: p.page_number, text: p.text })),
  }));
}

/** Serialises the index's writes for one user (two documents processed at once regroup one after the other). */
export async function lockOwner(db: DocumentsDb, ownerId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`people:${ownerId}`}))`.execute(db);
}

/** Every mention of a user, with its document's name and type. */
export async function loadMentions(db: DocumentsDb, ownerId: string): Promise<StoredMention[]> {
  const rows = await db
    .selectFrom('people_mentions as m')
    .innerJoin('documents as d', 'd.id', 'm.document_id')
    .select([
      'm.id',
      'm.document_id',
      'd.original_name',
      'd.document_type',
      'm.mention_key',
      'm.name_as_written',
      'm.given',
      'm.surname_keys',
      'm.sex',
      'm.role',
      'm.record_role',
      'm.date',
      'm.place',
      'm.country',
      'm.page',
      'm.birth_year',
      'm.events',
      'm.individual_id',
    ])
    .where('m.owner_id', '=', ownerId)
    .orderBy('m.document_id')
    .orderBy('m.ordinal')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    documentId: r.document_id,
    fileName: r.original_name,
    documentType: r.document_type as DocumentType,
    mentionKey: r.mention_key,
    nameAsWritten: r.name_as_written,
    given: r.given,
    surnameKeys: r.surname_keys,
    sex: r.sex,
    role: r.role,
    recordRole: r.record_role,
    date: r.date,
    place: r.place,
    country: r.country,
    page: r.page,
    birthYear: r.birth_year,
    events: r.events,
    individualId: r.individual_id,
  }));
}

export async function deleteMentionsOf(
  db: DocumentsDb,
  ownerId: string,
  documentIds: readonly string[] | 'all',
): Promise<
  { documentId: string; mentionKey: string; given: string[]; surnameKeys: string[]; individualId: string | null }[]
> {
  let q = db.deleteFrom('people_mentions').where('owner_id', '=', ownerId);
  if (documentIds !== 'all') {
    if (documentIds.length === 0) return [];
    q = q.where('document_id', 'in', documentIds);
  }
  const rows = await q.returning(['document_id', 'mention_key', 'given', 'surname_keys', 'individual_id']).execute();
  return rows.map((r) => ({
    documentId: r.document_id,
    mentionKey: r.mention_key,
    given: r.given,
    surnameKeys: r.surname_keys,
    individualId: r.individual_id,
  }));
}

export async function insertMentions(
  db: DocumentsDb,
  ownerId: string,
  rows: readonly (MentionDraft & { id: string; documentId: string; individualId: string | null })[],
): Promise<void> {
  await inChunks(rows, 500, (chunk) =>
    db
      .insertInto('people_mentions')
      .values(
        chunk.map((m) => ({
          id: m.id,
          owner_id: ownerId,
          document_id: m.documentId,
          ordinal: m.ordinal,
          mention_key: m.key,
          name_as_written: m.nameAsWritten,
          given: m.given,
          surname_keys: m.surnameKeys,
          sex: m.sex,
          role: m.role,
          record_role: m.recordRole,
          date: m.date,
          year: m.year,
          place: m.place,
          country: m.country,
          page: m.page,
          birth_year: m.birthYear,
          events: JSON.stringify(m.events),
          individual_id: m.individualId,
        })),
      )
      .execute(),
  );
}

/** Moves mentions to their (new) individuals, in one statement per 1,000. */
export async function assignMentions(
  db: DocumentsDb,
  moves: readonly { id: string; individualId: string }[],
): Promise<void> {
  await inChunks(moves, 1000, (chunk) =>
    sql`
      update people_mentions m set individual_id = v.individual_id::uuid
      from unnest(${chunk.map((c) => c.id)}::uuid[], ${chunk.map((c) => c.individualId)}::text[]) as v(id, individual_id)
      where m.id = v.id`.execute(db),
  );
}

/** The user's pins: `documentId|mentionKey` → individual. */
export async function loadPins(db: DocumentsDb, ownerId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('people_pins')
    .select(['document_id', 'mention_key', 'individual_id'])
    .where('owner_id', '=', ownerId)
    .execute();
  return new Map(rows.map((r) => [`${r.document_id}|${r.mention_key}`, r.individual_id]));
}

export async function savePins(
  db: DocumentsDb,
  ownerId: string,
  pins: readonly { documentId: string; mentionKey: string; individualId: string }[],
): Promise<void> {
  if (pins.length === 0) return;
  await db
    .insertInto('people_pins')
    .values(
      pins.map((p) => ({
        owner_id: ownerId,
        document_id: p.documentId,
        mention_key: p.mentionKey,
        individual_id: p.individualId,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['owner_id', 'document_id', 'mention_key'])
        .doUpdateSet({ individual_id: (eb) => eb.ref('excluded.individual_id') }),
    )
    .execute();
}

export async function loadIndividualRows(
  db: DocumentsDb,
  ownerId: string,
  ids?: readonly string[],
): Promise<IndividualRow[]> {
  if (ids && ids.length === 0) return [];
  let q = db.selectFrom('people_individuals').selectAll().where('owner_id', '=', ownerId);
  if (ids) q = q.where('id', 'in', ids);
  return q.execute();
}

/** Every individual of a user without its facts: what regrouping needs to know of the others. */
export async function loadIndividualFlags(
  db: DocumentsDb,
  ownerId: string,
): Promise<{ id: string; name: string; user_named: boolean; user_edited: boolean }[]> {
  return db
    .selectFrom('people_individuals')
    .select(['id', 'name', 'user_named', 'user_edited'])
    .where('owner_id', '=', ownerId)
    .execute();
}

/** What the worker computed of one individual. */
export interface IndividualWrite extends IndividualHeadline {
  conflictCount: number;
  facts: IndividualFactsJson;
}

/** Creates or refreshes individuals; a name the user gave is kept. */
export async function upsertIndividuals(
  db: DocumentsDb,
  ownerId: string,
  rows: readonly IndividualWrite[],
): Promise<void> {
  await inChunks(rows, 300, (chunk) =>
    db
      .insertInto('people_individuals')
      .values(
        chunk.map((r) => ({
          id: r.id,
          owner_id: ownerId,
          name: r.name,
          sort_key: r.sortKey,
          sex: r.sex,
          birth_year: r.birthYear,
          death_year: r.deathYear,
          document_count: r.documentCount,
          mention_count: r.mentionCount,
          conflict_count: r.conflictCount,
          facts: JSON.stringify(r.facts),
        })),
      )
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          name: sql<string>`case when people_individuals.user_named then people_individuals.name else ${eb.ref('excluded.name')} end`,
          sort_key: sql<string>`case when people_individuals.user_named then people_individuals.sort_key else ${eb.ref('excluded.sort_key')} end`,
          sex: eb.ref('excluded.sex'),
          birth_year: eb.ref('excluded.birth_year'),
          death_year: eb.ref('excluded.death_year'),
          document_count: eb.ref('excluded.document_count'),
          mention_count: eb.ref('excluded.mention_count'),
          conflict_count: eb.ref('excluded.conflict_count'),
          facts: eb.ref('excluded.facts'),
          updated_at: sql<Date>`now()`,
        })),
      )
      .execute(),
  );
}

export async function deleteIndividuals(db: DocumentsDb, ownerId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('people_individuals').where('owner_id', '=', ownerId).where('id', 'in', ids).execute();
}

export async function markEdited(
  db: DocumentsDb,
  ownerId: string,
  ids: readonly string[],
  name?: { name: string; sortKey: string },
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('people_individuals')
    .set({ user_edited: true, ...(name ? { name: name.name, sort_key: name.sortKey, user_named: true } : {}) })
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .execute();
}

/** Individuals whose stored mention count no longer matches their mentions (a document was deleted). */
export async function staleIndividuals(db: DocumentsDb, ownerId: string): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    select i.id from people_individuals i
    left join (select individual_id, count(*)::int as n from people_mentions where owner_id = ${ownerId} group by individual_id) m on m.individual_id = i.id
    where i.owner_id = ${ownerId} and coalesce(m.n, 0) <> i.mention_count`.execute(db);
  return rows.rows.map((r) => r.id);
}

/** Writes `rows` a slice of `size` at a time, one statement after another (a statement takes at most 65,535 parameters). */
async function inChunks<T>(
  rows: readonly T[],
  size: number,
  write: (chunk: readonly T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}
