import { writeEvent } from '@gnology/platform/events/outbox';
import { documentEvent } from '../domain/document-events';
import { currentEntities } from '../store/document-updated';
import type { DocumentsDb } from '../store/documents-store';

/**
 * Writes `document.updated` with the document's entities as they stand after the change, in the
 * caller's transaction (the outbox row commits with the edit or not at all).
 */
export async function writeDocumentUpdated(trx: DocumentsDb, documentId: string, requestId?: string): Promise<void> {
  const data = { ...(await currentEntities(trx, documentId)), updatedAt: new Date().toISOString() };
  await writeEvent(trx, documentEvent('document.updated', documentId, data, requestId));
}
