import type { IndividualDetail } from '@gnology/contracts';
import { notFound } from '@gnology/platform/http/errors';
import type { DocumentsDb } from '../store/documents-store';
import { getIndividual } from '../store/people-query';
import { describeRows } from './people-read';

/** GET /api/people/:id: one of the user's individuals in full; another user's, or one left empty, is 404. */
export async function readPerson(db: DocumentsDb, ownerId: string, id: string): Promise<IndividualDetail> {
  const row = await getIndividual(db, ownerId, id);
  if (!row || row.mention_count === 0) throw notFound('Person not found');
  return (await describeRows(db, ownerId, [row]))[0]!;
}
