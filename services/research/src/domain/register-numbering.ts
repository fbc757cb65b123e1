import type { BookMaterial, BookPerson } from './book-material';

/**
 * The numbers of the people in the book (decision 0234): an ahnentafel for the root and the
 * ancestors — the root is 1, a person n's father 2n and mother 2n + 1 — and the root's
 * descendants, when the material holds any, numbered on from 2^generations (past every number
 * an ancestor of the generations asked for could have), generation by generation, each family's
 * children by birth. Spouses who are not on the line get
 * no number: they are written within their partner's entry.
 */
export function numberPeople(material: BookMaterial): Map<string, number> {
  const byId = new Map(material.people.map((p) => [p.id, p]));
  const numbers = new Map<string, number>();
  const root = byId.get(material.rootId);
  if (!root) return numbers;
  numbers.set(root.id, 1);
  // Upward, lowest number first: a person reached twice (cousins who married) keeps the first number.
  let frontier: BookPerson[] = [root];
  while (frontier.length > 0) {
    const next: BookPerson[] = [];
    for (const child of frontier.sort((a, b) => numbers.get(a.id)! - numbers.get(b.id)!)) {
      const n = numbers.get(child.id)!;
      const parents = child.parents.map((l) => byId.get(l.personId)).filter((p): p is BookPerson => !!p);
      for (const [parent, slot] of parentSlots(parents)) {
        if (numbers.has(parent.id)) continue;
        numbers.set(parent.id, 2 * n + slot);
        next.push(parent);
      }
    }
    frontier = next;
  }
  // Past the whole ahnentafel range of the generations asked for, so no descendant takes the number of an ancestor the records do not name.
  let last = Math.max(...numbers.values(), 2 ** Math.max(1, material.generations) - 1);
  frontier = [root];
  const seen = new Set([root.id]);
  while (frontier.length > 0) {
    const next: BookPerson[] = [];
    for (const parent of frontier) {
      const children = parent.children
        .map((l) => byId.get(l.personId))
        .filter((c): c is BookPerson => !!c && c.generation < 0 && !seen.has(c.id))
        .sort(byBirth);
      for (const c of children) {
        seen.add(c.id);
        if (!numbers.has(c.id)) numbers.set(c.id, ++last);
        next.push(c);
      }
    }
    frontier = next;
  }
  return numbers;
}

/** Father in the even place, mother in the odd; a parent of unrecorded sex takes the place left. */
function parentSlots(parents: BookPerson[]): [BookPerson, 0 | 1][] {
  const out: [BookPerson, 0 | 1][] = [];
  const taken = new Set<number>();
  for (const p of parents.filter((x) => x.sex !== 'U')) {
    const slot = p.sex === 'M' ? 0 : 1;
    if (taken.has(slot)) continue;
    taken.add(slot);
    out.push([p, slot]);
  }
  for (const p of parents.filter((x) => x.sex === 'U')) {
    const slot = taken.has(0) ? 1 : 0;
    if (taken.has(slot)) continue;
    taken.add(slot);
    out.push([p, slot]);
  }
  return out;
}

export function birthKey(p: BookPerson): string {
  const birth =
    p.events.find((e) => e.kind === 'birth' && e.date) ?? p.events.find((e) => e.kind === 'baptism' && e.date);
  return birth?.date?.normalized ?? '9999';
}

export function byBirth(a: BookPerson, b: BookPerson): number {
  return birthKey(a).localeCompare(birthKey(b)) || a.name.localeCompare(b.name);
}
