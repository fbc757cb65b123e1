/**
 * The book's renderers: one Manuscript, four formats. The export route asks for bytes and
 * serves them with the format's MIME type and file extension.
 */
import type { Manuscript } from '../domain/manuscript';
import { renderDocx } from './docx';
import { renderEpub } from './epub';
import { renderMarkdown } from './markdown';
import { renderPdf } from './pdf/render-pdf';
import { withKnownNotes } from './sections';

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

/** Renders the manuscript in one format; the same manuscript gives the same book in each. */
export async function renderBook(manuscript: Manuscript, format: BookFormat): Promise<Uint8Array> {
  const m = withKnownNotes(manuscript);
  switch (format) {
    case 'pdf':
      return renderPdf(m);
    case 'docx':
      return renderDocx(m);
    case 'epub':
      return renderEpub(m);
    case 'md':
      return new TextEncoder().encode(renderMarkdown(m));
  }
}
