import type { DocumentsDb, PageSummaryRow } from './documents-store';

/** The pages of many documents in one query (the list answer), by document id: images and OCR confidence, no text or words. */
export async function pagesOf(db: DocumentsDb, ids: string[]) {
  const out = new Map<string, PageSummaryRow[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('document_pages')
    .select([
      'document_id',
      'page_number',
      'width',
      'height',
      'image_key',
      'ocr',
      'confidence',
      'transcribed_by',
      'handwriting_note',
    ])
    .where('document_id', 'in', ids)
    .orderBy('document_id')
    .orderBy('page_number')
    .execute();
  for (const { document_id, ...p } of rows) {
    const list = out.get(document_id) ?? [];
    list.push(p);
    out.set(document_id, list);
  }
  return out;
}

/**
 * The text of each page of many documents, for documents of more than one page: research cites a
 * fact by the page it is on. One-page documents need no page list (their text is the page).
 */
export async function pageTextsOf(db: DocumentsDb, ids: string[]) {
  const out = new Map<string, { pageNumber: number; text: string }[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('document_pages')
    .select(['document_id', 'page_number', 'text'])
    .where('document_id', 'in', ids)
    .orderBy('document_id')
    .orderBy('page_number')
    .execute();
  for (const r of rows) {
    const list = out.get(r.document_id) ?? [];
    list.push({ pageNumber: r.page_number, text: r.text ?? '' });
    out.set(r.document_id, list);
  }
  for (const [id, list] of out) if (list.length < 2) out.delete(id);
  return out;
}
