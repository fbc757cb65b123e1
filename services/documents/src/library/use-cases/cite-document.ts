import type { DocumentsDeps } from '../../context';
import { DocumentType } from '@gnology/contracts';
import { buildCitation, citationPeople } from '@gnology/genealogy/citation';
import type { DocumentsDb } from '../store/documents-store';
import { type CitationRow, citationRows } from '../store/citation-sources';

/*
 * A document's source citation (issue 16, decision 0186), built from its extracted data each time
 * it is asked for: extraction can be run again and people retagged, and the citation follows.
 */

export function citationOf(row: CitationRow, page?: number | null): string {
  const type = DocumentType.safeParse(row.document_type);
  return buildCitation({
    documentType: type.success ? type.data : 'other',
    fileName: row.original_name,
    uploadedAt: new Date(row.uploaded_at),
    people: citationPeople(row.people_identified ?? [], row.person_details),
    dates: row.date_info ?? [],
    places: row.geographical_info ?? [],
    page: page ?? null,
  });
}

/** The citation of one of the user's documents; undefined when it is not theirs. */
export async function documentCitation(
  deps: Pick<DocumentsDeps, 'database'>,
  ownerId: string,
  id: string,
  page?: number,
): Promise<string | undefined> {
  const db: DocumentsDb = deps.database.db;
  const [row] = await citationRows(db, ownerId, [id]);
  return row ? citationOf(row, page) : undefined;
}

/** Each item with the citation of its document and page (items of documents not the user's get none). */
export async function withCitations<T extends { documentId: string; pageNumber: number }>(
  db: DocumentsDb,
  ownerId: string,
  items: T[],
): Promise<(T & { citation?: string })[]> {
  const rows = new Map(
    (
      await citationRows(
        db,
        ownerId,
        items.map((i) => i.documentId),
      )
    ).map((r) => [r.id, r]),
  );
  return items.map((i) => {
    const row = rows.get(i.documentId);
    return row ? { ...i, citation: citationOf(row, i.pageNumber) } : i;
  });
}
