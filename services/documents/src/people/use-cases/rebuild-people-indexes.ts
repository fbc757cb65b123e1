import type { DocumentsDeps } from '../../context';
import { ownersWithCompletedDocuments } from '../store/document-owners';
import { type PeopleUpdateResult, updatePeopleIndex } from './update-people-index';

const OWNERS_PER_BATCH = 20;

/** One user's index updated for some documents, or rebuilt whole (the people-rebuild job's per-user work). */
export async function reindexPeople(
  deps: Pick<DocumentsDeps, 'database'>,
  input: { ownerId: string; documentIds?: string[] },
): Promise<PeopleUpdateResult> {
  const change = input.documentIds
    ? { kind: 'documents' as const, documentIds: input.documentIds }
    : { kind: 'rebuild' as const };
  return updatePeopleIndex(deps.database.db, input.ownerId, change);
}

/** Rebuilds the people indexes of the next batch of users after `after`; returns the last one (null when done). */
export async function rebuildPeopleIndexes(
  deps: Pick<DocumentsDeps, 'database'>,
  input: { after: string | undefined; batch?: number },
): Promise<string | null> {
  const batch = input.batch ?? OWNERS_PER_BATCH;
  const owners = await ownersWithCompletedDocuments(deps.database.db, input.after, batch);
  for (const owner of owners) await updatePeopleIndex(deps.database.db, owner, { kind: 'rebuild' });
  return owners.length === batch ? owners[owners.length - 1]! : null;
}
