/**
 * How Gene cites a document: its file name and page, as a Markdown link that opens the viewer
 * (decision 0100). The offline engine writes these links, and the system prompt asks a model to
 * write the same ones, so every answer renders its sources alike.
 */

import { viewerPath } from '@gnology/contracts';

/** The viewer address of a document (and page), as the web app writes it (`viewerPath`, in contracts). */
export const viewerHref = (documentId: string, page?: number | null): string => viewerPath(documentId, { page });

/** Link text that Markdown reads literally (a file may be called "notes_[1]*.pdf"). */
export function escapeLinkText(text: string): string {
  return text.replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
}

/**
 * `[census-1880.pdf, p. 2](/documents?view=<id>&page=2)`; without a page for one-page documents. A
 * document the library search found also asks the viewer to highlight the name asked about
 * (`&q=`, decision 0170), which it does where the page has word positions.
 */
export function citation(doc: { _id: string; originalName: string; highlight?: string }, page?: number | null): string {
  // A parenthesis would end the Markdown link: percent-encoded (encodeURIComponent leaves it).
  const href = viewerPath(doc._id, { page, ...(doc.highlight && page ? { q: doc.highlight } : {}) }).replace(
    /[()]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `[${escapeLinkText(doc.originalName)}${page ? `, p. ${page}` : ''}](${href})`;
}
