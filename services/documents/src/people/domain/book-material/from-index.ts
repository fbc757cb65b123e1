import type { Conflict, Relative, TimelineEvent } from '@gnology/contracts';
import { splitName } from '@gnology/genealogy/gedcom';
import type { BookDate, BookEvent, BookEventKind, BookLink, BookPerson } from './types';
import type { FamilyAccess, Placed } from './walk';

/*
 * The book's material from the people index (decision 0234): each timeline event cites the
 * document it was read from; a relation cites the documents that state it (issue 28), or, for an
 * index built before those were kept, the documents that name both people.
 */

export interface IndexBookRow {
  id: string;
  name: string;
  sex: 'M' | 'F' | 'U';
  timeline: readonly (TimelineEvent & { estimated?: boolean })[];
  conflicts: readonly Conflict[];
  relatives: readonly Relative[];
  /** The documents that mention this person. */
  documentIds: readonly string[];
}

const KINDS: Partial<Record<TimelineEvent['kind'], BookEventKind>> = {
  birth: 'birth',
  baptism: 'baptism',
  marriage: 'marriage',
  residence: 'residence',
  occupation: 'occupation',
  death: 'death',
  burial: 'burial',
};

export function indexFamilyAccess(rows: ReadonlyMap<string, Pick<IndexBookRow, 'relatives'>>): FamilyAccess {
  const of = (id: string, relation: Relative['relation']) =>
    (rows.get(id)?.relatives ?? []).filter((r) => r.relation === relation).map((r) => r.individualId);
  return {
    parents: (id) => of(id, 'parent'),
    children: (id) => of(id, 'child'),
    spouses: (id) => of(id, 'spouse'),
  };
}

/** A timeline date as the book states it: an age's estimate is "about". */
function dateOf(e: TimelineEvent & { estimated?: boolean }): BookDate | null {
  const normalized = e.date ?? (e.year !== null ? String(e.year) : null);
  if (!normalized) return null;
  return { normalized, qualifier: e.estimated ? 'about' : 'exact' };
}

export function indexBookPeople(rows: readonly IndexBookRow[], placed: ReadonlyMap<string, Placed>): BookPerson[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return rows
    .filter((r) => placed.has(r.id))
    .map((r) => {
      const where = placed.get(r.id)!;
      const links = (relation: Relative['relation']): BookLink[] =>
        r.relatives
          .filter((x) => x.relation === relation && placed.has(x.individualId) && byId.has(x.individualId))
          .map((x) => {
            const stated = x.documentIds ?? [];
            const other = new Set(byId.get(x.individualId)!.documentIds);
            const shared = r.documentIds.filter((d) => other.has(d));
            return { personId: x.individualId, sources: [...new Set(stated.length > 0 ? stated : shared)] };
          })
          .filter((l) => l.sources.length > 0);
      const spouses = links('spouse');
      const events: BookEvent[] = [];
      for (const e of r.timeline) {
        const kind = KINDS[e.kind];
        if (!kind) continue;
        // A marriage names its spouse when exactly one spouse is stated by the marriage's own record.
        const spouse =
          kind === 'marriage' ? spouses.filter((s) => s.sources.includes(e.documentId)).map((s) => s.personId) : [];
        events.push({
          kind,
          date: dateOf(e),
          place: e.place?.trim() || null,
          detail: kind === 'occupation' ? e.detail?.trim() || null : null,
          ...(spouse.length === 1 ? { spouseId: spouse[0]! } : {}),
          sources: [e.documentId],
          origin: 'documents',
        });
      }
      const split = splitName(r.name);
      return {
        id: r.id,
        name: r.name,
        given: split.given,
        surname: split.surname,
        sex: r.sex,
        generation: where.generation,
        direct: where.direct,
        events,
        parents: links('parent'),
        spouses,
        children: links('child'),
        conflicts: r.conflicts.map((c) => ({ kind: c.kind, message: c.message, sources: [...c.documentIds] })),
      };
    });
}
