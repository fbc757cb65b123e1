import { randomUUID } from 'node:crypto';
import { findHints, hintPairKey } from '@gnology/genealogy/people/hints';
import { nameKeysOf } from '@gnology/genealogy/people/hints-facts';
import { hintPeopleOfTree, matchNameOf, treeHintKey } from '@gnology/genealogy/people/hints-tree';
import type { DocumentsDb } from '../../library/store/documents-store';
import {
  loadHintDecisions,
  loadHintMentions,
  loadLinks,
  loadTreeFacts,
  loadTreeFamiliesOf,
  loadTreeNames,
  saveHints,
} from '../store/people-hints-store';
import { lockOwner } from '../store/people-store';

/*
 * Hints (issue 32, decisions 0227–0228): computed on the worker after the people index changes
 * and after a GEDCOM import (people-hint-decisions.ts reads and decides them).
 */

export type HintScope = { documentIds: readonly string[] } | 'all';

/**
 * Recomputes the open hints of the documents in `scope` (all for 'all') against the user's tree.
 * Tree people are read without their facts first and only those sharing a surname key with the
 * documents' people are read in full with their families. Run inside the index's transaction (or
 * its own) under the user's lock.
 */
export async function refreshHints(
  db: DocumentsDb,
  ownerId: string,
  scope: HintScope,
): Promise<{ hints: number; treePeople: number; mentions: number; ms: number }> {
  const started = performance.now();
  const documentIds = scope === 'all' ? 'all' : scope.documentIds;
  const treeNames = await loadTreeNames(db, ownerId);
  const decisions = await loadHintDecisions(db, ownerId, documentIds);
  const keyToTree = new Map(treeNames.map((t) => [treeHintKey(t.fileName, t.xref, t.name), t.id]));
  // A decision made before the import was undone and made again finds its person by key.
  const reattach = decisions
    .filter((d) => d.status !== 'open' && keyToTree.has(d.treeKey) && keyToTree.get(d.treeKey) !== d.treeIndividualId)
    .map((d) => ({ id: d.id, treeIndividualId: keyToTree.get(d.treeKey)! }));
  if (treeNames.length === 0) {
    const stale = decisions.filter((d) => d.status === 'open').map((d) => d.id);
    await saveHints(db, ownerId, [], stale, reattach, randomUUID);
    return { hints: 0, treePeople: 0, mentions: 0, ms: Math.round(performance.now() - started) };
  }
  const mentions = await loadHintMentions(db, ownerId, documentIds);
  // A document's person already linked to a tree person (or in an individual that is) is decided.
  const linkedIndividuals = new Set((await loadLinks(db, ownerId)).map((l) => l.individualId));
  const decided = new Set(
    decisions.filter((d) => d.status === 'accepted').map((d) => `${d.documentId}|${d.mentionKey}`),
  );
  const open = mentions.filter(
    (m) =>
      !decided.has(`${m.documentId}|${m.mentionKey}`) && !(m.individualId && linkedIndividuals.has(m.individualId)),
  );
  const surnames = new Set(open.flatMap((m) => m.surnameKeys));
  const candidates = treeNames.filter((t) =>
    nameKeysOf([matchNameOf(t), ...t.otherNames]).surnameKeys.some((k) => surnames.has(k)),
  );
  const ids = candidates.map((t) => t.id);
  const [facts, families] = await Promise.all([loadTreeFacts(db, ownerId, ids), loadTreeFamiliesOf(db, ownerId, ids)]);
  const byImport = new Map<string, typeof treeNames>();
  for (const t of treeNames) byImport.set(t.importId, [...(byImport.get(t.importId) ?? []), t]);
  const candidateIds = new Set(ids);
  const tree = [...byImport.values()].flatMap((people) =>
    hintPeopleOfTree(
      people[0]!.fileName,
      people.map((p) => ({ ...p, facts: facts.get(p.id) ?? [] })),
      families,
    ).filter((p) => candidateIds.has(p.id)),
  );
  const rejected = new Set(
    decisions.filter((d) => d.status === 'rejected').map((d) => hintPairKey(d.documentId, d.mentionKey, d.treeKey)),
  );
  // Relatives are read from every person of a document, the open ones are matched.
  const openKeys = new Set(open.map((m) => `${m.documentId}|${m.mentionKey}`));
  const found = findHints(mentions, tree, rejected).filter((h) => openKeys.has(`${h.documentId}|${h.mentionKey}`));
  const foundKeys = new Set(found.map((h) => hintPairKey(h.documentId, h.mentionKey, h.treeKey)));
  const stale = decisions
    .filter((d) => d.status === 'open' && !foundKeys.has(hintPairKey(d.documentId, d.mentionKey, d.treeKey)))
    .map((d) => d.id);
  await saveHints(db, ownerId, found, stale, reattach, randomUUID);
  return {
    hints: found.length,
    treePeople: treeNames.length,
    mentions: mentions.length,
    ms: Math.round(performance.now() - started),
  };
}

/** Every document of the user against the tree, under the user's lock (after a GEDCOM import: in its transaction). */
export async function refreshAllHints(db: DocumentsDb, ownerId: string) {
  const run = async (trx: DocumentsDb) => {
    await lockOwner(trx, ownerId);
    return refreshHints(trx, ownerId, 'all');
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
