import type { DocumentType, Evidence, IndividualSummary, PersonRole, RecordRole } from '@gnology/contracts';
import { type SelectQueryBuilder, sql } from 'kysely';
import { nameSearchPatterns } from '../domain/name-search';
import type { DocumentsDb } from '../../library/store/documents-store';
import { canonicalName } from '@gnology/genealogy/people/names';
import type { IndividualRow } from './people-schema';
import type { DocumentsDB } from '../../store/schema';

/* The API role's reads of the people index (decision 0185): one user's rows only. */

/** The columns of the list: everything but the facts, which only one person's page reads. */
const SUMMARY = [
  'id',
  'name',
  'sort_key',
  'sex',
  'birth_year',
  'death_year',
  'document_count',
  'mention_count',
  'conflict_count',
  'user_edited',
] as const;
export type SummaryRow = Pick<IndividualRow, (typeof SUMMARY)[number]>;

export function summaryOf(r: SummaryRow): IndividualSummary {
  return {
    id: r.id,
    name: r.name,
    sex: r.sex,
    birthYear: r.birth_year,
    deathYear: r.death_year,
    documentCount: r.document_count,
    mentionCount: r.mention_count,
    conflictCount: r.conflict_count,
    userEdited: r.user_edited,
    origin: 'documents',
  };
}

/**
 * The user's individuals sorted by surname then given names; `q` keeps those whose name, or a
 * name as a document wrote it, contains every word (accents folded, surname variants included).
 */
export async function listIndividuals(db: DocumentsDb, ownerId: string, q?: string): Promise<IndividualRow[]> {
  return filtered(db.selectFrom('people_individuals').selectAll(), ownerId, q).execute();
}

/** listIndividuals without the facts: the list page's rows. */
export async function listIndividualSummaries(db: DocumentsDb, ownerId: string, q?: string): Promise<SummaryRow[]> {
  return filtered(db.selectFrom('people_individuals').select(SUMMARY), ownerId, q).execute();
}

function filtered<Q extends SelectQueryBuilder<DocumentsDB, 'people_individuals', object>>(
  query: Q,
  ownerId: string,
  q: string | undefined,
): Q {
  let out = query.where('owner_id', '=', ownerId).where('mention_count', '>', 0) as Q;
  for (const { word, patterns: forms } of nameSearchPatterns(q)) {
    // The mentions that match, read once for all the user's individuals (a semi-join), not once
    // per individual: at library scale that is 20,000 mentions against 10,000 individuals.
    const mentions = sql<string>`(select pm.individual_id from people_mentions pm where pm.owner_id = ${ownerId} and pm.individual_id is not null and (${sql.join(
      [
        // One unaccent a row for all of a word's forms: Postgres would fold the name again for each.
        sql`public.unaccent(lower(pm.name_as_written)) like any (${forms}::text[])`,
        // A maiden name ("née Brown") is a surname key of the mention, not part of its written name.
        sql`pm.surname_keys @> array[${canonicalName(word)}]::text[]`,
      ],
      sql` or `,
    )}))`;
    out = out.where((eb) =>
      eb.or([
        sql<boolean>`public.unaccent(lower(people_individuals.name)) like any (${forms}::text[])`,
        eb('people_individuals.id', 'in', mentions),
      ]),
    ) as Q;
  }
  return out.orderBy('sort_key').orderBy('id').limit(5000) as Q;
}

export async function getIndividual(db: DocumentsDb, ownerId: string, id: string): Promise<IndividualRow | undefined> {
  return db
    .selectFrom('people_individuals')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Every mention of the individuals, with its document, oldest record first. */
export async function evidenceOf(
  db: DocumentsDb,
  ownerId: string,
  individualIds: readonly string[],
): Promise<(Evidence & { individualId: string })[]> {
  if (individualIds.length === 0) return [];
  const rows = await db
    .selectFrom('people_mentions as m')
    .innerJoin('documents as d', 'd.id', 'm.document_id')
    .select([
      'm.id',
      'm.individual_id',
      'm.document_id',
      'd.original_name',
      'd.document_type',
      'm.name_as_written',
      'm.role',
      'm.record_role',
      'm.date',
      'm.place',
      'm.page',
    ])
    .where('m.owner_id', '=', ownerId)
    .where('m.individual_id', 'in', individualIds)
    .orderBy(sql`m.date nulls last`)
    .orderBy('d.original_name')
    .orderBy('m.ordinal')
    .execute();
  return rows.map((r) => ({
    individualId: r.individual_id!,
    mentionId: r.id,
    documentId: r.document_id,
    fileName: r.original_name,
    documentType: r.document_type as DocumentType,
    nameAsWritten: r.name_as_written,
    role: r.role as PersonRole,
    recordRole: (r.record_role ?? null) as RecordRole | null,
    date: r.date,
    place: r.place,
    page: r.page,
  }));
}

/** The current names of individuals (a relative's name may have changed since the facts were computed). */
export async function namesOf(db: DocumentsDb, ownerId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('people_individuals')
    .select(['id', 'name'])
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
