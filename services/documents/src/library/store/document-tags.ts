import type { TagEdits } from '../domain/tag-edits';
import type { DocumentsDb } from './documents-store';

/** A document's tags and the user's edits of them, locked for the caller's transaction; undefined for another user's. */
export async function lockTags(
  trx: DocumentsDb,
  id: string,
  ownerId: string,
): Promise<{ tags: string[]; edits: TagEdits | null } | undefined> {
  const row = await trx
    .selectFrom('documents')
    .select(['tags', 'tag_edits'])
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .forUpdate()
    .executeTakeFirst();
  return row && { tags: row.tags ?? [], edits: row.tag_edits };
}

export async function saveTags(
  trx: DocumentsDb,
  id: string,
  ownerId: string,
  tags: readonly string[],
  edits: TagEdits,
): Promise<void> {
  await trx
    .updateTable('documents')
    .set({ tags: JSON.stringify(tags), tag_edits: JSON.stringify(edits) })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .execute();
}

/** The user's edits of a document's tags, locked for the caller's transaction (null when they never edited them). */
export async function lockTagEdits(trx: DocumentsDb, id: string): Promise<TagEdits | null> {
  const row = await trx.selectFrom('documents').select('tag_edits').where('id', '=', id).forUpdate().executeTakeFirst();
  return row?.tag_edits ?? null;
}
