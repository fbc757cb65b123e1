import type { DocumentRow } from '../../store/schema';
import type { DocumentsDb } from './documents-store';

/** What a document's source citation is built from (no text: it can be megabytes). */
export type CitationRow = Pick<
  DocumentRow,
  | 'id'
  | 'document_type'
  | 'original_name'
  | 'uploaded_at'
  | 'people_identified'
  | 'date_info'
  | 'geographical_info'
  | 'person_details'
>;

const COLUMNS = [
  'id',
  'document_type',
  'original_name',
  'uploaded_at',
  'people_identified',
  'date_info',
  'geographical_info',
  'person_details',
] as const;

/** The documents among `ids` that belong to `ownerId` (any other id is simply absent). */
export async function citationRows(db: DocumentsDb, ownerId: string, ids: string[]): Promise<CitationRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('documents')
    .select(COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
}
