import type { PageWordBox } from '@gnology/contracts';
import { sql } from 'kysely';
import type { DocumentsDb } from './documents-store';
import { toBox } from './page-words-query';

/** A page as the searchable PDF needs it: its image's key (null: the original file is the page) and its OCR'd words. */
export interface SearchablePageRow {
  pageNumber: number;
  imageKey: string | null;
  /** Each word's box as fractions of the page image, in OCR's reading order; empty for a page not OCR'd. */
  words: PageWordBox[];
}

/** Every page of a document already authorised, in order, with its words (validated like the words route's). */
export async function searchablePages(db: DocumentsDb, documentId: string): Promise<SearchablePageRow[]> {
  const rows = await db
    .selectFrom('document_pages')
    .select(['page_number', 'image_key', sql<unknown>`words`.as('words')])
    .where('document_id', '=', documentId)
    .orderBy('page_number')
    .execute();
  return rows.map((row) => {
    const raw = typeof row.words === 'string' ? (JSON.parse(row.words) as unknown) : row.words;
    const words: PageWordBox[] = [];
    if (Array.isArray(raw))
      for (const v of raw) {
        const box = toBox(v);
        if (box) words.push(box);
      }
    return { pageNumber: row.page_number, imageKey: row.image_key, words };
  });
}
