/* The family a chart is drawn from: people and the links between them, read from the index or a tree. */

import type { ChartKind } from '@gnology/contracts';

export type { ChartKind };

export interface ChartPerson {
  id: string;
  name: string;
  sex: 'M' | 'F' | 'U';
  birthYear: number | null;
  deathYear: number | null;
  /** One place to print under the name: where they were born (or baptised), else where they died. */
  place: string | null;
}

export interface ChartUnion {
  /** The other partner, or null when the children's other parent is not recorded. */
  partner: string | null;
  children: readonly string[];
}

/**
 * What the loader found around the chart's person. A person missing from `people` (a relative
 * the loader did not reach, or an id with no row) is drawn as if unrecorded.
 */
export interface ChartGraph {
  people: ReadonlyMap<string, ChartPerson>;
  /** Parents, father first where the sexes say so (at most two are drawn). */
  parents: ReadonlyMap<string, readonly string[]>;
  /** Each partnership with its children, in the order recorded. */
  unions: ReadonlyMap<string, readonly ChartUnion[]>;
}

/** "1820–1890", "b. 1820", "d. 1890" or "". */
export function lifeSpan(p: Pick<ChartPerson, 'birthYear' | 'deathYear'>): string {
  if (p.birthYear !== null && p.deathYear !== null) return `${p.birthYear}–${p.deathYear}`;
  if (p.birthYear !== null) return `b. ${p.birthYear}`;
  if (p.deathYear !== null) return `d. ${p.deathYear}`;
  return '';
}

/** Father first, then mother, then anyone else: the pedigree's top and the fan's left are the father's line. */
export function orderParents(ids: readonly string[], people: ReadonlyMap<string, ChartPerson>): string[] {
  const rank = (id: string) => ({ M: 0, U: 1, F: 2 })[people.get(id)?.sex ?? 'U'];
  return [...new Set(ids)].sort((a, b) => rank(a) - rank(b)).slice(0, 2);
}
