import type { DocumentsDeps } from '../../context';
import type { DocumentContextResponse } from '@gnology/contracts';
import { OBJECT_ID } from '@gnology/platform/ids';
import { citationRows } from '../store/citation-sources';
import { contextDocuments, type DocumentsDb } from '../store/documents-store';
import { pageTextsOf } from '../store/pages-query';
import { citationOf } from './cite-document';

/**
 * The user's completed documents among `documentIds`, in the order asked, for research to attach
 * to a question; unknown, foreign or unfinished ids are absent. Documents of several pages carry
 * each page's text, so a fact can be cited by its page.
 */
export async function documentContext(
  deps: Pick<DocumentsDeps, 'database'>,
  userId: string,
  documentIds: readonly string[],
): Promise<DocumentContextResponse> {
  const db: DocumentsDb = deps.database.db;
  const ids = documentIds.filter((id) => OBJECT_ID.test(id));
  const rows = await contextDocuments(db, userId, ids);
  // A journal's text is its form, not its pages: it is cited as a whole.
  const [pages, citations] = await Promise.all([
    pageTextsOf(
      db,
      rows.filter((r) => !r.journal).map((r) => r.id),
    ),
    citationRows(db, userId, ids),
  ]);
  const citationById = new Map(citations.map((c) => [c.id, citationOf(c)]));
  return {
    documents: rows.map((r) => ({
      _id: r.id,
      originalName: r.original_name,
      documentType: r.document_type as DocumentContextResponse['documents'][number]['documentType'],
      extractedText: r.extracted_text,
      peopleIdentified: r.people_identified,
      personDetails: r.person_details ?? [],
      dateInfo: r.date_info,
      geographicalInfo: r.geographical_info,
      occupations: r.occupations,
      tags: r.tags,
      uploadedAt: new Date(r.uploaded_at).toISOString(),
      ...(r.journal ? { journal: r.journal } : {}),
      ...(pages.has(r.id) ? { pages: pages.get(r.id) } : {}),
      ...(citationById.has(r.id) ? { citation: citationById.get(r.id) } : {}),
    })),
  };
}
