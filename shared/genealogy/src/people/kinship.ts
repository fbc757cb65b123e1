import type { PersonRole, PersonSex, Relation, RecordRole } from '@gnology/contracts';
import { relationBetween } from './relations';

/*
 * The family ties grouping must respect (issue 28): what the records state of mentions within one
 * document (A is B's parent), lifted to the groups being built. A group may not hold a person and
 * their parent, child, spouse or sibling, and the parent ties between groups may never loop (no one
 * is their own parent or grandparent) — so a grandfather and his grandson of one name stay apart
 * once their son/father is known to be one person, whatever their birth years say.
 */

/** What kinship reads of a mention: its part in its record. Without a role, the mention has no stated ties. */
export interface KinMention {
  id: string;
  documentId: string;
  sex: PersonSex;
  surnameKeys: readonly string[];
  role?: string;
  recordRole?: string | null;
}

/** A mention's stated relatives in its own record: `relation` is what the other is to it. */
export type Ties = ReadonlyMap<string, readonly { other: string; relation: Relation }[]>;

/** Every stated tie between mentions of one document (relations.ts reads them from the roles). */
export function tiesOf(mentions: readonly KinMention[]): Ties {
  const byDoc = new Map<string, KinMention[]>();
  for (const m of mentions) {
    // Without a family role the record states no tie (a directory's hundred names relate to no one).
    if (m.role === undefined || (m.role === 'other_relative' && !m.recordRole)) continue;
    const list = byDoc.get(m.documentId);
    if (list) list.push(m);
    else byDoc.set(m.documentId, [m]);
  }
  const out = new Map<string, { other: string; relation: Relation }[]>();
  for (const list of byDoc.values()) {
    if (list.length < 2) continue;
    for (const a of list)
      for (const b of list) {
        if (a === b) continue;
        const relation = relationBetween(part(a), part(b));
        if (!relation) continue;
        const ties = out.get(a.id);
        if (ties) ties.push({ other: b.id, relation });
        else out.set(a.id, [{ other: b.id, relation }]);
      }
  }
  return out;
}

function part(m: KinMention) {
  return {
    role: m.role as PersonRole,
    recordRole: (m.recordRole ?? null) as RecordRole | null,
    sex: m.sex,
    surnameKeys: m.surnameKeys,
  };
}

/** A group's ties to other groups, kept up as mentions join. */
export interface KinNode {
  parents: Set<KinNode>;
  children: Set<KinNode>;
  /** Spouses and siblings: never the group itself, never its parent or child, never both. */
  spouses: Set<KinNode>;
  siblings: Set<KinNode>;
  minBirth: number | null;
  maxBirth: number | null;
}

/** A parent is at least this much older than the child; below it, the birth years cannot be parent and child. */
export const PARENT_MIN_GAP = 12;
/** How many generations the loop check walks: a group's ancestry is short, and this bounds the work per mention. */
const MAX_GENERATIONS = 8;
/** How many groups one line may hold before the walk stops (ties read wrongly could chain a whole library). */
const MAX_LINE = 2000;

/** A placed relative of the mention, with the groups its ties reach: computed once per mention, not per candidate group. */
export interface PlacedTie {
  node: KinNode;
  relation: Relation;
  /** For a parent: the parent's ancestors; for a child: the child's descendants (a group among them would close a loop). */
  beyond: ReadonlySet<KinNode>;
}

/** The mention's placed relatives, each with the groups beyond it in its direction. */
export function placedTies(placed: readonly { node: KinNode; relation: Relation }[]): PlacedTie[] {
  return placed.map((p) => ({
    ...p,
    beyond:
      p.relation === 'parent'
        ? lineOf(p.node, 'parents')
        : p.relation === 'child'
          ? lineOf(p.node, 'children')
          : new Set<KinNode>(),
  }));
}

/**
 * Whether a mention with these placed relatives can join `node` with birth year `birthYear`: no
 * tie to the group itself, no parent tie that closes a loop (the group among its parent's
 * ancestors, or its child's descendants), no relative who is already something else to the
 * group (a spouse who is its parent or sibling), and birth years that leave a parent older than
 * the child by PARENT_MIN_GAP where both are known.
 */
export function tiesAllow(node: KinNode, birthYear: number | null, placed: readonly PlacedTie[]): boolean {
  const min = birthYear === null ? node.minBirth : Math.min(birthYear, node.minBirth ?? birthYear);
  const max = birthYear === null ? node.maxBirth : Math.max(birthYear, node.maxBirth ?? birthYear);
  for (const { node: other, relation, beyond } of placed) {
    if (other === node) return false;
    // One group is only one thing to another: a parent is not a spouse, a spouse not a sibling.
    for (const kind of KINDS) if (kind !== relation && setOf(node, kind).has(other)) return false;
    if (relation === 'parent') {
      if (beyond.has(node) || !olderEnough(other.minBirth, max)) return false;
    } else if (relation === 'child') {
      if (beyond.has(node) || !olderEnough(min, other.maxBirth)) return false;
    }
  }
  return true;
}

const KINDS: readonly Relation[] = ['parent', 'child', 'spouse', 'sibling'];
const INVERSE: Record<Relation, Relation> = { parent: 'child', child: 'parent', spouse: 'spouse', sibling: 'sibling' };

function setOf(node: KinNode, relation: Relation): Set<KinNode> {
  return relation === 'parent'
    ? node.parents
    : relation === 'child'
      ? node.children
      : relation === 'spouse'
        ? node.spouses
        : node.siblings;
}

/** The parent's earliest possible birth leaves room before the child's latest: only a certain impossibility rejects. */
function olderEnough(parentMin: number | null, childMax: number | null): boolean {
  return parentMin === null || childMax === null || childMax - parentMin >= PARENT_MIN_GAP;
}

/** A group's ancestors (or descendants) within MAX_GENERATIONS, at most MAX_LINE of them: a family line, not a library. */
function lineOf(from: KinNode, way: 'children' | 'parents'): Set<KinNode> {
  const seen = new Set<KinNode>();
  let frontier = [from];
  for (let depth = 0; depth < MAX_GENERATIONS && frontier.length > 0 && seen.size < MAX_LINE; depth++) {
    const next: KinNode[] = [];
    for (const n of frontier)
      for (const k of n[way]) {
        if (seen.has(k)) continue;
        seen.add(k);
        next.push(k);
      }
    frontier = next;
  }
  return seen;
}

/** Records the ties of a mention that joined `node`. */
export function tie(node: KinNode, placed: readonly { node: KinNode; relation: Relation }[]): void {
  for (const { node: other, relation } of placed) {
    if (other === node) continue; // a pin the user made against the records: kept, but not a loop
    setOf(node, relation).add(other);
    setOf(other, INVERSE[relation]).add(node);
  }
}

/** How many of the placed relatives the group already has in the same relation: agreement a name alone cannot give. */
export function tiesAgreeing(node: KinNode, placed: readonly { node: KinNode; relation: Relation }[]): number {
  let n = 0;
  for (const { node: other, relation } of placed) {
    if (setOf(node, relation).has(other)) n++;
  }
  return n;
}
