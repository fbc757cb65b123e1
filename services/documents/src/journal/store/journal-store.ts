import type { Journal } from '@gnology/contracts';
import type { DocumentsDb } from '../../library/store/documents-store';

/** Stores the structured journal read from a filled GNology Journal (a re-run overwrites it). */
export async function saveJournal(db: DocumentsDb, documentId: string, journal: Journal): Promise<void> {
  await db
    .updateTable('documents')
    .set({ journal: JSON.stringify(journal) })
    .where('id', '=', documentId)
    .execute();
}
