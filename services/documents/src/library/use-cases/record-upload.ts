import type { DocumentEventData } from '@gnology/contracts';
import { writeEvent } from '@gnology/platform/events/outbox';
import { documentEvent } from '../domain/document-events';
import { type DocumentsDb, insertDocumentRows } from '../store/documents-store';
import type { NewDocumentRow } from '../../store/schema';

/** Records an uploaded document, its pending task and `document.uploaded`, in one transaction. */
export async function insertUploadedDocument(
  db: DocumentsDb,
  row: NewDocumentRow & { uploaded_at: Date },
  requestId?: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertDocumentRows(trx, row);
    await writeEvent(
      trx,
      documentEvent(
        'document.uploaded',
        row.id,
        {
          documentId: row.id,
          ownerId: row.owner_id,
          originalName: row.original_name,
          mimetype: row.mimetype,
          documentType: (row.document_type ?? 'other') as DocumentEventData<'document.uploaded'>['documentType'],
          size: row.size,
          uploadedAt: row.uploaded_at.toISOString(),
        },
        requestId,
      ),
    );
  });
}
