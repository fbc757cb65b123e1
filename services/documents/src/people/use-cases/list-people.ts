import type { DocumentsDeps } from '../../context';
import type { PeopleListResponse } from '@gnology/contracts';
import type { DocumentsDb } from '../../library/store/documents-store';
import { listIndividualSummaries, summaryOf } from '../store/people-query';
import { listTreePeople, treeSummaryOf } from '../store/tree-query';
import { bothSummary, linkMaps } from './read-people-links';

/**
 * GET /api/people: the user's individuals, filtered by name when `q` is given — those read from
 * documents and those of imported trees (issue 32), each with its `origin`, in one order.
 */
export async function listPeople(
  deps: Pick<DocumentsDeps, 'database'>,
  ownerId: string,
  q: string | undefined,
): Promise<PeopleListResponse> {
  const db: DocumentsDb = deps.database.db;
  const [rows, tree, links] = await Promise.all([
    listIndividualSummaries(db, ownerId, q || undefined),
    listTreePeople(db, ownerId, q || undefined),
    linkMaps(db, ownerId),
  ]);
  // A tree person linked to documents by an accepted hint is listed once, as 'both' (decision 0228).
  const documents = new Map(rows.map((r) => [r.id, summaryOf(r)]));
  const treeEntries = tree.map((r) => {
    const linked = links.byTree.get(r.id);
    return {
      key: r.sort_key,
      summary: linked ? bothSummary(treeSummaryOf(r), documents.get(linked)) : treeSummaryOf(r),
    };
  });
  const merged = [
    ...rows.filter((r) => !links.byIndividual.has(r.id)).map((r) => ({ key: r.sort_key, summary: summaryOf(r) })),
    ...treeEntries,
  ].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.summary.id < b.summary.id ? -1 : 1));
  return { individuals: merged.map((m) => m.summary) };
}
