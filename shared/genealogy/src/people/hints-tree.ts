import type { PersonSex } from '@gnology/contracts';
import type { TreeFact } from '../gedcom/tree';
import type { NamedRelative } from './hints-facts';
import { type HintTreePerson, type LifeEvent, lifeOfTreeFacts } from './hints';

/* A tree's people as hints compare them (decision 0227): each with the family the file gives. */

export interface TreePersonRow {
  id: string;
  xref: string;
  name: string;
  otherNames: readonly string[];
  sex: PersonSex;
  facts: readonly TreeFact[];
}

export interface TreeFamilyRow {
  partners: readonly (string | null)[];
  children: readonly string[];
  facts: readonly TreeFact[];
}

/** The key a rejection is kept under: the file, the person's xref in it and their name. */
export function treeHintKey(fileName: string, xref: string, name: string): string {
  return `${fileName}|${xref}|${name}`;
}

/** Tree people of one file with their life events, marriages, parents, spouses and children. */
export function hintPeopleOfTree(
  fileName: string,
  people: readonly TreePersonRow[],
  families: readonly TreeFamilyRow[],
): HintTreePerson[] {
  const byId = new Map(people.map((p) => [p.id, p]));
  const relatives = new Map<string, NamedRelative[]>();
  const marriages = new Map<string, LifeEvent[]>();
  const add = <T>(map: Map<string, T[]>, id: string, value: T) => map.set(id, [...(map.get(id) ?? []), value]);
  const named = (id: string, relation: NamedRelative['relation']): NamedRelative | null => {
    const p = byId.get(id);
    return p ? { relation, name: p.name, sex: p.sex } : null;
  };
  for (const f of families) {
    const partners = f.partners.filter((p): p is string => !!p);
    const marriage = f.facts.find((x) => x.tag === 'MARR');
    for (const p of partners) {
      if (marriage) add(marriages, p, { year: marriage.year, place: marriage.place });
      for (const other of partners) if (other !== p) push(relatives, p, named(other, 'spouse'));
      for (const c of f.children) push(relatives, p, named(c, 'child'));
    }
    for (const c of f.children) {
      for (const p of partners) push(relatives, c, named(p, 'parent'));
      for (const s of f.children) if (s !== c) push(relatives, c, named(s, 'sibling'));
    }
  }
  return people.map((p) => ({
    id: p.id,
    key: treeHintKey(fileName, p.xref, p.name),
    name: p.name,
    otherNames: p.otherNames,
    sex: p.sex,
    ...lifeOfTreeFacts(p.facts),
    marriages: marriages.get(p.id) ?? [],
    relatives: relatives.get(p.id) ?? [],
  }));
}

function push(map: Map<string, NamedRelative[]>, id: string, value: NamedRelative | null): void {
  if (!value) return;
  map.set(id, [...(map.get(id) ?? []), value]);
}
