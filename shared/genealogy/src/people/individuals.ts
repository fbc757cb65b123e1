import type { Conflict, PersonRole, PersonSex, RecordRole, Relation, Relative } from '@gnology/contracts';
import { type RelativeFacts, conflictsOf } from './conflicts';
import type { MentionEvent } from './mentions';
import { parseName } from './names';
import { relationBetween } from './relations';
import { birthYearOf, deathYearOf, type SourcedEvent, sexOf, timelineOf } from './timeline';

/** A mention as the facts of an individual read it. */
export interface FactMention {
  id: string;
  documentId: string;
  fileName: string;
  nameAsWritten: string;
  sex: PersonSex;
  role: string;
  recordRole: string | null;
  events: readonly MentionEvent[];
  individualId: string | null;
  surnameKeys?: readonly string[];
}

/** An individual's headline: what its row holds in columns, besides the facts. */
export interface IndividualHeadline {
  id: string;
  name: string;
  sortKey: string;
  sex: PersonSex;
  birthYear: number | null;
  deathYear: number | null;
  documentCount: number;
  mentionCount: number;
}

export interface IndividualFacts extends IndividualHeadline {
  variants: string[];
  surnameKeys: string[];
  timeline: SourcedEvent[];
  conflicts: Conflict[];
  relatives: Relative[];
}

/**
 * The display name: the fullest way the documents write it (most full given names, then longest);
 * between names as full, the one a person was born with — a bride's or a daughter's surname, as a
 * genealogist files a married woman under her maiden name ("Sarah Elizabeth Barnes", not the
 * baptism's "Sarah Elizabeth Whitfield").
 */
export function displayName(
  mentions: readonly { nameAsWritten: string; role?: string; recordRole?: string | null }[],
): string {
  let best = '';
  let bestScore = -1;
  for (const m of mentions) {
    const p = parseName(m.nameAsWritten);
    const born = m.recordRole === 'bride' || m.recordRole === 'daughter' ? 50 : 0;
    const s = p.given.reduce((n, g) => n + (g.length > 1 ? 100 : 10), 0) + born + m.nameAsWritten.length;
    if (s > bestScore) {
      best = m.nameAsWritten.replace(/\s+/g, ' ').trim();
      bestScore = s;
    }
  }
  return best;
}

/** Surname, then given names, folded: the list's order. */
export function sortKeyOf(name: string): string {
  const p = parseName(name);
  return `${p.surname} ${p.given.join(' ')}`.trim();
}

/**
 * The facts of the individuals `ids` from every mention of the user (already assigned): the
 * timeline, the summary, the relatives the records name beside them and the conflicts, those
 * spanning a parent and child included. `names` holds the names users gave.
 */
export function describeIndividuals(
  all: readonly FactMention[],
  ids: Iterable<string>,
  names: ReadonlyMap<string, string> = new Map(),
): IndividualFacts[] {
  const byIndividual = new Map<string, FactMention[]>();
  const byDocument = new Map<string, FactMention[]>();
  for (const m of all) {
    if (m.individualId) push(byIndividual, m.individualId, m);
    push(byDocument, m.documentId, m);
  }
  const base = new Map<string, { name: string; sex: PersonSex; timeline: SourcedEvent[] }>();
  const baseOf = (id: string) => {
    let b = base.get(id);
    if (!b) {
      const ms = byIndividual.get(id) ?? [];
      b = { name: names.get(id) ?? displayName(ms), sex: sexOf(ms), timeline: timelineOf(ms) };
      base.set(id, b);
    }
    return b;
  };
  const out: IndividualFacts[] = [];
  for (const id of ids) {
    const mentions = byIndividual.get(id) ?? [];
    if (mentions.length === 0) continue;
    const self = baseOf(id);
    // Which documents state each relation to each relative: one individual is only one thing to another.
    const support = new Map<string, Map<Relation, Set<string>>>();
    for (const m of mentions) {
      for (const other of byDocument.get(m.documentId) ?? []) {
        if (!other.individualId || other.individualId === id) continue;
        const relation = relationBetween(part(m), part(other));
        if (!relation) continue;
        const stated = support.get(other.individualId) ?? new Map<Relation, Set<string>>();
        stated.set(relation, (stated.get(relation) ?? new Set()).add(m.documentId));
        support.set(other.individualId, stated);
      }
    }
    const relatives = new Map<string, Relative>();
    for (const [otherId, stated] of support) {
      const relation = soleRelation(stated);
      if (!relation) continue;
      relatives.set(`${otherId}|${relation}`, {
        individualId: otherId,
        name: baseOf(otherId).name,
        relation,
        documentIds: [...stated.get(relation)!].sort(),
      });
    }
    const relativeFacts: RelativeFacts[] = [...relatives.values()].map((r) => ({
      relation: r.relation,
      ...baseOf(r.individualId),
    }));
    const conflicts = conflictsOf(self.name, self.sex, self.timeline, relativeFacts);
    out.push({
      id,
      name: self.name,
      sortKey: sortKeyOf(self.name),
      sex: self.sex,
      birthYear: birthYearOf(self.timeline),
      deathYear: deathYearOf(self.timeline),
      documentCount: new Set(mentions.map((m) => m.documentId)).size,
      mentionCount: mentions.length,
      variants: [...new Set(mentions.map((m) => m.nameAsWritten))].sort(),
      surnameKeys: [...new Set(mentions.flatMap((m) => m.surnameKeys ?? []))].sort(),
      timeline: self.timeline,
      conflicts,
      relatives: [...relatives.values()],
    });
  }
  return out;
}

/**
 * The relation the records give one relative, when they agree: a grouping the user pinned against
 * the records can make someone both parent and child of another (their own grandparent); the
 * relation most documents state wins, and a tie says nothing rather than something false.
 */
function soleRelation(stated: ReadonlyMap<Relation, ReadonlySet<string>>): Relation | null {
  const ranked = [...stated.entries()].sort((a, b) => b[1].size - a[1].size);
  if (ranked.length > 1 && ranked[0]![1].size === ranked[1]![1].size) return null;
  return ranked[0]?.[0] ?? null;
}

function part(m: FactMention) {
  return {
    role: m.role as PersonRole,
    recordRole: (m.recordRole ?? null) as RecordRole | null,
    sex: m.sex,
    surnameKeys: m.surnameKeys,
  };
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
