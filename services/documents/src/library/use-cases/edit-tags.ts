import { notFound } from '@gnology/platform/http/errors';
import { normalTags, recordTagEdit } from '../domain/tag-edits';
import { lockTags, saveTags } from '../store/document-tags';
import type { DocumentsDb } from '../store/documents-store';
import { writeDocumentUpdated } from './announce-update';

/**
 * PUT /api/documents/:id's tags (issue 30): the full list, normalised (decision 0216), replaces
 * the document's; what the user added and removed is recorded so that a new reading keeps it
 * (decision 0217). A change writes `document.updated` in the same transaction, as a people edit
 * does; saving the same tags again announces nothing. Another user's document is 404.
 */
export async function editTags(
  db: DocumentsDb,
  documentId: string,
  ownerId: string,
  tags: readonly string[],
  requestId?: string,
): Promise<void> {
  const next = normalTags(tags);
  await db.transaction().execute(async (trx) => {
    const before = await lockTags(trx, documentId, ownerId);
    if (!before) throw notFound('Document not found');
    if (JSON.stringify(before.tags) === JSON.stringify(next)) return;
    const edits = recordTagEdit(before.edits ?? { added: [], removed: [] }, before.tags, next);
    await saveTags(trx, documentId, ownerId, next, edits);
    await writeDocumentUpdated(trx, documentId, requestId);
  });
}
