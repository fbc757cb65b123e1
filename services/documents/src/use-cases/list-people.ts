import type { PeopleListResponse } from '@gnology/contracts';
import type { DocumentsDb } from '../store/documents-store';
import { listIndividuals, summaryOf } from '../store/people-query';
import { listTreePeople, treeSummaryOf } from '../store/tree-query';

/**
 * GET /api/people: the user's individuals, filtered by name when `q` is given — those read from
 * documents and those of imported trees (issue 32), each with its `origin`, in one order.
 */
export async function listPeople(db: DocumentsDb, ownerId: string, q: string | undefined): Promise<PeopleListResponse> {
  const [rows, tree] = await Promise.all([
    listIndividuals(db, ownerId, q || undefined),
    listTreePeople(db, ownerId, q || undefined),
  ]);
  const merged = [
    ...rows.map((r) => ({ key: r.sort_key, summary: summaryOf(r) })),
    ...tree.map((r) => ({ key: r.sort_key, summary: treeSummaryOf(r) })),
  ].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.summary.id < b.summary.id ? -1 : 1));
  return { individuals: merged.map((m) => m.summary) };
}
