import type { DocumentsDb } from './documents-store';

/** "Read again": the last run's transcriptions and notes go with its pages' texts. */
export async function clearTranscriptions(db: DocumentsDb, documentId: string): Promise<void> {
  await db
    .updateTable('document_pages')
    .set({ ocr_text: null, transcribed_by: null, handwriting_note: null })
    .where('document_id', '=', documentId)
    .where((eb) =>
      eb.or([
        eb('ocr_text', 'is not', null),
        eb('transcribed_by', 'is not', null),
        eb('handwriting_note', 'is not', null),
      ]),
    )
    .execute();
}

/** The note shown on a page instead of a transcription (no model, no tokens, too many pages…). */
export async function saveHandwritingNote(db: DocumentsDb, documentId: string, pageNumber: number, note: string) {
  await db
    .updateTable('document_pages')
    .set({ handwriting_note: note })
    .where('document_id', '=', documentId)
    .where('page_number', '=', pageNumber)
    .execute();
}

/** A page's text becomes the model's transcription; its OCR reading is kept in `ocr_text`. */
export async function saveTranscription(
  db: DocumentsDb,
  documentId: string,
  page: { pageNumber: number; text: string; ocrText: string; transcribedBy: string },
) {
  await db
    .updateTable('document_pages')
    .set({ text: page.text, ocr_text: page.ocrText, transcribed_by: page.transcribedBy, handwriting_note: null })
    .where('document_id', '=', documentId)
    .where('page_number', '=', page.pageNumber)
    .execute();
}
