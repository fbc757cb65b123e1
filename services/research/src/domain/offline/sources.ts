import { citation, escapeLinkText, viewerHref } from '../cite';
import type { ContextDocument } from '../model';

/** Where a fact comes from: a document (and the page that names it). */
export interface Source {
  documentId: string;
  fileName: string;
  page: number | null;
}

export type DocumentsById = ReadonlyMap<string, ContextDocument>;

/**
 * The page a citation names: one-page documents are cited without one, except a document the
 * library search found, which is cited by the page that matched (decision 0170).
 */
export function shownPage(doc: ContextDocument | undefined, page: number | null): number | null {
  if (!doc) return page;
  const pages = doc.pages ?? [];
  if (pages.length > 1 || (doc.retrieved && pages.length)) return page ?? pages[0]?.pageNumber ?? null;
  return null;
}

/** A source as the viewer link every answer uses (decision 0100): the document at hand, else the index's file name. */
export function citeSource(s: Source, docs: DocumentsById): string {
  const doc = docs.get(s.documentId);
  if (doc) return citation(doc, shownPage(doc, s.page));
  return `[${escapeLinkText(s.fileName)}${s.page ? `, p. ${s.page}` : ''}](${viewerHref(s.documentId, s.page)})`;
}

/** "(a.pdf, p. 2; b.txt)": each distinct document and page once, in the order given. */
export function sourcesText(sources: readonly Source[], docs: DocumentsById): string {
  const seen = new Set<string>();
  const cites: string[] = [];
  for (const s of sources) {
    const text = citeSource(s, docs);
    if (seen.has(text)) continue;
    seen.add(text);
    cites.push(text);
  }
  return cites.length ? ` (${cites.join('; ')})` : '';
}

/** One source per document: the first page given for it. */
export function distinctDocuments(sources: readonly Source[]): Source[] {
  const seen = new Set<string>();
  return sources.filter((s) => !seen.has(s.documentId) && seen.add(s.documentId));
}
