import type { DocumentsDeps } from '../../context';
import type { LibrarySearchResponse } from '@gnology/contracts';
import { OBJECT_ID } from '@gnology/platform/ids';
import type { DocumentsDb } from '../store/documents-store';
import { searchLibrary } from '../store/library-search';
import { withCitations } from './cite-document';

/**
 * The pages of the user's completed documents that answer a question (issue 16, decision 0170),
 * leaving out the documents the user dropped; each passage carries its page's source citation.
 */
export async function searchOwnLibrary(
  deps: Pick<DocumentsDeps, 'database'>,
  p: { userId: string; query: string; limit: number; excludeDocumentIds: readonly string[] },
): Promise<LibrarySearchResponse> {
  const db: DocumentsDb = deps.database.db;
  const excludeDocumentIds = p.excludeDocumentIds.filter((id) => OBJECT_ID.test(id));
  const passages = await searchLibrary(db, { userId: p.userId, query: p.query, limit: p.limit, excludeDocumentIds });
  return { passages: await withCitations(db, p.userId, passages) };
}
