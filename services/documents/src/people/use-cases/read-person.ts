import type { DocumentsDeps } from '../../context';
import type { IndividualDetail } from '@gnology/contracts';
import { notFound } from '@gnology/platform/http/errors';
import type { DocumentsDb } from '../../library/store/documents-store';
import { getIndividual } from '../store/people-query';
import { readTreePerson } from '../store/tree-query';
import { readLinkedPerson } from './read-people-links';
import { describeRows } from './read-people';

/**
 * GET /api/people/:id: one of the user's individuals in full — read from documents, or from an
 * imported tree (issue 32: its claims apart, in `tree`); another user's, or one left empty, is 404.
 */
export async function readPerson(
  deps: Pick<DocumentsDeps, 'database'>,
  ownerId: string,
  id: string,
): Promise<IndividualDetail> {
  const db: DocumentsDb = deps.database.db;
  const linked = await readLinkedPerson(db, ownerId, id);
  if (linked) return linked;
  const row = await getIndividual(db, ownerId, id);
  if (row && row.mention_count > 0) return (await describeRows(db, ownerId, [row]))[0]!;
  const tree = await readTreePerson(db, ownerId, id);
  if (!tree) throw notFound('Person not found');
  return tree;
}
