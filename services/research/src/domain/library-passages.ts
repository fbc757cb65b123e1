import type { LibraryPassage, RetrievedSource } from '@gnology/contracts';
import type { ContextDocument } from './model';
import { foldText as fold } from '@gnology/contracts';
import { fullNamesAsked } from './asked';

/** What the library search gives a question (decision 0170): context documents of the matched pages, and the sources to list. */
export interface Retrieval {
  documents: ContextDocument[];
  sources: RetrievedSource[];
}

/** Passages (best first) as one context document per document, its pages in page order; sources in rank order. */
export function fromPassages(passages: LibraryPassage[], query = ''): Retrieval {
  const names = query ? fullNamesAsked(query) : [];
  const byDoc = new Map<string, { passage: LibraryPassage; pages: { pageNumber: number; text: string }[] }>();
  for (const x of passages) {
    const entry = byDoc.get(x.documentId) ?? { passage: x, pages: [] };
    if (!entry.pages.some((pg) => pg.pageNumber === x.pageNumber))
      entry.pages.push({ pageNumber: x.pageNumber, text: x.text });
    byDoc.set(x.documentId, entry);
  }
  const documents: ContextDocument[] = [];
  const sources: RetrievedSource[] = [];
  for (const { passage, pages } of byDoc.values()) {
    // Sources name the best page first (the one to open); the prompt reads pages in order.
    const ranked = pages.map((pg) => pg.pageNumber);
    pages.sort((a, b) => a.pageNumber - b.pageNumber);
    const best = fold(passage.text).replace(/\s+/g, ' ');
    const highlight = names.find((n) => best.includes(fold(n)));
    documents.push({
      _id: passage.documentId,
      originalName: passage.originalName,
      documentType: passage.documentType,
      extractedText: pages.map((pg) => pg.text).join('\n\n'),
      peopleIdentified: passage.peopleIdentified,
      // Its stored extraction: the offline engine answers from it, never from the page text (issue 28).
      ...(passage.personDetails ? { personDetails: passage.personDetails } : {}),
      ...(passage.dateInfo ? { dateInfo: passage.dateInfo } : {}),
      ...(passage.geographicalInfo ? { geographicalInfo: passage.geographicalInfo } : {}),
      ...(passage.occupations ? { occupations: passage.occupations } : {}),
      pages,
      retrieved: true,
      ...(highlight ? { highlight } : {}),
      ...(passage.citation ? { citation: passage.citation.slice(0, 2_000) } : {}),
    });
    sources.push({
      documentId: passage.documentId,
      originalName: passage.originalName,
      pages: ranked,
      ...(highlight ? { highlight } : {}),
      ...(passage.citation ? { citation: passage.citation.slice(0, 2_000) } : {}),
    });
  }
  return { documents, sources };
}

/**
 * The question's context: the documents the user selected first, always, then what the library
 * search found in the rest of the library (issue 30, point 1). The spec's document selector does
 * not restrict the search, so the rest is still searched, after the selection. "Sources used"
 * lists the selection first too (marked `selected`, read whole, so no pages), then the found
 * documents in rank order; a document is never listed twice.
 */
export function withSelection(selected: ContextDocument[], library: Retrieval): Retrieval {
  const chosen = new Set(selected.map((d) => d._id));
  return {
    documents: [...selected, ...library.documents.filter((d) => !chosen.has(d._id))],
    sources: [
      ...selected.map(
        (d): RetrievedSource => ({
          documentId: d._id,
          originalName: d.originalName,
          pages: [],
          ...(d.citation ? { citation: d.citation.slice(0, 2_000) } : {}),
          selected: true,
        }),
      ),
      ...library.sources.filter((x) => !chosen.has(x.documentId)),
    ],
  };
}
