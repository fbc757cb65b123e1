/**
 * The book's renderers: one Manuscript, four formats. The export route asks for bytes and
 * serves them with the format's MIME type and file extension.
 */
import type { Manuscript } from '../domain/manuscript.ts';

export type BookFormat = 'pdf' | 'docx' | 'epub' | 'md';

export const BOOK_FORMATS: readonly BookFormat[] = ['pdf', 'docx', 'epub', 'md'];

export const BOOK_MIME: Record<BookFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  epub: 'application/epub+zip',
  md: 'text/markdown; charset=utf-8',
};

export const BOOK_EXTENSION: Record<BookFormat, string> = {
  pdf: '.pdf',
  docx: '.docx',
  epub: '.epub',
  md: '.md',
};

export async function renderBook(m: Manuscript, format: BookFormat): Promise<Uint8Array> {
  void m;
  throw new Error(`renderBook: ${format} not implemented yet`);
}
