import type { IndividualDetail, IndividualSummary } from '@gnology/contracts';
import { agreeingRelatives, nameKeysOf } from '@gnology/genealogy/people/hints-facts';
import type { DocumentsDb } from '../../library/store/documents-store';
import { loadLinks } from '../store/people-hints-store';
import { getIndividual } from '../store/people-query';
import { readTreePerson } from '../store/tree-query';
import { describeRows } from './read-people';

/*
 * A tree person linked to a document's person by an accepted hint (issue 32, decision 0228) is one
 * person, origin 'both', under the tree person's id: the tree's claims and the documents' evidence
 * on one page, kept apart. The index individual it is linked to is not listed on its own.
 */

export interface LinkMaps {
  /** Tree person → the index individual linked to it (the first accepted). */
  byTree: Map<string, string>;
  /** Index individual → the tree person it is shown as. */
  byIndividual: Map<string, string>;
}

export async function linkMaps(db: DocumentsDb, ownerId: string): Promise<LinkMaps> {
  const byTree = new Map<string, string>();
  const byIndividual = new Map<string, string>();
  for (const l of await loadLinks(db, ownerId)) {
    if (!byTree.has(l.treeId)) byTree.set(l.treeId, l.individualId);
    if (!byIndividual.has(l.individualId)) byIndividual.set(l.individualId, l.treeId);
  }
  return { byTree, byIndividual };
}

/** The tree person's summary with the documents' counts: one person, origin 'both'. */
export function bothSummary(tree: IndividualSummary, documents: IndividualSummary | undefined): IndividualSummary {
  return {
    ...tree,
    birthYear: tree.birthYear ?? documents?.birthYear ?? null,
    deathYear: tree.deathYear ?? documents?.deathYear ?? null,
    documentCount: documents?.documentCount ?? 0,
    mentionCount: documents?.mentionCount ?? 0,
    conflictCount: documents?.conflictCount ?? 0,
    userEdited: documents?.userEdited ?? false,
    origin: 'both',
  };
}

/**
 * GET /api/people/:id of a linked person (by either id): the tree's claims in `tree`, the
 * documents' evidence, timeline and conflicts beside them, relatives of both. Undefined when `id`
 * is not linked.
 */
export async function readLinkedPerson(
  db: DocumentsDb,
  ownerId: string,
  id: string,
): Promise<IndividualDetail | undefined> {
  const links = await linkMaps(db, ownerId);
  const treeId = links.byTree.has(id) ? id : links.byIndividual.get(id);
  if (!treeId) return undefined;
  const row = await getIndividual(db, ownerId, links.byTree.get(treeId)!);
  const tree = await readTreePerson(db, ownerId, treeId);
  if (!tree) return undefined;
  if (!row || row.mention_count === 0) return tree;
  const documents = (await describeRows(db, ownerId, [row]))[0]!;
  // A relative both name (the certificate's "Joseph Patrick Kennedy", the tree's "... Kennedy I") is listed once, as the tree has them.
  const own = nameKeysOf([tree.individual.name]).surnameKeys;
  const same = new Set(agreeingRelatives(documents.relatives, tree.relatives, own).map((p) => p.document));
  return {
    ...documents,
    individual: bothSummary(tree.individual, documents.individual),
    variants: [...new Set([...tree.variants, ...documents.variants])],
    relatives: [...tree.relatives, ...documents.relatives.filter((r) => !same.has(r))],
    tree: tree.tree,
  };
}
