/**
 * Who is in the book (decision 0234): the root, the ancestors up to `generations` (the root
 * counts as the first), the root's descendants as far down, and the husbands and wives of all of
 * them. Generation 0 is the root, 1 the parents, -1 the children; a spouse off the line takes
 * the partner's generation. Pure: the family is read through the accessors.
 */
export interface FamilyAccess {
  parents(id: string): readonly string[];
  children(id: string): readonly string[];
  spouses(id: string): readonly string[];
}

export interface Placed {
  generation: number;
  direct: boolean;
}

export function walkFamily(rootId: string, generations: number, family: FamilyAccess): Map<string, Placed> {
  const placed = new Map<string, Placed>([[rootId, { generation: 0, direct: true }]]);
  const go = (step: 1 | -1, next: (id: string) => readonly string[]) => {
    let frontier = [rootId];
    for (let g = 1; g < generations && frontier.length > 0; g++) {
      const found: string[] = [];
      for (const id of frontier) {
        for (const r of next(id)) {
          // A person met twice (cousins who married) keeps the first place.
          if (placed.get(r)?.direct) continue;
          placed.set(r, { generation: step * g, direct: true });
          found.push(r);
        }
      }
      frontier = found;
    }
  };
  go(1, (id) => family.parents(id));
  go(-1, (id) => family.children(id));
  for (const [id, where] of [...placed]) {
    for (const s of family.spouses(id)) {
      if (!placed.has(s)) placed.set(s, { generation: where.generation, direct: false });
    }
  }
  return placed;
}
