import type { PersonSex } from '@gnology/contracts';
import type { TreeFact } from '../gedcom/tree';
import type { NamedRelative } from './hints-facts';
import { type HintTreePerson, type LifeEvent, lifeOfTreeFacts } from './hints';

/* A tree's people as hints compare them (decision 0227): each with the family the file gives. */

export interface TreePersonRow {
  id: string;
  xref: string;
  name: string;
  /** The file's given names and surname (NAME's parts), when it gives them. */
  given?: string;
  surname?: string;
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
  const named = (id: string, relation: NamedRelative['relation']): NamedRelative | null => {
    const p = byId.get(id);
    return p ? { relation, name: matchNameOf(p), sex: p.sex } : null;
  };
  for (const f of families) {
    const partners = f.partners.filter((p): p is string => !!p);
    const marriage = f.facts.find((x) => x.tag === 'MARR');
    for (const p of partners) {
      if (marriage) push(marriages, p, { year: marriage.year, place: marriage.place });
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
    matchName: matchNameOf(p),
    otherNames: p.otherNames,
    sex: p.sex,
    ...lifeOfTreeFacts(p.facts),
    marriages: marriages.get(p.id) ?? [],
    relatives: relatives.get(p.id) ?? [],
  }));
}

/** Given names and surname as the file splits them (a suffix such as "I" or "Jr." left out), else the display name. */
export function matchNameOf(p: Pick<TreePersonRow, 'name' | 'given' | 'surname'>): string {
  const plain = `${p.given ?? ''} ${p.surname ?? ''}`.trim();
  return plain || p.name;
}

function push<T>(map: Map<string, T[]>, id: string, value: T | null): void {
  if (!value) return;
  map.set(id, [...(map.get(id) ?? []), value]);
}
