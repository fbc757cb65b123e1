import { randomUUID } from 'node:crypto';
import { groupMentions } from '@gnology/genealogy/people/grouping';
import { type NamedMention, nameNeighbours } from '@gnology/genealogy/people/name-neighbours';
import { describeIndividuals } from '@gnology/genealogy/people/individuals';
import { mentionsOfDocument } from '@gnology/genealogy/people/mentions';
import type { DocumentsDb } from '../../library/store/documents-store';
import type { IndividualRow } from '../store/people-schema';
import { refreshHints } from './refresh-hints';
import {
  assignMentions,
  deleteIndividuals,
  deleteMentionsOf,
  insertMentions,
  type IndividualWrite,
  loadDocumentFacts,
  loadIndividualFlags,
  loadIndividualRows,
  loadMentions,
  loadPins,
  lockOwner,
  type StoredMention,
  staleIndividuals,
  upsertIndividuals,
} from '../store/people-store';

/** What changed in a user's library, for the index to follow (decision 0185). */
export type PeopleChange =
  /** Documents processed again or for the first time (or gone: their mentions are removed). */
  | { kind: 'documents'; documentIds: string[] }
  /** Documents deleted (their mentions went with them). */
  | { kind: 'deleted' }
  /** The user merged or split: regroup the names of these individuals. */
  | { kind: 'individuals'; individualIds: string[] }
  /** Everything again: migrations, backfill. */
  | { kind: 'rebuild' };

export interface PeopleUpdateResult {
  mentions: number;
  regrouped: number;
  individuals: number;
}

/**
 * Brings one user's people index up to date after `change`, on the worker (the API role only
 * reads, except the user's own merge, split and rename). Only the names the change touches are
 * regrouped: the block of mentions sharing a surname key (variants and maiden names) with the
 * changed ones, and the individuals those belong to. Runs under a per-user lock.
 */
export async function updatePeopleIndex(
  db: DocumentsDb,
  ownerId: string,
  change: PeopleChange,
): Promise<PeopleUpdateResult> {
  // An event consumer passes its inbox transaction: the index commits with the event's record.
  if (db.isTransaction) return update(db, ownerId, change);
  return db.transaction().execute((trx) => update(trx, ownerId, change));
}

async function update(trx: DocumentsDb, ownerId: string, change: PeopleChange): Promise<PeopleUpdateResult> {
  await lockOwner(trx, ownerId);
  const seedNames: NamedMention[] = [];
  const seedIndividuals = new Set<string>();
  const fresh: StoredMention[] = [];
  if (change.kind === 'documents' || change.kind === 'rebuild') {
    const ids = change.kind === 'documents' ? change.documentIds : undefined;
    const removed = await deleteMentionsOf(trx, ownerId, ids ?? 'all');
    // A document read again keeps its people in their individuals unless grouping now says otherwise.
    const was = new Map(removed.map((r) => [`${r.documentId}|${r.mentionKey}`, r.individualId]));
    for (const r of removed) {
      seedNames.push(r);
      if (r.individualId) seedIndividuals.add(r.individualId);
    }
    const docs = await loadDocumentFacts(trx, ownerId, ids);
    const drafts = docs.flatMap((d) =>
      mentionsOfDocument(d).map((m) => ({
        ...m,
        id: randomUUID(),
        documentId: d.id,
        fileName: d.fileName,
        documentType: d.documentType,
      })),
    );
    seedNames.push(...drafts);
    fresh.push(
      ...drafts.map((m) => ({
        id: m.id,
        documentId: m.documentId,
        fileName: m.fileName,
        documentType: m.documentType,
        mentionKey: m.key,
        nameAsWritten: m.nameAsWritten,
        given: m.given,
        surnameKeys: m.surnameKeys,
        sex: m.sex,
        role: m.role,
        recordRole: m.recordRole,
        date: m.date,
        place: m.place,
        country: m.country,
        page: m.page,
        birthYear: m.birthYear,
        events: m.events,
        individualId: was.get(`${m.documentId}|${m.key}`) ?? null,
      })),
    );
    await insertMentions(
      trx,
      ownerId,
      fresh.map((f, i) => ({ ...drafts[i]!, individualId: f.individualId })),
    );
  } else if (change.kind === 'deleted') {
    for (const id of await staleIndividuals(trx, ownerId)) seedIndividuals.add(id);
  } else {
    for (const id of change.individualIds) seedIndividuals.add(id);
  }
  const stored = change.kind === 'rebuild' ? [] : await loadMentions(trx, ownerId);
  const freshIds = new Set(fresh.map((m) => m.id));
  const all = [...stored.filter((m) => !freshIds.has(m.id)), ...fresh];
  const { block, context } =
    change.kind === 'rebuild' ? { block: all, context: [] } : blockOf(all, nameNeighbours(seedNames), seedIndividuals);

  const pins = await loadPins(trx, ownerId);
  // The flags of every individual; the full rows (facts) only of those recomputed, to compare.
  const existing = new Map((await loadIndividualFlags(trx, ownerId)).map((r) => [r.id, r]));
  const pinOf = (m: StoredMention) => {
    const to = pins.get(`${m.documentId}|${m.mentionKey}`);
    return to && existing.has(to) ? to : null;
  };
  const clusters = groupMentions(
    block.map((m) => ({ ...m, pinnedTo: pinOf(m) })),
    context,
  );

  // An automatic group keeps the id most of its mentions had, so links and the page stay put.
  const byId = new Map(block.map((m) => [m.id, m]));
  const taken = new Set<string>();
  const previous = new Set(block.map((m) => m.individualId).filter((id): id is string => id !== null));
  for (const id of seedIndividuals) previous.add(id);
  const moves: { id: string; individualId: string }[] = [];
  const touched = new Set<string>();
  for (const c of clusters) {
    let id = c.pinnedTo;
    if (!id) {
      const votes = new Map<string, number>();
      for (const mid of c.mentionIds) {
        const was = byId.get(mid)!.individualId;
        if (was && !taken.has(was) && !existing.get(was)?.user_edited) votes.set(was, (votes.get(was) ?? 0) + 1);
      }
      id = [...votes.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? randomUUID();
    }
    taken.add(id);
    touched.add(id);
    for (const mid of c.mentionIds) {
      const m = byId.get(mid)!;
      if (m.individualId !== id) {
        m.individualId = id;
        moves.push({ id: mid, individualId: id });
      }
    }
  }
  // The relatives of the touched individuals see new names and dates too.
  const touchedDocs = new Set(block.map((m) => m.documentId));
  for (const m of all) if (touchedDocs.has(m.documentId) && m.individualId) touched.add(m.individualId);

  const names = new Map([...existing.values()].filter((r) => r.user_named).map((r) => [r.id, r.name]));
  const facts = describeIndividuals(all, touched, names).map(toWrite);
  // Relatives are recomputed to be sure, but most come out as they were: only changes are written.
  const before = new Map(
    (
      await loadIndividualRows(
        trx,
        ownerId,
        facts.map((f) => f.id).filter((id) => existing.has(id)),
      )
    ).map((r) => [r.id, r]),
  );
  await upsertIndividuals(
    trx,
    ownerId,
    facts.filter((f) => changed(before.get(f.id), f)),
  );
  await assignMentions(trx, moves);
  const gone = [...previous].filter((id) => !taken.has(id) && existing.has(id));
  const emptied = change.kind === 'rebuild' ? [...existing.keys()].filter((id) => !taken.has(id)) : gone;
  await deleteIndividuals(trx, ownerId, emptied);
  // The documents' people are matched to the user's imported tree again (issue 32, decision 0227).
  if (change.kind === 'rebuild' || change.kind === 'documents')
    await refreshHints(trx, ownerId, change.kind === 'rebuild' ? 'all' : { documentIds: change.documentIds });
  return { mentions: all.length, regrouped: block.length, individuals: taken.size };
}

function changed(row: IndividualRow | undefined, f: IndividualWrite): boolean {
  if (!row) return true;
  return (
    (!row.user_named && row.name !== f.name) ||
    row.sex !== f.sex ||
    row.birth_year !== f.birthYear ||
    row.death_year !== f.deathYear ||
    row.document_count !== f.documentCount ||
    row.mention_count !== f.mentionCount ||
    row.conflict_count !== f.conflictCount ||
    stable(row.facts) !== stable(f.facts)
  );
}

/** JSON with sorted keys: jsonb gives keys back in its own order. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

function toWrite(f: ReturnType<typeof describeIndividuals>[number]): IndividualWrite {
  return {
    id: f.id,
    name: f.name,
    sortKey: f.sortKey,
    sex: f.sex,
    birthYear: f.birthYear,
    deathYear: f.deathYear,
    documentCount: f.documentCount,
    mentionCount: f.mentionCount,
    conflictCount: f.conflicts.length,
    facts: {
      variants: f.variants,
      surnameKeys: f.surnameKeys,
      timeline: f.timeline,
      conflicts: f.conflicts,
      relatives: f.relatives,
    },
  };
}

/**
 * The mentions a change touches (issue 35): those whose names could join or leave the seeds' —
 * a shared surname key and agreeing first names (`near`) — and every mention of an individual
 * they or the seeds belong to, so that an individual is always regrouped whole. Not closed
 * further: a mention outside the block keeps the individual it has. The context: the other
 * mentions of the block's documents, left in their individuals, whose family ties grouping
 * reads (a regrouped John Smith is never put with his own father).
 */
export function blockOf(
  all: readonly StoredMention[],
  near: (m: StoredMention) => boolean,
  individuals: ReadonlySet<string>,
): { block: StoredMention[]; context: (StoredMention & { individualId: string; pinnedTo: null })[] } {
  const owners = new Set(individuals);
  const isNear = all.map(near);
  all.forEach((m, i) => {
    if (m.individualId !== null && isNear[i]) owners.add(m.individualId);
  });
  const inBlock = all.map((m, i) => isNear[i]! || (m.individualId !== null && owners.has(m.individualId)));
  const block = all.filter((_, i) => inBlock[i]);
  const documents = new Set(block.map((m) => m.documentId));
  const context = all
    .filter((m, i) => !inBlock[i] && m.individualId !== null && documents.has(m.documentId))
    .map((m) => ({ ...m, individualId: m.individualId!, pinnedTo: null }));
  return { block, context };
}
