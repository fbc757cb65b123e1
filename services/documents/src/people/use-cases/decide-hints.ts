import type { DocumentsDeps } from '../../context';
import { HINT_REJECTED_MESSAGE, type HintDecisionResponse, type PeopleHintsResponse } from '@gnology/contracts';
import { HttpError, notFound } from '@gnology/platform/http/errors';
import type { DocumentsDb } from '../../library/store/documents-store';
import {
  decideHint,
  deleteOpenHintsOf,
  getHint,
  individualOfMention,
  listOpenHints,
  loadLinks,
} from '../store/people-hints-store';
import { lockOwner, savePins } from '../store/people-store';
import { updatePeopleIndex } from './update-people-index';

/*
 * The user's side of hints (issue 32, decisions 0227–0228): the open ones listed, each accepted —
 * the document's person pinned (a pinned merge) and linked to the tree person — or rejected, kept
 * under the pair's key so no rebuild or re-import makes it again. Another user's hint is 404.
 */

/** GET /api/people/hints */
export async function listHints(deps: Pick<DocumentsDeps, 'database'>, ownerId: string): Promise<PeopleHintsResponse> {
  const db: DocumentsDb = deps.database.db;
  const rows = await listOpenHints(db, ownerId);
  return {
    hints: rows.map((r) => ({
      id: r.id,
      individualId: r.tree_individual_id!,
      documentId: r.document_id,
      fileName: r.original_name,
      nameAsWritten: r.name_as_written,
      documentPersonId: r.individual_id ?? null,
      treeName: r.tree_name,
      score: r.score,
      reasons: r.reasons,
    })),
  };
}

async function ownedHint(db: DocumentsDb, ownerId: string, id: string) {
  const hint = await getHint(db, ownerId, id);
  if (!hint) throw notFound('Hint not found');
  return hint;
}

/**
 * POST /api/people/hints/:id/accept: the document's person is pinned — to the individual already
 * linked to this tree person if there is one (a pinned merge), else to the individual it is in —
 * and the hint is the link that shows them as one person (origin 'both').
 */
export async function acceptHint(
  deps: Pick<DocumentsDeps, 'database'>,
  ownerId: string,
  id: string,
): Promise<HintDecisionResponse> {
  const db: DocumentsDb = deps.database.db;
  const hint = await ownedHint(db, ownerId, id);
  const treeId = hint.tree_individual_id!;
  if (hint.status === 'rejected') throw new HttpError(409, HINT_REJECTED_MESSAGE);
  if (hint.status === 'accepted') return { hint: { id, status: 'accepted' }, individualId: treeId };
  const own = await individualOfMention(db, ownerId, hint.document_id, hint.mention_key);
  if (!own) throw notFound('The document no longer names this person: it may have been read again or deleted.');
  const linked = (await loadLinks(db, ownerId)).find((l) => l.treeId === treeId)?.individualId;
  const target = linked ?? own;
  await db.transaction().execute(async (trx) => {
    await lockOwner(trx, ownerId);
    await savePins(trx, ownerId, [
      { documentId: hint.document_id, mentionKey: hint.mention_key, individualId: target },
    ]);
    await decideHint(trx, id, 'accepted');
    await deleteOpenHintsOf(trx, ownerId, hint.document_id, hint.mention_key);
  });
  if (target !== own) await updatePeopleIndex(db, ownerId, { kind: 'individuals', individualIds: [own, target] });
  return { hint: { id, status: 'accepted' }, individualId: treeId };
}

/** POST /api/people/hints/:id/reject: the pair is kept apart for good (a link accepted before is undone). */
export async function rejectHint(
  deps: Pick<DocumentsDeps, 'database'>,
  ownerId: string,
  id: string,
): Promise<HintDecisionResponse> {
  const db: DocumentsDb = deps.database.db;
  const hint = await ownedHint(db, ownerId, id);
  if (hint.status !== 'rejected') await decideHint(db, id, 'rejected');
  return { hint: { id, status: 'rejected' }, individualId: hint.tree_individual_id! };
}
