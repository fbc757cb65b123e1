/**
 * How Gene cites a document: its file name and page, as a Markdown link that opens the viewer
 * (decision 0100). The offline engine writes these links, and the system prompt asks a model to
 * write the same ones, so every answer renders its sources alike.
 */

/** The viewer address of a document (and page): the documents page opens its viewer from it. */
export function viewerHref(documentId: string, page?: number | null): string {
  return `/documents?view=${encodeURIComponent(documentId)}${page ? `&page=${page}` : ''}`;
}

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
  const q =
    doc.highlight && page
      ? `&q=${encodeURIComponent(doc.highlight).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`
      : '';
  return `[${escapeLinkText(doc.originalName)}${page ? `, p. ${page}` : ''}](${viewerHref(doc._id, page)}${q})`;
}
