import type { DocumentsDeps } from '../../context';
import { randomUUID } from 'node:crypto';
import type { IndividualSummary } from '@gnology/contracts';
import { badRequest, notFound } from '@gnology/platform/http/errors';
import { sortKeyOf } from '@gnology/genealogy/people/individuals';
import type { DocumentsDb } from '../../library/store/documents-store';
import { getIndividual, summaryOf } from '../store/people-query';
import { lockOwner, markEdited, savePins, upsertIndividuals } from '../store/people-store';
import { updatePeopleIndex } from './update-people-index';

/*
 * The user's decisions on the index (decision 0185): each is stored as pins (mention → individual)
 * or a name, which every later regrouping and rebuild keeps; the affected names are regrouped at
 * once so the answer shows the result.
 */

async function owned(db: DocumentsDb, ownerId: string, id: string) {
  const row = await getIndividual(db, ownerId, id);
  if (!row || row.mention_count === 0) throw notFound('Person not found');
  return row;
}

async function mentionsOf(db: DocumentsDb, ownerId: string, ids: readonly string[]) {
  return db
    .selectFrom('people_mentions')
    .select(['id', 'document_id', 'mention_key', 'individual_id'])
    .where('owner_id', '=', ownerId)
    .where('individual_id', 'in', ids)
    .execute();
}

/** Merges individuals into the first: all their mentions are pinned to it. */
export async function mergePeople(
  deps: Pick<DocumentsDeps, 'database'>,
  ownerId: string,
  ids: readonly string[],
): Promise<IndividualSummary> {
  const db: DocumentsDb = deps.database.db;
  const unique = [...new Set(ids)];
  if (unique.length < 2) throw badRequest('Choose at least two different people to merge.');
  const rows = await Promise.all(unique.map((id) => owned(db, ownerId, id)));
  const kept = rows[0]!;
  await db.transaction().execute(async (trx) => {
    await lockOwner(trx, ownerId);
    const mentions = await mentionsOf(trx, ownerId, unique);
    // Two people of one record cannot be one person.
    const perDocument = new Set<string>();
    for (const m of mentions) {
      if (perDocument.has(m.document_id))
        throw badRequest(
          'These people are named side by side in one document, so they are different people: they cannot be merged.',
        );
      perDocument.add(m.document_id);
    }
    await savePins(
      trx,
      ownerId,
      mentions.map((m) => ({ documentId: m.document_id, mentionKey: m.mention_key, individualId: kept.id })),
    );
    const named = rows.find((r) => r.user_named);
    await markEdited(
      trx,
      ownerId,
      [kept.id],
      named && !kept.user_named ? { name: named.name, sortKey: named.sort_key } : undefined,
    );
  });
  await updatePeopleIndex(db, ownerId, { kind: 'individuals', individualIds: unique });
  return summaryOf((await getIndividual(db, ownerId, kept.id))!);
}

/** Moves the chosen mentions to a new individual; the rest stay pinned where they are. */
export async function splitPerson(
  deps: Pick<DocumentsDeps, 'database'>,
  ownerId: string,
  id: string,
  mentionIds: readonly string[],
): Promise<IndividualSummary> {
  const db: DocumentsDb = deps.database.db;
  const source = await owned(db, ownerId, id);
  const chosen = new Set(mentionIds);
  const newId = randomUUID();
  await db.transaction().execute(async (trx) => {
    await lockOwner(trx, ownerId);
    const mentions = await mentionsOf(trx, ownerId, [source.id]);
    const unknown = [...chosen].filter((m) => !mentions.some((x) => x.id === m));
    if (unknown.length)
      throw badRequest('Some of these mentions are not part of this person. Reload the page and choose again.');
    if (chosen.size >= mentions.length)
      throw badRequest('Leave at least one mention with this person: choose fewer to split off.');
    await upsertIndividuals(trx, ownerId, [
      {
        id: newId,
        name: source.name,
        sortKey: sortKeyOf(source.name),
        sex: source.sex,
        birthYear: null,
        deathYear: null,
        documentCount: 0,
        mentionCount: 0,
        conflictCount: 0,
        facts: {},
      },
    ]);
    await savePins(
      trx,
      ownerId,
      mentions.map((m) => ({
        documentId: m.document_id,
        mentionKey: m.mention_key,
        individualId: chosen.has(m.id) ? newId : source.id,
      })),
    );
    await markEdited(trx, ownerId, [source.id, newId]);
  });
  await updatePeopleIndex(db, ownerId, { kind: 'individuals', individualIds: [source.id, newId] });
  return summaryOf((await getIndividual(db, ownerId, newId))!);
}

/** The user's name for an individual, kept over the names documents write. */
export async function renamePerson(
  deps: Pick<DocumentsDeps, 'database'>,
  ownerId: string,
  id: string,
  name: string,
): Promise<IndividualSummary> {
  const db: DocumentsDb = deps.database.db;
  await owned(db, ownerId, id);
  await markEdited(db, ownerId, [id], { name, sortKey: sortKeyOf(name) });
  return summaryOf((await getIndividual(db, ownerId, id))!);
}
