import type { PeopleListResponse } from '@gnology/contracts';
import type { DocumentsDb } from '../store/documents-store';
import { listIndividuals, summaryOf } from '../store/people-query';

/** GET /api/people: the user's individuals, filtered by name when `q` is given. */
export async function listPeople(db: DocumentsDb, ownerId: string, q: string | undefined): Promise<PeopleListResponse> {
  const rows = await listIndividuals(db, ownerId, q || undefined);
  return { individuals: rows.map(summaryOf) };
}
